/**
 * npm run bench:scale — the scale-out on this machine: 1, 2 and 3 worker processes (npm run start:worker) on the
 * replay's busiest Saturday afternoon with 10,000 live filters, then 1 and 2 web processes (npm run start:web) on
 * the site-load targets. Its own data directory (.data/bench-scale: the first run imports the dataset and
 * computes the predictions with `npm start`, a few minutes) and an embedded PostgreSQL started on its own.
 *
 * Per worker count: each worker's live tick time (tick + scan of its shards, p50/p95 over its last 120 ticks,
 * from its health endpoint) and the fixtures it holds; alert latency p95 from the stat change to the outbox
 * (filters "after minute m", whose moment of truth is known to the second from the replay clock) and from the
 * outbox to the message at a local Telegram Bot API stand-in. Per web count: req/s and p99 per target at 50
 * connections, and the 2-process figures as a ratio of the 1-process ones measured in the same run.
 * Writes bench/results/scale.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { sharedReplayOffset } from "../src/data/clock.ts";
import { connect } from "../src/db/client.ts";
import { runningEmbeddedUrl, startEmbeddedPostgres } from "../src/db/embedded.ts";
import { parseReplayOffset } from "../src/domain/replay/offset.ts";
import { SHARD_COUNT } from "../src/domain/scale/shards.ts";
import { startBotApi } from "../tests/support/telegram-api.ts";
import { freePort } from "./free-port.ts";
import { type Figures, load, saturdayRange } from "./load.ts";
import { minuteAt, playingAt, seedLiveFilters, seedMembers, truthOf } from "./members.ts";
import { type Child, HOST, healthOf, prepare, startProcess, stop, stopRunning } from "./processes.ts";
import { until } from "./until.ts";

const DATA_DIR = process.env.BENCH_DATA_DIR ?? ".data/bench-scale";
const WINDOW_S = Number(process.env.BENCH_WINDOW ?? 60);
/** the site-clock time from T0 whose minute the latency filters are made for (the window opens after the warm-up) */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 45);
const WEB_DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const FILTERS = 10_000;
const USERS = 500;
const TOKEN = "7000002:bench-scale-live";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const p95 = (xs: number[]) =>
  xs.length === 0 ? null : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))]!;
const p50 = (xs: number[]) => (xs.length === 0 ? null : [...xs].sort((a, b) => a - b)[Math.floor(0.5 * xs.length)]!);

