import { TelegramError } from "../../data/telegram/sender.ts";
import * as q from "../../db/queries/alerts.ts";
import * as tg from "../../db/queries/telegram-chats.ts";
import * as tgOutbox from "../../db/queries/telegram-outbox.ts";
import { type RenderedAlert, renderAlert } from "../alert-messages.ts";

import {
  type AlertsDeps,
  type TelegramDeliveryReport,
  botOf,
  LEASE_MS,
  MAX_ATTEMPTS,
  BATCH,
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

/**
 * One Telegram delivery run: claims due rows with a lease in this worker's name (FOR UPDATE SKIP LOCKED, so
 * workers never share a row), renews each row's claim right before sending it (a row another worker took
 * over after a slow batch is left to that worker), and marks it sent at once. A row marked sent is never sent
 * again. The rows of a worker that died are taken over as soon as its heartbeat expires (scale_workers), not
 * after the lease. The one window left: a process that dies after Telegram accepted a message and before the
 * mark commits (a millisecond or two) has its row sent again; the Bot API has no idempotency key to close it.
 */
export async function deliver(d: AlertsDeps): Promise<TelegramDeliveryReport> {
  const { ctx, telegram, claimant } = d;
  const report: TelegramDeliveryReport = { sent: 0, failed: 0, retried: 0 };
  if (!telegram) return report;
  await tgOutbox.failExhausted(ctx.pool, ctx.clock.now(), MAX_ATTEMPTS);
  for (;;) {
    const claimed = await tgOutbox.claimTelegram(ctx.pool, ctx.clock.now(), LEASE_MS, BATCH, MAX_ATTEMPTS, claimant);
    if (claimed.length === 0) return report;
    for (const m of claimed) {
      const bot = botOf(m.source);
      if (m.chatId === null || !telegram.available(bot)) {
        await tgOutbox.markTelegramFailed(ctx.pool, m.id, "no linked Telegram chat", true, null, claimant);
        report.failed += 1;
        continue;
      }
      // A batch that took longer than the lease (slow answers) may have lost a row to another worker:
      // each row's claim is renewed, and checked still ours, right before its message goes out.
      if (!(await tgOutbox.renewClaim(ctx.pool, m.id, claimant, new Date(ctx.clock.now().getTime() + LEASE_MS))))
        continue;
      try {
        const message = await render(d, m);
        const sent = await telegram.sendMessage(bot, m.chatId, message.html, { html: true });
        await tgOutbox.markTelegramSent(ctx.pool, m.id, sent.messageId, ctx.clock.now());
        report.sent += 1;
      } catch (error) {
        const e =
          error instanceof TelegramError
            ? error
            : new TelegramError(error instanceof Error ? error.message : String(error), false, false);
        if (e.chatGone) await tg.unlinkChatId(ctx.pool, bot, m.chatId);
        const backoffMs =
          e.retryAfterSeconds !== null ? e.retryAfterSeconds * 1000 : 10_000 * 2 ** Math.min(m.attempts, 8);
        const permanent = e.permanent || m.attempts >= MAX_ATTEMPTS;
        await tgOutbox.markTelegramFailed(
          ctx.pool,
          m.id,
          e.message,
          permanent,
          permanent ? null : new Date(ctx.clock.now().getTime() + backoffMs),
          claimant,
        );
        if (permanent) report.failed += 1;
        else report.retried += 1;
      }
    }
    if (claimed.length < BATCH) return report;
  }
}
