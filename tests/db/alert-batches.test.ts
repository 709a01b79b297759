import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { createTelegram } from "../../src/data/telegram/index.ts";
import type { TelegramSender } from "../../src/data/telegram/sender.ts";
import type { AlertContent } from "../../src/domain/alerts/content.ts";
import { type RecordPickInput, type RecordPickResult, createAlertsService } from "../../src/services/alerts.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";
import { startBotApi } from "../support/telegram-api.ts";

/**
 * Picks recorded in batches (one live tick of a shard in one transaction): each written once with its outbox
 * rows, a repeated batch writing nothing, a failure leaving nothing of the batch, and the same answers, limits
 * and figures as one call per pick.
 */

let db: TestDatabase;
let botApi: Awaited<ReturnType<typeof startBotApi>>;
let telegram: TelegramSender;
const clock = fixedClock("2025-08-16T15:30:00Z");
const fixtureIds: number[] = [];
let users = 0;

const service = () => createAlertsService({ pool: db.pool, clock, telegram, publicUrl: "http://pitchlab.test" });

async function newUser(premium = true): Promise<number> {
  users += 1;
  const { rows } = await db.pool.query(
    "INSERT INTO users (email, first_name, language_code, timezone, newsletter_key) VALUES ($1, 'Fan', 'en', 'Europe/London', 'k') RETURNING id",
    [`batch${users}@example.com`],
  );
  if (premium) await grantPremium(db.pool, rows[0].id, { now: clock.now() });
  return rows[0].id;
}

async function linkTelegram(userId: number, chatId: number) {
  const alerts = service();
  const link = (await alerts.telegram.links({ id: userId })).find((l) => l.bot === "live")!.link!;
  botApi.userWrites(chatId, `/start ${new URL(link).searchParams.get("start")!}`, `fan_${chatId}`);
  await alerts.telegram.poll("live", 0);
}

const content = (probability = 0.6): AlertContent => ({
  home: "Brighton",
  away: "Fulham",
  kickoff: "2025-08-16T14:00:00.000Z",
  minute: 71,
  score: { home: 1, away: 0 },
  probability,
});

const pick = (over: Partial<RecordPickInput>): RecordPickInput => ({
  source: "live",
  filterId: 1,
  fixtureId: fixtureIds[0]!,
  filterName: "Late pressure",
  outcome: "home",
  odds: 1.4,
  content: content(),
  ...over,
});

const count = async (sql: string, params: unknown[]) => (await db.pool.query(sql, params)).rows[0].n as number;
const picksOf = (filters: number[]) =>
  count("SELECT count(*)::int AS n FROM alert_picks WHERE filter_id = ANY($1::int[])", [filters]);
const outboxOf = (userIds: number[]) =>
  db.pool
    .query(
      'SELECT pick_id AS "pickId", user_id AS "userId", channel, kind FROM alert_outbox WHERE user_id = ANY($1::int[]) ORDER BY pick_id, user_id, channel',
      [userIds],
    )
    .then((r) => r.rows);

beforeAll(async () => {
  db = await createTestDatabase();
  botApi = await startBotApi();
  telegram = createTelegram({ tokens: { live: "live:token" }, apiRoot: botApi.apiRoot, offlineDir: null })!;
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      mainRow("16/08/2025", "14:00", "Brighton", "Fulham", "1-1", "1-0"),
      mainRow("16/08/2025", "14:00", "Arsenal", "Chelsea", "2-0", "0-0"),
      mainRow("16/08/2025", "14:00", "Everton", "Leeds", "0-3", "0-1"),
      mainRow("16/08/2025", "14:00", "Wolves", "Spurs", "1-2", "1-1"),
    ]),
  );
  const { rows } = await db.pool.query("SELECT id FROM fixtures ORDER BY id");
  fixtureIds.push(...rows.map((r) => r.id as number));
});
afterAll(async () => {
  await botApi?.close();
  await db?.drop();
});

