import type { Pool } from "pg";

/**
 * The stored timelines a live-filter backtest replays: those of fixtures kicked off from `since` that had ended by
 * `now`, stored after `builtAfter` (null: all), oldest stored first (the last row's `builtAt` is where the next
 * incremental read starts).
 */
export async function backtestTimelines(
  pool: Pool,
  since: Date,
  now: Date,
  builtAfter: Date | null,
): Promise<Array<{ fixtureId: number; events: Buffer; builtAt: Date }>> {
  const { rows } = await pool.query<{ fixtureId: number; events: Buffer; builtAt: Date }>(
    `SELECT t.fixture_id AS "fixtureId", t.events, t.built_at AS "builtAt"
       FROM live_timelines t JOIN fixtures f ON f.id = t.fixture_id
      WHERE f.kickoff >= $1 AND f.kickoff + interval '105 minutes' <= $2 AND ($3::timestamptz IS NULL OR t.built_at > $3)
      ORDER BY t.built_at, t.fixture_id`,
    [since, now, builtAfter],
  );
  return rows;
}

/** Whether timelines were stored after `builtAfter` (a cheap look before an incremental read). */
export async function timelinesStoredAfter(pool: Pool, builtAfter: Date): Promise<boolean> {
  const { rows } = await pool.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM live_timelines WHERE built_at > $1) AS found`,
    [builtAfter],
  );
  return rows[0]?.found ?? false;
}
