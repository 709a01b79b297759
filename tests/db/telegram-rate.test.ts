import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { createTelegram } from "../../src/data/telegram/index.ts";
import type { TelegramSender } from "../../src/data/telegram/sender.ts";
import * as tg from "../../src/db/queries/telegram-chats.ts";
import * as tgOutbox from "../../src/db/queries/telegram-outbox.ts";
import { type RecordPickInput, createAlertsService } from "../../src/services/alerts.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";
import { startBotApi } from "../support/telegram-api.ts";

/**
 * Telegram delivery within Telegram's limits, on a driven clock (the delivery's waits advance it; nothing waits
 * for real): 30 messages a second per bot, a second between two messages to one chat, each chat's order kept,
 * and a 429's retry_after honoured with the message sent later, once.
 */

let db: TestDatabase;
let botApi: Awaited<ReturnType<typeof startBotApi>>;
let fixtureId: number;
let users = 0;
let filters = 0;
const clock = fixedClock("2025-08-16T15:30:00Z");
let elapsed = 0;
/** The rate's time and its waits: a wait moves this time and the site's clock on, at once. */
const timer = {
  now: () => elapsed,
  wait: async (ms: number) => {
    elapsed += ms;
    clock.set(new Date(clock.now().getTime() + ms));
  },
};
/** What reached the Bot API, when by the driven time, and whether it was accepted. */
let log: Array<{ chatId: number; text: string; at: number; ok: boolean }> = [];
/** Sends waiting for the Bot API's answer right now, the most seen at once, and how long each answer takes (real ms). */
const inFlight = { now: 0, most: 0, answerMs: 0 };

function recordingSender(inner: TelegramSender): TelegramSender {
  return {
    ...inner,
    async sendMessage(bot, chatId, text, options) {
      const entry = { chatId, text, at: timer.now(), ok: false };
      log.push(entry);
      inFlight.most = Math.max(inFlight.most, ++inFlight.now);
      try {
        if (inFlight.answerMs > 0) await new Promise((resolve) => setTimeout(resolve, inFlight.answerMs));
        const sent = await inner.sendMessage(bot, chatId, text, options);
        entry.ok = true;
        return sent;
      } finally {
        inFlight.now -= 1;
      }
    },
  };
}

let telegram: TelegramSender;
const service = () =>
  createAlertsService(
    { pool: db.pool, clock, telegram, publicUrl: "http://pitchlab.test" },
    { id: "worker" },
    { timer },
  );

/** Users whose Telegram chat with the live bot is linked (chat ids 9001…). */
async function chatUsers(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    users += 1;
    const { rows } = await db.pool.query(
      "INSERT INTO users (email, first_name, language_code, newsletter_key) VALUES ($1, 'Fan', 'en', 'k') RETURNING id",
      [`rate${users}@example.com`],
    );
    const id = rows[0].id as number;
    await grantPremium(db.pool, id, { now: clock.now() });
    await tg.linkChat(db.pool, { userId: id, bot: "live", chatId: 9000 + users, username: null, at: clock.now() });
    await tg.enableTelegramFor(db.pool, id, "live", null);
    ids.push(id);
  }
  return ids;
}

/** `count` alerts, the i-th to user i mod the users, written in one batch: their Telegram rows in that order. */
async function alerts(userIds: number[], count: number): Promise<string[]> {
  const names = Array.from({ length: count }, () => `Rate pick ${String(++filters).padStart(4, "0")}`);
  const inputs: RecordPickInput[] = names.map((filterName, i) => ({
    source: "live",
    filterId: filters - count + 1 + i,
    fixtureId,
    userId: userIds[i % userIds.length]!,
    filterName,
    outcome: "home",
    odds: 1.5,
    content: { home: "Brighton", away: "Fulham", kickoff: "2025-08-16T14:00:00.000Z", minute: 60 },
  }));
  await service().recordPicks(inputs);
  return names;
}

/** The alerts one Telegram message carries (several alerts of one chat due together go as one message). */
const namesIn = (text: string): string[] => text.match(/Rate pick \d{4}/g) ?? [];
/** The most accepted sends in any second (each second starting at a send is the worst case). */
const mostInOneSecond = (times: number[]) =>
  Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1000).length));

