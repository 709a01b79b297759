import type { Pool, PoolClient } from "pg";
import type { AlertContent } from "../../domain/alerts/content.ts";
import type { PickStatus } from "../../domain/alerts/grading.ts";

type Q = Pool | PoolClient;

export interface NewPick {
  source: string;
  filterId: number;
  fixtureId: number;
  selection: string;
  userId: number | null;
  filterName: string;
  outcome: string;
  favourite: string | null;
  odds: number | null;
  content: AlertContent;
  delivery: "sent" | "muted" | "limit";
  createdAt: Date;
}

export interface Recipient {
  id: number;
  languageCode: string;
  timezone: string | null;
  telegramNotificationsEnabled: boolean;
  telegramPreMatchNotificationsEnabled: boolean;
  valueBetNotificationsEnabled: boolean;
}

/**
 * The recipients, locked in id order: the free daily count of one user is read and raised by one transaction
 * at a time, and two transactions locking several users never wait for each other in a circle.
 */
export async function lockRecipients(client: PoolClient, userIds: number[]): Promise<Recipient[]> {
  const { rows } = await client.query<Recipient>(
    `SELECT id, language_code AS "languageCode", timezone, telegram_notifications_enabled AS "telegramNotificationsEnabled",
       telegram_pre_match_notifications_enabled AS "telegramPreMatchNotificationsEnabled",
       value_bet_notifications_enabled AS "valueBetNotificationsEnabled"
     FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [userIds],
  );
  return rows;
}

export async function filterSettings(q: Q, userId: number, type: string): Promise<Record<string, unknown> | null> {
  const { rows } = await q.query<{ settings: Record<string, unknown> }>(
    "SELECT settings FROM filter_notification_settings WHERE user_id = $1 AND type = $2",
    [userId, type],
  );
  return rows[0]?.settings ?? null;
}

export interface OutboxInsert {
  pickId: number;
  userId: number;
  channel: "telegram" | "inapp";
  kind: "alert" | "limit";
  /** inapp rows are delivered by being written */
  sent: boolean;
  createdAt: Date;
}

export async function insertOutbox(q: Q, rows: OutboxInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO alert_outbox (pick_id, user_id, channel, kind, state, sent_at, created_at)
     SELECT pick, usr, channel, kind, CASE WHEN sent THEN 'sent' ELSE 'pending' END, CASE WHEN sent THEN at END, at
     FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::bool[], $6::timestamptz[]) AS t(pick, usr, channel, kind, sent, at)
     ON CONFLICT ON CONSTRAINT alert_outbox_once DO NOTHING`,
    [
      rows.map((r) => r.pickId),
      rows.map((r) => r.userId),
      rows.map((r) => r.channel),
      rows.map((r) => r.kind),
      rows.map((r) => r.sent),
      rows.map((r) => r.createdAt),
    ],
  );
}

export async function pushSubscriptionIds(q: Q, userId: number): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>("SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY id", [
    userId,
  ]);
  return rows.map((r) => r.id);
}

export interface PendingGrade {
  id: number;
  fixtureId: number;
  outcome: string;
  favourite: "home" | "away" | null;
  kickoff: Date;
  htHome: number | null;
  htAway: number | null;
  ftHome: number | null;
  ftAway: number | null;
  /** corner totals of each side (fixture_stats); null without counts */
  cornersHome: number | null;
  cornersAway: number | null;
  /** a live pick's score at the alert and whether it came in the first half's play (content) */
  pickScore: { home: number; away: number } | null;
  pickFirstHalf: boolean | null;
  /** the stored timeline of the match, read only for next-goal outcomes (the order of the goals) */
  timeline: Uint8Array | null;
}

