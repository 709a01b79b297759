/**
 * npm run bench:live-feed — the live layer's two costs on the real bundled data, in-process on an embedded
 * PostgreSQL of its own (.data/bench-live):
 *
 * 1. One live tick with 1,500 fixtures being played: every state computed from its (cached) replay timeline and
 *    odds model, compared with the previous tick, the changed ones serialised and upserted into live_states — the
 *    work services.live.tick does each second. The 1,500 fixtures are played fixtures of the newest full season,
 *    their kick-offs spread over the 105 minutes of a match so that all are live at once (no real moment has
 *    1,500). Reported: median CPU time of this process per tick (PostgreSQL's own work runs in its processes).
 *    Baseline: the minute and score of the same fixtures as the site computed them before (matchState).
 * 2. The stored timelines of a whole season of all leagues (2024/25 of the main divisions, 2024/25 or 2024 of
 *    the extra leagues): read from the database, built, encoded and written (services.live.storeTimelines), and
 *    read back a season at a time (services.live.seasonTimelines). Baseline: reading the same fixtures' rows.
 *
 * Writes bench/results/live-feed.json with fixtures, tickMs and seasonTimelinesS, and the ratios to the baselines.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { listBundledFiles } from "../src/data/bundled-dataset.ts";
import { readSource } from "../src/data/csv-source.ts";
import { importFile } from "../src/data/importer.ts";
import { openDatabase } from "../src/data/open-database.ts";
import { replayEntry } from "../src/data/live/replay-feed.ts";
import { replaySources, saveLiveStates } from "../src/db/queries/live.ts";
import { replayState } from "../src/domain/live/replay.ts";
import type { LiveState } from "../src/domain/live/state.ts";
import { matchState } from "../src/domain/replay/match-state.ts";
import { createServices } from "../src/services/index.ts";
import { COUNTERS } from "../src/domain/live/state.ts";

/** The bench replays matches that have all been played: their closing prices (the in-play anchor) are known. */
const AFTER_EVERY_MATCH = new Date("2100-01-01T00:00:00Z");

