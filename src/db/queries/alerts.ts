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

/** The pick's id, or null when (source, filter, fixture, selection) has alerted before: the once-only rule. */
export async function insertPick(q: Q, p: NewPick): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO alert_picks (source, filter_id, fixture_id, selection, user_id, filter_name, outcome, favourite, odds, content, delivery, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT ON CONSTRAINT alert_picks_once DO NOTHING RETURNING id`,
    [
      p.source,
      p.filterId,
      p.fixtureId,
      p.selection,
      p.userId,
      p.filterName,
      p.outcome,
      p.favourite,
      p.odds,
      JSON.stringify(p.content),
      p.delivery,
      p.createdAt,
    ],
  );
  return rows[0]?.id ?? null;
}

export async function pickId(
  q: Q,
  source: string,
  filterId: number,
  fixtureId: number,
  selection: string,
): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    "SELECT id FROM alert_picks WHERE source = $1 AND filter_id = $2 AND fixture_id = $3 AND selection = $4",
    [source, filterId, fixtureId, selection],
  );
  return rows[0]?.id ?? null;
}

export async function setPickDelivery(q: Q, id: number, delivery: "sent" | "muted" | "limit"): Promise<void> {
  await q.query("UPDATE alert_picks SET delivery = $2 WHERE id = $1", [id, delivery]);
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

/** Alerts of a source that reached the user (the in-app row exists and is not a limit notice) since `from`. */
export async function alertsSentSince(q: Q, userId: number, source: string, from: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM alert_outbox o JOIN alert_picks p ON p.id = o.pick_id
     WHERE o.user_id = $1 AND o.channel = 'inapp' AND o.kind = 'alert' AND p.source = $2 AND o.created_at >= $3`,
    [userId, source, from],
  );
  return rows[0]!.n;
}

