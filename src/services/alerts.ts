/**
 * Alerts shared by the live scanner, the pre-match scanner and the value-bet and trend bots.
 *
 * Entry points (services.alerts):
 * - recordPick(input, { client? }): writes the pick and its outbox rows in one transaction (the caller's, when
 *   it passes `client`). Once-only: the database's unique key (source, filterId, fixtureId, selection) makes a
 *   second call a no-op (`created: false`), also across processes and restarts. Muted filters record the pick
 *   and send nothing; a free user's 6th live alert of the day is recorded but not sent (one notice instead).
 * - deliver(): one run of the Telegram delivery (the job calls it every few seconds).
 * - grade(): judges the pending picks of ended matches won, lost or void.
 * - figures / history / clearHistory: a filter's figures (SPEC §3) and picks.
 * - telegram: deep links, /start linking, polling; inbox: in-app notifications.
 */
import { isCalendarDay } from "../domain/time/calendar-day.ts";
import type { PoolClient } from "../db/client.ts";
import { z } from "zod";
import type { BotName } from "../data/telegram/sender.ts";
import { deepLink, isBotName, TelegramError } from "../data/telegram/sender.ts";
import { inTransaction } from "../db/client.ts";
import * as q from "../db/queries/alerts.ts";
import { enqueue } from "../db/queries/push.ts";
import {
  ALERT_SOURCES,
  type AlertContent,
  type AlertSource,
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_FIELDS,
  type NotificationSettings,
} from "../domain/alerts/content.ts";
import { type FilterFigures, filterFigures } from "../domain/alerts/figures.ts";
import { type PickStatus, type Side, gradeOf, judgeOutcome } from "../domain/alerts/grading.ts";
import { currentSubscription } from "../db/queries/premium.ts";
import { accessOf } from "../domain/premium/access.ts";
import { liveNotificationAllowed } from "../domain/premium/limits.ts";
import { MATCH_SPAN_MIN, matchState } from "../domain/replay/match-state.ts";
import { addDays, dayRange, isValidTimeZone, localDate } from "../domain/time/zones.ts";
import { DEFAULT_LOCALE, type Locale, isLocale } from "../i18n/locales.ts";
import { translate } from "../i18n/messages.server.ts";
import { type RenderedAlert, renderAlert } from "./alert-messages.ts";
import { alertsWorkbook } from "./alert-report.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError } from "./errors.ts";
import { hashToken, newToken } from "./tokens.ts";

export type { AlertContent, AlertSource } from "../domain/alerts/content.ts";

export interface RecordPickInput {
  source: AlertSource;
  /** the source's filter id (live or pre-match filter; the bots number their own) */
  filterId: number;
  fixtureId: number;
  /** scanners: the filter's owner, who gets the alert */
  userId?: number;
  /** bots: everyone who gets it (the owner is not added twice) */
  recipients?: number[];
  /** '' for the scanners; the bots' market selection, so one fixture may carry several picks */
  selection?: string;
  /** the filter's name, or the bot's label */
  filterName: string;
  /** the SPEC §3 desired outcome (home, favorite_wins_ht…) or a market selection (1, X2, O25, GG) that grading judges */
  outcome: string;
  /** the favourite by pre-match odds (favourite/underdog outcomes); favouriteOf() of the domain finds it */
  favourite?: Side | null;
  /** the odd at notification; null when the market has none */
  odds: number | null;
  /** a muted filter records its picks and sends nothing */
  muted?: boolean;
  /** what the message shows (AlertContent of src/domain/alerts/content.ts) */
  content: AlertContent;
}

export interface RecordPickResult {
  pickId: number;
  /** false: this (source, filter, fixture, selection) had alerted before; nothing was written */
  created: boolean;
  delivery: "sent" | "muted" | "limit";
  /** recipients the alert goes to (0 when muted or over the free limit) */
  notified: number;
}

export interface TelegramDeliveryReport {
  sent: number;
  failed: number;
  retried: number;
}

