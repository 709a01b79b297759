/**
 * npm run bench:advanced-filter — the advanced statistical filter under load on the real dataset.
 * Starts the product on loopback with its own data directory and ports, waits for the dataset and the
 * prediction back-fill, then loads it with autocannon, one bounded scenario at a time: the health endpoint
 * (the baseline) and advanced-filter queries over a week of fixtures covering every parameter set.
 * Writes bench/results/advanced-filter.json with p50/p95/p99 latency and throughput of each, and the
 * ratio of each to health.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { runningEmbeddedUrl } from "../src/db/embedded.ts";
import { GOAL_KEYS, RATE_PARAMS } from "../src/domain/stats/advanced-filter.ts";
import { freePort } from "./free-port.ts";
import { until } from "./until.ts";

const PORT = await freePort();
const HOST = "127.0.0.1";
const DATA_DIR = ".data/bench-filter";
const PG_PORT = await freePort();
const BASE = `http://${HOST}:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DAY = 86_400_000;

function startServer(): ChildProcess {
  return spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST,
      DATA_DIR,
      BUILD_DIR: `${DATA_DIR}/build`,
      EMBEDDED_PG_PORT: String(PG_PORT),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function json(path: string, init?: RequestInit) {
  const response = await fetch(`${BASE}${path}`, init);
  return { status: response.status, body: (await response.json()) as { data?: unknown; error?: string } };
}

/** A premium account for the premium endpoint: registered through the API, verified and subscribed in the database. */
async function premiumToken(): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const password = "a long enough password";
  const headers = { "content-type": "application/json" };
  const registered = await json("/api/v1/auth/register", {
    method: "POST",
    headers,
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Mark",
      email,
      password,
      confirmPassword: password,
      terms: true,
      languageCode: "en",
    }),
  });
  if (registered.status !== 200) throw new Error(`register: ${registered.status} ${registered.body.error}`);
  // The embedded PostgreSQL the server started (it may have moved to another free port): its postmaster.pid says where.
  const url = await runningEmbeddedUrl(DATA_DIR);
  if (!url) throw new Error(`no embedded PostgreSQL runs under ${DATA_DIR}`);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows } = await db.query("UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id", [email]);
  await db.query(
    `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_months, status, current_period_end, addon_filters, addon_backtesting)
     VALUES ($1, 'bench', $2, 1, 'active', now() + interval '30 days', false, false)`,
    [rows[0].id, `bench_${rows[0].id}`],
  );
  await db.end();
  const login = await json("/api/v1/auth/login", {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  return (login.body.data as { token: string }).token;
}

interface Figures {
  scenario: string;
  path: string;
  requests: number;
  errors: number;
  non2xx: number;
  throughputRps: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** matches the query returned (one request before the load) */
  fixtures?: number;
  /** that one request alone; the first filter scenario's computes a week of facts (cold cache) */
  firstRequestMs?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One bounded autocannon run; latencies are taken per response so that p95 is exact. */
function load(
  scenario: string,
  path: string,
  headers: Record<string, string> = {},
  duration = DURATION_S,
): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(
      { url: `${BASE}${path}`, connections: CONNECTIONS, duration, headers },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        resolve({
          scenario,
          path,
          requests: result.requests.total,
          errors: result.errors + result.timeouts + (result.requests.total === 0 ? 1 : 0),
          non2xx: result.non2xx,
          throughputRps: Math.round((result.requests.total / (result.duration || DURATION_S)) * 10) / 10,
          latencyMs: {
            p50: Math.round(percentile(times, 50) * 10) / 10,
            p95: Math.round(percentile(times, 95) * 10) / 10,
            p99: Math.round(percentile(times, 99) * 10) / 10,
            max: Math.round((times.at(-1) ?? 0) * 10) / 10,
          },
        });
      },
    );
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
      times.push(responseTime),
    );
  });
}

