import { isCalendarDay } from "../../domain/time/calendar-day.ts";
import type { BotName } from "../../data/telegram/sender.ts";
import * as q from "../../db/queries/alerts.ts";
import * as tg from "../../db/queries/telegram-chats.ts";
import { addDays, dayRange, localDate } from "../../domain/time/zones.ts";
import { translate } from "../../i18n/messages.server.ts";
import { alertsWorkbook } from "../alert-report.ts";
import { ServiceError } from "../errors.ts";

import { type AlertsDeps, localeOf, zoneOf } from "./shared.ts";

/** The .xlsx of a user's alerts of one local day (YYYY-MM-DD in the user's zone). */
export async function dailyReport(
  d: AlertsDeps,
  user: { id: number; languageCode: string; timezone: string | null },
  day: string,
): Promise<{ name: string; data: Buffer; alerts: number }> {
  const { ctx } = d;
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
}

/**
 * After midnight in each user's zone, yesterday's alerts as an .xlsx Telegram document (live bot, else the
 * pre-match bot). A day is reserved before it is sent, so two runs never send it twice; a failed send
 * frees it for the next run. Users without Telegram download it from the history page instead.
 */
export async function sendDailyReports(d: AlertsDeps): Promise<{ sent: number; failed: number }> {
  const { ctx, telegram } = d;
  const out = { sent: 0, failed: 0 };
  if (!telegram) return out;
  const now = ctx.clock.now();
  for (const u of await q.usersWithAlertsSince(ctx.pool, new Date(now.getTime() - 2 * 86_400_000))) {
    const zone = zoneOf(u.timezone);
    const day = addDays(localDate(now.getTime(), zone), -1);
    const chat = (await tg.telegramChatsOf(ctx.pool, u.userId)).find(
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
}