/** Pending picks whose match kicked off before `kickedOffBefore`, with the match's scores and corner counts. */
export async function pendingGrades(q: Q, kickedOffBefore: Date, limit: number): Promise<PendingGrade[]> {
  const { rows } = await q.query<PendingGrade>(
    `SELECT p.id, p.fixture_id AS "fixtureId", p.outcome, p.favourite, f.kickoff,
       f.ht_home AS "htHome", f.ht_away AS "htAway", f.ft_home AS "ftHome", f.ft_away AS "ftAway",
       sh.corners AS "cornersHome", sa.corners AS "cornersAway",
       p.content->'score' AS "pickScore", (p.content->>'firstHalf')::boolean AS "pickFirstHalf",
       CASE WHEN p.outcome LIKE 'next_goal%' THEN t.events END AS timeline
     FROM alert_picks p JOIN fixtures f ON f.id = p.fixture_id
       LEFT JOIN fixture_stats sh ON sh.fixture_id = f.id AND sh.side = 'H'
       LEFT JOIN fixture_stats sa ON sa.fixture_id = f.id AND sa.side = 'A'
       LEFT JOIN live_timelines t ON t.fixture_id = f.id
     WHERE p.status = 'pending' AND f.kickoff < $1 ORDER BY p.id LIMIT $2`,
    [kickedOffBefore, limit],
  );
  return rows;
}

export async function setGrades(q: Q, grades: Array<{ id: number; status: PickStatus }>, now: Date): Promise<void> {
  if (grades.length === 0) return;
  await q.query(
    `UPDATE alert_picks p SET status = g.status, graded_at = $3
     FROM unnest($1::int[], $2::text[]) AS g(id, status) WHERE p.id = g.id AND p.status = 'pending'`,
    [grades.map((g) => g.id), grades.map((g) => g.status), now],
  );
}

export interface PickRow {
  id: number;
  source: string;
  filterId: number;
  fixtureId: number;
  selection: string;
  userId: number | null;
  filterName: string;
  outcome: string;
  odds: number | null;
  content: AlertContent;
  delivery: "sent" | "muted" | "limit";
  status: PickStatus;
  createdAt: Date;
  gradedAt: Date | null;
}

const PICK_COLUMNS = `p.id, p.source, p.filter_id AS "filterId", p.fixture_id AS "fixtureId", p.selection, p.user_id AS "userId",
  p.filter_name AS "filterName", p.outcome, p.odds, p.content, p.delivery, p.status, p.created_at AS "createdAt", p.graded_at AS "gradedAt"`;

/** A filter's picks (history and figures), newest first; cleared ones left out. */
export async function picksOfFilter(q: Q, source: string, filterId: number): Promise<PickRow[]> {
  const { rows } = await q.query<PickRow>(
    `SELECT ${PICK_COLUMNS} FROM alert_picks p WHERE p.source = $1 AND p.filter_id = $2 AND p.cleared_at IS NULL ORDER BY p.created_at DESC, p.id DESC`,
    [source, filterId],
  );
  return rows;
}

/** Status and odds of the picks of many filters at once (figures of a filter list). */
export async function gradesOfFilters(
  q: Q,
  source: string,
  filterIds: number[],
): Promise<
  Array<{ filterId: number; outcome: string; status: PickStatus; odds: number | null; probability: number | null }>
> {
  const { rows } = await q.query(
    `SELECT filter_id AS "filterId", outcome, status, odds, (content->>'probability')::float8 AS probability
     FROM alert_picks WHERE source = $1 AND filter_id = ANY($2::int[]) AND cleared_at IS NULL`,
    [source, filterIds],
  );
  return rows;
}

export async function clearPicks(
  q: Q,
  source: string,
  filterId: number,
  pickIdOnly: number | null,
  now: Date,
): Promise<number> {
  const result = await q.query(
    `UPDATE alert_picks SET cleared_at = $4 WHERE source = $1 AND filter_id = $2 AND ($3::int IS NULL OR id = $3) AND cleared_at IS NULL`,
    [source, filterId, pickIdOnly, now],
  );
  return result.rowCount ?? 0;
}

