/**
 * npm run bench:startup — first start on an empty data directory (build, embedded PostgreSQL,
 * full dataset import) until / answers, then a restart, import throughput and peak memory.
 * Baseline measured in the same run: parsing every bundled file without touching the database.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { listBundledFiles } from "../src/data/bundled-dataset.ts";
import { freePort } from "./free-port.ts";
import { readSource } from "../src/data/csv-source.ts";
import { parseFootballData } from "../src/data/importer.ts";

const PORT = await freePort();
const PG_PORT = await freePort();
const DATA_DIR = ".data/bench";
/** Its own build, so that a server running from this checkout's build/ keeps its files. */
const BUILD_DIR = path.join(DATA_DIR, "build");
const DATASET = "datasets/football-data";

function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Sum of the peak resident memory of the embedded PostgreSQL's processes (postmaster and backends). */
function postgresPeakMb(): number {
  const pids = spawnSync("pgrep", ["-f", path.resolve(DATA_DIR, "postgres")])
    .stdout.toString()
    .trim()
    .split("\n")
    .filter(Boolean);
  return pids.reduce((sum, pid) => sum + peakRssMb(Number(pid)), 0);
}

interface Run {
  child: ChildProcess;
  logs: Array<{ time: string; msg: string }>;
}

function start(): Run {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      BUILD_DIR,
      EMBEDDED_PG_PORT: String(PG_PORT),
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const logs: Run["logs"] = [];
  let buffer = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split("\n");
    buffer = lines.pop()!;
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        // build output
      }
    }
  });
  return { child, logs };
}

async function untilHomeAnswers(run: Run, startedAt: number): Promise<number> {
  for (;;) {
    if (run.child.exitCode !== null) throw new Error("the server exited");
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/`);
      if (response.ok) return (performance.now() - startedAt) / 1000;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stop(run: Run): Promise<number> {
  const t = performance.now();
  const exited = new Promise((resolve) => run.child.once("exit", resolve));
  run.child.kill("SIGTERM");
  await exited;
  return (performance.now() - t) / 1000;
}

const logTime = (run: Run, pattern: RegExp) => {
  const entry = run.logs.find((l) => pattern.test(l.msg));
  return entry ? Date.parse(entry.time) : Number.NaN;
};

// Baseline: parsing alone.
let t = performance.now();
let matches = 0;
for (const file of await listBundledFiles(DATASET))
  matches += parseFootballData(await readSource(path.join(DATASET, file))).records.length;
const parseSeconds = (performance.now() - t) / 1000;

rmSync(DATA_DIR, { recursive: true, force: true });
const loadAtStart = loadavg()[0]!;
t = performance.now();
const first = start();
const firstStart = await untilHomeAnswers(first, t);
// What a person reads before "ready": one log line each (the same lines a terminal shows, there in colour).
const linesBeforeReady = first.logs.findIndex((l) => /^ready on /.test(l.msg));
const buildSeconds = Number(
  /web app built in (\d+) s/.exec(first.logs.find((l) => /web app built/.test(l.msg))?.msg ?? "")?.[1],
);
const importSeconds = (logTime(first, /dataset imported/) - logTime(first, /database ready/)) / 1000;
// While the prediction back-fill runs, the site must keep answering: time / during it and after it.
async function timeHome(): Promise<number> {
  const t0 = performance.now();
  await (await fetch(`http://127.0.0.1:${PORT}/`)).text();
  return performance.now() - t0;
}
const percentile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
const during: number[] = [];
const backfillStarted = performance.now();
for (;;) {
  const status = (await (await fetch(`http://127.0.0.1:${PORT}/api/v1/predictions/status`)).json()) as {
    data: { phase: string } | null;
  };
  if (status.data?.phase === "done") break;
  if (performance.now() - backfillStarted > 300_000)
    throw new Error("the prediction back-fill did not finish in 5 minutes");
  during.push(await timeHome());
  await new Promise((r) => setTimeout(r, 200));
}
const backfillSeconds = (performance.now() - backfillStarted) / 1000;
const after: number[] = [];
for (let i = 0; i < 30; i++) after.push(await timeHome());
const nodePeak = peakRssMb(first.child.pid!);
const pgPeak = postgresPeakMb();
const shutdown = await stop(first);

t = performance.now();
const second = start();
const restart = await untilHomeAnswers(second, t);
const reimported = second.logs.some((l) => /dataset imported/.test(l.msg));
/** The server's own figure: from the process start to listening (the "ready on … in N s" line). */
const readySeconds = (run: Run) =>
  Number(/^ready on \S+ in ([\d.]+) s/.exec(run.logs.find((l) => /^ready on /.test(l.msg))?.msg ?? "")?.[1]);
const restartServer = readySeconds(second);
await stop(second);
rmSync(DATA_DIR, { recursive: true, force: true });

const results = {
  matches,
  loadAverageAtStart: Number(loadAtStart.toFixed(1)),
  cores: cpus().length,
  firstStartSeconds: Number(firstStart.toFixed(1)),
  firstStartBuildSeconds: buildSeconds,
  firstStartLinesBeforeReady: linesBeforeReady,
  restartServerSeconds: restartServer,
  restartSeconds: Number(restart.toFixed(2)),
  restartReimported: reimported,
  shutdownSeconds: Number(shutdown.toFixed(2)),
  importSeconds: Number(importSeconds.toFixed(1)),
  importMatchesPerSecond: Math.round(matches / importSeconds),
  parseOnlyMatchesPerSecond: Math.round(matches / parseSeconds),
  importVsParseRatio: Number((importSeconds / parseSeconds).toFixed(1)),
  peakRssMb: { server: Math.round(nodePeak), postgres: Math.round(pgPeak) },
  predictionBackfillSeconds: Number(backfillSeconds.toFixed(1)),
  homeLatencyMs: {
    duringBackfill: {
      requests: during.length,
      p50: Math.round(percentile(during, 0.5)),
      p95: Math.round(percentile(during, 0.95)),
      max: Math.round(Math.max(0, ...during)),
    },
    afterBackfill: {
      requests: after.length,
      p50: Math.round(percentile(after, 0.5)),
      p95: Math.round(percentile(after, 0.95)),
    },
  },
  duringVsAfterP95Ratio: Number((percentile(during, 0.95) / Math.max(1, percentile(after, 0.95))).toFixed(1)),
  targets: { firstStartSeconds: 90, restartSeconds: 5 },
};
writeFileSync("bench/results/startup.json", `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