async function main() {
  console.log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  await prepare({ DATA_DIR, EMBEDDED_PG_PORT: String(await freePort()) });
  // Its embedded PostgreSQL stops with it; the bench starts its own on the same files once it is gone.
  await until("the first PostgreSQL to stop", async () => (await runningEmbeddedUrl(DATA_DIR)) === null, 120_000);
  const pg = await startEmbeddedPostgres({ dataDir: DATA_DIR, preferredPort: await freePort(), log: () => {} });
  const db = connect(pg.url, 4);
  const botApi = await startBotApi();
  const children: Child[] = [];
  try {
    const pool = db.pool;
    // T0: 15:05 UK on the replay's next Saturday (the busiest hour), the same moment for every run.
    const t0 = new Date(Date.now() + parseReplayOffset("saturday 15:05", Date.now())!);
    const T0 = t0.toISOString();
    const measuredFrom = new Date(t0.getTime() + WARMUP_S * 1000);
    const playing = await playingAt(pool, measuredFrom);
    const allLive = (
      await pool.query(
        "SELECT count(*)::int AS n FROM fixtures WHERE ft_home IS NOT NULL AND kickoff <= $1 AND kickoff > $1 - interval '105 minutes'",
        [measuredFrom],
      )
    ).rows[0].n as number;
    console.log(`T0 ${T0}: ${allLive} fixtures being played (${playing.length} with statistics)`);

    // Users (premium, Telegram linked) and 10,000 live filters, made once.
    // Latency filters: "after minute m and before minute m + 3" for each group of fixtures (league, kick-off) and
    // the five minutes it plays from the window's opening: each fires once per fixture of its group, at a moment
    // known to the second (minute m + 1 starts), and not at first sight for the other kick-offs of its league.
    const groups = new Map<string, { leagueId: number; minute: number }>();
    for (const f of playing) {
      const m0 = minuteAt(f.kickoff, measuredFrom);
      if (m0 === null) continue;
      for (let m = m0; m < Math.min(m0 + 5, 88); m++)
        groups.set(`${f.leagueId}:${m}`, { leagueId: f.leagueId, minute: m });
    }
    const { rows: have } = await pool.query("SELECT count(*)::int AS n FROM live_filters WHERE name LIKE 'bench3 %'");
    if (have[0].n !== FILTERS) {
      console.log("seeding 500 members and 10,000 live filters…");
      const users = await seedMembers(pool, "bench-scale", USERS);
      const leagues = [...new Set(playing.map((f) => f.leagueId))];
      await seedLiveFilters(pool, "bench3", users, groups.values(), leagues, FILTERS);
    }
    const latencyFilters = new Map(
      (
        await pool.query<{ id: number; name: string }>(
          "SELECT id, name FROM live_filters WHERE name LIKE 'bench3 latency %'",
        )
      ).rows.map((r) => [r.id, Number(r.name.split(" ")[2])]),
    );

    const workerRuns: Record<string, unknown> = {};
    for (const n of [1, 2, 3]) {
      // A clean start at T0 for every run: no picks, no states, nobody holding a shard.
      await pool.query("DELETE FROM alert_picks WHERE source = 'live'");
      await pool.query("DELETE FROM live_states");
      await pool.query("DELETE FROM scale_workers");
      await pool.query("UPDATE scale_shards SET owner = NULL, lease_until = NULL");
      const offsetMs = await sharedReplayOffset(pool, T0, true, parseReplayOffset, true);
      const siteNow = () => new Date(Date.now() + offsetMs);
      const env = {
        DATABASE_URL: pg.url,
        REPLAY_OFFSET: T0,
        TELEGRAM_LIVE_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: botApi.apiRoot,
        DEV_TOOLS: "false",
      };
      const workers: Child[] = [];
      for (let i = 0; i < n; i++) workers.push(startProcess(["worker"], { ...env, DATA_DIR }, await freePort()));
      children.push(...workers);
      await until(
        "the workers",
        async () => {
          const hs = await Promise.all(workers.map(healthOf));
          // Healthy, and the shards shared out: all held, each its share.
          const held = hs.map((h) => h.process?.shards.length ?? 0);
          return (
            hs.every((h) => h.status === "ok") &&
            held.reduce((a, b) => a + b, 0) === SHARD_COUNT &&
            held.every((k) => k >= Math.floor(SHARD_COUNT / n))
          );
        },
        5 * 60_000,
      );
      // The first scan of 10,000 filters on every fixture (and the picks that hold at first sight) is the warm-up:
      // the window opens once every worker's ticks are back under a second.
      const upAt = Date.now();
      const { rows: before } = await pool.query("SELECT count(*)::int AS n FROM alert_picks WHERE source = 'live'");
      let calm = 0;
      while (calm < 5 && Date.now() - upAt < 10 * 60_000) {
        const hs = await Promise.all(workers.map(healthOf));
        calm = hs.every((h) => (h.jobs.live?.ticks ?? 0) > 2 && (h.jobs.live?.lastMs ?? 1e9) < 1000) ? calm + 1 : 0;
        await sleep(1000);
      }
      const warm = {
        seconds: Math.round((Date.now() - upAt) / 1000),
        picks:
          ((await pool.query("SELECT count(*)::int AS n FROM alert_picks WHERE source = 'live'")).rows[0].n as number) -
          (before[0].n as number),
      };
      const from = siteNow();
      // Tick time per worker: its last tick (tick + scan of its shards) sampled every second through the window.
      const samples: number[][] = workers.map(() => []);
      const fixturesHeld: number[] = workers.map(() => 0);
      while (siteNow().getTime() - from.getTime() < WINDOW_S * 1000) {
        const hs = await Promise.all(workers.map(healthOf));
        hs.forEach((h, i) => {
          if (h.jobs.live) {
            samples[i]!.push(h.jobs.live.lastMs);
            fixturesHeld[i] = h.jobs.live.fixtures;
          }
        });
        await sleep(1000);
      }
      const to = siteNow();
      const hs = await Promise.all(workers.map(healthOf));
      // Telegram delivery of the window's alerts: a few more seconds for the last ones.
      await sleep(5000);
      const { rows: picks } = await pool.query<{ filterId: number; kickoff: Date; createdAt: Date }>(
        `SELECT p.filter_id AS "filterId", f.kickoff, p.created_at AS "createdAt" FROM alert_picks p JOIN fixtures f ON f.id = p.fixture_id
          WHERE p.source = 'live' AND p.created_at >= $1 AND p.created_at <= $2`,
        [from, to],
      );
      const toOutbox: number[] = [];
      for (const p of picks) {
        const m = latencyFilters.get(p.filterId);
        if (m === undefined) continue;
        // "after minute m" holds from match-clock second 60·m on.
        const truth = truthOf(p.kickoff, m);
        if (truth >= from.getTime() && truth <= to.getTime()) toOutbox.push(p.createdAt.getTime() - truth);
      }
      const { rows: sent } = await pool.query<{ ms: number }>(
        `SELECT extract(epoch FROM (o.sent_at - o.created_at)) * 1000 AS ms FROM alert_outbox o
          WHERE o.channel = 'telegram' AND o.created_at >= $1 AND o.created_at <= $2 AND o.state = 'sent'`,
        [from, to],
      );
      const { rows: unsent } = await pool.query(
        "SELECT count(*)::int AS n FROM alert_outbox WHERE channel = 'telegram' AND created_at >= $1 AND created_at <= $2 AND state <> 'sent'",
        [from, to],
      );
      const run = {
        workers: n,
        windowS: Math.round((to.getTime() - from.getTime()) / 1000),
        warmUp: warm,
        perWorker: hs.map((h, i) => ({
          shards: h.process?.shards.length ?? 0,
          fixtures: fixturesHeld[i],
          tickP50Ms: p50(samples[i]!),
          tickP95Ms: p95(samples[i]!),
        })),
        picksInWindow: picks.length,
        latencyPicks: toOutbox.length,
        statChangeToOutboxP50Ms: p50(toOutbox),
        statChangeToOutboxP95Ms: p95(toOutbox),
        telegramSent: sent.length,
        telegramNotSentAfter5s: unsent[0].n as number,
        outboxToSentP50Ms: p50(sent.map((r) => Number(r.ms))),
        outboxToSentP95Ms: p95(sent.map((r) => Number(r.ms))),
      };
      workerRuns[String(n)] = run;
      console.log(`${n} worker(s): ${JSON.stringify(run)}`);
      await stop(workers);
    }

    // Web processes: 1, then 2 (the load shared between them), on the site-load targets at 50 connections.
    const web: Record<string, Record<string, Figures & { path: string }>> = {};
    for (const n of [1, 2]) {
      const webs: Child[] = [];
      for (let i = 0; i < n; i++)
        webs.push(startProcess(["web"], { DATABASE_URL: pg.url, DATA_DIR, DEV_TOOLS: "false" }, await freePort()));
      children.push(...webs);
      await until(
        "the web processes",
        async () => (await Promise.all(webs.map(healthOf))).every((h) => h.status === "ok"),
        5 * 60_000,
      );
      const base = `http://${HOST}:${webs[0]!.port}`;
      const home = await (await fetch(`${base}/`)).text();
      const match = /href="(\/matches\/predictions\/[^"]+)"/.exec(home)?.[1];
      const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
      if (!match || !asset) throw new Error("the home page links no match or no script");
      const now = new Date(Date.now());
      const targets = [
        { name: "static asset", path: asset },
        { name: "home", path: "/" },
        { name: "predictions", path: "/football-predictions-today" },
        { name: "match", path: match },
        { name: "fixtures/web (a Saturday)", path: `/api/v1/fixtures/web?${saturdayRange(now)}` },
      ];
      web[String(n)] = {};
      for (const t of targets) {
        for (const w of webs)
          await (
            await fetch(`http://${HOST}:${w.port}${t.path}`, { headers: { "accept-encoding": "br, gzip" } })
          ).arrayBuffer();
        const urls = webs.map((w) => `http://${HOST}:${w.port}${t.path}`);
        const figures = await load(urls.length === 1 ? urls[0]! : urls, 50, WEB_DURATION_S);
        web[String(n)]![t.name] = { path: t.path, ...figures };
        console.log(
          `${n} web process(es), ${t.name} @50: ${figures.reqPerS} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}`,
        );
      }
      await stop(webs);
    }
    const twoVsOne = Object.fromEntries(
      Object.keys(web["1"]!).map((t) => [t, Math.round((web["2"]![t]!.reqPerS / web["1"]![t]!.reqPerS) * 100) / 100]),
    );
    const report = {
      measuredAt: new Date().toISOString(),
      machine: {
        cores: cpus().length,
        loadAverageAtEnd: loadavg().map((l) => Math.round(l * 10) / 10),
        note: "every process (PostgreSQL, workers, web processes, the load generator and the Telegram stand-in) shares these cores",
      },
      replay: { t0: T0, fixturesPlayed: allLive, fixturesWithStatistics: playing.length },
      filters: FILTERS,
      latencyFilters: latencyFilters.size,
      windowS: WINDOW_S,
      workers: workerRuns,
      web: {
        connections: 50,
        durationS: WEB_DURATION_S,
        processes: web,
        twoVsOneReqPerS: twoVsOne,
        baseline: "the 1-process figures of the same run",
      },
    };
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/scale.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log(`2 web processes vs 1 (req/s): ${JSON.stringify(twoVsOne)}; written bench/results/scale.json`);
  } finally {
    await stopRunning(children);
    botApi.release();
    await botApi.close();
    await db.close();
    await pg.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