beforeAll(async () => {
  db = await createTestDatabase();
  botApi = await startBotApi();
  telegram = recordingSender(
    createTelegram({ tokens: { live: "live:token" }, apiRoot: botApi.apiRoot, offlineDir: null })!,
  );
  await importFile(
    db.pool,
    source("E0.csv", [MAIN_HEADER, mainRow("16/08/2025", "14:00", "Brighton", "Fulham", "1-1", "1-0")]),
  );
  fixtureId = (await db.pool.query("SELECT id FROM fixtures")).rows[0].id;
});
afterAll(async () => {
  await botApi?.close();
  await db?.drop();
});

describe("Telegram delivery within the bot's rate", () => {
  it("delivers 100 alerts to 3 chats in each chat's order, in messages a second apart per chat; a 429 pauses the bot", async () => {
    log = [];
    const userIds = await chatUsers(3);
    const names = await alerts(userIds, 100);
    botApi.refuseNext("sendMessage", { status: 429, description: "Too Many Requests: retry after 7", retryAfter: 7 });
    let report = await service().deliver();
    // The message refused with 429 was given back, not before retry_after: a later run sends it.
    for (let run = 0; run < 5 && report.sent + report.retried > 0; run++) {
      await timer.wait(2000);
      report = await service().deliver();
    }
    const accepted = log.filter((e) => e.ok);
    expect(new Set(accepted.flatMap((e) => namesIn(e.text))).size).toBe(100);
    // The alerts of one chat due together went as one message, not one a second.
    expect(accepted.length).toBeLessThan(40);
    const states = await db.pool.query(
      "SELECT state, count(*)::int AS n, max(attempts) AS attempts FROM alert_outbox WHERE channel = 'telegram' AND user_id = ANY($1::int[]) GROUP BY state",
      [userIds],
    );
    // Sent once each, and the 429 did not use up an attempt.
    expect(states.rows).toEqual([{ state: "sent", n: 100, attempts: 1 }]);
    for (const [i, userId] of userIds.entries()) {
      const chat = accepted.filter(
        (e) => e.chatId === log.find((l) => l.ok && namesIn(l.text).includes(names[i]!))!.chatId,
      );
      const expected = names.filter((_, n) => n % 3 === i);
      expect(chat.flatMap((e) => namesIn(e.text))).toEqual(expected);
      expect(userId).toBeGreaterThan(0);
      for (let k = 1; k < chat.length; k++) expect(chat[k]!.at - chat[k - 1]!.at).toBeGreaterThanOrEqual(1000);
    }
    // Nothing went to Telegram while the bot was paused.
    const refused = log.find((e) => !e.ok)!;
    expect(log.filter((e) => e.at > refused.at && e.at < refused.at + 7000)).toEqual([]);
    expect(mostInOneSecond(accepted.map((e) => e.at))).toBeLessThanOrEqual(30);
  });

  it.each([
    ["its heartbeat expires, its claims' leases have not", "killed"],
    ["its claims' leases run out", "gone"],
  ])("delivers once and in order the rest of the chats a killed worker had claimed: %s", async (_, how) => {
    log = [];
    const userIds = await chatUsers(2);
    const names = await alerts(userIds, 8);
    // A worker claims the eight rows and sends the first message of each chat, then is killed (SIGKILL).
    const worker = `${how}-worker`;
    await db.pool.query(
      "INSERT INTO scale_workers (id, role, host, pid, expires_at) VALUES ($1, 'worker', 'h', 1, now() + interval '1 minute')",
      [worker],
    );
    const claimed = await tgOutbox.claimTelegram(db.pool, clock.now(), 60_000, 25, 6, worker);
    expect(claimed).toHaveLength(8);
    for (const m of claimed.slice(0, 2)) await tgOutbox.markTelegramSent(db.pool, m.id, m.id, clock.now());
    if (how === "killed")
      await db.pool.query("UPDATE scale_workers SET expires_at = now() - interval '1 second' WHERE id = $1", [worker]);
    else await timer.wait(61_000);

    // The survivor's next run takes every row over (not one message per chat per run: a dead claim holds none
    // of its chat back) and sends each chat's rest in its order.
    const report = await service().deliver();
    expect(report).toEqual({ sent: 6, failed: 0, retried: 0 });
    for (const i of [0, 1]) {
      const chatId = log.find((l) => namesIn(l.text).includes(names[i + 2]!))!.chatId;
      const chat = log.filter((e) => e.ok && e.chatId === chatId);
      expect(chat.flatMap((e) => namesIn(e.text))).toEqual(names.filter((_, n) => n % 2 === i).slice(1));
      for (let k = 1; k < chat.length; k++) expect(chat[k]!.at - chat[k - 1]!.at).toBeGreaterThanOrEqual(1000);
    }
    const states = await db.pool.query(
      "SELECT state, count(*)::int AS n FROM alert_outbox WHERE channel = 'telegram' AND user_id = ANY($1::int[]) GROUP BY state",
      [userIds],
    );
    expect(states.rows).toEqual([{ state: "sent", n: 8 }]);
    expect(log.filter((e) => !e.ok)).toEqual([]);
  });

  it("fails at once a row whose last attempt a killed worker held, and sends the rest of its chat", async () => {
    log = [];
    const userIds = await chatUsers(1);
    const names = await alerts(userIds, 2);
    await db.pool.query(
      "INSERT INTO scale_workers (id, role, host, pid, expires_at) VALUES ('last-attempt', 'worker', 'h', 1, now() + interval '1 minute')",
    );
    const claimed = await tgOutbox.claimTelegram(db.pool, clock.now(), 60_000, 25, 6, "last-attempt");
    expect(claimed).toHaveLength(2);
    await db.pool.query("UPDATE alert_outbox SET attempts = 6 WHERE id = $1", [claimed[0]!.id]);
    await db.pool.query("UPDATE scale_workers SET expires_at = now() - interval '1 second' WHERE id = 'last-attempt'");

    // Not after the lease: the chat's next message goes in this run.
    expect(await service().deliver()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(log.flatMap((e) => namesIn(e.text))).toEqual([names[1]]);
    const { rows } = await db.pool.query("SELECT state FROM alert_outbox WHERE id = ANY($1::int[]) ORDER BY id", [
      claimed.map((m) => m.id),
    ]);
    expect(rows.map((r) => r.state)).toEqual(["failed", "sent"]);
  });

  it("never sends more than 30 messages in any second for one bot, across many chats", async () => {
    log = [];
    const userIds = await chatUsers(60);
    await alerts(userIds, 100);
    await service().deliver();
    const accepted = log.filter((e) => e.ok);
    expect(accepted).toHaveLength(100);
    expect(mostInOneSecond(accepted.map((e) => e.at))).toBe(30);
  });

  it("sends to several chats at once when the Bot API answers slowly, each chat's alerts together in order", async () => {
    log = [];
    const userIds = await chatUsers(10);
    // One claimed batch (25 rows): two alerts of each chat in it.
    const names = await alerts(userIds, 20);
    Object.assign(inFlight, { most: 0, answerMs: 40 });
    try {
      await service().deliver();
    } finally {
      inFlight.answerMs = 0;
    }
    expect(log.filter((e) => e.ok)).toHaveLength(10);
    expect(inFlight.most).toBeGreaterThan(1);
    expect(inFlight.most).toBeLessThanOrEqual(8);
    const chats = new Map<number, typeof log>();
    for (const e of log) chats.set(e.chatId, [...(chats.get(e.chatId) ?? []), e]);
    expect(chats.size).toBe(10);
    for (const chat of chats.values()) {
      // The user's two alerts, the i-th and the (i + 10)-th, in that order, in one message.
      expect(chat).toHaveLength(1);
      const sent = namesIn(chat[0]!.text);
      expect(sent).toEqual([names[names.indexOf(sent[0]!)], names[names.indexOf(sent[0]!) + 10]]);
    }
  });

  it("sends each alert of a message Telegram refused for good alone, so that one bad alert fails alone", async () => {
    log = [];
    const userIds = await chatUsers(1);
    const names = await alerts(userIds, 3);
    botApi.refuseNext("sendMessage", { status: 400, description: "Bad Request: can't parse entities" });
    // One process's delivery (it remembers which rows go alone).
    const delivery = service();
    let report = await delivery.deliver();
    expect(log.map((e) => ({ ok: e.ok, names: namesIn(e.text) }))).toEqual([{ ok: false, names }]);
    for (let run = 0; run < 5 && report.sent + report.retried > 0; run++) {
      await timer.wait(2000);
      report = await delivery.deliver();
    }
    // Not all three failed with it: each went alone afterwards, in order, a second apart.
    const accepted = log.filter((e) => e.ok);
    expect(accepted.map((e) => namesIn(e.text))).toEqual(names.map((n) => [n]));
    for (let k = 1; k < accepted.length; k++)
      expect(accepted[k]!.at - accepted[k - 1]!.at).toBeGreaterThanOrEqual(1000);
    const states = await db.pool.query(
      "SELECT state, count(*)::int AS n FROM alert_outbox WHERE channel = 'telegram' AND user_id = ANY($1::int[]) GROUP BY state",
      [userIds],
    );
    expect(states.rows).toEqual([{ state: "sent", n: 3 }]);
  });
});
