import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { inTransaction } from "../../src/db/client.ts";
import { createTelegram } from "../../src/data/telegram/index.ts";
import type { TelegramSender } from "../../src/data/telegram/sender.ts";
import * as tg from "../../src/db/queries/telegram-chats.ts";
import * as tgOutbox from "../../src/db/queries/telegram-outbox.ts";
import type { AlertContent } from "../../src/domain/alerts/content.ts";
import { type RecordPickInput, createAlertsService } from "../../src/services/alerts.ts";
import type { ServiceContext } from "../../src/services/context.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";
import { startBotApi } from "../support/telegram-api.ts";

let db: TestDatabase;
let botApi: Awaited<ReturnType<typeof startBotApi>>;
let telegram: TelegramSender;
const clock = fixedClock("2025-08-16T15:30:00Z");
const fixtures: Record<string, number> = {};
let users = 0;

const ctxOf = (): ServiceContext => ({ pool: db.pool, clock, telegram, publicUrl: "http://pitchlab.test" });
/** A service as one process has it: a second one stands for another worker or a restarted process. */
const service = () => createAlertsService(ctxOf());

async function newUser(options: { language?: string; timezone?: string } = {}): Promise<number> {
  users += 1;
  const { rows } = await db.pool.query(
    "INSERT INTO users (email, first_name, language_code, timezone, newsletter_key) VALUES ($1, 'Fan', $2, $3, 'k') RETURNING id",
    [`fan${users}@example.com`, options.language ?? "en", options.timezone ?? null],
  );
  return rows[0].id;
}

/** Links the user's chat with a bot the way a person does: a deep link, then /start in Telegram. */
async function linkTelegram(userId: number, bot: "live" | "prematch" | "valuebet", chatId: number) {
  const alerts = service();
  const link = (await alerts.telegram.links({ id: userId })).find((l) => l.bot === bot)!.link!;
  const token = new URL(link).searchParams.get("start")!;
  botApi.userWrites(chatId, `/start ${token}`, `fan_${chatId}`);
  await alerts.telegram.poll(bot, 0);
}

const content = (home = "Brighton", away = "Fulham"): AlertContent => ({
  home,
  away,
  league: "Premier League",
  country: "England",
  kickoff: "2025-08-16T14:00:00.000Z",
  minute: 71,
  score: { home: 1, away: 0 },
  stats: {
    corners: { home: 7, away: 2 },
    dangerousAttacks: { home: 44, away: 21 },
    possession: { home: 61, away: 39 },
  },
  odds1x2Live: { home: 1.4, draw: 4.2, away: 9 },
  events: [{ minute: 38, kind: "goal", side: "home" }],
});

const pick = (over: Partial<RecordPickInput>): RecordPickInput => ({
  source: "live",
  filterId: 1,
  fixtureId: fixtures.brighton!,
  filterName: "Late pressure",
  outcome: "home",
  odds: 1.4,
  content: content(),
  ...over,
});

const outboxOf = async (userId: number) =>
  (
    await db.pool.query("SELECT channel, kind, state, attempts FROM alert_outbox WHERE user_id = $1 ORDER BY id", [
      userId,
    ])
  ).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  botApi = await startBotApi();
  telegram = createTelegram({
    tokens: { live: "live:token", prematch: "prematch:token", valuebet: "valuebet:token" },
    apiRoot: botApi.apiRoot,
    offlineDir: null,
  })!;
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      mainRow("16/08/2025", "14:00", "Brighton", "Fulham", "1-1", "1-0"),
      mainRow("16/08/2025", "14:00", "Arsenal", "Chelsea", "2-0", "0-0"),
      mainRow("16/08/2025", "14:00", "Everton", "Leeds", "0-3", "0-1"),
      mainRow("17/08/2025", "16:30", "Wolves", "Spurs", "1-2", "1-1"),
    ]),
  );
  const { rows } = await db.pool.query("SELECT f.id, t.name FROM fixtures f JOIN teams t ON t.id = f.home_team_id");
  for (const r of rows) fixtures[r.name.toLowerCase()] = r.id;
});
afterAll(async () => {
  await botApi?.close();
  await db?.drop();
});

