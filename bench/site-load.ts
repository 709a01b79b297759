/**
 * npm run bench:site-load — the public site under load, on loopback, as browsers ask for it
 * (`accept-encoding: br, gzip`). Starts the product on a free port with its own data directory, waits for the
 * dataset and the prediction back-fill, then runs autocannon for BENCH_DURATION seconds (10) per target at 10
 * and at 50 connections: the home page, a predictions page, a match page, a team page, the trends page,
 * `fixtures/web` for a Saturday, the trends API, a team's statistics and a fixture's pre-match team statistics
 * (API), and a static asset (the baseline). Writes bench/results/site-load.json with, per target and connections, req/s,
 * p50, p99, errors and the share of the static asset's throughput in the same run. Each target waits until no
 * prediction refresh runs (one every 5 minutes takes a core for many seconds), and is flagged when one began
 * during its measurement anyway.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { type Figures, load, saturdayRange } from "./load.ts";
import { until } from "./until.ts";

const HOST = "127.0.0.1";
const DATA_DIR = process.env.BENCH_DATA_DIR ?? ".data/bench-site-load";
const CONNECTIONS = [10, 50];
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The machine's load average (1, 5, 15 minutes) at the start and end of the run: others may share it. */
const loadAverages: number[][] = [];
function loadAverage() {
  return { atStart: loadAverages[0], atEnd: loadAverages[loadAverages.length - 1], cores: cpus().length };
}

async function main() {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST,
      DATA_DIR,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    await until("health", async () => (await fetch(`${base}/api/v1/health`)).ok, 15 * 60_000);
    console.log("server up; waiting for the dataset import and the prediction back-fill…");
    await until(
      "predictions",
      async () => {
        const health = (await (await fetch(`${base}/api/v1/health`)).json()) as { status?: string };
        const status = (
          (await (await fetch(`${base}/api/v1/predictions/status`)).json()) as { data?: { phase?: string } }
        ).data;
        return health.status === "ok" && status?.phase === "done";
      },
      20 * 60_000,
    );
    const home = await (await fetch(`${base}/`)).text();
    const match = /href="(\/matches\/predictions\/[^"]+)"/.exec(home)?.[1];
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    if (!match || !asset) throw new Error("the home page links no match or no script");
    const preMatchTab = await (await fetch(`${base}${match}?tab=pre-match-stats`)).text();
    const team = /href="(\/team\/[^"]+_(\d+))"/.exec(preMatchTab);
    if (!team) throw new Error("the match page links no team");
    const fixtureId = /_(\d+)$/.exec(match)![1];
    const now = new Date(
      (((await (await fetch(`${base}/api/v1/health`)).json()) as { clock?: { now?: string } }).clock?.now as string) ??
        Date.now(),
    );
    const targets = [
      { name: "static asset", path: asset },
      { name: "home", path: "/" },
      { name: "predictions", path: "/football-predictions-today" },
      { name: "match", path: match },
      { name: "team", path: team[1]! },
      { name: "trends page", path: "/vip/football-trends" },
      { name: "fixtures/web (a Saturday)", path: `/api/v1/fixtures/web?${saturdayRange(now)}` },
      { name: "trends API", path: "/api/v1/trends" },
      { name: "team stats API", path: `/api/v1/teams/${team[2]}/stats` },
      { name: "pre-match team stats API", path: `/api/v1/fixtures/${fixtureId}/team-stats` },
    ];
    for (const t of targets) {
      const response = await fetch(`${base}${t.path}`, { headers: { "accept-encoding": "br, gzip" } });
      if (!response.ok) throw new Error(`${t.name} ${t.path}: ${response.status}`);
      await response.arrayBuffer();
    }
    /** The prediction pipeline's state; waits (up to 3 minutes) until no refresh runs unless told not to. */
    const refreshState = async (wait = true): Promise<{ phase?: string; startedAt?: string }> => {
      const read = async () =>
        (
          (await (await fetch(`${base}/api/v1/predictions/status`)).json()) as {
            data?: { phase?: string; startedAt?: string };
          }
        ).data ?? {};
      let state = await read();
      const deadline = Date.now() + 180_000;
      while (wait && state.phase !== "done" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        state = await read();
      }
      return state;
    };
    loadAverages.push(loadavg().map((v) => Math.round(v * 100) / 100));
    const results: Record<string, Record<string, Figures & { path: string }>> = {};
    for (const connections of CONNECTIONS) {
      for (const t of targets) {
        // The prediction refresh (every 5 minutes) takes a core for many seconds: a target waits for it to end,
        // and a run that a refresh overlapped anyway says so (predictionRefreshDuring).
        const before = await refreshState();
        // One request first, so that a page the cache let age past its limit while other targets ran is rendered
        // before the clock starts: the run measures serving the page, not one render under 50 waiting connections.
        await (await fetch(`${base}${t.path}`, { headers: { "accept-encoding": "br, gzip" } })).arrayBuffer();
        const figures = await load(`${base}${t.path}`, connections, DURATION_S);
        const after = await refreshState(false);
        if (after.startedAt !== before.startedAt || after.phase !== "done") figures.predictionRefreshDuring = true;
        results[t.name] ??= {};
        results[t.name]![String(connections)] = { path: t.path, ...figures };
        console.log(
          `${t.name} @${connections}: ${figures.reqPerS} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}`,
        );
      }
      const staticRps = results["static asset"]![String(connections)]!.reqPerS;
      for (const t of targets) {
        const r = results[t.name]![String(connections)]!;
        r.shareOfStatic = Math.round((r.reqPerS / staticRps) * 100) / 100;
      }
    }
    loadAverages.push(loadavg().map((v) => Math.round(v * 100) / 100));
    const pages = ["home", "predictions", "match", "team", "trends page"];
    const targetMet = pages.every((p) => {
      const r = results[p]!["50"]!;
      return r.shareOfStatic! >= 0.5 && r.p99Ms < 100;
    });
    const report = {
      measuredAt: new Date().toISOString(),
      durationS: DURATION_S,
      acceptEncoding: "br, gzip",
      baseline: "static asset of the same run",
      targets: `each page (${pages.join(", ")}) at 50 connections: shareOfStatic >= 0.5 and p99Ms < 100`,
      loadAverage: loadAverage(),
      targetMet,
      results,
    };
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/site-load.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `pages at 50 connections: ${pages.map((p) => `${p} ${Math.round(results[p]!["50"]!.shareOfStatic! * 100)}% of static, p99 ${results[p]!["50"]!.p99Ms} ms`).join("; ")}`,
    );
    console.log(`target ${targetMet ? "met" : "NOT met"}; written bench/results/site-load.json`);
  } finally {
    server.kill("SIGTERM");
    await exited;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