async function main() {
  const server = startServer();
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve(null);
      server.once("exit", resolve);
      server.kill("SIGTERM");
    });
  try {
    await until(
      "health",
      async () => (await json("/api/v1/health")).body && (await fetch(`${BASE}/api/v1/health`)).ok,
      15 * 60_000,
    );
    console.log("server up; waiting for the dataset import and the prediction back-fill…");
    await until(
      "predictions",
      async () => {
        const health = (await json("/api/v1/health")).body as { status?: string };
        const status = (await json("/api/v1/predictions/status")).body.data as { phase?: string } | null;
        return health.status === "ok" && status?.phase === "done";
      },
      20 * 60_000,
    );
    const token = await premiumToken();
    const today = new Date(Math.floor(Date.now() / DAY) * DAY);
    const week = `dateFormat=extended&platform=website&from=${today.toISOString()}&to=${new Date(today.getTime() + 7 * DAY).toISOString()}`;
    const top = ((await json("/api/v1/leagues/topleagues")).body.data as Array<{ league: { id: number } }>)
      .slice(0, 8)
      .map((l) => l.league.id);
    const rates = RATE_PARAMS.map((k) => `${k}=${k === "head2head" ? 0 : 30}`).join("&");
    const goals = GOAL_KEYS.map((k) => `min${k}=0.5&max${k}=10`).join("&");
    const filter = "/api/v1/fixtures/advanced-filters";
    const scenarios: Array<{ name: string; path: string; premium?: boolean }> = [
      { name: "health", path: "/api/v1/health" },
      { name: "filter: event only (O25)", path: `${filter}?${week}&event=O25` },
      {
        name: "filter: odds range and leagues",
        path: `${filter}?${week}&event=GG&minOdd=1.5&maxOdd=3&leagueIds=${top.join(",")}`,
      },
      { name: "filter: every rate", path: `${filter}?${week}&event=U35&${rates}` },
      { name: "filter: every goals range", path: `${filter}?${week}&event=O15&${goals}` },
      {
        name: "premium filter: premium event, probability range, everything",
        path: `${filter}/premium?${week}&event=CO85&minOdd=1.1&maxOdd=4&minProbability=20&maxProbability=90&leagueIds=${top.join(",")}&${rates}&minHomeScoredSeason=0.5&maxAwayConcededLast5=10`,
        premium: true,
      },
    ];
    const results: Figures[] = [];
    for (const s of scenarios) {
      const headers: Record<string, string> = s.premium ? { authorization: `Bearer ${token}` } : {};
      const t0 = performance.now();
      const once = await json(s.path, { headers });
      const firstRequestMs = Math.round((performance.now() - t0) * 10) / 10;
      if (once.status !== 200) throw new Error(`${s.name}: ${once.status} ${once.body.error}`);
      // Warm-up (JIT, caches), not counted: the figures are the steady state.
      await load(s.name, s.path, headers, WARMUP_S);
      const figures = await load(s.name, s.path, headers);
      const data = once.body.data as { total?: number } | undefined;
      if (data?.total !== undefined) figures.fixtures = data.total;
      figures.firstRequestMs = firstRequestMs;
      results.push(figures);
      console.log(
        `${s.name.padEnd(62)} first ${firstRequestMs} ms  p50 ${figures.latencyMs.p50} ms  p95 ${figures.latencyMs.p95} ms  p99 ${figures.latencyMs.p99} ms  ${figures.throughputRps} req/s${figures.fixtures !== undefined ? `  (${figures.fixtures} matches)` : ""}${figures.non2xx ? `  non-2xx ${figures.non2xx}` : ""}`,
      );
    }
    const health = results[0]!;
    const report = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
      settings: {
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        warmupSeconds: WARMUP_S,
        range: "7 days from today (replay clock)",
        target: "p95 < 50 ms",
      },
      scenarios: results.map((r) => ({
        ...r,
        vsHealth: {
          p50: Math.round((r.latencyMs.p50 / health.latencyMs.p50) * 10) / 10,
          p95: Math.round((r.latencyMs.p95 / health.latencyMs.p95) * 10) / 10,
          throughput: Math.round((r.throughputRps / health.throughputRps) * 100) / 100,
        },
      })),
      targetMet: results.slice(1).every((r) => r.latencyMs.p95 < 50),
    };
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/advanced-filter.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `p95 < 50 ms for every filter scenario: ${report.targetMet ? "yes" : "NO"}; written to bench/results/advanced-filter.json`,
    );
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