describe("once-only picks", () => {
  it("writes one pick and one set of outbox rows under ten concurrent calls, across workers", async () => {
    const user = await newUser();
    const input = pick({ userId: user, filterId: 101 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? service() : service()).recordPick(input)),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.pickId)).size).toBe(1);
    expect((await db.pool.query("SELECT count(*)::int AS n FROM alert_picks WHERE filter_id = 101")).rows[0].n).toBe(1);
    expect(await outboxOf(user)).toEqual([{ channel: "inapp", kind: "alert", state: "sent", attempts: 0 }]);
  });

  it("stays once after a restart: a new process records nothing again", async () => {
    const user = await newUser();
    const first = await service().recordPick(pick({ userId: user, filterId: 102 }));
    const restarted = await service().recordPick(pick({ userId: user, filterId: 102, odds: 1.9 }));
    expect(first.created).toBe(true);
    expect(restarted).toMatchObject({ created: false, pickId: first.pickId, notified: 0 });
    expect(await outboxOf(user)).toHaveLength(1);
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    const user = await newUser();
    const rolledBack = inTransaction(db.pool, async (client) => {
      await service().recordPick(pick({ userId: user, filterId: 103 }), { client });
      throw new Error("the caller rolls back");
    });
    await expect(rolledBack).rejects.toThrow("the caller rolls back");
    expect((await db.pool.query("SELECT count(*)::int AS n FROM alert_picks WHERE filter_id = 103")).rows[0].n).toBe(0);
    expect((await service().recordPick(pick({ userId: user, filterId: 103 }))).created).toBe(true);
  });

  it("records a muted filter's pick and sends nothing", async () => {
    const user = await newUser();
    const result = await service().recordPick(pick({ userId: user, filterId: 104, muted: true }));
    expect(result).toMatchObject({ created: true, delivery: "muted", notified: 0 });
    expect(await outboxOf(user)).toEqual([]);
  });

  it("tells the delivery at once about new picks that send something, and only about those", async () => {
    const user = await newUser();
    const alerts = service();
    let told = 0;
    const stop = alerts.onQueued(() => {
      told += 1;
    });
    await alerts.recordPick(pick({ userId: user, filterId: 105 }));
    expect(told).toBe(1);
    await alerts.recordPick(pick({ userId: user, filterId: 105 }));
    await alerts.recordPick(pick({ userId: user, filterId: 106, muted: true }));
    expect(told).toBe(1);
    stop();
    await alerts.recordPick(pick({ userId: user, filterId: 107 }));
    expect(told).toBe(1);
  });

  it("refuses a malformed pick with a 400", async () => {
    await expect(service().recordPick(pick({ filterName: "", odds: 0.5 }))).rejects.toMatchObject({ status: 400 });
  });
});

