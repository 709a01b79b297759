/**
 * npm run bench:matchday — a soak of the replay's busiest Saturday on the production topology: 2 web and 2 worker
 * processes (npm run start:web / start:worker) on one PostgreSQL, 10,000 live and 2,000 pre-match filters of
 * 1,000 premium members linked to a local Telegram Bot API stand-in, members polling the live scores, public pages
 * requested open-loop at 200 per second throughout, and whatever the workers run on a Saturday (live ticks and
 * scans, results, prediction refreshes, the hourly bots, previews). Per minute: page req/s and p99, event-loop
 * delay max per process, alert latency p95 (moment of truth → message sent), RSS per process, database
 * connections. At the end one web process is stopped (SIGTERM → exit) and started again (→ health answers).
 *
 * Full run: 66 minutes on a cluster of Debian's `postgresql` package made, started and removed by the bench
 * (from Saturday 14:50). `--quick`: 15 minutes on the embedded PostgreSQL of its own data directory
 * (.data/bench-matchday; the first run imports the dataset and computes the predictions, a few minutes).
 * Both run at the replay clock's 1× speed (the clock has no rate). BENCH_MINUTES overrides the duration.
 * Writes bench/results/matchday.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { sharedReplayOffset } from "../src/data/clock.ts";
import { connect } from "../src/db/client.ts";
import { runningEmbeddedUrl, startEmbeddedPostgres } from "../src/db/embedded.ts";
import { parseReplayOffset } from "../src/domain/replay/offset.ts";
import { SHARD_COUNT } from "../src/domain/scale/shards.ts";
import type { Rule } from "../src/domain/scanner/rules.ts";
import { startBotApi } from "../tests/support/telegram-api.ts";
import { startExternalPostgres } from "./external-pg.ts";
import { freePort } from "./free-port.ts";
import { loadAtRate, saturdayRange } from "./load.ts";
import { alertAccounts, p99 } from "./matchday-alerts.ts";
import { type Playing, minuteAt, playingAt, seedLiveFilters, seedMembers } from "./members.ts";
import { type Child, HOST, healthOf, prepare, rssMb, startProcess, stop, stopRunning } from "./processes.ts";
import { until } from "./until.ts";

const QUICK = process.argv.includes("--quick");
const MINUTES = Number(process.env.BENCH_MINUTES ?? (QUICK ? 15 : 66));
const START = process.env.BENCH_START ?? (QUICK ? "saturday 14:58" : "saturday 14:50");
const DATA_DIR = process.env.BENCH_DATA_DIR ?? ".data/bench-matchday";
const LIVE_FILTERS = 10_000;
const PREMATCH_FILTERS = 2_000;
const MEMBERS = 1_000;
const PAGES_PER_S = 200;
/** members polling the live scores, each every POLL_S seconds */
const POLLING = 200;
const POLL_S = 10;
const TOKEN = "7000003:bench-matchday-live";
const TARGETS = { pageP99Ms: 150, webLoopDelayMaxMs: 100, alertP95Ms: 2000, lost: 0, doubled: 0, rssGrowthPct: 10 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (x: number) => Math.round(x * 10) / 10;

/** 2,000 pre-match filters: a form rule that holds for some fixtures of the day, notified an hour ahead. */
async function seedPrematchFilters(pool: import("pg").Pool, users: number[]) {
  await pool.query("DELETE FROM prematch_filters WHERE name LIKE 'bench4 %'");
  const rows = Array.from({ length: PREMATCH_FILTERS }, (_, i) => {
    const rule: Rule = {
      id: "p",
      category: "preMatchStats",
      stat: "W",
      target: i % 2 ? "Home" : "Away",
      comparator: "GreaterEqualThan",
      value: 3 + (i % 8),
    };
    return [users[i % users.length]!, `bench4 prematch ${i}`, JSON.stringify([rule])] as const;
  });
  await pool.query(
    `INSERT INTO prematch_filters (user_id, name, desired_outcome, rules, lead_amount, lead_unit, updated_at)
     SELECT u, n, 'home', r::jsonb, 1, 'hours', now() FROM unnest($1::int[], $2::text[], $3::text[]) AS t(u, n, r)`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
}

/** Members on the live pages: POLLING of them, each asking the live scores (or a match's live page) every POLL_S. */
function pollMembers(
  bases: string[],
  fixtures: () => number[],
  bucket: () => { ms: number[]; failed: Record<string, number> },
) {
  let n = 0;
  let stopped = false;
  const timer = setInterval(
    () => {
      if (stopped) return;
      const i = n++;
      const started = fixtures();
      const path =
        i % 3 || !started.length
          ? "/api/v1/fixtures/livescores"
          : `/api/v1/fixtures/${started[i % started.length]}/live`;
      const b = bucket();
      const t = performance.now();
      fetch(`${bases[i % bases.length]}${path}`)
        .then(async (r) => {
          await r.arrayBuffer();
          if (r.ok) b.ms.push(performance.now() - t);
          else b.failed[r.status] = (b.failed[r.status] ?? 0) + 1;
        })
        .catch((error: Error) => {
          const why = (error.cause as { code?: string } | undefined)?.code ?? error.name;
          b.failed[why] = (b.failed[why] ?? 0) + 1;
        });
    },
    (POLL_S * 1000) / POLLING,
  );
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

async function main() {
  const loadAtStart = loadavg().map(round1);
  console.log(`machine: ${cpus().length} cores, load ${loadAtStart.join(" ")}; ${QUICK ? "quick" : "full"} run`);
  let database: { url: string; stop: () => Promise<void> | void; kind: string };
  if (QUICK) {
    await prepare({ DATA_DIR, EMBEDDED_PG_PORT: String(await freePort()) });
    await until("the first PostgreSQL to stop", async () => (await runningEmbeddedUrl(DATA_DIR)) === null, 120_000);
    const pg = await startEmbeddedPostgres({ dataDir: DATA_DIR, preferredPort: await freePort(), log: () => {} });
    database = { url: pg.url, stop: () => pg.stop(), kind: "embedded PostgreSQL" };
  } else {
    const pg = startExternalPostgres(await freePort());
    database = { url: pg.url, stop: pg.stop, kind: "Debian postgresql 15, its own cluster" };
    try {
      await prepare({ DATA_DIR, DATABASE_URL: pg.url });
    } catch (error) {
      pg.stop();
      throw error;
    }
  }
  const db = connect(database.url, 4);
  const botApi = await startBotApi();
  const children: Child[] = [];
  try {
    const pool = db.pool;
    const t0 = new Date(Date.now() + parseReplayOffset(START, Date.now())!);
    const T0 = t0.toISOString();
    // The warm-up (first scans, the shards shared out) takes about a minute; the filters are made for the minutes
    // from there to the end, and every fixture played at some point of them.
    const planFrom = new Date(t0.getTime() + 60_000);
    const planTo = new Date(planFrom.getTime() + (MINUTES + 3) * 60_000);
    const byId = new Map<number, Playing>();
    for (let t = planFrom.getTime(); t <= planTo.getTime(); t += 10 * 60_000)
      for (const f of await playingAt(pool, new Date(t))) byId.set(f.id, f);
    for (const f of await playingAt(pool, planTo)) byId.set(f.id, f);
    // The latency filters read shots: the brute force counts the fixtures whose replay has them (both sides).
    const { rows: withShots } = await pool.query<{ id: number }>(
      `SELECT fixture_id AS id FROM fixture_stats WHERE fixture_id = ANY($1::int[]) AND shots IS NOT NULL
        GROUP BY fixture_id HAVING count(*) = 2`,
      [[...byId.keys()]],
    );
    const shots = new Set(withShots.map((r) => r.id));
    const playing = [...byId.values()].filter((f) => shots.has(f.id));
    const groups = new Map<string, { leagueId: number; minute: number }>();
    for (let t = planFrom.getTime(); t <= planTo.getTime(); t += 60_000)
      for (const f of playing) {
        const m = minuteAt(f.kickoff, new Date(t));
        if (m !== null && m >= 1 && m < 88) groups.set(`${f.leagueId}:${m}`, { leagueId: f.leagueId, minute: m });
      }
    console.log(`T0 ${T0}: ${playing.length} fixtures with shots played in the window; seeding…`);
    const users = await seedMembers(pool, "bench-matchday", MEMBERS);
    const leagues = [...new Set(playing.map((f) => f.leagueId))];
    const latencyFilters = await seedLiveFilters(pool, "bench4", users, groups.values(), leagues, LIVE_FILTERS);
    await seedPrematchFilters(pool, users);
    // A clean start at T0: no picks, no states, nobody holding a shard.
    await pool.query("DELETE FROM alert_picks");
    await pool.query("DELETE FROM live_states");
    await pool.query("DELETE FROM scale_workers");
    await pool.query("UPDATE scale_shards SET owner = NULL, lease_until = NULL");
    const offsetMs = await sharedReplayOffset(pool, T0, true, parseReplayOffset, true);
    const siteNow = () => Date.now() + offsetMs;
    const env = {
      DATA_DIR,
      DATABASE_URL: database.url,
      REPLAY_OFFSET: T0,
      TELEGRAM_LIVE_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: botApi.apiRoot,
      DEV_TOOLS: "false",
    };
    const workers: Child[] = [];
    for (let i = 0; i < 2; i++) workers.push(startProcess(["worker"], env, await freePort()));
    const webs: Child[] = [];
    // BENCH_PROFILE_WEB=<dir>: the web processes write a V8 CPU profile there when they stop (where their loop stalls).
    const profile = process.env.BENCH_PROFILE_WEB;
    const nodeArgs = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [];
    for (let i = 0; i < 2; i++) webs.push(startProcess(["web"], env, await freePort(), nodeArgs));
    children.push(...workers, ...webs);
    await until(
      "the processes",
      async () => {
        const hs = await Promise.all([...workers, ...webs].map(healthOf));
        const held = hs.slice(0, 2).map((h) => h.process?.shards.length ?? 0);
        return hs.every((h) => h.status === "ok") && held[0]! + held[1]! === SHARD_COUNT && Math.min(...held) > 0;
      },
      5 * 60_000,
    );
    // Warm-up: the first scan of every filter on every fixture; the window opens once the ticks are under a second.
    const upAt = Date.now();
    for (let calm = 0; calm < 5 && Date.now() - upAt < 10 * 60_000; await sleep(1000)) {
      const hs = await Promise.all(workers.map(healthOf));
      calm = hs.every((h) => (h.jobs.live?.ticks ?? 0) > 2 && (h.jobs.live?.lastMs ?? 1e9) < 1000) ? calm + 1 : 0;
    }
    const warmUpS = Math.round((Date.now() - upAt) / 1000);
    const bases = webs.map((w) => `http://${HOST}:${w.port}`);
    const home = await (await fetch(`${bases[0]}/`)).text();
    const match = /href="(\/matches\/predictions\/[^"]+)"/.exec(home)?.[1];
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    if (!match || !asset) throw new Error("the home page links no match or no script");
    const paths = [
      "/",
      "/football-predictions-today",
      match,
      `/api/v1/fixtures/web?${saturdayRange(new Date(siteNow()))}`,
      asset,
    ];

    const from = siteNow();
    const polls = Array.from({ length: MINUTES }, () => ({ ms: [] as number[], failed: {} as Record<string, number> }));
    const connections = Array.from({ length: MINUTES }, () => [] as number[]);
    const minuteNow = () => Math.min(MINUTES - 1, Math.max(0, Math.floor((siteNow() - from) / 60_000)));
    const stopPolling = pollMembers(
      bases,
      () => playing.filter((f) => f.kickoff.getTime() <= siteNow()).map((f) => f.id),
      () => polls[minuteNow()]!,
    );
    const sampler = setInterval(() => {
      pool
        .query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'")
        .then((r) => connections[minuteNow()]!.push(r.rows[0].n))
        .catch(() => {});
    }, 5000);
    const measureMinute = async (minute: number) => {
      const pages = await loadAtRate(bases, paths, PAGES_PER_S, 60);
      const hs = await Promise.all([...webs, ...workers].map((c) => healthOf(c).catch(() => null)));
      const delay = hs.map((h) => h?.loopDelay?.lastMinute.maxMs ?? null);
      const record = {
        minute: minute + 1,
        siteClock: new Date(from + minute * 60_000).toISOString(),
        pages: { reqPerS: pages.reqPerS, p50Ms: pages.p50Ms, p99Ms: pages.p99Ms, errors: pages.errors + pages.non2xx },
        livePolls: {
          requests: polls[minute]!.ms.length,
          p99Ms: Math.round(p99(polls[minute]!.ms) ?? 0),
          failed: polls[minute]!.failed,
        },
        loopDelayMaxMs: { web: delay.slice(0, 2), worker: delay.slice(2) },
        liveTickP95Ms: hs.slice(2).map((h) => h?.jobs.live?.p95Ms ?? null),
        rssMb: { web: webs.map(rssMb), worker: workers.map(rssMb) },
        dbConnectionsMax: Math.max(0, ...connections[minute]!),
        alertP95Ms: null as number | null,
        alerts: 0,
      };
      console.log(JSON.stringify(record));
      return record;
    };
    const perMinute: Array<Awaited<ReturnType<typeof measureMinute>>> = [];
    for (let minute = 0; minute < MINUTES; minute++) perMinute.push(await measureMinute(minute));
    const to = siteNow();
    stopPolling();
    clearInterval(sampler);
    // The last messages: a few seconds to go out; the truths of the last 10 seconds are not counted.
    await sleep(10_000);
    const accounts = await alertAccounts(
      pool,
      latencyFilters,
      playing,
      { from, lastTruth: to - 10_000, minutes: MINUTES },
      botApi.calls,
    );
    accounts.latencyP95PerMinute.forEach((a, i) => {
      perMinute[i]!.alertP95Ms = a.p95Ms;
      perMinute[i]!.alerts = a.alerts;
    });

    // Restart of one web process under the load's end: SIGTERM → exit, then start → health answers.
    const t = performance.now();
    await stop([webs[1]!]);
    const shutdownS = (performance.now() - t) / 1000;
    const again = startProcess(["web"], env, webs[1]!.port);
    children.push(again);
    const t2 = performance.now();
    for (;;) {
      if (again.child.exitCode !== null) throw new Error("the restarted web process exited");
      const ok = await healthOf(again)
        .then((h) => h.status === "ok")
        .catch(() => false);
      if (ok) break;
      await sleep(100);
    }
    const restartReadyS = (performance.now() - t2) / 1000;

    const worst = (xs: Array<number | null>) => Math.max(0, ...xs.filter((x): x is number => x !== null));
    const rssAt = (i: number) => {
      const r = perMinute[i]!.rssMb;
      return [...r.web, ...r.worker];
    };
    const base = rssAt(Math.min(9, MINUTES - 1));
    const end = rssAt(MINUTES - 1);
    const growth = end.map((e, i) => (e && base[i] ? ((e - base[i]!) / base[i]!) * 100 : 0));
    const summary = {
      minutes: MINUTES,
      worstPageP99Ms: worst(perMinute.map((m) => m.pages.p99Ms)),
      worstLoopDelayMs: worst(perMinute.flatMap((m) => m.loopDelayMaxMs.web)),
      worstWorkerLoopDelayMs: worst(perMinute.flatMap((m) => m.loopDelayMaxMs.worker)),
      worstAlertP95Ms: worst(perMinute.map((m) => m.alertP95Ms)),
      lostAlerts: accounts.lost,
      doubledAlerts: accounts.doubledMessages + accounts.doubledPicks,
      rssGrowthPct: round1(Math.max(...growth)),
      restartReadyS: round1(restartReadyS),
      shutdownS: round1(shutdownS),
    };
    const report = {
      measuredAt: new Date().toISOString(),
      mode: QUICK ? "quick" : "full",
      speed: 1,
      database: database.kind,
      topology: { web: 2, worker: 2 },
      machine: {
        cores: cpus().length,
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadavg().map(round1),
        note: "PostgreSQL, the four processes, the load generator, the polling members and the Telegram stand-in share these cores",
      },
      replay: { t0: T0, windowFrom: new Date(from).toISOString(), windowTo: new Date(to).toISOString(), warmUpS },
      load: {
        liveFilters: LIVE_FILTERS,
        latencyFilters: latencyFilters.size,
        prematchFilters: PREMATCH_FILTERS,
        members: MEMBERS,
        pagesPerS: PAGES_PER_S,
        pages: paths,
        pollingMembers: POLLING,
        pollEveryS: POLL_S,
        fixturesWithShots: playing.length,
      },
      ...summary,
      alerts: { ...accounts, latencyP95PerMinute: undefined },
      rssBaselineMinute: Math.min(10, MINUTES),
      targets: TARGETS,
      met: {
        pageP99: summary.worstPageP99Ms < TARGETS.pageP99Ms,
        webLoopDelay: summary.worstLoopDelayMs < TARGETS.webLoopDelayMaxMs,
        alertP95: summary.worstAlertP95Ms < TARGETS.alertP95Ms,
        lost: summary.lostAlerts === 0,
        doubled: summary.doubledAlerts === 0,
        rssGrowth: summary.rssGrowthPct <= TARGETS.rssGrowthPct,
      },
      perMinute,
    };
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/matchday.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log(`${JSON.stringify({ ...summary, met: report.met })}; written bench/results/matchday.json`);
  } finally {
    await stopRunning(children);
    botApi.release();
    await botApi.close();
    await db.close();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
