import type { AlertContent } from "../../domain/alerts/content.ts";
import type { PoolClient } from "../../db/client.ts";
import { inTransaction } from "../../db/client.ts";
import * as q from "../../db/queries/alerts.ts";
import * as tg from "../../db/queries/telegram-chats.ts";
import { enqueue } from "../../db/queries/push.ts";
import { filterFigures } from "../../domain/alerts/figures.ts";
import { currentSubscription } from "../../db/queries/premium.ts";
import { accessOf } from "../../domain/premium/access.ts";
import { liveNotificationAllowed } from "../../domain/premium/limits.ts";
import { dayRange, localDate } from "../../domain/time/zones.ts";
import { renderAlert } from "../alert-messages.ts";
import { ServiceError } from "../errors.ts";

import {
  type AlertsDeps,
  type RecordPickInput,
  type RecordPickResult,
  botOf,
  RecordPickSchema,
  settingsOf,
  localeOf,
  zoneOf,
} from "./shared.ts";

export const telegramEnabled = (source: string, r: q.Recipient) =>
  source === "live"
    ? r.telegramNotificationsEnabled
    : source === "prematch"
      ? r.telegramPreMatchNotificationsEnabled
      : r.valueBetNotificationsEnabled;

/**
 * SPEC §8: 5 live alerts a day for free users, the day of their time zone: "allowed", else "notice" (the day's
 * one notice is due) or "noticed" (it was sent: nothing more today).
 */
async function freeLiveLimit(client: PoolClient, r: q.Recipient, now: Date): Promise<"allowed" | "notice" | "noticed"> {
  const from = dayRange(localDate(now.getTime(), zoneOf(r.timezone)), zoneOf(r.timezone)).from;
  // Read on the transaction's own connection: a pool connection here could wait on the pool forever.
  const userAccess = accessOf(true, await currentSubscription(client, r.id), now);
  if (liveNotificationAllowed(userAccess, await q.alertsSentSince(client, r.id, "live", from))) return "allowed";
  return (await q.limitNoticeSince(client, r.id, "live", from)) ? "noticed" : "notice";
}

/** The Web Push rows of an alert for a recipient who gets it without Telegram (one per browser subscribed). */
async function pushesFor(
  client: PoolClient,
  r: q.Recipient,
  input: RecordPickInput,
  content: AlertContent,
  pickId: number,
  kind: "alert" | "limit",
): Promise<Parameters<typeof enqueue>[1]> {
  const out: Parameters<typeof enqueue>[1] = [];
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
      settings: settingsOf(await q.filterSettings(client, r.id, input.source === "prematch" ? "prematch" : "live")),
    },
  );
  for (const subscriptionId of await q.pushSubscriptionIds(client, r.id)) {
    out.push({
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
  return out;
}

export async function write(d: AlertsDeps, client: PoolClient, input: RecordPickInput): Promise<RecordPickResult> {
  const { ctx, telegram } = d;
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
      const limit = await freeLiveLimit(client, r, now);
      if (limit !== "allowed") {
        limited += 1;
        if (limit === "noticed") continue;
        kind = "limit";
      }
    }
    if (kind === "alert") notified += 1;
    const bot = botOf(input.source);
    const chats =
      telegram?.available(bot) && telegramEnabled(input.source, r) ? await tg.telegramChatsOf(client, r.id) : [];
    if (chats.some((c) => c.bot === bot)) {
      rows.push({ pickId, userId: r.id, channel: "telegram", kind, sent: false, createdAt: now });
    } else {
      pushes.push(...(await pushesFor(client, r, input, content, pickId, kind)));
    }
    rows.push({ pickId, userId: r.id, channel: "inapp", kind, sent: true, createdAt: now });
  }
  await q.insertOutbox(client, rows);
  await enqueue(client, pushes);
  const delivery = notified === 0 && limited > 0 ? "limit" : "sent";
  if (delivery === "limit") await q.setPickDelivery(client, pickId, "limit");
  return { pickId, created: true, delivery, notified };
}

/**
 * Records a pick and what it sends, in one transaction: `client` to join the caller's transaction (its
 * commit then decides), else a transaction of its own. Safe to call twice for the same pick, at once or
 * after a restart: the second call writes nothing and answers `created: false`.
 */
export async function recordPick(
  d: AlertsDeps,
  input: RecordPickInput,
  options: { client?: PoolClient } = {},
): Promise<RecordPickResult> {
  const { ctx } = d;
  const parsed = RecordPickSchema.safeParse(input);
  if (!parsed.success)
    throw new ServiceError(400, "alerts.invalidPick", {
      pick: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
    });
  if (options.client) return write(d, options.client, input);
  return inTransaction(ctx.pool, (client) => write(d, client, input));
}