describe("Telegram delivery", () => {
  it("links a chat with /start <token> and sends the alert once, in the user's language", async () => {
    const user = await newUser({ language: "de", timezone: "Europe/Berlin" });
    await linkTelegram(user, "live", 5001);
    const reply = botApi.sent().find((c) => c.params.chat_id === 5001)!;
    expect(String(reply.params.text)).toContain("Verknüpft");
    const chats = await tg.telegramChatsOf(db.pool, user);
    expect(chats).toMatchObject([{ bot: "live", chatId: 5001, username: "fan_5001" }]);

    await service().recordPick(pick({ userId: user, filterId: 201 }));
    expect(await outboxOf(user)).toEqual([
      { channel: "telegram", kind: "alert", state: "pending", attempts: 0 },
      { channel: "inapp", kind: "alert", state: "sent", attempts: 0 },
    ]);
    const before = botApi.sent().length;
    expect(await service().deliver()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(await service().deliver()).toEqual({ sent: 0, failed: 0, retried: 0 });
    const messages = botApi.sent().slice(before);
    expect(messages).toHaveLength(1);
    const text = String(messages[0]!.params.text);
    expect(messages[0]!.params.parse_mode).toBe("HTML");
    expect(messages[0]!.token).toBe("live:token");
    // German labels, the minute, score, counters, live odds, the filter and the kick-off in Berlin time (16:00).
    expect(text).toContain("Live-Scanner: Late pressure");
    expect(text).toContain("Brighton – Fulham");
    expect(text).toContain("71'");
    expect(text).toContain("Ecken 7–2");
    expect(text).toContain("16:00");
    expect(text).toContain("1,40");
  });

  it("a bad or used token links nothing", async () => {
    const alerts = service();
    const result = await alerts.telegram.handleStart({ bot: "live", chatId: 777, username: null, payload: "nonsense" });
    expect(result.linked).toBe(false);
    // Through the bot: a bare /start and a stale token are answered, and link nothing.
    botApi.userWrites(778, "/start");
    botApi.userWrites(778, "/start abcdefghijklmnopqrstuvwxyz");
    expect(await alerts.telegram.poll("live", 0)).toBe(2);
    const replies = botApi.sent().filter((c) => c.params.chat_id === 778);
    expect(replies.map((r) => r.params.text)).toEqual([
      expect.stringContaining("expired"),
      expect.stringContaining("expired"),
    ]);
    expect((await db.pool.query("SELECT count(*)::int AS n FROM telegram_chats WHERE chat_id = 778")).rows[0].n).toBe(
      0,
    );
  });

  it("loses nothing and sends nothing twice when a process dies between writing and sending", async () => {
    const user = await newUser();
    await linkTelegram(user, "live", 5002);
    // The pick is committed; the process dies before any send.
    await service().recordPick(pick({ userId: user, filterId: 202 }));
    // A worker claims the row and dies before it sends (or before it marks): the row stays claimed.
    const claimed = await tgOutbox.claimTelegram(db.pool, clock.now(), 60_000, 10, 6, "test");
    expect(claimed.map((c) => c.userId)).toContain(user);
    const before = botApi.sent().filter((c) => c.params.chat_id === 5002).length;
    // While the lease runs, no other worker takes it.
    expect((await service().deliver()).sent).toBe(0);
    // After the lease, the next worker sends it, once, even with two workers at the same moment.
    clock.set(new Date(clock.now().getTime() + 61_000));
    const reports = await Promise.all([service().deliver(), service().deliver()]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(1);
    expect(await service().deliver()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(botApi.sent().filter((c) => c.params.chat_id === 5002).length - before).toBe(1);
    expect((await outboxOf(user))[0]).toMatchObject({ channel: "telegram", state: "sent" });
  });

  it("retries after a network failure or a 429, and unlinks a chat that blocked the bot", async () => {
    const user = await newUser();
    await linkTelegram(user, "live", 5003);
    await service().recordPick(pick({ userId: user, filterId: 203 }));
    botApi.refuseNext("sendMessage", { status: 0, description: "", hangUp: true });
    expect(await service().deliver()).toMatchObject({ sent: 0, retried: 1 });
    clock.set(new Date(clock.now().getTime() + 30_000));
    botApi.refuseNext("sendMessage", { status: 429, description: "Too Many Requests: retry after 5", retryAfter: 5 });
    expect(await service().deliver()).toMatchObject({ sent: 0, retried: 1 });
    // Not before the 5 s Telegram asked for.
    expect(await service().deliver()).toMatchObject({ sent: 0, retried: 0 });
    clock.set(new Date(clock.now().getTime() + 6_000));
    expect(await service().deliver()).toMatchObject({ sent: 1 });

    await service().recordPick(pick({ userId: user, filterId: 204 }));
    botApi.refuseNext("sendMessage", { status: 403, description: "Forbidden: bot was blocked by the user" });
    expect(await service().deliver()).toMatchObject({ failed: 1 });
    expect(await tg.telegramChatsOf(db.pool, user)).toEqual([]);
    // Without the chat, the next alert goes in-app (and by push) only.
    await service().recordPick(pick({ userId: user, filterId: 205 }));
    expect((await outboxOf(user)).at(-1)).toMatchObject({ channel: "inapp" });
  });

  it("sends documents, makes one-time invite links, and removes members through the Bot API", async () => {
    const doc = await telegram.sendDocument(
      "live",
      5001,
      { name: "alerts.xlsx", data: new Uint8Array([1, 2, 3]) },
      "Report",
    );
    expect(doc.messageId).toBeGreaterThan(0);
    const upload = botApi.sent("sendDocument").at(-1)!;
    expect(upload.files[0]).toMatchObject({ field: "document", filename: "alerts.xlsx" });
    expect([...upload.files[0]!.data]).toEqual([1, 2, 3]);
    expect(upload.params.caption).toBe("Report");

    const invite = await telegram.createChatInviteLink("valuebet", -1001234, { memberLimit: 1, name: "Member 7" });
    expect(invite.inviteLink).toMatch(/^https:\/\/t\.me\/\+/);
    expect(botApi.sent("createChatInviteLink").at(-1)!.params).toMatchObject({
      chat_id: -1001234,
      member_limit: 1,
      name: "Member 7",
    });
    await telegram.banChatMember("valuebet", -1001234, 99);
    await telegram.unbanChatMember("valuebet", -1001234, 99);
    expect(botApi.sent("banChatMember").at(-1)!.params).toMatchObject({ chat_id: -1001234, user_id: 99 });
    expect(botApi.sent("unbanChatMember").at(-1)!.params).toMatchObject({
      chat_id: -1001234,
      user_id: 99,
      only_if_banned: true,
    });
    botApi.refuseNext("banChatMember", { status: 400, description: "Bad Request: not enough rights" });
    await expect(telegram.banChatMember("valuebet", -1001234, 99)).rejects.toMatchObject({ permanent: true });
  });
});

describe("free limit (SPEC §8)", () => {
  it("sends a free user 5 live alerts a day, then one notice, then nothing; premium is not counted", async () => {
    clock.set("2025-08-16T15:30:00Z");
    const free = await newUser({ timezone: "Europe/London" });
    const premium = await newUser();
    await grantPremium(db.pool, premium, { now: clock.now() });
    const results = [];
    for (let i = 0; i < 7; i++) {
      results.push(await service().recordPick(pick({ userId: free, filterId: 300 + i })));
      await service().recordPick(pick({ userId: premium, filterId: 400 + i }));
    }
    expect(results.map((r) => r.delivery)).toEqual(["sent", "sent", "sent", "sent", "sent", "limit", "limit"]);
    const rows = await outboxOf(free);
    expect(rows.filter((r) => r.kind === "alert")).toHaveLength(5);
    expect(rows.filter((r) => r.kind === "limit")).toHaveLength(1);
    expect((await outboxOf(premium)).filter((r) => r.kind === "alert")).toHaveLength(7);
    // All seven picks are recorded (history and figures count them).
    expect(
      (await db.pool.query("SELECT count(*)::int AS n FROM alert_picks WHERE user_id = $1", [free])).rows[0].n,
    ).toBe(7);
    const inbox = await service().inbox.list({ id: free, languageCode: "en", timezone: "Europe/London" });
    expect(inbox.items[0]!.title).toBe(
      "You have reached your limit of 5 free picks per day. Upgrade or wait to get more picks.",
    );
    // The next day in London: five more.
    clock.set("2025-08-16T23:30:00Z");
    expect((await service().recordPick(pick({ userId: free, filterId: 320 }))).delivery).toBe("sent");
    // Pre-match alerts are not limited.
    clock.set("2025-08-16T15:30:00Z");
    expect((await service().recordPick(pick({ source: "prematch", userId: free, filterId: 321 }))).delivery).toBe(
      "sent",
    );
  });
});

describe("grading and figures", () => {
  it("judges picks when the match has ended, and the figures follow", async () => {
    const user = await newUser();
    const alerts = service();
    clock.set("2025-08-16T13:30:00Z");
    // Brighton 1-1 (1-0 at half time), Arsenal 2-0, Everton 0-3; Wolves plays tomorrow.
    await alerts.recordPick(
      pick({ userId: user, filterId: 500, fixtureId: fixtures.brighton!, outcome: "home", odds: 2 }),
    );
    await alerts.recordPick(
      pick({ userId: user, filterId: 500, fixtureId: fixtures.arsenal!, outcome: "home", odds: 1.5 }),
    );
    await alerts.recordPick(
      pick({ userId: user, filterId: 500, fixtureId: fixtures.everton!, outcome: "home_ht", odds: 4 }),
    );
    await alerts.recordPick(
      pick({
        userId: user,
        filterId: 500,
        fixtureId: fixtures.wolves!,
        outcome: "favorite_wins",
        favourite: "home",
        odds: 2.5,
      }),
    );
    await alerts.recordPick(
      pick({
        userId: user,
        filterId: 501,
        fixtureId: fixtures.arsenal!,
        outcome: "favorite_wins",
        favourite: null,
        odds: 1.5,
      }),
    );
    // Still playing: nothing graded.
    expect((await alerts.grade()).graded).toBe(0);
    clock.set("2025-08-16T15:00:00Z");
    // These four, and the earlier tests' picks of these matches.
    expect((await alerts.grade()).graded).toBeGreaterThanOrEqual(4);
    expect((await alerts.grade()).graded).toBe(0);
    const history = await alerts.history("live", 500);
    expect(Object.fromEntries(history.map((h) => [h.fixtureId, h.status]))).toEqual({
      [fixtures.brighton!]: "lost",
      [fixtures.arsenal!]: "won",
      [fixtures.everton!]: "lost",
      [fixtures.wolves!]: "pending",
    });
    expect((await alerts.history("live", 501))[0]!.status).toBe("void");
    const figures = (await alerts.figures("live", [500, 501, 999])).get(500)!;
    // 1 won @1.5, 2 lost: stakes 3, returns 1.5, ROI −0.5; mean odd (2 + 1.5 + 4 + 2.5) / 4 = 2.5.
    expect(figures).toMatchObject({
      picks: 4,
      won: 1,
      lost: 2,
      pending: 1,
      stakes: 3,
      returns: 1.5,
      meanOdd: 2.5,
      meanWinningOdd: 1.5,
    });
    expect(figures.successRate).toBeCloseTo(1 / 3, 10);
    expect(figures.roi).toBeCloseTo(-0.5, 10);
    clock.set("2025-08-17T20:00:00Z");
    await alerts.grade();
    expect((await alerts.figures("live", [500])).get(500)!.lost).toBe(3);
    // A cleared pick leaves history and figures and does not alert again.
    const wolves = history.find((h) => h.fixtureId === fixtures.wolves)!;
    expect(await alerts.clearHistory("live", 500, wolves.id)).toBe(1);
    expect((await alerts.figures("live", [500])).get(500)!.picks).toBe(3);
    expect((await alerts.recordPick(pick({ userId: user, filterId: 500, fixtureId: fixtures.wolves! }))).created).toBe(
      false,
    );
  });
});
