import type { Pool, PoolClient } from "pg";
import type { NewPick } from "./alerts.ts";

/**
 * The set-based writes and reads of a batch of picks (one live tick of a shard): one statement per step whatever
 * the batch's size, so that a busy tick costs a handful of round trips rather than a dozen per pick.
 */

type Q = Pool | PoolClient;

export interface PickKey {
  source: string;
  filterId: number;
  fixtureId: number;
  selection: string;
}

export interface KeyedId extends PickKey {
  id: number;
}

/** The picks among `keys` already recorded (their once-only key taken). */
export async function existingPicks(q: Q, keys: PickKey[]): Promise<KeyedId[]> {
  if (keys.length === 0) return [];
  const { rows } = await q.query<KeyedId>(
    `SELECT p.id, p.source, p.filter_id AS "filterId", p.fixture_id AS "fixtureId", p.selection
     FROM alert_picks p JOIN unnest($1::text[], $2::int[], $3::int[], $4::text[]) AS k(source, filter_id, fixture_id, selection)
       ON p.source = k.source AND p.filter_id = k.filter_id AND p.fixture_id = k.fixture_id AND p.selection = k.selection`,
    [
      keys.map((k) => k.source),
      keys.map((k) => k.filterId),
      keys.map((k) => k.fixtureId),
      keys.map((k) => k.selection),
    ],
  );
  return rows;
}

/**
 * Inserts the picks in one statement; answers those written. A key taken meanwhile (by another worker) is left
 * out by alert_picks_once, the once-only rule, exactly as one insert would be.
 */
export async function insertPicks(q: Q, picks: NewPick[]): Promise<KeyedId[]> {
  if (picks.length === 0) return [];
  const { rows } = await q.query<KeyedId>(
    `INSERT INTO alert_picks (source, filter_id, fixture_id, selection, user_id, filter_name, outcome, favourite, odds, content, delivery, created_at)
     SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[],
       $9::float8[], $10::jsonb[], $11::text[], $12::timestamptz[])
     ON CONFLICT ON CONSTRAINT alert_picks_once DO NOTHING
     RETURNING id, source, filter_id AS "filterId", fixture_id AS "fixtureId", selection`,
    [
      picks.map((p) => p.source),
      picks.map((p) => p.filterId),
      picks.map((p) => p.fixtureId),
      picks.map((p) => p.selection),
      picks.map((p) => p.userId),
      picks.map((p) => p.filterName),
      picks.map((p) => p.outcome),
      picks.map((p) => p.favourite),
      picks.map((p) => p.odds),
      picks.map((p) => JSON.stringify(p.content)),
      picks.map((p) => p.delivery),
      picks.map((p) => p.createdAt),
    ],
  );
  return rows;
}

export async function setPicksLimited(q: Q, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query("UPDATE alert_picks SET delivery = 'limit' WHERE id = ANY($1::int[])", [ids]);
}

export interface DailyCount {
  userId: number;
  /** alerts of the source that reached the user (in-app row, not a limit notice) since the user's midnight */
  sent: number;
  /** the day's limit notice was written */
  noticed: boolean;
}

/** The free daily limit's state of many users at once, each from the start of the user's own day. */
export async function dailyCounts(q: Q, source: string, users: Array<{ userId: number; from: Date }>) {
  if (users.length === 0) return [];
  const { rows } = await q.query<DailyCount>(
    `SELECT u.id AS "userId",
       (SELECT count(*)::int FROM alert_outbox o JOIN alert_picks p ON p.id = o.pick_id
        WHERE o.user_id = u.id AND o.channel = 'inapp' AND o.kind = 'alert' AND p.source = $3 AND o.created_at >= u.from_at) AS sent,
       EXISTS (SELECT 1 FROM alert_outbox o JOIN alert_picks p ON p.id = o.pick_id
        WHERE o.user_id = u.id AND o.kind = 'limit' AND p.source = $3 AND o.created_at >= u.from_at) AS noticed
     FROM unnest($1::int[], $2::timestamptz[]) AS u(id, from_at)`,
    [users.map((u) => u.userId), users.map((u) => u.from), source],
  );
  return rows;
}

/** The bots each user has a linked chat with. */
export async function linkedBots(q: Q, userIds: number[]): Promise<Array<{ userId: number; bot: string }>> {
  if (userIds.length === 0) return [];
  const { rows } = await q.query<{ userId: number; bot: string }>(
    `SELECT DISTINCT user_id AS "userId", bot FROM telegram_chats WHERE user_id = ANY($1::int[])`,
    [userIds],
  );
  return rows;
}