/** The bot that speaks for a source: the trend bot shares the value-bet bot. */
export function botOf(source: string): BotName {
  return source === "live" ? "live" : source === "prematch" ? "prematch" : "valuebet";
}

const SOURCES = new Set<string>(ALERT_SOURCES);
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 6;
const BATCH = 25;
const LINK_TOKEN_HOURS = 24;
/** Picks whose match has no score this long after kick-off are void (abandoned, or the data has none). */
const VOID_AFTER_MS = 3 * 86_400_000;

const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const RecordPickSchema = z.object({
  source: z.enum(ALERT_SOURCES),
  filterId: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  fixtureId: id,
  userId: id.optional(),
  recipients: z.array(id).max(100_000).optional(),
  selection: z.string().max(40).optional(),
  filterName: z.string().min(1).max(200),
  outcome: z.string().min(1).max(40),
  favourite: z.enum(["home", "away"]).nullable().optional(),
  odds: z.number().gt(1).lt(10_000).nullable(),
  muted: z.boolean().optional(),
  content: z.looseObject({ home: z.string(), away: z.string(), kickoff: z.string() }),
});

export function settingsOf(stored: Record<string, unknown> | null): NotificationSettings {
  const out = { ...DEFAULT_NOTIFICATION_SETTINGS };
  if (stored) for (const f of NOTIFICATION_FIELDS) if (typeof stored[f] === "boolean") out[f] = stored[f] as boolean;
  return out;
}

const localeOf = (code: string): Locale => (isLocale(code) ? code : DEFAULT_LOCALE);
const zoneOf = (tz: string | null) => (tz && isValidTimeZone(tz) ? tz : "UTC");

