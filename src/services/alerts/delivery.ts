import { type BotName, TelegramError } from "../../data/telegram/sender.ts";
import * as q from "../../db/queries/alerts.ts";
import * as tg from "../../db/queries/telegram-chats.ts";
import * as tgOutbox from "../../db/queries/telegram-outbox.ts";
import { type SendRate, createSendRate, nextToSend } from "../../domain/notifications/send-rate.ts";
import { type RenderedAlert, renderAlert } from "../alert-messages.ts";

import {
  type AlertsDeps,
  type TelegramDeliveryReport,
  botOf,
  LEASE_MS,
  MAX_ATTEMPTS,
  BATCH,
  MAX_RATE_WAIT_MS,
  SEND_CONCURRENCY,
  settingsOf,
  localeOf,
} from "./shared.ts";

export async function render({ ctx }: AlertsDeps, m: tgOutbox.ClaimedMessage): Promise<RenderedAlert> {
  const settings = settingsOf(
    await q.filterSettings(ctx.pool, m.userId, m.source === "prematch" ? "prematch" : "live"),
  );
  return renderAlert(
    {
      source: m.source,
      kind: m.kind,
      fixtureId: m.fixtureId,
      filterName: m.filterName,
      outcome: m.outcome,
      odds: m.odds,
      content: m.content,
    },
    {
      locale: localeOf(m.languageCode),
      timeZone: m.timezone,
      settings,
      ...(ctx.publicUrl ? { siteUrl: ctx.publicUrl } : {}),
    },
  );
}

type Outcome = { state: "sent" | "failed" } | { state: "held"; until: Date | null };

/** Telegram's longest message, in characters (counted here with the HTML tags: on the safe side). */
const MAX_MESSAGE_CHARS = 4096;
/** Between two alerts of one message. */
const SEPARATOR = "\n\n";

/**
 * Sends the head of a chat's queue, and the messages behind it that fit into the same Telegram message: a
 * member whose filters fire for several matches at once (a league kicking off together) gets one message at once
 * rather than one a second, Telegram's pace for one chat. Answers the outcome and the messages that did not fit
 * (still claimed, and first of the chat's queue again). A 429 pauses the bot for Telegram's `retry_after` and
 * gives the rows back with their attempt not counted (held): they are sent later, once. Other failures back off.
 */
async function sendGroup(
  d: AlertsDeps,
  queued: tgOutbox.ClaimedMessage[],
  report: TelegramDeliveryReport,
): Promise<{ outcome: Outcome; unsent: tgOutbox.ClaimedMessage[] }> {
  const { ctx, telegram, claimant } = d;
  const bot = botOf(queued[0]!.source);
  const chatId = queued[0]!.chatId!;
  // A batch that took longer than the lease (slow answers) may have lost a row to another worker, and an
  // earlier message of the chat may still be unsent: checked, and the claim renewed, right before they go. The
  // first row that fails the check goes back with every row behind it.
  const ids = queued.map((m) => m.id);
  const kept = await tgOutbox.renewClaims(ctx.pool, ids, claimant, new Date(ctx.clock.now().getTime() + LEASE_MS));
  const firstLost = ids.findIndex((id) => !kept.has(id));
  const renewed = firstLost < 0 ? ids.length : firstLost;
  const late = queued.slice(renewed);
  for (const r of late) await tgOutbox.releaseClaim(ctx.pool, r.id, claimant, null);
  if (renewed === 0) return { outcome: { state: "held", until: null }, unsent: [] };
  const rate = rateOf(d, bot);
  const group: tgOutbox.ClaimedMessage[] = [];
  const texts: string[] = [];
  try {
    let length = -SEPARATOR.length;
    for (const m of queued.slice(0, renewed)) {
      if (group.length > 0 && (d.alone.has(m.id) || d.alone.has(group[0]!.id))) break;
      const html = (await render(d, m)).html;
      length += SEPARATOR.length + html.length;
      if (group.length > 0 && length > MAX_MESSAGE_CHARS) break;
      group.push(m);
      texts.push(html);
    }
    const sent = await telegram!.sendMessage(bot, chatId, texts.join(SEPARATOR), { html: true });
    for (const m of group) await tgOutbox.markTelegramSent(ctx.pool, m.id, sent.messageId, ctx.clock.now());
    report.sent += group.length;
    const unsent = queued.slice(group.length, renewed);
    return { outcome: late.length > 0 ? { state: "held", until: null } : { state: "sent" }, unsent };
  } catch (error) {
    const e =
      error instanceof TelegramError
        ? error
        : new TelegramError(error instanceof Error ? error.message : String(error), false, false);
    const now = ctx.clock.now().getTime();
    const tried = queued.slice(0, renewed);
    if (e.retryAfterSeconds !== null && !e.permanent) {
      report.retried += tried.length;
      rate.pause(d.timer.now(), e.retryAfterSeconds * 1000);
      const until = new Date(now + e.retryAfterSeconds * 1000);
      for (const m of tried) await tgOutbox.releaseClaim(ctx.pool, m.id, claimant, until);
      return { outcome: { state: "held", until }, unsent: [] };
    }
    if (e.permanent && !e.chatGone && group.length > 1) {
      // Refused for good, but maybe for one alert of the group only: each goes alone from now on, not all failed.
      report.retried += tried.length;
      for (const m of tried) {
        d.alone.add(m.id);
        await tgOutbox.releaseClaim(ctx.pool, m.id, claimant, null);
      }
      return { outcome: { state: "held", until: null }, unsent: [] };
    }
    if (e.chatGone) await tg.unlinkChatId(ctx.pool, bot, chatId);
    let retryAt: Date | null = null;
    for (const m of tried) {
      const permanent = e.permanent || m.attempts >= MAX_ATTEMPTS;
      const at = permanent ? null : new Date(now + 10_000 * 2 ** Math.min(m.attempts, 8));
      await tgOutbox.markTelegramFailed(ctx.pool, m.id, e.message, permanent, at, claimant);
      if (permanent) report.failed += 1;
      else report.retried += 1;
      retryAt ??= at;
    }
    return { outcome: retryAt ? { state: "held", until: retryAt } : { state: "failed" }, unsent: [] };
  }
}

