import type { Pool, PoolClient } from "pg";

export interface GroupMemberRow {
  userId: number;
  telegramUserId: number;
  inviteLink: string;
  invitedAt: Date;
  removedAt: Date | null;
}

const COLUMNS = `user_id AS "userId", telegram_user_id AS "telegramUserId", invite_link AS "inviteLink", invited_at AS "invitedAt", removed_at AS "removedAt"`;

/**
 * Makes concurrent invite requests of one member take turns until the transaction ends (`q` must be one), so
 * that only the first creates a link and the others find it.
 */
export async function lockInvites(q: PoolClient, userId: number): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext('telegram_group_invite'), $1::int)", [userId]);
}

export async function groupMember(pool: Pool | PoolClient, userId: number): Promise<GroupMemberRow | null> {
  const { rows } = await pool.query<GroupMemberRow>(
    `SELECT ${COLUMNS} FROM telegram_group_members WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ? { ...rows[0], telegramUserId: Number(rows[0].telegramUserId) } : null;
}

export async function saveInvite(
  pool: Pool | PoolClient,
  m: { userId: number; telegramUserId: number; inviteLink: string; invitedAt: Date },
): Promise<void> {
  await pool.query(
    `INSERT INTO telegram_group_members (user_id, telegram_user_id, invite_link, invited_at, removed_at) VALUES ($1, $2, $3, $4, NULL)
     ON CONFLICT (user_id) DO UPDATE SET telegram_user_id = $2, invite_link = $3, invited_at = $4, removed_at = NULL`,
    [m.userId, m.telegramUserId, m.inviteLink, m.invitedAt],
  );
}

/** Invited members not removed yet whose premium has ended (no subscription running at `now`). */
export async function lapsedMembers(pool: Pool, now: Date): Promise<GroupMemberRow[]> {
  const { rows } = await pool.query<GroupMemberRow>(
    `SELECT ${COLUMNS} FROM telegram_group_members m
      WHERE m.removed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = m.user_id AND s.current_period_end > $1)
      ORDER BY m.user_id`,
    [now],
  );
  return rows.map((r) => ({ ...r, telegramUserId: Number(r.telegramUserId) }));
}

export async function markRemoved(pool: Pool, userId: number, at: Date): Promise<void> {
  await pool.query("UPDATE telegram_group_members SET removed_at = $2 WHERE user_id = $1", [userId, at]);
}
