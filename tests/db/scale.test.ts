import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { createTelegram } from "../../src/data/telegram/index.ts";
import type { TelegramSender } from "../../src/data/telegram/sender.ts";
import * as tgOutbox from "../../src/db/queries/telegram-outbox.ts";
import { SHARD_COUNT, shardOf } from "../../src/domain/scale/shards.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { LEASE_MS } from "../../src/services/scale.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";
import { startBotApi } from "../support/telegram-api.ts";

let db: TestDatabase;
let botApi: Awaited<ReturnType<typeof startBotApi>>;
let telegram: TelegramSender;
const clock = fixedClock("2025-08-16T14:30:00Z");
const probes = { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null };
const started: Services[] = [];

/** One process's services on the shared database: a worker, or a web process. */
function processOf(id: string, role: "worker" | "web" = "worker"): Services {
  const services = createServices({ pool: db.pool, clock, telegram, instance: { id, role } }, probes);
  started.push(services);
  return services;
}

const TEAMS = [
  "Arsenal",
  "Chelsea",
  "Brighton",
  "Fulham",
  "Everton",
  "Leeds",
  "Wolves",
  "Spurs",
  "Burnley",
  "Luton",
  "Bournemouth",
  "Brentford",
  "Villa",
  "Newcastle",
  "Forest",
  "Palace",
];
const liveStates = async () =>
  (await db.pool.query<{ id: number }>("SELECT fixture_id AS id FROM live_states ORDER BY 1")).rows.map((r) => r.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  db = await createTestDatabase();
  botApi = await startBotApi();
  telegram = createTelegram({
    tokens: { live: "live:token", prematch: "prematch:token", valuebet: "valuebet:token" },
    apiRoot: botApi.apiRoot,
    offlineDir: null,
  })!;
  // Eight matches kicking off together: all live at 14:30.
  const rows = [MAIN_HEADER];
  for (let i = 0; i < TEAMS.length; i += 2)
    rows.push(mainRow("16/08/2025", "14:00", TEAMS[i]!, TEAMS[i + 1]!, "2-1", "1-0"));
  await importFile(db.pool, source("E0.csv", rows));
});
afterAll(async () => {
  for (const s of started) await s.changes.close();
  await botApi?.close();
  await db?.drop();
});

describe("sharded live work", () => {
  let a: Services;
  let b: Services;

  it("gives a lone worker every shard, and half of them to each when a second joins", async () => {
    a = processOf("worker-a");
    expect((await a.scale.heartbeat()).shards).toHaveLength(SHARD_COUNT);
    const alone = await a.live.tick({ shard: a.scale.liveShard() });
    expect(alone.live).toBe(8);
    expect(await liveStates()).toHaveLength(8);

    b = processOf("worker-b");
    // B asks for its share; A still holds every lease, so B gets nothing until A gives the excess back.
    expect((await b.scale.heartbeat()).shards).toEqual([]);
    expect((await a.scale.heartbeat()).shards).toHaveLength(SHARD_COUNT / 2);
    expect((await b.scale.heartbeat()).shards).toHaveLength(SHARD_COUNT / 2);
    const [sa, sb] = [a.scale.shards(), b.scale.shards()];
    expect(sa.filter((s) => sb.includes(s))).toEqual([]);
    expect([...sa, ...sb].sort((x, y) => x - y)).toEqual(Array.from({ length: SHARD_COUNT }, (_, i) => i));

    // Each ticks its own fixtures; together all of them, and neither removes the other's stored states.
    const ta = await a.live.tick({ shard: a.scale.liveShard() });
    const tb = await b.live.tick({ shard: b.scale.liveShard() });
    expect(ta.live + tb.live).toBe(8);
    expect(ta.states.every((s) => sa.includes(shardOf(s.fixtureId)))).toBe(true);
    expect(tb.states.every((s) => sb.includes(shardOf(s.fixtureId)))).toBe(true);
    expect(await liveStates()).toHaveLength(8);

    const health = await b.health.report();
    expect(health.role).toBe("worker");
    expect(health.process?.shards).toEqual(sb);
    expect(health.cluster?.workers.filter((w) => w.alive).map((w) => w.shards.length)).toEqual([
      SHARD_COUNT / 2,
      SHARD_COUNT / 2,
    ]);
    expect(health.cluster?.unheld).toEqual([]);
  });

  it("hands a dead worker's shards to the living after the lease, and the dead one stops by itself", async () => {
    // B stops beating (a kill -9 does nothing more); A beats every second as its job does.
    const deadline = Date.now() + LEASE_MS + 4000;
    while (a.scale.shards().length < SHARD_COUNT && Date.now() < deadline) {
      await a.scale.heartbeat();
      await sleep(500);
    }
    expect(a.scale.shards()).toHaveLength(SHARD_COUNT);
    // B's own view expired with its lease: it would not tick its former fixtures.
    expect(b.scale.shards()).toEqual([]);
    expect((await b.live.tick({ shard: b.scale.liveShard() })).live).toBe(0);
    expect((await a.live.tick({ shard: a.scale.liveShard() })).live).toBe(8);
    const cluster = await a.scale.cluster();
    expect(cluster.workers.find((w) => w.id === "worker-b")).toMatchObject({ alive: false, shards: [] });
  });

  it("gives the shards back at once on a clean stop", async () => {
    const c = processOf("worker-c");
    await c.scale.heartbeat();
    await a.scale.heartbeat();
    await c.scale.heartbeat();
    expect(c.scale.shards()).toHaveLength(SHARD_COUNT / 2);
    await c.scale.leave();
    await a.scale.heartbeat();
    expect(a.scale.shards()).toHaveLength(SHARD_COUNT);
  });

  it("holds no shard in a web process", async () => {
    const web = processOf("web-1", "web");
    expect(await web.scale.heartbeat()).toEqual({ shards: [], workers: 0, changed: false });
    expect((await web.health.report()).role).toBe("web");
  });
});

