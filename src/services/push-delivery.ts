import type { Pool, PoolClient } from "../db/client.ts";
import type { PushSender } from "../data/push/sender.ts";
import {
  type DueFollowRow,
  type OutboxEntry,
  deleteSubscription,
  markFailed,
  markSent,
  subscriptionsWithUnsent,
  tryLockSubscription,
  unlockSubscription,
  unsentOf,
} from "../db/queries/push.ts";
import { type MatchEvent, wantsEvent } from "../domain/accounts/rules.ts";
import { type MatchEventItem, matchEvents } from "../domain/notifications/match-events.ts";
import { DEFAULT_LOCALE, type Locale, isLocale } from "../i18n/locales.ts";
import { translate } from "../i18n/messages.server.ts";
import { matchPath } from "../i18n/paths.ts";

/** What the service worker shows (public/sw.js reads these fields). */
export interface PushPayload {
  title: string;
  body: string;
  /** one notification per fixture in the tray: a new event replaces the previous one */
  tag: string;
  url: string;
  fixtureId: number;
  event: string;
  kind: MatchEvent;
}

const MAX_ATTEMPTS = 5;
/** A goal is news for minutes, not hours: an offline browser that wakes later gets no stale score. */
const TTL_SECONDS = 15 * 60;
const URGENT: ReadonlySet<MatchEvent> = new Set(["goals", "red_cards", "started"]);
/** Subscriptions served at once per run; each holds one pooled connection while its push service answers. */
const PARALLEL_SENDS = 3;

function payloadOf(event: MatchEventItem, row: DueFollowRow, locale: Locale): PushPayload {
  return {
    title: translate(locale, event.title.key, event.title.vars),
    body: translate(locale, event.body.key, event.body.vars),
    tag: `fixture-${row.fixtureId}`,
    url: matchPath(locale, {
      id: row.fixtureId,
      localTeam: { name: row.homeName },
      visitorTeam: { name: row.awayName },
    }),
    fixtureId: row.fixtureId,
    event: event.key,
    kind: event.kind,
  };
}

/**
 * The outbox rows a follow calls for by `now`: the events the user wants, from the moment of the follow on
 * (following during a match does not replay its earlier goals), in the user's language.
 */
export function entriesFor(row: DueFollowRow, now: Date): OutboxEntry[] {
  const locale = isLocale(row.languageCode) ? row.languageCode : DEFAULT_LOCALE;
  const events = matchEvents({
    fixtureId: row.fixtureId,
    kickoffMs: row.kickoff.getTime(),
    nowMs: now.getTime(),
    result: row,
    redCards: row.homeRed === null && row.awayRed === null ? null : { home: row.homeRed ?? 0, away: row.awayRed ?? 0 },
    home: row.homeName,
    away: row.awayName,
  });
  return events
    .filter((e) => e.atMs >= row.followedAt.getTime() && wantsEvent(row.notificationEvents, e.kind))
    .map((e) => ({
      subscriptionId: row.subscriptionId,
      fixtureId: row.fixtureId,
      eventKey: e.key,
      payload: payloadOf(e, row, locale),
    }));
}

export interface SendReport {
  sent: number;
  failed: number;
  /** subscriptions the browser has dropped, deleted with their follows */
  gone: number;
}

/**
 * Sends the unsent outbox rows. One sender at a time holds a subscription (a lock shared by every process), so
 * no row goes out twice and a browser gets its events in order; each row is marked sent as soon as its push
 * service accepts it, so a crash can at worst resend the one row in flight.
 */
export async function sendQueued(pool: Pool, push: PushSender, now: () => Date): Promise<SendReport> {
  const report: SendReport = { sent: 0, failed: 0, gone: 0 };
  // Subscriptions done in this run, or held by another sender: a failing one waits for the next run.
  const skip: number[] = [];

  const sendRows = async (client: PoolClient, subscriptionId: number) => {
    for (const row of await unsentOf(client, subscriptionId, MAX_ATTEMPTS)) {
      const { kind } = row.payload as Partial<PushPayload>;
      const outcome = await push.send(row, JSON.stringify(row.payload), {
        ttlSeconds: TTL_SECONDS,
        urgency: kind && URGENT.has(kind) ? "high" : "normal",
      });
      if (outcome.ok) {
        await markSent(client, row.id, now());
        report.sent += 1;
      } else if (outcome.gone) {
        await deleteSubscription(client, subscriptionId);
        report.gone += 1;
        return;
      } else {
        await markFailed(client, row.id, outcome.error, !outcome.retry, MAX_ATTEMPTS);
        report.failed += 1;
        // Later events wait for this one, so that they never arrive before it.
        if (outcome.retry) return;
      }
    }
  };

  const worker = async () => {
    for (;;) {
      const candidates = await subscriptionsWithUnsent(pool, MAX_ATTEMPTS, skip, 20);
      if (candidates.length === 0) return;
      const client = await pool.connect();
      try {
        for (const id of candidates) {
          if (skip.includes(id)) continue;
          skip.push(id);
          if (!(await tryLockSubscription(client, id))) continue;
          try {
            await sendRows(client, id);
          } finally {
            await unlockSubscription(client, id);
          }
          break;
        }
      } finally {
        client.release();
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: PARALLEL_SENDS }, worker));
  const failure = results.find((r) => r.status === "rejected");
  if (failure) throw failure.reason;
  return report;
}
