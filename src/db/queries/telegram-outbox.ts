import type { Pool, PoolClient } from "pg";
import type { AlertContent } from "../../domain/alerts/content.ts";

/** The Telegram rows of the alert outbox: claimed by one worker at a time, then marked sent or failed. */

type Q = Pool | PoolClient;

/** The bot of a pick's source (the trend bot speaks through the value-bet bot), as botOf of the alerts. */
const botOfSource = (pick: string) =>
  `CASE ${pick}.source WHEN 'live' THEN 'live' WHEN 'prematch' THEN 'prematch' ELSE 'valuebet' END`;

/**
 * An earlier Telegram row of the same chat (user and bot) matching `state`: a chat's messages go in order, so
 * a row waits while one before it is still to be sent.
 */
const earlierOfChat = (state: string) => `EXISTS (
  SELECT 1 FROM alert_outbox e JOIN alert_picks ep ON ep.id = e.pick_id
  WHERE e.user_id = o.user_id AND e.channel = 'telegram' AND e.id < o.id
    AND ${botOfSource("ep")} = (SELECT ${botOfSource("op")} FROM alert_picks op WHERE op.id = o.pick_id)
    AND (${state}))`;

/**
 * The row's claim belongs to a worker that died (its heartbeat in scale_workers expired): the row is anyone's
 * to take now, whatever its lease says.
 */
const claimOfDeadWorker = (row: string) =>
  `EXISTS (SELECT 1 FROM scale_workers w WHERE w.id = ${row}.claimed_by AND w.expires_at < now())`;

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
              OR ${claimOfDeadWorker("o")})
         AND (o.not_before IS NULL OR o.not_before <= $1)
         -- Not behind a message of its chat that waits for a retry or is in a live claim's hands. A dead worker's
         -- claim holds nothing back: its rows are due themselves, come first (by id) and are taken with the rest
         -- of their chat in this batch, in order; counting it would free the chat one message a run.
         AND NOT ${earlierOfChat(
           `(e.state = 'pending' AND e.not_before > $1)
            OR (e.state = 'sending' AND e.claimed_until >= $1 AND NOT ${claimOfDeadWorker("e")})`,
         )}
       ORDER BY o.id LIMIT $3 FOR UPDATE OF o SKIP LOCKED)
     UPDATE alert_outbox o SET state = 'sending', claimed_until = $2, claimed_by = $5, attempts = o.attempts + 1
     FROM due, alert_picks p, users u
     WHERE o.id = due.id AND p.id = o.pick_id AND u.id = o.user_id
     RETURNING o.id, o.pick_id AS "pickId", p.fixture_id AS "fixtureId", o.user_id AS "userId", o.kind, o.attempts, p.source, p.filter_name AS "filterName",
       p.outcome, p.odds, p.content, u.language_code AS "languageCode", u.timezone,
       (SELECT chat_id FROM telegram_chats c WHERE c.user_id = o.user_id
          AND c.bot = ${botOfSource("p")}) AS "chatId"`,
    [now, new Date(now.getTime() + leaseMs), limit, maxAttempts, claimant],
  );
  return rows.map((r) => ({ ...r, chatId: r.chatId === null ? null : Number(r.chatId) })).sort((a, b) => a.id - b.id);
}

/**
 * Right before sending claimed rows of one chat together (one Telegram message): renews the lease of each whose
 * claim is still this claimant's and no earlier message of its chat outside `ids` is still to be sent. Answers
 * the ids renewed (one missing: another worker took the row over after a slow batch, or the chat's order makes
 * it wait; a claim racing another worker's on the same chat ends here).
 */
export async function renewClaims(q: Q, ids: number[], claimant: string, until: Date): Promise<Set<number>> {
  const { rows } = await q.query<{ id: number }>(
    `UPDATE alert_outbox o SET claimed_until = $3 WHERE o.id = ANY($1::int[]) AND o.state = 'sending' AND o.claimed_by = $2
       AND NOT ${earlierOfChat("e.state IN ('pending', 'sending') AND e.id <> ALL($1::int[])")}
     RETURNING o.id`,
    [ids, claimant, until],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Gives a claimed row back unsent, its attempt not counted (Telegram's rate or the chat's order held it, not a
 * fault of the message): pending again, not before `notBefore`.
 */
export async function releaseClaim(q: Q, id: number, claimant: string, notBefore: Date | null): Promise<void> {
  await q.query(
    `UPDATE alert_outbox SET state = 'pending', claimed_until = NULL, attempts = GREATEST(attempts - 1, 0), not_before = $3
     WHERE id = $1 AND state = 'sending' AND claimed_by = $2`,
    [id, claimant, notBefore],
  );
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

/**
 * Rows that used every attempt while claimed (the lease ran out, or the worker died): failed for good, so that
 * the rest of their chat is not held behind them.
 */
export async function failExhausted(q: Q, now: Date, maxAttempts: number): Promise<void> {
  await q.query(
    `UPDATE alert_outbox o SET state = 'failed', error = COALESCE(error, 'no answer after the last attempt')
     WHERE o.channel = 'telegram' AND o.state = 'sending' AND o.attempts >= $2
       AND (o.claimed_until < $1 OR ${claimOfDeadWorker("o")})`,
    [now, maxAttempts],
  );
}
