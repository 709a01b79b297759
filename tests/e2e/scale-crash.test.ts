/**
 * Scale-out under crashes: an embedded PostgreSQL started on its own, two worker processes and one web process
 * (npm run start:worker / start:web) on a replayed live afternoon, a Telegram Bot API stand-in that counts what
 * it receives. A worker is killed with SIGKILL in the middle of a tick and again while alerts are being
 * delivered; at the end every alert is in the outbox once and delivered once, and the surviving worker holds
 * every shard (its health endpoint and the web process's say so).
 *
 * The filters read home and away shots on target (counters only rise), so every pair that holds at the end must
 * have alerted once, whichever worker scanned it and however long a shard went without a worker.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupClock, sharedReplayOffset } from "../../src/data/clock.ts";
import { createTelegram } from "../../src/data/telegram/index.ts";
import type { Database } from "../../src/db/client.ts";
import { parseReplayOffset } from "../../src/domain/replay/offset.ts";
import type { LiveState } from "../../src/domain/live/state.ts";
import type { Rule } from "../../src/domain/scanner/rules.ts";
import { SHARD_COUNT } from "../../src/domain/scale/shards.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { grantPremium } from "../support/premium.ts";
import { type ReplayedSite, startReplayedSite, until as untilOr } from "../support/replayed-site.ts";
import { startBotApi } from "../support/telegram-api.ts";

const FILES = ["E0", "E1", "E2", "E3", "EC"].map((league) => `datasets/football-data/2025-2026/${league}.csv.gz`);
const TOKEN = "7000001:scale-crash-live";

let site: ReplayedSite;
let database: Database;
let botApi: Awaited<ReturnType<typeof startBotApi>>;
let services: Services;
let offset: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = <T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
  everyMs = 200,
) => untilOr(what, probe, timeoutMs, everyMs, () => site.logs());
const health = (name: string) => site.health(name);
const kill = (name: string) => site.kill(name);

/** Starts `npm run start:<role>` as a child process on its own port, sharing the database. */
async function start(name: string, role: "web" | "worker"): Promise<void> {
  await site.start(name, role, {
    REPLAY_OFFSET: offset,
    TELEGRAM_LIVE_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: botApi.apiRoot,
    LOG_LEVEL: "info",
    LOG_FORMAT: "json",
    DEV_TOOLS: "false",
  });
}

async function newUser(n: number, chatId: number): Promise<number> {
  const { rows } = await database.pool.query(
    "INSERT INTO users (email, first_name, language_code, newsletter_key, telegram_notifications_enabled) VALUES ($1, 'Fan', 'en', 'k', true) RETURNING id",
    [`crash${n}@example.com`],
  );
  const id = rows[0].id as number;
  await database.pool.query(
    "INSERT INTO telegram_chats (user_id, bot, chat_id, linked_at) VALUES ($1, 'live', $2, now())",
    [id, chatId],
  );
  await grantPremium(database.pool, id, { now: services.clock.now(), days: 30 });
  return id;
}

let chats = 0;
const filters: Array<{ id: number; side: "home" | "away"; counter: "shots" | "shotsOnTarget"; atLeast: number }> = [];

/** Live filters "<side> shots (on target) ≥ k", each of its own premium user with a linked Telegram chat. */
async function addFilters(
  side: "home" | "away",
  thresholds: number[],
  counter: "shots" | "shotsOnTarget" = "shotsOnTarget",
): Promise<void> {
  for (const k of thresholds) {
    chats += 1;
    const user = await newUser(chats, 70_000 + chats);
    const rule: Rule = {
      id: "s",
      category: "liveStats",
      stat: counter === "shots" ? "shots" : "shotsOnGoal",
      target: side === "home" ? "Home" : "Away",
      comparator: "GreaterEqualThan",
      value: k,
    };
    const { rows } = await database.pool.query(
      "INSERT INTO live_filters (user_id, name, desired_outcome, rules, updated_at) VALUES ($1, $2, 'home', $3, now()) RETURNING id",
      [user, `${side} ${k}+ ${counter}`, JSON.stringify([rule])],
    );
    filters.push({ id: rows[0].id, side, counter, atLeast: k });
  }
}

/**
 * Waits until the worker's process has a live-scanner transaction open (a pick and its outbox being written) or
 * a live-state write running, and kills it there: SIGKILL in the middle of its tick.
 */
