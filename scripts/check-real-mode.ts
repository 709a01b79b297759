/**
 * npm run check:real-mode — the README's two commands of real mode, scripted on a fresh data directory:
 *
 *   npm run standin -- --port <p>
 *   CLOCK_MODE=real FOOTBALL_DATA_URL=http://127.0.0.1:<p> npm start
 *
 * and then, as a visitor would, the fixtures of today and the next two days through the API until they are listed
 * with predictions and bookmakers' prices. Prints the seconds to each step; fails after LIMIT_MIN minutes (default
 * 15). Its own ports and data directory (`.data/check-real-mode`), so a running copy is left alone.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { freePort } from "../bench/free-port.ts";

const DATA_DIR = ".data/check-real-mode";
const LIMIT_MS = Number(process.env.LIMIT_MIN ?? 15) * 60_000;

interface Fixture {
  kickoff: string;
  predictions?: { picks?: Array<{ probability: number | null; odds: number | null }> } | null;
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 100) / 10;
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>): ChildProcess {
  // Its own process group: the product's start script starts PostgreSQL and the server under it.
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  children.push(child);
  return child;
}

function stopAll() {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

async function json<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function main(): Promise<number> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const [standinPort, sitePort] = [await freePort(), await freePort()];
  run("npm", ["run", "standin", "--", "--port", String(standinPort)], {});
  run("npm", ["start"], {
    CLOCK_MODE: "real",
    FOOTBALL_DATA_URL: `http://127.0.0.1:${standinPort}`,
    PORT: String(sitePort),
    HOST: "127.0.0.1",
    DATA_DIR,
    EMBEDDED_PG_PORT: "54387",
    LOG_LEVEL: "warn",
  });
  const site = `http://127.0.0.1:${sitePort}`;
  const steps: Record<string, number> = {};
  while (Date.now() - started < LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    if (steps.healthy === undefined) {
      if (await json<{ status: string }>(`${site}/api/v1/health`)) steps.healthy = seconds();
      continue;
    }
    const now = Date.now();
    const answer = await json<{ data: Fixture[] }>(
      `${site}/api/v1/fixtures/web?from=${day(now)}&to=${day(now + 2 * 86_400_000)}`,
    );
    const upcoming = (answer?.data ?? []).filter((f) => Date.parse(f.kickoff) > now);
    if (upcoming.length > 0 && steps.listed === undefined) steps.listed = seconds();
    const ready = upcoming.filter((f) =>
      f.predictions?.picks?.some((p) => p.probability !== null && p.odds !== null),
    ).length;
    if (ready > 0) {
      steps.predictedWithPrices = seconds();
      console.log(JSON.stringify({ ...steps, upcoming: upcoming.length, withPredictionsAndPrices: ready }));
      console.log(
        `real mode: ${ready} of ${upcoming.length} upcoming fixtures with predictions and prices after ${seconds()} s`,
      );
      return 0;
    }
  }
  console.error(`real mode: no upcoming fixture with predictions and prices within ${LIMIT_MS / 60_000} min`, steps);
  return 1;
}

process.exitCode = await main().finally(stopAll);
