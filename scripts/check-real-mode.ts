/**
 * npm run check:real-mode — the README's two commands of real mode, scripted on a fresh data directory:
 *
 *   npm run standin -- --port <p>
 *   CLOCK_MODE=real FOOTBALL_DATA_URL=http://127.0.0.1:<p> npm start
 *
 * and then, as a visitor would, the fixtures of today and the next two days through the API until they are listed
 * with predictions and bookmakers' prices. Prints the seconds to each step; fails after LIMIT_MIN minutes (default
 * 15). Its own ports and data directory (`.data/check-real-mode`), so a running copy is left alone.
 *
 * Then the live feed: the stand-in's clock moved to the next Saturday at 16:10 UK time (the 15:00 round in its
 * second half), the site started again on the same data with its clock there (REPLAY_OFFSET) and the SportMonks
 * variables pointing at the stand-in,
 *
 *   SPORTMONKS_API_URL=http://127.0.0.1:<p>/sportmonks/v3/football SPORTMONKS_API_TOKEN=any-token-1 npm start
 *
 * until the livescores list a match with a minute and a score (LIVE_LIMIT_MIN minutes, default 5).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { freePort } from "../bench/free-port.ts";
import { pricesVisible } from "../src/domain/predictions/price-visibility.ts";
import { parseReplayOffset } from "../src/domain/replay/offset.ts";

const DATA_DIR = ".data/check-real-mode";
const LIMIT_MS = Number(process.env.LIMIT_MIN ?? 15) * 60_000;
const LIVE_LIMIT_MS = Number(process.env.LIVE_LIMIT_MIN ?? 5) * 60_000;
/** A Saturday moment when the 15:00 matches are in their second half and others in play (UK time). */
const LIVE_MOMENT = "saturday 16:10";
const EMBEDDED_PG_PORT = "54387";

interface Livescore {
  fixture: { id: number };
  state: { status: string; minute: number | null; homeScore: number | null; awayScore: number | null };
}

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

/** Stops one started process group and waits for it (the site's PostgreSQL shuts down with it). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  await exited;
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fixtures of today and the next two days, through the API, until some are listed with predictions and prices.
 * football-data.co.uk prices a round on the Tuesday or Friday at noon before it, so from Monday evening to Tuesday
 * noon (and Thursday evening to Friday noon) no listed fixture has prices yet: the check then says so and asks the
 * stand-in to quote every listed match now, as a provider quoting ahead would, so that the prices' path is checked
 * on any day. The site shows such a price from the sync that read it (`odds.seen_from`).
 */
async function fixturesReady(site: string, standin: string): Promise<boolean> {
  const steps: Record<string, number> = {};
  while (Date.now() - started < LIMIT_MS) {
    await sleep(5_000);
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
    const predicted = upcoming.filter((f) => f.predictions?.picks?.some((p) => p.probability !== null)).length;
    if (predicted > 0 && steps.predicted === undefined) steps.predicted = seconds();
    const published = upcoming.filter((f) => pricesVisible(Date.parse(f.kickoff), now)).length;
    if (ready === 0 && predicted > 0 && published === 0 && steps.quotedAhead === undefined) {
      const asked = await fetch(`${standin}/_standin/fixtures`, {
        method: "POST",
        body: JSON.stringify({ aheadDays: 7, quoteAll: true }),
      });
      if (!asked.ok) throw new Error(`the stand-in refused to quote ahead: HTTP ${asked.status}`);
      steps.quotedAhead = seconds();
      console.log(
        `real mode: ${predicted} upcoming fixtures with predictions; the provider has priced none of them yet, so the stand-in now quotes every listed match`,
      );
    }
    if (ready > 0) {
      steps.predictedWithPrices = seconds();
      console.log(JSON.stringify({ ...steps, upcoming: upcoming.length, withPredictionsAndPrices: ready }));
      console.log(
        `real mode: ${ready} of ${upcoming.length} upcoming fixtures with predictions and prices after ${seconds()} s`,
      );
      return true;
    }
  }
  console.error(`real mode: no upcoming fixture with predictions and prices within ${LIMIT_MS / 60_000} min`, steps);
  return false;
}

/** The livescores, through the API, until a match is live with a minute and a score. */
async function liveReady(site: string, from: number): Promise<boolean> {
  let healthyAt: number | null = null;
  while (Date.now() - from < LIVE_LIMIT_MS) {
    await sleep(3_000);
    if (healthyAt === null) {
      if (await json<{ status: string }>(`${site}/api/v1/health`)) healthyAt = seconds();
      continue;
    }
    const answer = await json<{ data: Livescore[] }>(`${site}/api/v1/fixtures/livescores`);
    const live = (answer?.data ?? []).filter(
      (l) =>
        (l.state.status === "live" || l.state.status === "halftime") &&
        l.state.minute !== null &&
        l.state.homeScore !== null &&
        l.state.awayScore !== null,
    );
    if (live.length > 0) {
      const [first] = live;
      console.log(JSON.stringify({ restartedHealthy: healthyAt, live: live.length, at: seconds() }));
      console.log(
        `real mode with SportMonks: ${live.length} matches live with minute and score after ${Math.round((Date.now() - from) / 1000)} s ` +
          `(fixture ${first!.fixture.id}: ${first!.state.minute}', ${first!.state.homeScore}–${first!.state.awayScore})`,
      );
      return true;
    }
  }
  console.error(
    `real mode with SportMonks: no live match with a minute and a score within ${LIVE_LIMIT_MS / 60_000} min`,
  );
  return false;
}

async function main(): Promise<number> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const [standinPort, sitePort] = [await freePort(), await freePort()];
  const standin = `http://127.0.0.1:${standinPort}`;
  run("npm", ["run", "standin", "--", "--port", String(standinPort)], {});
  const siteEnv = {
    CLOCK_MODE: "real",
    FOOTBALL_DATA_URL: standin,
    PORT: String(sitePort),
    HOST: "127.0.0.1",
    DATA_DIR,
    EMBEDDED_PG_PORT,
    LOG_LEVEL: "warn",
    // A sync every 2 minutes (15 by default), so a change at the stand-in reaches the site within the check's wait.
    FOOTBALL_DATA_EVERY_MIN: "2",
  };
  const first = run("npm", ["start"], siteEnv);
  const site = `http://127.0.0.1:${sitePort}`;
  if (!(await fixturesReady(site, standin))) return 1;

  // The live feed at a Saturday moment: the stand-in's clock and the site's moved to the same instant (the site
  // restarted on the same data, so the start takes seconds), SportMonks pointed at the stand-in.
  await stop(first);
  const at = new Date(Date.now() + (parseReplayOffset(LIVE_MOMENT, Date.now()) ?? 0)).toISOString();
  const moved = await fetch(`${standin}/_standin/clock`, { method: "POST", body: JSON.stringify({ at }) });
  if (!moved.ok) {
    console.error(`the stand-in's clock could not be moved: HTTP ${moved.status}`);
    return 1;
  }
  console.log(`live: the stand-in and the site at ${at}`);
  const restarted = Date.now();
  run("npm", ["start"], {
    ...siteEnv,
    REPLAY_OFFSET: at,
    SPORTMONKS_API_URL: `${standin}/sportmonks/v3/football`,
    SPORTMONKS_API_TOKEN: "any-token-1",
  });
  return (await liveReady(site, restarted)) ? 0 : 1;
}

process.exitCode = await main().finally(stopAll);