async function killMidTick(name: string, provoke: () => Promise<void>): Promise<string> {
  const pid = site.processes.get(name)!.child.pid!;
  let waves = 0;
  let lastWave = 0;
  const caught = await until(
    `${name} in the middle of a tick`,
    async () => {
      // A wave of new filters every few seconds: each makes a burst of picks at the next scan.
      if (Date.now() - lastWave > 4000 && waves < 8) {
        waves += 1;
        lastWave = Date.now();
        await provoke();
      }
      const { rows } = await database.pool.query<{ query: string; state: string }>(
        // A statement of the scanner's pick transaction (the filter's figures, the pick, its outbox rows: running, or
        // done with the transaction still open), or the tick's write of the live states; never the delivery's
        // statements (UPDATE alert_outbox, the claim) nor the heartbeat's transaction.
        `SELECT query, state FROM pg_stat_activity WHERE application_name = $1
         AND state IN ('active', 'idle in transaction')
         AND (query ILIKE '%FROM alert_picks WHERE source = $1 AND filter_id%' OR query ILIKE '%INSERT INTO alert_picks%'
              OR query ILIKE '%INSERT INTO alert_outbox%' OR query ILIKE '%INSERT INTO live_states%')`,
        [`pitchlab:worker:${pid}`],
      );
      return rows[0] ?? null;
    },
    60_000,
    5,
  );
  await kill(name);
  return `${caught.state}: ${caught.query.replace(/\s+/g, " ").slice(0, 80)}`;
}

/**
 * Telegram rows of the outbox, the live picks recorded so far, and what the stand-in received, per chat. Read
 * in that order: a row is marked sent only after the stand-in took its message, so every sent row read here
 * has its message among `calls`; `calls` may hold more (a pick recorded and sent in between).
 */
async function deliveries() {
  const { rows } = await database.pool.query<{ chatId: string; state: string; pickId: number }>(
    `SELECT c.chat_id AS "chatId", o.state, o.pick_id AS "pickId" FROM alert_outbox o
       JOIN telegram_chats c ON c.user_id = o.user_id AND c.bot = 'live' WHERE o.channel = 'telegram' ORDER BY o.id`,
  );
  const { rows: picks } = await database.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM alert_picks WHERE source = 'live'",
  );
  const received = new Map<string, number>();
  let alerts = 0;
  for (const call of botApi.sent()) {
    // A chat's alerts due together go as one message, a blank line apart.
    for (const alert of String(call.params.text).split("\n\n")) {
      const key = `${call.params.chat_id}|${alert}`;
      received.set(key, (received.get(key) ?? 0) + 1);
      alerts += 1;
    }
  }
  return { rows, picks: picks[0]!.n, alerts, received };
}

beforeAll(async () => {
  botApi = await startBotApi();
  site = await startReplayedSite({
    dataDir: ".data/e2e-scale",
    preferredPort: 54379,
    databaseName: "scale_crash",
    files: FILES,
  });
  database = site.database;
  // The replay shift, then the busiest kick-off still to come: the site's clock is put 20 minutes after it.
  await setupClock(database.pool, { mode: "replay" });
  const { rows } = await database.pool.query<{ kickoff: Date; n: number }>(
    `SELECT kickoff, count(*)::int AS n FROM fixtures WHERE ft_home IS NOT NULL AND kickoff > now() AND kickoff < now() + interval '14 days'
      GROUP BY kickoff ORDER BY n DESC, kickoff LIMIT 1`,
  );
  expect(rows[0]!.n).toBeGreaterThanOrEqual(10);
  offset = new Date(rows[0]!.kickoff.getTime() + 20 * 60_000).toISOString();
  // Stored first, so that every process runs the same clock (the first process to start owns it otherwise).
  const offsetMs = await sharedReplayOffset(database.pool, offset, true, parseReplayOffset);
  const clock = await setupClock(database.pool, { mode: "replay", offsetMs });
  const telegram = createTelegram({ tokens: { live: TOKEN }, apiRoot: botApi.apiRoot, offlineDir: null });
  services = createServices(
    { pool: database.pool, clock, telegram, instance: { id: "crash-test", role: "web" } },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );

  await Promise.all([start("worker-1", "worker"), start("worker-2", "worker"), start("web", "web")]);
}, 600_000);

afterAll(async () => {
  botApi?.release();
  await site?.stop();
  await botApi?.close();
});

