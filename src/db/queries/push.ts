import type { Pool, PoolClient } from "pg";

type Db = Pool | PoolClient;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Stores the keys unless another process did first; either way the stored keys come back. */
export async function storeVapidKeysOnce(db: Db, keys: VapidKeys): Promise<VapidKeys> {
  await db.query(
    `INSERT INTO app_state (key, value, updated_at) VALUES ('vapid', $1, now()) ON CONFLICT (key) DO NOTHING`,
    [JSON.stringify(keys)],
  );
  const { rows } = await db.query<{ value: VapidKeys }>("SELECT value FROM app_state WHERE key = 'vapid'");
  return rows[0]!.value;
}

export async function readVapidKeys(db: Db): Promise<VapidKeys | null> {
  const { rows } = await db.query<{ value: VapidKeys }>("SELECT value FROM app_state WHERE key = 'vapid'");
  return rows[0]?.value ?? null;
}

export interface SubscriptionRow {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The subscription of an endpoint, locked: a change of owner must not race with another one. */
export async function subscriptionByEndpointForUpdate(
  db: PoolClient,
  endpoint: string,
): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT id, user_id AS "userId", endpoint, p256dh, auth FROM push_subscriptions WHERE endpoint = $1 FOR UPDATE`,
    [endpoint],
  );
  return rows[0] ?? null;
}

/** Creates the subscription or gives it the new keys and owner; returns its id. */
export async function upsertSubscription(
  db: Db,
  userId: number,
  s: { endpoint: string; p256dh: string; auth: string },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
     RETURNING id`,
    [userId, s.endpoint, s.p256dh, s.auth],
  );
  return rows[0]!.id;
}

/** What a previous owner left on a browser's subscription: their follows and their queue. */
export async function clearSubscriptionHistory(db: Db, subscriptionId: number): Promise<void> {
  await db.query("DELETE FROM livescore_notifications WHERE subscription_id = $1", [subscriptionId]);
  await db.query("DELETE FROM push_outbox WHERE subscription_id = $1", [subscriptionId]);
}

export async function subscriptionOwner(db: Db, subscriptionId: number): Promise<number | null> {
  const { rows } = await db.query<{ userId: number }>(
    `SELECT user_id AS "userId" FROM push_subscriptions WHERE id = $1`,
    [subscriptionId],
  );
  return rows[0]?.userId ?? null;
}

export async function deleteSubscription(db: Db, subscriptionId: number): Promise<void> {
  await db.query("DELETE FROM push_subscriptions WHERE id = $1", [subscriptionId]);
}

export interface FixtureTiming {
  id: number;
  kickoff: Date;
  htHome: number | null;
  htAway: number | null;
  ftHome: number | null;
  ftAway: number | null;
}

export async function fixtureTiming(db: Db, fixtureId: number): Promise<FixtureTiming | null> {
  const { rows } = await db.query<FixtureTiming>(
    `SELECT id, kickoff, ht_home AS "htHome", ht_away AS "htAway", ft_home AS "ftHome", ft_away AS "ftAway" FROM fixtures WHERE id = $1`,
    [fixtureId],
  );
  return rows[0] ?? null;
}