describe("a batch of picks", () => {
  it("writes 200 picks once each with their outbox rows in one call; the same batch again doubles nothing", async () => {
    const withTelegram = await newUser();
    const inAppOnly = await newUser();
    await linkTelegram(withTelegram, 7001);
    const filters = Array.from({ length: 50 }, (_, i) => 1000 + i);
    const batch = filters.flatMap((filterId, i) =>
      fixtureIds.map((fixtureId) => pick({ filterId, fixtureId, userId: i % 2 ? withTelegram : inAppOnly })),
    );
    // A key twice in the batch (two engines' matches of one pair) is one pick.
    const results = await service().recordPicks([...batch, batch[0]!]);
    expect(results).toHaveLength(201);
    expect(results.slice(0, 200).every((r) => r.created && r.delivery === "sent" && r.notified === 1)).toBe(true);
    expect(results[200]).toMatchObject({ created: false, pickId: results[0]!.pickId });
    expect(new Set(results.map((r) => r.pickId)).size).toBe(200);
    expect(await picksOf(filters)).toBe(200);
    const rows = await outboxOf([withTelegram, inAppOnly]);
    expect(rows.filter((r) => r.channel === "inapp")).toHaveLength(200);
    expect(rows.filter((r) => r.channel === "telegram")).toHaveLength(100);
    expect(rows.filter((r) => r.channel === "telegram").every((r) => r.userId === withTelegram)).toBe(true);

    const again = await service().recordPicks(batch);
    expect(again.every((r) => !r.created && r.notified === 0)).toBe(true);
    expect(again.map((r) => r.pickId)).toEqual(results.slice(0, 200).map((r) => r.pickId));
    expect(await picksOf(filters)).toBe(200);
    expect(await outboxOf([withTelegram, inAppOnly])).toEqual(rows);
  });

  it("is all or nothing: a failure in the middle of the batch leaves none of it written", async () => {
    const user = await newUser();
    const refused = await newUser();
    await db.pool.query(
      `CREATE FUNCTION refuse_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.user_id = ${refused} THEN RAISE EXCEPTION 'outbox refused'; END IF; RETURN NEW; END $$`,
    );
    await db.pool.query(
      "CREATE TRIGGER refuse_outbox BEFORE INSERT ON alert_outbox FOR EACH ROW EXECUTE FUNCTION refuse_outbox()",
    );
    const batch = Array.from({ length: 30 }, (_, i) => pick({ filterId: 2000 + i, userId: i === 15 ? refused : user }));
    try {
      await expect(service().recordPicks(batch)).rejects.toThrow("outbox refused");
    } finally {
      await db.pool.query("DROP TRIGGER refuse_outbox ON alert_outbox; DROP FUNCTION refuse_outbox()");
    }
    expect(await picksOf(batch.map((p) => p.filterId))).toBe(0);
    expect(await outboxOf([user, refused])).toEqual([]);
    expect((await service().recordPicks(batch)).every((r) => r.created)).toBe(true);
    expect(await picksOf(batch.map((p) => p.filterId))).toBe(30);
  });

  it("answers, limits and counts exactly as one call per pick: the free daily limit and the figures", async () => {
    const oneByOne = await newUser(false);
    const batched = await newUser(false);
    // Two picks of one filter in one batch: the second one's figures count the first, as they would one by one.
    const inputs = (userId: number, base: number) => [
      ...Array.from({ length: 7 }, (_, i) => pick({ userId, filterId: base + i })),
      pick({ userId, filterId: base, fixtureId: fixtureIds[1]! }),
      pick({ userId, filterId: base + 1, muted: true, fixtureId: fixtureIds[2]! }),
    ];
    const single: RecordPickResult[] = [];
    for (const input of inputs(oneByOne, 3000)) single.push(await service().recordPick(input));
    const together = await service().recordPicks(inputs(batched, 3100));
    const shape = (rs: typeof single) => rs.map((r) => [r.created, r.delivery, r.notified]);
    expect(shape(together)).toEqual(shape(single));
    expect(shape(single).map((s) => s[1])).toEqual([
      "sent",
      "sent",
      "sent",
      "sent",
      "sent",
      "limit",
      "limit",
      "limit",
      "muted",
    ]);
    const kinds = async (userId: number) => (await outboxOf([userId])).map((r) => `${r.channel}:${r.kind}`);
    expect(await kinds(batched)).toEqual(await kinds(oneByOne));
    const figures = async (filters: number[]) =>
      (
        await db.pool.query(
          "SELECT content->'figures' AS f FROM alert_picks WHERE filter_id = ANY($1::int[]) ORDER BY filter_id, id",
          [filters],
        )
      ).rows.map((r) => r.f);
    const stored = await figures([3100, 3101]);
    expect(stored).toEqual(await figures([3000, 3001]));
    expect(stored.map((f) => f.picks)).toEqual([0, 1, 0, 1]);
  });
});