/** The bot's sending rate, kept by this process across runs. */
function rateOf(d: AlertsDeps, bot: BotName): SendRate {
  const found = d.rates.get(bot);
  if (found) return found;
  const rate = createSendRate();
  d.rates.set(bot, rate);
  return rate;
}

/**
 * Sends a claimed batch within Telegram's limits: one queue per chat in id order, only its head may go (with the
 * messages behind it that fit into one Telegram message, sendGroup), and of the heads the one that may go
 * soonest goes next (waiting for it on the clock). Up to SEND_CONCURRENCY chats
 * are sent to at once (each send is a few database round trips and an HTTP request: one at a time, a burst of
 * picks reached the bot's 30 a second only on a quiet machine); a chat's next message waits for its previous
 * one. A message held back (429, retry, the chat's order) holds the rest of its chat's queue too; what would
 * wait longer than MAX_RATE_WAIT_MS is given back for a later run rather than kept under a lease.
 */
async function sendBatch(d: AlertsDeps, claimed: tgOutbox.ClaimedMessage[], report: TelegramDeliveryReport) {
  const { ctx, telegram, claimant } = d;
  const queues = new Map<string, tgOutbox.ClaimedMessage[]>();
  for (const m of claimed) {
    const bot = botOf(m.source);
    if (m.chatId === null || !telegram?.available(bot)) {
      await tgOutbox.markTelegramFailed(ctx.pool, m.id, "no linked Telegram chat", true, null, claimant);
      report.failed += 1;
      continue;
    }
    const key = `${bot}:${m.chatId}`;
    queues.set(key, [...(queues.get(key) ?? []), m]);
  }
  const waitOf = (key: string) => {
    const m = queues.get(key)![0]!;
    return rateOf(d, botOf(m.source)).waitMs(m.chatId!, d.timer.now());
  };
  const giveBack = async (rows: tgOutbox.ClaimedMessage[], until: Date | null) => {
    for (const r of rows) await tgOutbox.releaseClaim(ctx.pool, r.id, claimant, until);
  };
  const sending = new Map<string, Promise<void>>();
  let failure: unknown = null;
  const send = (key: string) => {
    const queue = queues.get(key)!;
    const queued = queue.splice(0);
    // Counted when it starts, so that the sends in flight together never exceed the bot's rate.
    rateOf(d, botOf(queued[0]!.source)).sent(queued[0]!.chatId!, d.timer.now());
    const done = sendGroup(d, queued, report)
      .then(async ({ outcome, unsent }) => {
        queue.push(...unsent);
        if (outcome.state === "held") await giveBack(queue.splice(0), outcome.until);
      })
      .catch((error) => {
        failure ??= error;
      })
      .finally(() => {
        sending.delete(key);
        if (queue.length === 0) queues.delete(key);
      });
    sending.set(key, done);
  };
  const oneDone = () => Promise.race(sending.values());
  while (failure === null) {
    const idle = new Map([...queues].filter(([key]) => !sending.has(key)));
    const next = sending.size < SEND_CONCURRENCY ? nextToSend(idle, waitOf) : null;
    if (!next) {
      if (sending.size === 0) break;
      await oneDone();
    } else if (next.waitMs === 0) send(next.chat);
    // The clock is waited on only with nothing in flight: a send counted at its start also goes out then.
    else if (sending.size > 0) await oneDone();
    else if (next.waitMs <= MAX_RATE_WAIT_MS) await d.timer.wait(next.waitMs);
    else {
      // The soonest waits too long: so does every other head. All go back, each not before its own time.
      for (const key of queues.keys())
        await giveBack(queues.get(key)!, new Date(ctx.clock.now().getTime() + waitOf(key)));
      return;
    }
  }
  await Promise.all(sending.values());
  if (failure !== null) throw failure;
}

/**
 * One Telegram delivery run: claims due rows with a lease in this worker's name (FOR UPDATE SKIP LOCKED, so
 * workers never share a row; a row behind a message of its chat that waits for a retry or is in a live
 * worker's claim is not claimed; a dead worker's claim holds nothing back), sends them within
 * Telegram's rate (sendBatch), renewing each row's claim right before sending it, and marks it sent at once. A
 * row marked sent is never sent again. The rows of a worker that died are taken over as soon as its heartbeat
 * expires (scale_workers), not after the lease. The one window left: a process that dies after Telegram
 * accepted a message and before the mark commits (a millisecond or two) has its row sent again; the Bot API has
 * no idempotency key to close it.
 */
export async function deliver(d: AlertsDeps): Promise<TelegramDeliveryReport> {
  const { ctx, telegram, claimant } = d;
  const report: TelegramDeliveryReport = { sent: 0, failed: 0, retried: 0 };
  if (!telegram) return report;
  await tgOutbox.failExhausted(ctx.pool, ctx.clock.now(), MAX_ATTEMPTS);
  for (;;) {
    const claimed = await tgOutbox.claimTelegram(ctx.pool, ctx.clock.now(), LEASE_MS, BATCH, MAX_ATTEMPTS, claimant);
    if (claimed.length === 0) return report;
    await sendBatch(d, claimed, report);
    if (claimed.length < BATCH) return report;
  }
}
