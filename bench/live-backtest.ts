/**
 * npm run bench:live-backtest — backtests of live filters on the real bundled data, in-process on an embedded
 * PostgreSQL of its own (.data/bench-live-backtest):
 *
 * 1. Imports the seasons of the last two and a half years of all leagues, stores every finished match's timeline
 *    (services.live.storeTimelines, as the live job does) and sets the clock a day after the last match.
 * 2. For 3, 12 and 24 months of all leagues and four representative filters: the first backtest of a fresh service
 *    (cold: it reads and decodes 25 months of timelines and fits their odds models) and the median of 5 warm runs
 *    (timelines in memory), through services.liveBacktest.run — validation, replay, figures, names and all.
 *    Matches analysed per second of the warm runs.
 * 3. Baseline, same run: the obvious replay — the state rebuilt from the timeline (stateAt) at every second of
 *    every match, as a scanner ticking each second would see it, on an even sample of the 24-month matches,
 *    extrapolated to all of them; both ways must pick the same matches at the same second of the sample.
 * 4. Memory of the timelines kept in memory, and the cost of reading them from the database per backtest instead
 *    (a cold load) against the warm run: why they are kept.
 *
 * Writes bench/results/live-backtest.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { listBundledFiles } from "../src/data/bundled-dataset.ts";
import { readSource } from "../src/data/csv-source.ts";
import { importFile } from "../src/data/importer.ts";
import { openDatabase } from "../src/data/open-database.ts";
import { stateAt } from "../src/domain/live/replay.ts";
import { HALF_SECONDS, MATCH_SECONDS } from "../src/domain/live/state.ts";
import type { Timeline } from "../src/domain/live/timeline.ts";
import { intervalRange } from "../src/domain/prematch/backtest.ts";
import { scopeOf } from "../src/domain/scanner/stat-scope.ts";
import { compileRules } from "../src/domain/scanner/compile.ts";
import type { LiveBacktestInterval } from "../src/domain/scanner/live-backtest-intervals.ts";
import { liveJudge, runLiveBacktest } from "../src/domain/scanner/live-backtest.ts";
import { liveEvalState, liveSource } from "../src/domain/scanner/live-source.ts";
import type { DesiredOutcome, Rule } from "../src/domain/scanner/rules.ts";
import { createServices } from "../src/services/index.ts";
import { createLiveBacktestService } from "../src/services/scanner/live-backtest.ts";

const DATASET = "datasets/football-data";
const SEASONS = ["2022-2023", "2023-2024", "2024-2025", "2025-2026"];
const WARM_RUNS = 5;
const BASELINE_SAMPLE = Number(process.env.BENCH_BASELINE_SAMPLE ?? 300);
const PREMIUM = { loggedIn: true, premium: true, addonFilters: false, addonBacktesting: false };
const INTERVALS: LiveBacktestInterval[] = ["ThreeMonths", "TwelveMonths", "TwentyFourMonths"];

const r = (id: string, rule: Omit<Rule, "id">): Rule => ({ id, ...rule });
const PRESSURE: Rule[] = [
  r("a", { category: "liveStats", stat: "shotsOnGoal", target: "Home", comparator: "GreaterEqualThan", value: 4 }),
  r("b", { category: "liveStats", stat: "drawing", target: "Match", comparator: "EqualTo", value: 1 }),
  r("c", {
    category: "time",
    stat: "minute",
    target: "Match",
    comparator: "GreaterEqualThan",
    value: 0,
    time: { kind: "AfterMinute", minute: 60 },
  }),
];
/** The same rules judged on a result and on a goal outcome: the goal outcome must not slow the replay. */
const GOAL_PAIR = { result: "home pressure, level after 60'", goals: "home pressure, level after 60' → goal after" };
const FILTERS: Array<{ name: string; outcome: DesiredOutcome; rules: Rule[] }> = [
  { name: GOAL_PAIR.result, outcome: "home", rules: PRESSURE },
  { name: GOAL_PAIR.goals, outcome: "goal_after", rules: PRESSURE },
  {
    name: "level after 70', 10 shots on target in total → goal after",
    outcome: "goal_after",
    rules: [
      r("a", { category: "time", stat: "minute", target: "Match", comparator: "GreaterEqualThan", value: 70 }),
      r("b", { category: "liveStats", stat: "drawing", target: "Home", comparator: "EqualTo", value: 1 }),
      r("c", {
        category: "liveStats",
        stat: "total.shotsOnGoal",
        target: "Match",
        comparator: "GreaterEqualThan",
        value: 10,
      }),
    ],
  },
  {
    name: "dangerous attacks ratio in the 1st half (numeric mode)",
    outcome: "favorite_wins",
    rules: [
      r("a", {
        category: "liveStats",
        stat: "dangerousAttacks",
        target: "Favorite",
        comparator: "GreaterEqualThan",
        value: 2,
        numeric: { op: "div", stat: "dangerousAttacks", withTarget: "Underdog" },
      }),
      r("b", {
        category: "liveStats",
        stat: "dangerousAttacks",
        target: "Favorite",
        comparator: "GreaterEqualThan",
        value: 15,
      }),
      r("c", {
        category: "time",
        stat: "minute",
        target: "Match",
        comparator: "GreaterEqualThan",
        value: 0,
        time: { kind: "During1stHalf" },
      }),
    ],
  },
  {
    name: "favourite's live odd drifted 50% while losing, 55'-80'",
    outcome: "favorite_wins",
    rules: [
      r("a", {
        category: "odds",
        stat: "win",
        target: "Favorite",
        comparator: "IncreasedOf",
        value: 50,
        oddsMarket: "LiveMatch",
      }),
      r("b", { category: "liveStats", stat: "losing", target: "Favorite", comparator: "EqualTo", value: 1 }),
      r("c", {
        category: "time",
        stat: "minute",
        target: "Match",
        comparator: "GreaterEqualThan",
        value: 0,
        time: { kind: "MinuteRange", minute: 55, toMinute: 80 },
      }),
    ],
  },
  {
    name: "5 rules: corners, cards, pre-match table and odds, half time",
    outcome: "draw",
    rules: [
      r("a", {
        category: "liveStats",
        stat: "total.corners",
        target: "Match",
        comparator: "GreaterEqualThan",
        value: 5,
      }),
      r("b", {
        category: "liveStats",
        stat: "total.yellowCards",
        target: "Match",
        comparator: "LessEqualThen",
        value: 3,
      }),
      r("c", { category: "preMatchStats", stat: "pointsGap", target: "Match", comparator: "LessEqualThen", value: 6 }),
      r("d", { category: "odds", stat: "draw", target: "Match", comparator: "LessThan", value: 3.6 }),
      r("e", {
        category: "liveStats",
        stat: "drawing",
        target: "Match",
        comparator: "EqualTo",
        value: 1,
        time: { kind: "AtHalfTime" },
      }),
    ],
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

async function main() {
  const config = loadConfig({ DATA_DIR: ".data/bench-live-backtest", EMBEDDED_PG_PORT: "54379", LOG_LEVEL: "warn" });
  const database = await openDatabase(config, () => {});
  const pool = database.pool;
  try {
    const files = (await listBundledFiles(DATASET)).filter(
      (f) => SEASONS.some((s) => f.startsWith(`${s}/`)) || f.startsWith("extra/"),
    );
    let t = performance.now();
    for (const file of files)
      await importFile(pool, await readSource(path.join(DATASET, file), file.replace(/\.gz$/, "")), {
        skipKnown: true,
      });
    const importS = (performance.now() - t) / 1000;
    const last = (await pool.query<{ at: Date }>("SELECT max(kickoff) AS at FROM fixtures WHERE ft_home IS NOT NULL"))
      .rows[0]!.at;
    const now = new Date(last.getTime() + 86_400_000);
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
    t = performance.now();
    let stored = 0;
    for (let n = -1; n !== 0; stored += n) n = await services.live.storeTimelines(5000);
    const storeS = (performance.now() - t) / 1000;
    console.log(
      `imported ${files.length} files in ${round(importS)} s; ${stored} timelines stored in ${round(storeS)} s; now = ${now.toISOString()}`,
    );
    t = performance.now();
    const store = await services.prematch.features();
    const featureStoreS = (performance.now() - t) / 1000;

    // 2. Cold and warm backtests.
    const runs: Array<Record<string, unknown>> = [];
    let memory: Record<string, number> | null = null;
    for (const interval of INTERVALS) {
      for (const filter of FILTERS) {
        const input = { rules: filter.rules, desiredOutcome: filter.outcome, interval };
        global.gc?.();
        const before = process.memoryUsage();
        // New timelines are looked for in the background every 20 s; here none come (they were all stored above).
        const fresh = createLiveBacktestService({ pool, clock }, services.live, services.prematch, {
          checkMs: 3_600_000,
        });
        let start = performance.now();
        const cold = await fresh.run(input, PREMIUM);
        const coldMs = performance.now() - start;
        if (!memory) {
          global.gc?.();
          const after = process.memoryUsage();
          const held = await fresh.warm();
          memory = {
            fixtures: held.fixtures,
            events: held.events,
            eventBytes: held.events * 3,
            heapAndBuffersMB: mb(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers),
          };
        }
        const warm: number[] = [];
        let result = cold;
        for (let i = 0; i < WARM_RUNS; i++) {
          start = performance.now();
          result = await fresh.run(input, PREMIUM);
          warm.push(performance.now() - start);
        }
        const warmMs = median(warm);
        runs.push({
          interval,
          filter: filter.name,
          analysed: result.analysed,
          withoutTimeline: result.withoutTimeline,
          picks: result.figures.picks,
          successRate: result.figures.successRate === null ? null : round(result.figures.successRate, 3),
          roi: result.figures.roi === null ? null : round(result.figures.roi, 3),
          coldMs: round(coldMs, 0),
          warmMs: round(warmMs, 1),
          matchesPerSecond: Math.round(result.analysed / (warmMs / 1000)),
        });
        console.log(
          `${interval} · ${filter.name}: ${result.analysed} matches, ${result.figures.picks} picks, cold ${round(coldMs, 0)} ms, warm ${round(warmMs, 1)} ms`,
        );
      }
    }

    // 3. Baseline: every second of a sample of the 24-month matches, state rebuilt from scratch each time.
    const { from, to } = intervalRange("TwentyFourMonths", now.getTime());
    const [startRow, endRow] = store.rowRange(from, to);
    const timelines = new Map<number, Timeline>();
    for (const s of (await pool.query<{ id: number }>("SELECT id FROM seasons")).rows)
      for (const tl of await services.live.seasonTimelines(s.id)) timelines.set(tl.fixtureId, tl);
    const rows: number[] = [];
    for (let row = startRow; row < endRow; row++)
      if (store.ftHome[store.fixtureIndex(row)]! >= 0 && timelines.has(store.id[store.fixtureIndex(row)]!))
        rows.push(row);
    const step = Math.max(1, Math.floor(rows.length / BASELINE_SAMPLE));
    const sample = rows.filter((_, i) => i % step === 0).slice(0, BASELINE_SAMPLE);
    const models = await services.live.oddsModels(sample.map((row) => store.id[store.fixtureIndex(row)]!));
    const baseline: Array<Record<string, unknown>> = [];
    for (const filter of FILTERS) {
      const matches = compileRules(filter.rules, liveSource(store.source()), scopeOf);
      const picksNaive = new Map<number, number>();
      const start = performance.now();
      for (const row of sample) {
        const id = store.id[store.fixtureIndex(row)]!;
        const tl = timelines.get(id)!;
        const model = models.get(id) ?? null;
        for (let second = 0; second < MATCH_SECONDS; second++) {
          const hit =
            matches(liveEvalState(stateAt(tl, "live", second, model), row)) ||
            (second === HALF_SECONDS - 1 && matches(liveEvalState(stateAt(tl, "halftime", second, model), row)));
          if (hit) {
            picksNaive.set(id, second);
            break;
          }
        }
      }
      const naiveMs = performance.now() - start;
      const extrapolatedMs = (naiveMs / sample.length) * rows.length;
      // The same sample through the backtest's replay (the live scanner's judge, the cursor walk).
      const list = sample.map((row) => {
        const i = store.fixtureIndex(row);
        const id = store.id[i]!;
        return {
          fixtureId: id,
          leagueId: store.league[i]!,
          kickoff: store.kickoff[i]!,
          timeline: timelines.get(id)!,
          model: models.get(id) ?? null,
          favorite: store.favorite[row]!,
          score: { ftHome: store.ftHome[i]!, ftAway: store.ftAway[i]!, htHome: null, htAway: null },
          context: row,
        };
      });
      const ours = runLiveBacktest(list, liveJudge(filter.rules, filter.outcome, store), filter.outcome);
      const warm24 = runs.find((x) => x.interval === "TwentyFourMonths" && x.filter === filter.name)!.warmMs as number;
      const oursOnSample = new Map(ours.picks.map((p) => [p.fixtureId, p.second]));
      const agree =
        oursOnSample.size === picksNaive.size && [...picksNaive].every(([id, s]) => oursOnSample.get(id) === s);
      if (!agree) throw new Error(`${filter.name}: the replay and the per-second baseline disagree on the sample`);
      baseline.push({
        filter: filter.name,
        sample: sample.length,
        samplePicks: picksNaive.size,
        samePicks: agree,
        naivePerMatchMs: round(naiveMs / sample.length, 2),
        naive24MonthsExtrapolatedS: round(extrapolatedMs / 1000, 1),
        warm24MonthsMs: warm24,
        speedup: Math.round(extrapolatedMs / warm24),
      });
      console.log(
        `baseline · ${filter.name}: ${round(naiveMs / sample.length, 2)} ms a match → ${round(extrapolatedMs / 1000, 1)} s for 24 months; ours ${warm24} ms (${Math.round(extrapolatedMs / warm24)}×)`,
      );
    }

    const warm24Of = (name: string) =>
      runs.find((x) => x.interval === "TwentyFourMonths" && x.filter === name)!.warmMs as number;
    const warmOf = (interval: string) =>
      median(runs.filter((x) => x.interval === interval).map((x) => x.warmMs as number));
    const coldOf = (interval: string) =>
      median(runs.filter((x) => x.interval === interval).map((x) => x.coldMs as number));
    const result = {
      importedFiles: files.length,
      timelinesStored: stored,
      featureStoreLoadS: round(featureStoreS, 2),
      summary: Object.fromEntries(
        INTERVALS.map((i) => [
          i,
          {
            matches: runs.find((x) => x.interval === i)!.analysed,
            medianColdMs: coldOf(i),
            medianWarmMs: warmOf(i),
            matchesPerSecond: Math.round((runs.find((x) => x.interval === i)!.analysed as number) / (warmOf(i) / 1000)),
          },
        ]),
      ),
      memory,
      /** reading the timelines from the database per backtest would cost the cold load each time */
      readPerBacktestVsInMemory: round(coldOf("TwentyFourMonths") / warmOf("TwentyFourMonths"), 1),
      /** warm 24-month backtest of the same rules judged on goal_after ÷ judged on the home win (1 = same speed) */
      goalOutcomeSpeedRatio: round(warm24Of(GOAL_PAIR.goals) / warm24Of(GOAL_PAIR.result), 2),
      runs,
      baseline,
      /** the machine's load during the run (other work shares its cores): figures scale with it */
      machine: { cores: cpus().length, loadAverage1m: round(loadavg()[0]!, 1) },
      measuredAt: new Date().toISOString(),
    };
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/live-backtest.json", `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result.summary, null, 2), result.memory);
  } finally {
    await database.close();
  }
}

await main();