export async function limitNoticeSince(q: Q, userId: number, source: string, from: Date): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM alert_outbox o JOIN alert_picks p ON p.id = o.pick_id
     WHERE o.user_id = $1 AND o.kind = 'limit' AND p.source = $2 AND o.created_at >= $3 LIMIT 1`,
    [userId, source, from],
  );
  return rows.length > 0;
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

export interface TelegramChat {
  userId: number;
  bot: string;
  chatId: number;
  username: string | null;
  linkedAt: Date;
}

export async function telegramChatsOf(q: Q, userId: number): Promise<TelegramChat[]> {
  const { rows } = await q.query<TelegramChat>(
    `SELECT user_id AS "userId", bot, chat_id AS "chatId", username, linked_at AS "linkedAt" FROM telegram_chats WHERE user_id = $1 ORDER BY bot`,
    [userId],
  );
  return rows.map((r) => ({ ...r, chatId: Number(r.chatId) }));
}

/** Links the chat to the user for that bot; a chat linked to another account before moves over. */
export async function linkChat(
  q: Q,
  c: { userId: number; bot: string; chatId: number; username: string | null; at: Date },
): Promise<void> {
  await q.query("DELETE FROM telegram_chats WHERE bot = $1 AND chat_id = $2 AND user_id <> $3", [
    c.bot,
    c.chatId,
    c.userId,
  ]);
  await q.query(
    `INSERT INTO telegram_chats (user_id, bot, chat_id, username, linked_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, bot) DO UPDATE SET chat_id = excluded.chat_id, username = excluded.username, linked_at = excluded.linked_at`,
    [c.userId, c.bot, c.chatId, c.username, c.at],
  );
}

export async function unlinkChat(q: Q, userId: number, bot: string): Promise<number> {
  const result = await q.query("DELETE FROM telegram_chats WHERE user_id = $1 AND bot = $2", [userId, bot]);
  return result.rowCount ?? 0;
}

export async function unlinkChatId(q: Q, bot: string, chatId: number): Promise<void> {
  await q.query("DELETE FROM telegram_chats WHERE bot = $1 AND chat_id = $2", [bot, chatId]);
}

/**
 * The user's one link token of a bot: the earlier ones are revoked. `q` must be a transaction: a lock per user
 * and bot makes concurrent requests take turns, so that two of them never leave two valid tokens.
 */
export async function insertLinkToken(
  q: PoolClient,
  t: { tokenHash: string; userId: number; bot: string; expiresAt: Date },
): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext('telegram_link_tokens:' || $2::text), $1::int)", [
    t.userId,
    t.bot,
  ]);
  await q.query("DELETE FROM telegram_link_tokens WHERE user_id = $1 AND bot = $2", [t.userId, t.bot]);
  await q.query("INSERT INTO telegram_link_tokens (token_hash, user_id, bot, expires_at) VALUES ($1, $2, $3, $4)", [
    t.tokenHash,
    t.userId,
    t.bot,
    t.expiresAt,
  ]);
}

/** Uses a link token once: its user, or null when unknown, expired or of another bot. */
export async function takeLinkToken(q: Q, tokenHash: string, bot: string, now: Date): Promise<number | null> {
  const { rows } = await q.query<{ userId: number; expiresAt: Date; bot: string }>(
    `DELETE FROM telegram_link_tokens WHERE token_hash = $1 RETURNING user_id AS "userId", expires_at AS "expiresAt", bot`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row || row.bot !== bot || row.expiresAt.getTime() <= now.getTime()) return null;
  return row.userId;
}

/** Turns on the Telegram flag that matches the bot, and keeps the Telegram username when the account has none. */
export async function enableTelegramFor(q: Q, userId: number, bot: string, username: string | null): Promise<void> {
  const flag =
    bot === "live"
      ? "telegram_notifications_enabled"
      : bot === "prematch"
        ? "telegram_pre_match_notifications_enabled"
        : null;
  await q.query(
    `UPDATE users SET telegram_username = COALESCE(telegram_username, $2)${flag ? `, ${flag} = true` : ""} WHERE id = $1`,
    [userId, username],
  );
}

export interface ClaimedMessage {
  id: number;
  pickId: number;
  fixtureId: number;
  userId: number;
  kind: "alert" | "limit";
  attempts: number;
  source: string;
  filterName: string;
  outcome: string;
  odds: number | null;
  content: AlertContent;
  languageCode: string;
  timezone: string | null;
  /** null: the chat was unlinked since the row was written */
  chatId: number | null;
}

/**
 * Claims due Telegram rows for `leaseMs` in the name of `claimant`: pending ones, claimed ones whose lease ran
 * out, and claimed ones whose claimant is a worker that died (its heartbeat in scale_workers expired): those are
 * taken at once rather than after the lease. SKIP LOCKED lets several workers claim disjoint rows at once.
 */
export async function claimTelegram(
  q: Q,
  now: Date,
  leaseMs: number,
  limit: number,
  maxAttempts: number,
  claimant: string,
): Promise<ClaimedMessage[]> {
  const { rows } = await q.query<ClaimedMessage>(
    `WITH due AS (
       SELECT o.id FROM alert_outbox o
       WHERE o.channel = 'telegram' AND o.state IN ('pending', 'sending') AND o.attempts < $4
         AND (o.state = 'pending' OR o.claimed_until < $1
              OR EXISTS (SELECT 1 FROM scale_workers w WHERE w.id = o.claimed_by AND w.expires_at < now()))
         AND (o.not_before IS NULL OR o.not_before <= $1)
       ORDER BY o.id LIMIT $3 FOR UPDATE OF o SKIP LOCKED)
     UPDATE alert_outbox o SET state = 'sending', claimed_until = $2, claimed_by = $5, attempts = o.attempts + 1
     FROM due, alert_picks p, users u
     WHERE o.id = due.id AND p.id = o.pick_id AND u.id = o.user_id
     RETURNING o.id, o.pick_id AS "pickId", p.fixture_id AS "fixtureId", o.user_id AS "userId", o.kind, o.attempts, p.source, p.filter_name AS "filterName",
       p.outcome, p.odds, p.content, u.language_code AS "languageCode", u.timezone,
       (SELECT chat_id FROM telegram_chats c WHERE c.user_id = o.user_id
          AND c.bot = CASE p.source WHEN 'live' THEN 'live' WHEN 'prematch' THEN 'prematch' ELSE 'valuebet' END) AS "chatId"`,
    [now, new Date(now.getTime() + leaseMs), limit, maxAttempts, claimant],
  );
  return rows.map((r) => ({ ...r, chatId: r.chatId === null ? null : Number(r.chatId) })).sort((a, b) => a.id - b.id);
}

/**
 * Right before sending a claimed row: renews its lease if the claim is still this claimant's (false: another
 * worker took it over because the lease ran out during a slow batch, and it is that worker's to send).
 */
export async function renewClaim(q: Q, id: number, claimant: string, until: Date): Promise<boolean> {
  const result = await q.query(
    "UPDATE alert_outbox SET claimed_until = $3 WHERE id = $1 AND state = 'sending' AND claimed_by = $2",
    [id, claimant, until],
  );
  return (result.rowCount ?? 0) > 0;
}

/** Marks a claimed row sent; never touches a row already sent. */
export async function markTelegramSent(q: Q, id: number, messageId: number, now: Date): Promise<void> {
  await q.query(
    "UPDATE alert_outbox SET state = 'sent', sent_at = $3, external_id = $2, claimed_until = NULL, error = NULL WHERE id = $1 AND state <> 'sent'",
    [id, String(messageId), now],
  );
}

/** A failed attempt: back to pending (not before `retryAt`), or failed for good. */
export async function markTelegramFailed(
  q: Q,
  id: number,
  error: string,
  permanent: boolean,
  retryAt: Date | null,
  claimant: string | null = null,
): Promise<void> {
  await q.query(
    `UPDATE alert_outbox SET state = CASE WHEN $3 THEN 'failed' ELSE 'pending' END, error = $2, claimed_until = NULL, not_before = $4
     WHERE id = $1 AND state = 'sending' AND ($5::text IS NULL OR claimed_by = $5)`,
    [id, error, permanent, retryAt, claimant],
  );
}

/** Rows that used every attempt while claimed: failed for good. */
export async function failExhausted(q: Q, now: Date, maxAttempts: number): Promise<void> {
  await q.query(
    `UPDATE alert_outbox SET state = 'failed', error = COALESCE(error, 'no answer after the last attempt')
     WHERE channel = 'telegram' AND state = 'sending' AND attempts >= $2 AND claimed_until < $1`,
    [now, maxAttempts],
  );
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
}

/** Pending picks whose match kicked off before `kickedOffBefore`, with the match's scores. */
export async function pendingGrades(q: Q, kickedOffBefore: Date, limit: number): Promise<PendingGrade[]> {
  const { rows } = await q.query<PendingGrade>(
    `SELECT p.id, p.fixture_id AS "fixtureId", p.outcome, p.favourite, f.kickoff,
       f.ht_home AS "htHome", f.ht_away AS "htAway", f.ft_home AS "ftHome", f.ft_away AS "ftAway"
     FROM alert_picks p JOIN fixtures f ON f.id = p.fixture_id
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
): Promise<Array<{ filterId: number; status: PickStatus; odds: number | null }>> {
  const { rows } = await q.query(
    `SELECT filter_id AS "filterId", status, odds FROM alert_picks WHERE source = $1 AND filter_id = ANY($2::int[]) AND cleared_at IS NULL`,
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