const FIXTURES = 1500;
const TICKS = 30;
const SEASON = "2024-2025";
const DATASET = "datasets/football-data";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = (work: () => void | Promise<void>) => async () => {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

async function main() {
  const config = loadConfig({ DATA_DIR: ".data/bench-live", EMBEDDED_PG_PORT: "54377", LOG_LEVEL: "warn" });
  const database = await openDatabase(config, () => {});
  const pool = database.pool;
  try {
    const files = (await listBundledFiles(DATASET)).filter((f) => f.startsWith(`${SEASON}/`) || f.startsWith("extra/"));
    for (const file of files)
      await importFile(pool, await readSource(path.join(DATASET, file), file.replace(/\.gz$/, "")), {
        skipKnown: true,
      });
    const seasons = (
      await pool.query<{ id: number }>(`SELECT id FROM seasons WHERE name IN ('2024-2025', '2024') ORDER BY id`)
    ).rows.map((r) => r.id);
    const now = new Date();
    const clock = {
      mode: "real" as const,
      now: () => now,
      shiftWeeks: () => 0,
      sourceNow: () => now,
      refresh: async () => {},
    };
    const services = createServices(
      { pool, clock },
      { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null },
    );

    // 1. A tick with 1,500 live fixtures.
    const ids = (
      await pool.query<{ id: number }>(
        `SELECT f.id FROM fixtures f JOIN seasons s ON s.id = f.season_id JOIN leagues l ON l.id = f.league_id
          WHERE s.name = $1 AND l.source_key NOT LIKE '%:%' AND f.ft_home IS NOT NULL ORDER BY f.id LIMIT $2`,
        [SEASON, FIXTURES],
      )
    ).rows.map((r) => r.id);
    const rows = await replaySources(pool, ids, AFTER_EVERY_MATCH);
    const entries = rows.map((row, i) => ({ row, entry: replayEntry(row), offsetMs: ((i * 6307) % 6300) * 1000 }));
    await pool.query("DELETE FROM live_states");
    const base = Date.now();
    let previous = new Map<number, string>();
    const signature = (s: LiveState) =>
      `${s.status}|${s.minute}|${s.homeScore}:${s.awayScore}|${COUNTERS.map((c) => `${s.home[c]}:${s.away[c]}`).join(",")}|${s.odds?.minute ?? ""}`;
    const tickCpu: number[] = [];
    const tickWall: number[] = [];
    const baselineCpu: number[] = [];
    let changedTotal = 0;
    for (let t = 0; t < TICKS; t++) {
      const at = base + t * 1000;
      const wall = performance.now();
      let changed: Array<{ fixtureId: number; second: number | null; state: LiveState }> = [];
      let live: number[] = [];
      tickCpu.push(
        await cpuMs(async () => {
          const next = new Map<number, string>();
          changed = [];
          live = [];
          for (const { row, entry, offsetMs } of entries) {
            // Each fixture kicked off offsetMs before the first tick: together they cover a whole match.
            const state = replayState(entry.timeline, base - offsetMs, at, entry.model);
            if (state.status !== "live" && state.status !== "halftime") continue;
            const sig = signature(state);
            next.set(row.id, sig);
            live.push(row.id);
            if (previous.get(row.id) !== sig) changed.push({ fixtureId: row.id, second: state.second, state });
          }
          previous = next;
          await saveLiveStates(pool, changed, live);
        })(),
      );
      tickWall.push(performance.now() - wall);
      changedTotal += changed.length;
      baselineCpu.push(
        await cpuMs(() => {
          for (const { row, offsetMs } of entries) matchState(row.id, base - offsetMs, at, row);
        })(),
      );
    }
    // The first tick writes every state; the steady state is what runs every second.
    const steady = tickCpu.slice(1);
    const tickMs = median(steady);
    const baselineMs = median(baselineCpu.slice(1));

    // 2. A season of timelines, all leagues.
    await pool.query("DELETE FROM live_timelines");
    const seasonFixtures = (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM fixtures WHERE season_id = ANY($1::int[]) AND ft_home IS NOT NULL`,
        [seasons],
      )
    ).rows[0]!.n;
    // Only the chosen season lacks timelines: the others are marked done first so storeTimelines builds exactly it.
    await pool.query(
      `INSERT INTO live_timelines (fixture_id, season_id, source, events)
       SELECT id, season_id, 'bench-skip', '\\x'::bytea FROM fixtures WHERE NOT (season_id = ANY($1::int[]))`,
      [seasons],
    );
    const buildStart = performance.now();
    let stored = 0;
    for (;;) {
      const n = await services.live.storeTimelines(2000);
      stored += n;
      if (n < 2000) break;
    }
    const seasonTimelinesS = (performance.now() - buildStart) / 1000;
    const readStart = performance.now();
    let read = 0;
    for (const season of seasons) read += (await services.live.seasonTimelines(season)).length;
    const readS = (performance.now() - readStart) / 1000;
    const baseStart = performance.now();
    await pool.query(`SELECT * FROM fixtures WHERE season_id = ANY($1::int[])`, [seasons]);
    const rowsReadS = (performance.now() - baseStart) / 1000;
    await pool.query("DELETE FROM live_timelines WHERE source = 'bench-skip'");

    const result = {
      fixtures: FIXTURES,
      liveInTick: previous.size,
      tickMs: Number(tickMs.toFixed(2)),
      tickWallMs: Number(median(tickWall.slice(1)).toFixed(2)),
      firstTickMs: Number(tickCpu[0]!.toFixed(2)),
      changedPerTick: Math.round(changedTotal / TICKS),
      baselineMatchStateMs: Number(baselineMs.toFixed(2)),
      tickVsBaseline: Number((tickMs / Math.max(baselineMs, 0.01)).toFixed(1)),
      seasonFixtures,
      seasonTimelinesStored: stored,
      seasonTimelinesS: Number(seasonTimelinesS.toFixed(2)),
      seasonReadBackS: Number(readS.toFixed(3)),
      seasonTimelinesRead: read,
      baselineSeasonRowsReadS: Number(rowsReadS.toFixed(3)),
      readBackVsRows: Number((readS / Math.max(rowsReadS, 0.001)).toFixed(1)),
      targets: { tickMs: 50, seasonTimelinesS: 30 },
      measuredAt: new Date().toISOString(),
    };
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/live-feed.json", `${JSON.stringify(result, null, 2)}\n`);
    console.log(result);
  } finally {
    await database.close();
  }
}

await main();