describe("two workers and a web process on one database", () => {
  it("share the live shards between the workers, and the web process sees both", async () => {
    const [w1, w2] = await until(
      "the shards to be shared",
      async () => {
        const both = await Promise.all([health("worker-1"), health("worker-2")]);
        return both.every((h) => (h.process?.shards.length ?? 0) === SHARD_COUNT / 2) && both;
      },
      30_000,
    );
    expect(w1.role).toBe("worker");
    expect(w1.process!.shards.filter((s) => w2.process!.shards.includes(s))).toEqual([]);
    const web = await health("web");
    expect(web.role).toBe("web");
    expect(web.process?.shards).toEqual([]);
    expect(web.cluster?.workers.filter((w) => w.alive).map((w) => w.shards.length)).toEqual([
      SHARD_COUNT / 2,
      SHARD_COUNT / 2,
    ]);
    // Both workers store live states of their own fixtures.
    const { rows } = await database.pool.query("SELECT count(*)::int AS n FROM live_states");
    expect(rows[0].n).toBeGreaterThanOrEqual(10);
  });

  it("records every alert once when a worker is killed in the middle of a tick", async () => {
    // New filters reach every live fixture at the next scan: a burst of picks in both workers.
    await addFilters("home", [1, 2, 3, 4, 5, 6]);
    let wave = 0;
    const where = await killMidTick("worker-1", () =>
      addFilters(wave++ % 2 ? "away" : "home", [2 + wave, 6 + wave], "shots"),
    );
    console.log(`worker-1 killed during ${where}`);
    const survivor = await until(
      "worker-2 to take over every shard",
      async () => {
        const h = await health("worker-2");
        return h.process?.shards.length === SHARD_COUNT && h;
      },
      30_000,
    );
    expect(survivor.cluster?.unheld).toEqual([]);
    // A replacement worker joins (an orchestrator restarts it): the shards are shared again.
    await start("worker-3", "worker");
    await until(
      "the shards to be shared again",
      async () => (await health("worker-3")).process?.shards.length === SHARD_COUNT / 2,
      30_000,
    );
  });

  it("delivers every alert once when a worker is killed while delivering, and the other takes its shards over", async () => {
    await until(
      "the first alerts to be sent",
      async () => (await deliveries()).rows.every((r) => r.state === "sent"),
      90_000,
      500,
    );
    // The stand-in lets 5 messages through, then holds the next calls like a slow network.
    botApi.hold(5);
    const before = botApi.sent().length;
    await addFilters("away", [1, 2, 3, 4, 5, 6]);
    // Both workers have claimed a batch and wait on a call each (or one does, when the other had nothing left).
    await until(
      "the workers to be sending",
      async () => botApi.sent().length >= before + 5 && botApi.waiting() >= 1,
      60_000,
      50,
    );
    await sleep(300);
    await kill("worker-2");
    await until(
      "the killed worker's call to be dropped",
      async () => botApi.dropped() >= 1 || botApi.waiting() <= 1,
      10_000,
      50,
    );
    botApi.release();

    const survivor = await until(
      "worker-3 to hold every shard",
      async () => {
        const h = await health("worker-3");
        return h.process?.shards.length === SHARD_COUNT && h;
      },
      30_000,
    );
    expect(survivor.cluster?.unheld).toEqual([]);
    const web = await health("web");
    expect(web.cluster?.workers.filter((w) => w.alive).map((w) => w.shards.length)).toEqual([SHARD_COUNT]);
    expect(web.cluster?.workers.filter((w) => !w.alive)).toHaveLength(2);
  });

  it("has every alert that should have fired in the outbox once, and delivered once", async () => {
    // Every pair that holds now (counters only rise, so it held since its first alert) has its one pick.
    const { rows: live } = await database.pool.query<{ id: number; state: LiveState }>(
      "SELECT fixture_id AS id, state FROM live_states",
    );
    expect(live.length).toBeGreaterThanOrEqual(10);
    // The scan of the tick that stored these states ends within moments.
    await sleep(2000);
    const { rows: picks } = await database.pool.query<{ filterId: number; fixtureId: number; n: number }>(
      `SELECT filter_id AS "filterId", fixture_id AS "fixtureId", count(*)::int AS n FROM alert_picks WHERE source = 'live' GROUP BY 1, 2`,
    );
    const recorded = new Map(picks.map((p) => [`${p.filterId}:${p.fixtureId}`, p.n]));
    let expected = 0;
    for (const f of filters) {
      for (const { id, state } of live) {
        if ((state[f.side][f.counter] ?? 0) < f.atLeast) continue;
        expected += 1;
        expect(recorded.get(`${f.id}:${id}`), `filter ${f.side} ${f.counter} ≥ ${f.atLeast}, fixture ${id}`).toBe(1);
      }
    }
    expect(expected).toBeGreaterThan(20);
    expect(picks.every((p) => p.n === 1)).toBe(true);

    // The replay goes on, and with it the scanner: picks keep coming after the count above. The outbox is
    // compared with the picks of the same moment, once every row of it is sent (a chat's alerts go out a message
    // a second, Telegram's limit, so that takes a while) and no alert arrived since the rows were read; an alert
    // too many or too few ends the wait, for the checks below to name it.
    const done = await until(
      "every alert to be sent",
      async () => {
        const d = await deliveries();
        const settled = d.rows.length === d.picks && d.rows.every((r) => r.state === "sent");
        const twice = [...d.received.values()].some((n) => n > 1);
        return settled && (d.alerts <= d.rows.length || twice) && d;
      },
      120_000,
      500,
    );
    const perChat = new Map<string, number>();
    for (const [key, count] of done.received) {
      expect(count, key).toBe(1);
      const chat = key.split("|")[0]!;
      perChat.set(chat, (perChat.get(chat) ?? 0) + 1);
    }
    // Each outbox row is one alert at the stand-in, and no alert came twice.
    expect(done.alerts).toBe(done.rows.length);
    const rowsPerChat = new Map<string, number>();
    for (const r of done.rows) rowsPerChat.set(String(r.chatId), (rowsPerChat.get(String(r.chatId)) ?? 0) + 1);
    expect(Object.fromEntries(perChat)).toEqual(Object.fromEntries(rowsPerChat));
  });
});
