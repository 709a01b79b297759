import type { Pool, PoolClient } from "pg";

export interface NewContactMessage {
  topic: string;
  subject: string;
  email: string;
  message: string;
  locale: string;
}

export async function insertContactMessage(pool: Pool, m: NewContactMessage): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    "INSERT INTO contact_messages (topic, subject, email, message, locale) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    [m.topic, m.subject, m.email, m.message, m.locale],
  );
  return rows[0]!.id;
}

export async function markContactDelivered(pool: Pool, id: number): Promise<void> {
  await pool.query("UPDATE contact_messages SET delivered_at = now() WHERE id = $1", [id]);
}

/** Records that an address (hashed) voted on a fixture; false when it had already. */
export async function insertVoteAddress(
  q: Pool | PoolClient,
  fixtureId: number,
  addressHash: string,
): Promise<boolean> {
  const result = await q.query(
    "INSERT INTO vote_addresses (fixture_id, address_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    [fixtureId, addressHash],
  );
  return (result.rowCount ?? 0) === 1;
}

/** Records a vote; false when this voter already voted on the fixture. */
export async function insertVote(
  pool: Pool | PoolClient,
  fixtureId: number,
  voter: string,
  choice: string,
): Promise<boolean> {
  const result = await pool.query(
    "INSERT INTO votes (fixture_id, voter, choice) VALUES ($1, $2, $3) ON CONFLICT (fixture_id, voter) DO NOTHING",
    [fixtureId, voter, choice],
  );
  return (result.rowCount ?? 0) === 1;
}

export async function voteTally(pool: Pool, fixtureId: number, voter: string | null) {
  const { rows } = await pool.query<{ choice: string; n: number; mine: boolean }>(
    "SELECT choice, count(*)::int AS n, bool_or(voter = $2) AS mine FROM votes WHERE fixture_id = $1 GROUP BY choice",
    [fixtureId, voter ?? ""],
  );
  const count = (c: string) => rows.find((r) => r.choice === c)?.n ?? 0;
  return {
    home: count("1"),
    draw: count("X"),
    away: count("2"),
    total: rows.reduce((s, r) => s + r.n, 0),
    mine: (rows.find((r) => r.mine)?.choice ?? null) as "1" | "X" | "2" | null,
  };
}