/** The follow moment is the site's clock, not the database's: the replay and tests move time. */
export async function insertFollow(
  db: Db,
  f: { userId: number; fixtureId: number; subscriptionId: number; at: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO livescore_notifications (user_id, fixture_id, subscription_id, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, fixture_id, subscription_id) DO UPDATE SET user_id = excluded.user_id
     RETURNING id`,
    [f.userId, f.fixtureId, f.subscriptionId, f.at],
  );
  return rows[0]!.id;
}

/** Removes the user's follows of a fixture, on one subscription or (null) on all of them. */
export async function deleteFollows(
  db: Db,
  userId: number,
  fixtureId: number,
  subscriptionId: number | null,
): Promise<number> {
  const result = await db.query(
    "DELETE FROM livescore_notifications WHERE user_id = $1 AND fixture_id = $2 AND ($3::int IS NULL OR subscription_id = $3)",
    [userId, fixtureId, subscriptionId],
  );
  return result.rowCount ?? 0;
}

export interface FollowRow {
  id: number;
  fixtureId: number;
  subscriptionId: number;
}

export async function followsOf(db: Db, userId: number): Promise<FollowRow[]> {
  const { rows } = await db.query<FollowRow>(
    `SELECT id, fixture_id AS "fixtureId", subscription_id AS "subscriptionId"
       FROM livescore_notifications WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  return rows;
}

export interface DueFollowRow {
  subscriptionId: number;
  fixtureId: number;
  followedAt: Date;
  languageCode: string;
  notificationEvents: string[];
  kickoff: Date;
  htHome: number | null;
  htAway: number | null;
  ftHome: number | null;
  ftAway: number | null;
  homeName: string;
  awayName: string;
  homeRed: number | null;
  awayRed: number | null;
}

/**
 * Follows of fixtures that kicked off within the last `windowMinutes`, with what their events need. Nothing
 * that has not kicked off is read, so no result from the future leaves the database.
 */
export async function dueFollows(db: Db, now: Date, windowMinutes: number): Promise<DueFollowRow[]> {
  const { rows } = await db.query<DueFollowRow>(
    `SELECT ln.subscription_id AS "subscriptionId", ln.fixture_id AS "fixtureId", ln.created_at AS "followedAt",
            u.language_code AS "languageCode", u.notification_events AS "notificationEvents",
            f.kickoff, f.ht_home AS "htHome", f.ht_away AS "htAway", f.ft_home AS "ftHome", f.ft_away AS "ftAway",
            h.name AS "homeName", a.name AS "awayName", hs.red_cards AS "homeRed", aws.red_cards AS "awayRed"
       FROM livescore_notifications ln
       JOIN push_subscriptions s ON s.id = ln.subscription_id AND s.user_id = ln.user_id
       JOIN users u ON u.id = ln.user_id
       JOIN fixtures f ON f.id = ln.fixture_id
       JOIN teams h ON h.id = f.home_team_id
       JOIN teams a ON a.id = f.away_team_id
       LEFT JOIN fixture_stats hs ON hs.fixture_id = f.id AND hs.side = 'H'
       LEFT JOIN fixture_stats aws ON aws.fixture_id = f.id AND aws.side = 'A'
      WHERE f.kickoff <= $1 AND f.kickoff >= $1 - make_interval(mins => $2)`,
    [now, windowMinutes],
  );
  return rows;
}

export interface OutboxEntry {
  subscriptionId: number;
  fixtureId: number;
  eventKey: string;
  payload: unknown;
}

/** Records events to send; one already recorded stays as it is. Returns how many were new. */
export async function enqueue(db: Db, entries: OutboxEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const result = await db.query(
    `INSERT INTO push_outbox (subscription_id, fixture_id, event_key, payload)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::jsonb[])
     ON CONFLICT (subscription_id, fixture_id, event_key) DO NOTHING`,
    [
      entries.map((e) => e.subscriptionId),
      entries.map((e) => e.fixtureId),
      entries.map((e) => e.eventKey),
      entries.map((e) => JSON.stringify(e.payload)),
    ],
  );
  return result.rowCount ?? 0;
}

export interface OutboxRow {
  id: number;
  subscriptionId: number;
  eventKey: string;
  payload: unknown;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Subscriptions with rows to send, the longest waiting first. */
export async function subscriptionsWithUnsent(
  db: Db,
  maxAttempts: number,
  skip: number[],
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT subscription_id AS id FROM push_outbox
      WHERE sent_at IS NULL AND attempts < $1 AND subscription_id <> ALL($2::int[])
      GROUP BY subscription_id ORDER BY min(id) LIMIT $3`,
    [maxAttempts, skip, limit],
  );
  return rows.map((r) => r.id);
}

/** Lock namespace of the senders: one sender per subscription at a time, in any process. */
const SENDER_LOCK = 7_460_031;

/** A session lock: it outlives the per-row commits and goes with the connection if the process dies. */
export async function tryLockSubscription(db: PoolClient, subscriptionId: number): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS locked", [
    SENDER_LOCK,
    subscriptionId,
  ]);
  return rows[0]!.locked;
}

export async function unlockSubscription(db: PoolClient, subscriptionId: number): Promise<void> {
  await db.query("SELECT pg_advisory_unlock($1, $2)", [SENDER_LOCK, subscriptionId]);
}

/** The unsent rows of a subscription in the order they were recorded, read after taking its lock. */
export async function unsentOf(db: Db, subscriptionId: number, maxAttempts: number): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT o.id, o.subscription_id AS "subscriptionId", o.event_key AS "eventKey", o.payload, o.attempts,
            s.endpoint, s.p256dh, s.auth
       FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id
      WHERE o.subscription_id = $1 AND o.sent_at IS NULL AND o.attempts < $2
      ORDER BY o.id`,
    [subscriptionId, maxAttempts],
  );
  return rows;
}

export async function markSent(db: Db, id: number, at: Date): Promise<void> {
  await db.query("UPDATE push_outbox SET sent_at = $2, attempts = attempts + 1, error = NULL WHERE id = $1", [id, at]);
}

/** A failed attempt; `giveUp` ends the retries at once (the push service refused the message for good). */
export async function markFailed(
  db: Db,
  id: number,
  error: string,
  giveUp: boolean,
  maxAttempts: number,
): Promise<void> {
  await db.query(
    "UPDATE push_outbox SET attempts = CASE WHEN $3 THEN $4 ELSE attempts + 1 END, error = $2 WHERE id = $1",
    [id, error.slice(0, 500), giveUp, maxAttempts],
  );
}

/** Follows and outbox rows of fixtures that started before `before`: their events can no longer be due. */
export async function deleteExpired(db: Db, before: Date): Promise<void> {
  await db.query(
    "DELETE FROM livescore_notifications ln USING fixtures f WHERE f.id = ln.fixture_id AND f.kickoff < $1",
    [before],
  );
  await db.query("DELETE FROM push_outbox o USING fixtures f WHERE f.id = o.fixture_id AND f.kickoff < $1", [before]);
}