describe("alert delivery across workers", () => {
  async function userWithChat(chatId: number): Promise<number> {
    const { rows } = await db.pool.query(
      "INSERT INTO users (email, first_name, language_code, newsletter_key) VALUES ($1, 'Fan', 'en', 'k') RETURNING id",
      [`scale${chatId}@example.com`],
    );
    await db.pool.query(
      "INSERT INTO telegram_chats (user_id, bot, chat_id, linked_at) VALUES ($1, 'live', $2, now())",
      [rows[0].id, chatId],
    );
    await db.pool.query("UPDATE users SET telegram_notifications_enabled = true WHERE id = $1", [rows[0].id]);
    await grantPremium(db.pool, rows[0].id, { now: clock.now() });
    return rows[0].id;
  }
  const fixture = async () => (await db.pool.query("SELECT id FROM fixtures ORDER BY id LIMIT 1")).rows[0].id as number;
  const sentTo = (chatId: number) => botApi.sent().filter((c) => c.params.chat_id === chatId).length;

  it("takes over the rows a dead worker had claimed at once, not after the lease, and sends each once", async () => {
    const dead = processOf("worker-dead");
    const alive = processOf("worker-alive");
    await dead.scale.heartbeat();
    await alive.scale.heartbeat();
    const user = await userWithChat(9101);
    await alive.alerts.recordPick({
      source: "live",
      filterId: 901,
      fixtureId: await fixture(),
      userId: user,
      filterName: "Takeover",
      outcome: "home",
      odds: 1.5,
      content: { home: "A", away: "B", kickoff: clock.now().toISOString() },
    });
    // The dead worker claimed the row (60 s lease) and was killed before sending.
    const claimed = await tgOutbox.claimTelegram(db.pool, clock.now(), 60_000, 10, 6, "worker-dead");
    expect(claimed).toHaveLength(1);
    // While its heartbeat runs, the row is its own.
    expect((await alive.alerts.deliver()).sent).toBe(0);
    await db.pool.query("UPDATE scale_workers SET expires_at = now() - interval '1 second' WHERE id = 'worker-dead'");
    const reports = await Promise.all([alive.alerts.deliver(), processOf("worker-third").alerts.deliver()]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(1);
    expect(sentTo(9101)).toBe(1);
  });

  it("never sends a row whose claim another worker took during a slow batch", async () => {
    const slow = processOf("worker-slow");
    const other = processOf("worker-other");
    const user = await userWithChat(9102);
    await slow.alerts.recordPick({
      source: "live",
      filterId: 902,
      fixtureId: await fixture(),
      userId: user,
      filterName: "Slow",
      outcome: "home",
      odds: 1.5,
      content: { home: "A", away: "B", kickoff: clock.now().toISOString() },
    });
    // worker-slow claimed it long ago; its lease ran out while it was busy with earlier rows of its batch.
    expect(await tgOutbox.claimTelegram(db.pool, clock.now(), 60_000, 10, 6, "worker-slow")).toHaveLength(1);
    clock.set(new Date(clock.now().getTime() + 61_000));
    expect((await other.alerts.deliver()).sent).toBe(1);
    // Back in worker-slow's loop: the row is no longer its claim, so it does not send it again.
    const [row] = (
      await db.pool.query("SELECT id FROM alert_outbox WHERE user_id = $1 AND channel = 'telegram'", [user])
    ).rows;
    const renewed = await tgOutbox.renewClaims(
      db.pool,
      [row.id],
      "worker-slow",
      new Date(clock.now().getTime() + 60_000),
    );
    expect(renewed.has(row.id)).toBe(false);
    expect(sentTo(9102)).toBe(1);
  });
});

describe("changes seen by every process", () => {
  it("moves every process's data version when one writes new predictions, within moments", async () => {
    const web1 = processOf("web-a", "web");
    const web2 = processOf("web-b", "web");
    await web1.changes.listen(db.url);
    await web2.changes.listen(db.url);
    const before = [web1.dataVersion.current(), web2.dataVersion.current()];
    await web1.changes.publish("data");
    expect(web1.dataVersion.current()).not.toBe(before[0]);
    const deadline = Date.now() + 5000;
    while (web2.dataVersion.current() === before[1] && Date.now() < deadline) await sleep(20);
    expect(web2.dataVersion.current()).not.toBe(before[1]);
    expect(web2.changes.received()).toBe(1);
    // Its own notification is not counted twice.
    expect(web1.dataVersion.generation()).toBe(1);
  });

  it("keeps no premium state in a process: a purchase through one is seen by the other's next request", async () => {
    const web1 = processOf("web-c", "web");
    const web2 = processOf("web-d", "web");
    const { rows } = await db.pool.query(
      "INSERT INTO users (email, first_name, language_code, newsletter_key) VALUES ('buyer@example.com', 'Fan', 'en', 'k') RETURNING id",
    );
    expect((await web2.access.of({ id: rows[0].id })).premium).toBe(false);
    await grantPremium(db.pool, rows[0].id, { now: clock.now() });
    expect((await web1.access.of({ id: rows[0].id })).premium).toBe(true);
    expect((await web2.access.of({ id: rows[0].id })).premium).toBe(true);
  });
});