export function createAlertsService(ctx: ServiceContext, instance: { id: string } = { id: newToken() }) {
  const telegram = ctx.telegram ?? null;
  /** whose claims this process's delivery makes (a worker's id: its death frees its claims at once) */
  const claimant = instance.id;

  const telegramEnabled = (source: string, r: q.Recipient) =>
    source === "live"
      ? r.telegramNotificationsEnabled
      : source === "prematch"
        ? r.telegramPreMatchNotificationsEnabled
        : r.valueBetNotificationsEnabled;

  async function write(client: PoolClient, input: RecordPickInput): Promise<RecordPickResult> {
    const now = ctx.clock.now();
    const selection = input.selection ?? "";
    const recipientIds = [...new Set([...(input.userId ? [input.userId] : []), ...(input.recipients ?? [])])];
    // Figures before this pick, for the scanners' messages.
    let content = input.content;
    if (input.source === "live" || input.source === "prematch") {
      const f = filterFigures(await q.gradesOfFilters(client, input.source, [input.filterId]));
      content = { ...content, figures: { picks: f.picks, successRate: f.successRate, roi: f.roi } };
    }
    const pickId = await q.insertPick(client, {
      source: input.source,
      filterId: input.filterId,
      fixtureId: input.fixtureId,
      selection,
      userId: input.userId ?? null,
      filterName: input.filterName,
      outcome: input.outcome,
      favourite: input.favourite ?? null,
      odds: input.odds,
      content,
      delivery: input.muted ? "muted" : "sent",
      createdAt: now,
    });
    if (pickId === null) {
      const existing = (await q.pickId(client, input.source, input.filterId, input.fixtureId, selection))!;
      return { pickId: existing, created: false, delivery: "sent", notified: 0 };
    }
    if (input.muted || recipientIds.length === 0)
      return { pickId, created: true, delivery: input.muted ? "muted" : "sent", notified: 0 };

    const recipients = await q.lockRecipients(client, recipientIds);
    const rows: q.OutboxInsert[] = [];
    const pushes: Parameters<typeof enqueue>[1] = [];
    let notified = 0;
    let limited = 0;
    for (const r of recipients) {
      let kind: "alert" | "limit" = "alert";
      if (input.source === "live") {
        // SPEC §8: 5 live alerts a day for free users, the day of their time zone.
        const from = dayRange(localDate(now.getTime(), zoneOf(r.timezone)), zoneOf(r.timezone)).from;
        // Read on the transaction's own connection: a pool connection here could wait on the pool forever.
        const userAccess = accessOf(true, await currentSubscription(client, r.id), now);
        if (!liveNotificationAllowed(userAccess, await q.alertsSentSince(client, r.id, "live", from))) {
          limited += 1;
          if (await q.limitNoticeSince(client, r.id, "live", from)) continue;
          kind = "limit";
        }
      }
      if (kind === "alert") notified += 1;
      const bot = botOf(input.source);
      const chats =
        telegram?.available(bot) && telegramEnabled(input.source, r) ? await q.telegramChatsOf(client, r.id) : [];
      if (chats.some((c) => c.bot === bot)) {
        rows.push({ pickId, userId: r.id, channel: "telegram", kind, sent: false, createdAt: now });
      } else {
        const message = renderAlert(
          {
            source: input.source,
            kind,
            fixtureId: input.fixtureId,
            filterName: input.filterName,
            outcome: input.outcome,
            odds: input.odds,
            content,
          },
          {
            locale: localeOf(r.languageCode),
            timeZone: r.timezone,
            settings: settingsOf(
              await q.filterSettings(client, r.id, input.source === "prematch" ? "prematch" : "live"),
            ),
          },
        );
        for (const subscriptionId of await q.pushSubscriptionIds(client, r.id)) {
          pushes.push({
            subscriptionId,
            fixtureId: input.fixtureId,
            eventKey: `alert-${pickId}-${kind}`,
            payload: {
              title: message.title,
              body: message.lines.join("\n"),
              tag: `alert-${pickId}`,
              url: message.url,
              fixtureId: input.fixtureId,
              event: `alert-${kind}`,
            },
          });
        }
      }
      rows.push({ pickId, userId: r.id, channel: "inapp", kind, sent: true, createdAt: now });
    }
    await q.insertOutbox(client, rows);
    await enqueue(client, pushes);
    const delivery = notified === 0 && limited > 0 ? "limit" : "sent";
    if (delivery === "limit") await q.setPickDelivery(client, pickId, "limit");
    return { pickId, created: true, delivery, notified };
  }

  const render = async (m: q.ClaimedMessage): Promise<RenderedAlert> => {
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
  };

  return {
    /**
     * Records a pick and what it sends, in one transaction: `client` to join the caller's transaction (its
     * commit then decides), else a transaction of its own. Safe to call twice for the same pick, at once or
     * after a restart: the second call writes nothing and answers `created: false`.
     */
    async recordPick(input: RecordPickInput, options: { client?: PoolClient } = {}): Promise<RecordPickResult> {
      const parsed = RecordPickSchema.safeParse(input);
      if (!parsed.success)
        throw new ServiceError(400, "alerts.invalidPick", {
          pick: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
        });
      if (options.client) return write(options.client, input);
      return inTransaction(ctx.pool, (client) => write(client, input));
    },

    /**
     * One Telegram delivery run: claims due rows with a lease in this worker's name (FOR UPDATE SKIP LOCKED, so
     * workers never share a row), renews each row's claim right before sending it (a row another worker took
     * over after a slow batch is left to that worker), and marks it sent at once. A row marked sent is never sent
     * again. The rows of a worker that died are taken over as soon as its heartbeat expires (scale_workers), not
     * after the lease. The one window left: a process that dies after Telegram accepted a message and before the
     * mark commits (a millisecond or two) has its row sent again; the Bot API has no idempotency key to close it.
     */
    async deliver(): Promise<TelegramDeliveryReport> {
      const report: TelegramDeliveryReport = { sent: 0, failed: 0, retried: 0 };
      if (!telegram) return report;
      await q.failExhausted(ctx.pool, ctx.clock.now(), MAX_ATTEMPTS);
      for (;;) {
        const claimed = await q.claimTelegram(ctx.pool, ctx.clock.now(), LEASE_MS, BATCH, MAX_ATTEMPTS, claimant);
        if (claimed.length === 0) return report;
        for (const m of claimed) {
          const bot = botOf(m.source);
          if (m.chatId === null || !telegram.available(bot)) {
            await q.markTelegramFailed(ctx.pool, m.id, "no linked Telegram chat", true, null, claimant);
            report.failed += 1;
            continue;
          }
          // A batch that took longer than the lease (slow answers) may have lost a row to another worker:
          // each row's claim is renewed, and checked still ours, right before its message goes out.
          if (!(await q.renewClaim(ctx.pool, m.id, claimant, new Date(ctx.clock.now().getTime() + LEASE_MS)))) continue;
          try {
            const message = await render(m);
            const sent = await telegram.sendMessage(bot, m.chatId, message.html, { html: true });
            await q.markTelegramSent(ctx.pool, m.id, sent.messageId, ctx.clock.now());
            report.sent += 1;
          } catch (error) {
            const e =
              error instanceof TelegramError
                ? error
                : new TelegramError(error instanceof Error ? error.message : String(error), false, false);
            if (e.chatGone) await q.unlinkChatId(ctx.pool, bot, m.chatId);
            const backoffMs =
              e.retryAfterSeconds !== null ? e.retryAfterSeconds * 1000 : 10_000 * 2 ** Math.min(m.attempts, 8);
            const permanent = e.permanent || m.attempts >= MAX_ATTEMPTS;
            await q.markTelegramFailed(
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
    },

    /**
     * Judges the pending picks of ended matches (the job calls it every few minutes): won, lost or void by the
     * desired outcome against the final (or half-time) score. Figures follow, since they are read from picks.
     */
    async grade(): Promise<{ graded: number }> {
      const now = ctx.clock.now();
      let graded = 0;
      let last = -1;
      for (;;) {
        const rows = (await q.pendingGrades(ctx.pool, new Date(now.getTime() - MATCH_SPAN_MIN * 60_000), 500)).filter(
          (r) => r.id > last,
        );
        if (rows.length === 0) return { graded };
        last = rows[rows.length - 1]!.id;
        const grades: Array<{ id: number; status: PickStatus }> = [];
        for (const r of rows) {
          const ended = matchState(r.fixtureId, r.kickoff.getTime(), now.getTime(), r).status === "finished";
          const noScore = r.ftHome === null || r.ftAway === null;
          if (!ended) continue;
          if (noScore && now.getTime() - r.kickoff.getTime() < VOID_AFTER_MS) continue;
          grades.push({ id: r.id, status: gradeOf(judgeOutcome(r.outcome, r, r.favourite)) });
        }
        await q.setGrades(ctx.pool, grades, now);
        graded += grades.length;
        if (rows.length < 500) return { graded };
      }
    },

    /** SPEC §3 result figures of filters (picks, success rate, mean odds, ROI, score), by filter id. */
    async figures(source: AlertSource, filterIds: number[]): Promise<Map<number, FilterFigures>> {
      const byFilter = new Map<number, Array<{ status: PickStatus; odds: number | null }>>(
        filterIds.map((f) => [f, []]),
      );
      for (const row of await q.gradesOfFilters(ctx.pool, source, filterIds)) byFilter.get(row.filterId)?.push(row);
      return new Map([...byFilter].map(([f, picks]) => [f, filterFigures(picks)]));
    },

    /** A filter's picks, newest first (its history page). */
    history(source: AlertSource, filterId: number) {
      return q.picksOfFilter(ctx.pool, source, filterId);
    },

    /**
     * Clears a filter's history, or one pick of it: out of history and figures. The picks stay behind the
     * once-only key, so a cleared fixture does not alert again.
     */
    clearHistory(source: AlertSource, filterId: number, pickId: number | null = null): Promise<number> {
      return q.clearPicks(ctx.pool, source, filterId, pickId, ctx.clock.now());
    },

    /** The .xlsx of a user's alerts of one local day (YYYY-MM-DD in the user's zone). */
    async dailyReport(
      user: { id: number; languageCode: string; timezone: string | null },
      day: string,
    ): Promise<{ name: string; data: Buffer; alerts: number }> {
      // A day that exists (2026-02-30 does not): never a workbook for an impossible date.
      if (typeof day !== "string" || !isCalendarDay(day)) throw new ServiceError(400, "alerts.reportDay");
      const zone = zoneOf(user.timezone);
      const { from, to } = dayRange(day, zone);
      const rows = await q.alertsBetween(ctx.pool, user.id, from, to);
      return {
        name: `pitchlab-alerts-${day}.xlsx`,
        data: await alertsWorkbook(rows, localeOf(user.languageCode), zone),
        alerts: rows.length,
      };
    },

    /**
     * After midnight in each user's zone, yesterday's alerts as an .xlsx Telegram document (live bot, else the
     * pre-match bot). A day is reserved before it is sent, so two runs never send it twice; a failed send
     * frees it for the next run. Users without Telegram download it from the history page instead.
     */
    async sendDailyReports(): Promise<{ sent: number; failed: number }> {
      const out = { sent: 0, failed: 0 };
      if (!telegram) return out;
      const now = ctx.clock.now();
      for (const u of await q.usersWithAlertsSince(ctx.pool, new Date(now.getTime() - 2 * 86_400_000))) {
        const zone = zoneOf(u.timezone);
        const day = addDays(localDate(now.getTime(), zone), -1);
        const chat = (await q.telegramChatsOf(ctx.pool, u.userId)).find(
          (c) => (c.bot === "live" || c.bot === "prematch") && telegram.available(c.bot as BotName),
        );
        if (!chat) continue;
        const { from, to } = dayRange(day, zone);
        const rows = await q.alertsBetween(ctx.pool, u.userId, from, to);
        if (rows.length === 0 || !(await q.reserveReport(ctx.pool, u.userId, day, rows.length, now))) continue;
        const locale = localeOf(u.languageCode);
        try {
          const data = await alertsWorkbook(rows, locale, zone);
          await telegram.sendDocument(
            chat.bot as BotName,
            chat.chatId,
            { name: `pitchlab-alerts-${day}.xlsx`, data },
            translate(locale, "alerts.telegram.reportCaption", { day }),
          );
          await q.markReportSent(ctx.pool, u.userId, day);
          out.sent += 1;
        } catch {
          await q.releaseReport(ctx.pool, u.userId, day);
          out.failed += 1;
        }
      }
      return out;
    },

    telegram: {
      /** Whether Telegram can be linked here, and how: the real Bot API, the offline store, or not at all. */
      mode(): "bot-api" | "offline" | "off" {
        return telegram?.mode ?? "off";
      },

      /** The user's linked chats and a fresh t.me deep link per available bot (24 h, one use). */
      async links(user: { id: number }) {
        const chats = await q.telegramChatsOf(ctx.pool, user.id);
        const now = ctx.clock.now();
        const out: Array<{
          bot: BotName;
          available: boolean;
          linked: boolean;
          username: string | null;
          linkedAt: string | null;
          link: string | null;
        }> = [];
        for (const bot of ["live", "prematch", "valuebet"] as const) {
          const chat = chats.find((c) => c.bot === bot) ?? null;
          const available = telegram?.available(bot) ?? false;
          let link: string | null = null;
          if (available) {
            const token = newToken();
            // A new link revokes the bot's earlier one: one valid token per user and bot, however often this is asked.
            await inTransaction(ctx.pool, (tx) =>
              q.insertLinkToken(tx, {
                tokenHash: hashToken(token),
                userId: user.id,
                bot,
                expiresAt: new Date(now.getTime() + LINK_TOKEN_HOURS * 3_600_000),
              }),
            );
            link = deepLink(await telegram!.username(bot), token);
          }
          out.push({
            bot,
            available,
            linked: chat !== null,
            username: chat?.username ?? null,
            linkedAt: chat?.linkedAt.toISOString() ?? null,
            link,
          });
        }
        return out;
      },

      /**
       * A /start <token> received by a bot: links the chat to the token's user and turns that bot's alerts on.
       * Answers the text the bot replies with (in the user's language when linked).
       */
      async handleStart(start: {
        bot: string;
        chatId: number;
        username: string | null;
        payload: string;
      }): Promise<{ linked: boolean; userId: number | null; reply: string }> {
        if (!isBotName(start.bot) || !Number.isSafeInteger(start.chatId))
          throw new ServiceError(400, "alerts.invalidStart");
        const now = ctx.clock.now();
        const userId = start.payload ? await q.takeLinkToken(ctx.pool, hashToken(start.payload), start.bot, now) : null;
        if (userId === null)
          return { linked: false, userId: null, reply: translate(DEFAULT_LOCALE, "alerts.telegram.startInvalid") };
        const language = await inTransaction(ctx.pool, async (client) => {
          await q.linkChat(client, { userId, bot: start.bot, chatId: start.chatId, username: start.username, at: now });
          await q.enableTelegramFor(client, userId, start.bot, start.username);
          const [r] = await q.lockRecipients(client, [userId]);
          return r?.languageCode ?? DEFAULT_LOCALE;
        });
        return { linked: true, userId, reply: translate(localeOf(language), `alerts.telegram.linked.${start.bot}`) };
      },

      /** A /start as a chat sends it: linked or not, the bot answers in the chat (the offline store keeps it). */
      async receiveStart(start: { bot: BotName; chatId: number; username: string | null; payload: string }) {
        const result = await this.handleStart(start);
        if (telegram?.available(start.bot)) await telegram.sendMessage(start.bot, start.chatId, result.reply);
        return result;
      },

      async unlink(user: { id: number }, bot: string): Promise<{ removed: number }> {
        if (!isBotName(bot)) throw new ServiceError(400, "alerts.unknownBot");
        return { removed: await q.unlinkChat(ctx.pool, user.id, bot) };
      },

      /** Whether a bot reads its updates by long polling here (a real bot with a token). */
      pollable(bot: BotName): boolean {
        return telegram?.mode === "bot-api" && telegram.available(bot);
      },

      /** One long poll per bot with a token (the job loops on it); offline, /start comes from the dev page. */
      async poll(bot: BotName, timeoutSeconds: number): Promise<number> {
        if (telegram?.mode !== "bot-api" || !telegram.available(bot)) return 0;
        return telegram.pollUpdates(bot, async (start) => (await this.handleStart(start)).reply, timeoutSeconds);
      },
    },

    inbox: {
      async list(
        user: { id: number; languageCode: string; timezone: string | null },
        options: { limit?: number; before?: number | null } = {},
      ) {
        const locale = localeOf(user.languageCode);
        const rows = await q.inbox(
          ctx.pool,
          user.id,
          Math.min(Math.max(options.limit ?? 30, 1), 100),
          options.before ?? null,
        );
        const live = settingsOf(await q.filterSettings(ctx.pool, user.id, "live"));
        const prematch = settingsOf(await q.filterSettings(ctx.pool, user.id, "prematch"));
        return {
          unread: await q.unreadCount(ctx.pool, user.id),
          items: rows.map((r) => {
            const m = renderAlert(
              {
                source: r.source,
                kind: r.kind,
                fixtureId: r.fixtureId,
                filterName: r.filterName,
                outcome: r.outcome,
                odds: r.odds,
                content: r.content,
              },
              { locale, timeZone: user.timezone, settings: r.source === "prematch" ? prematch : live },
            );
            return {
              id: r.id,
              source: r.source as AlertSource,
              kind: r.kind,
              status: r.status,
              read: r.readAt !== null,
              createdAt: r.createdAt.toISOString(),
              title: m.title,
              lines: m.lines,
              url: m.url,
            };
          }),
        };
      },
      unread: (user: { id: number }) => q.unreadCount(ctx.pool, user.id),
      markRead: (user: { id: number }, itemId: number | null = null) =>
        q.markRead(ctx.pool, user.id, ctx.clock.now(), itemId),
    },

    isSource: (value: unknown): value is AlertSource => typeof value === "string" && SOURCES.has(value),
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
