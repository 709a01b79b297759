import type { PoolClient } from "../../db/client.ts";
import * as batch from "../../db/queries/alert-batches.ts";
import * as q from "../../db/queries/alerts.ts";
import { currentSubscriptions } from "../../db/queries/premium.ts";
import { enqueue } from "../../db/queries/push.ts";
import type { AlertContent } from "../../domain/alerts/content.ts";
import { accessOf } from "../../domain/premium/access.ts";
import { liveNotificationAllowed } from "../../domain/premium/limits.ts";
import { dayRange, localDate } from "../../domain/time/zones.ts";
import { renderAlert } from "../alert-messages.ts";
import { type AlertsDeps, type RecordPickInput, botOf, localeOf, settingsOf, zoneOf } from "./shared.ts";

/** A pick this batch wrote, with what its messages show. */
export interface CreatedPick {
  input: RecordPickInput;
  content: AlertContent;
  pickId: number;
}

type Pushes = Parameters<typeof enqueue>[1];

const telegramEnabled = (source: string, r: q.Recipient) =>
  source === "live"
    ? r.telegramNotificationsEnabled
    : source === "prematch"
      ? r.telegramPreMatchNotificationsEnabled
      : r.valueBetNotificationsEnabled;

export const recipientIdsOf = (input: RecordPickInput) => [
  ...new Set([...(input.userId ? [input.userId] : []), ...(input.recipients ?? [])]),
];

/**
 * SPEC §8, 5 live alerts a day for free users, the day of their time zone. Read once per user for the whole
 * batch and counted on in memory, pick after pick, exactly as one transaction per pick would have read it.
 */
async function liveLimits(client: PoolClient, recipients: q.Recipient[], now: Date) {
  const ids = recipients.map((r) => r.id);
  const subscriptions = new Map((await currentSubscriptions(client, ids)).map((s) => [s.userId, s]));
  const from = recipients.map((r) => ({
    userId: r.id,
    from: dayRange(localDate(now.getTime(), zoneOf(r.timezone)), zoneOf(r.timezone)).from,
  }));
  const counts = await batch.dailyCounts(client, "live", from);
  const state = new Map(counts.map((c) => [c.userId, { ...c }]));
  return (userId: number): "allowed" | "notice" | "noticed" => {
    const s = state.get(userId)!;
    if (liveNotificationAllowed(accessOf(true, subscriptions.get(userId) ?? null, now), s.sent)) {
      s.sent += 1;
      return "allowed";
    }
    if (s.noticed) return "noticed";
    s.noticed = true;
    return "notice";
  };
}

/** Read once per user (and filter type) for the whole batch, however many of its picks the user gets. */
function perUser(client: PoolClient) {
  const subscriptions = new Map<number, Promise<number[]>>();
  const settings = new Map<string, Promise<Record<string, unknown> | null>>();
  const once = <K, V>(map: Map<K, Promise<V>>, key: K, read: () => Promise<V>) => {
    const found = map.get(key);
    if (found) return found;
    const reading = read();
    map.set(key, reading);
    return reading;
  };
  return {
    subscriptions: (userId: number) => once(subscriptions, userId, () => q.pushSubscriptionIds(client, userId)),
    settings: (userId: number, type: string) =>
      once(settings, `${userId}:${type}`, () => q.filterSettings(client, userId, type)),
  };
}

/** The Web Push rows of an alert for a recipient who gets it without Telegram (one per browser subscribed). */
async function pushesFor(
  users: ReturnType<typeof perUser>,
  r: q.Recipient,
  pick: CreatedPick,
  kind: "alert" | "limit",
) {
  const { input, content, pickId } = pick;
  const subscriptions = await users.subscriptions(r.id);
  if (subscriptions.length === 0) return [];
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
      settings: settingsOf(await users.settings(r.id, input.source === "prematch" ? "prematch" : "live")),
    },
  );
  return subscriptions.map((subscriptionId) => ({
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
  }));
}

/**
 * The outbox rows of the batch's new picks for their recipients (Telegram where the user linked the source's
 * bot and wants it, else Web Push; in-app for everyone), one insert per outbox for the whole batch. Answers each
 * pick's delivery and how many recipients it reaches.
 */
export async function notify(
  d: AlertsDeps,
  client: PoolClient,
  created: CreatedPick[],
  now: Date,
): Promise<Map<number, { delivery: "sent" | "limit"; notified: number }>> {
  const out = new Map<number, { delivery: "sent" | "limit"; notified: number }>();
  const sending = created.filter((c) => !c.input.muted && recipientIdsOf(c.input).length > 0);
  if (sending.length === 0) return out;
  // Locked in id order, once for the batch: no two batches wait on each other in a circle.
  const locked = await q.lockRecipients(client, [...new Set(sending.flatMap((c) => recipientIdsOf(c.input)))]);
  const recipients = new Map(locked.map((r) => [r.id, r]));
  const liveIds = new Set(sending.filter((c) => c.input.source === "live").flatMap((c) => recipientIdsOf(c.input)));
  const limit = await liveLimits(
    client,
    locked.filter((r) => liveIds.has(r.id)),
    now,
  );
  const linked = new Set((await batch.linkedBots(client, [...recipients.keys()])).map((l) => `${l.userId}:${l.bot}`));
  const rows: q.OutboxInsert[] = [];
  const pushes: Pushes = [];
  const users = perUser(client);
  for (const pick of sending) {
    const bot = botOf(pick.input.source);
    let notified = 0;
    let limited = 0;
    for (const id of recipientIdsOf(pick.input).sort((a, b) => a - b)) {
      const r = recipients.get(id);
      if (!r) continue;
      let kind: "alert" | "limit" = "alert";
      const allowed = pick.input.source === "live" ? limit(r.id) : "allowed";
      if (allowed !== "allowed") {
        limited += 1;
        if (allowed === "noticed") continue;
        kind = "limit";
      }
      if (kind === "alert") notified += 1;
      const row = { pickId: pick.pickId, userId: r.id, kind, createdAt: now };
      if (d.telegram?.available(bot) && telegramEnabled(pick.input.source, r) && linked.has(`${r.id}:${bot}`))
        rows.push({ ...row, channel: "telegram", sent: false });
      else pushes.push(...(await pushesFor(users, r, pick, kind)));
      rows.push({ ...row, channel: "inapp", sent: true });
    }
    out.set(pick.pickId, { delivery: notified === 0 && limited > 0 ? "limit" : "sent", notified });
  }
  await q.insertOutbox(client, rows);
  await enqueue(client, pushes);
  await batch.setPicksLimited(
    client,
    [...out].filter(([, v]) => v.delivery === "limit").map(([id]) => id),
  );
  return out;
}