export interface InboxRow {
  id: number;
  kind: "alert" | "limit";
  readAt: Date | null;
  createdAt: Date;
  source: string;
  filterId: number;
  fixtureId: number;
  filterName: string;
  outcome: string;
  odds: number | null;
  content: AlertContent;
  status: PickStatus;
}

/** The user's in-app notifications, newest first. */
export async function inbox(q: Q, userId: number, limit: number, beforeId: number | null): Promise<InboxRow[]> {
  const { rows } = await q.query<InboxRow>(
    `SELECT o.id, o.kind, o.read_at AS "readAt", o.created_at AS "createdAt", p.source, p.filter_id AS "filterId", p.fixture_id AS "fixtureId",
       p.filter_name AS "filterName", p.outcome, p.odds, p.content, p.status
     FROM alert_outbox o JOIN alert_picks p ON p.id = o.pick_id
     WHERE o.user_id = $1 AND o.channel = 'inapp' AND ($3::int IS NULL OR o.id < $3)
     ORDER BY o.id DESC LIMIT $2`,
    [userId, limit, beforeId],
  );
  return rows;
}

export async function unreadCount(q: Q, userId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM alert_outbox WHERE user_id = $1 AND channel = 'inapp' AND read_at IS NULL",
    [userId],
  );
  return rows[0]!.n;
}

export async function markRead(q: Q, userId: number, now: Date, id: number | null): Promise<number> {
  const result = await q.query(
    "UPDATE alert_outbox SET read_at = $2 WHERE user_id = $1 AND channel = 'inapp' AND read_at IS NULL AND ($3::int IS NULL OR id = $3)",
    [userId, now, id],
  );
  return result.rowCount ?? 0;
}

export interface DayAlertRow {
  createdAt: Date;
  source: string;
  filterName: string;
  outcome: string;
  odds: number | null;
  status: PickStatus;
  content: AlertContent;
}

/** The alerts a user received in [from, to), oldest first (the daily Excel). */
export async function alertsBetween(q: Q, userId: number, from: Date, to: Date): Promise<DayAlertRow[]> {
  const { rows } = await q.query<DayAlertRow>(
    `SELECT o.created_at AS "createdAt", p.source, p.filter_name AS "filterName", p.outcome, p.odds, p.status, p.content
     FROM alert_outbox o JOIN alert_picks p ON p.id = o.pick_id
     WHERE o.user_id = $1 AND o.channel = 'inapp' AND o.kind = 'alert' AND o.created_at >= $2 AND o.created_at < $3
     ORDER BY o.created_at, o.id`,
    [userId, from, to],
  );
  return rows;
}

/** Users with alerts in the last `since` window (the daily report's candidates) and their time zones. */
export async function usersWithAlertsSince(
  q: Q,
  since: Date,
): Promise<Array<{ userId: number; timezone: string | null; languageCode: string }>> {
  const { rows } = await q.query(
    `SELECT DISTINCT u.id AS "userId", u.timezone, u.language_code AS "languageCode"
     FROM alert_outbox o JOIN users u ON u.id = o.user_id WHERE o.channel = 'inapp' AND o.kind = 'alert' AND o.created_at >= $1`,
    [since],
  );
  return rows;
}

/** Reserves the report of a user's day; false when it exists (another run made it). */
export async function reserveReport(q: Q, userId: number, day: string, picks: number, now: Date): Promise<boolean> {
  const result = await q.query(
    "INSERT INTO alert_reports (user_id, day, picks, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    [userId, day, picks, now],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function markReportSent(q: Q, userId: number, day: string): Promise<void> {
  await q.query("UPDATE alert_reports SET sent = true WHERE user_id = $1 AND day = $2", [userId, day]);
}

export async function releaseReport(q: Q, userId: number, day: string): Promise<void> {
  await q.query("DELETE FROM alert_reports WHERE user_id = $1 AND day = $2 AND NOT sent", [userId, day]);
}
