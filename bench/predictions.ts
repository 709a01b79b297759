/**
 * npm run bench:predictions — walk-forward predictions of the 2023/24–2025/26 seasons of the 22 main
 * divisions, each trained strictly on what was known before its kick-off, scored against the
 * de-vigged Pinnacle closing odds (the baseline) and opening odds on exactly the same matches.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { listBundledFiles } from "../src/data/bundled-dataset.ts";
import { readSource } from "../src/data/csv-source.ts";
import { parseFootballData } from "../src/data/importer.ts";
import { sweepMatchesFromRecords } from "../src/data/sweep-from-records.ts";
import type { MatchRecord } from "../src/domain/football-data/record.ts";
import { devigPower } from "../src/domain/predictions/devig.ts";
import { calibration, logLoss, rps } from "../src/domain/predictions/metrics.ts";
import { marketsOf } from "../src/domain/predictions/probabilities.ts";
import { DEFAULT_SETTINGS } from "../src/domain/predictions/ratings.ts";
import { walkForward } from "../src/domain/predictions/walk-forward.ts";

const started = performance.now();
const DATASET = "datasets/football-data";
// BENCH_SEASONS lets a tuning run score earlier seasons without looking at the evaluated ones.
const SEASONS = new Set((process.env.BENCH_SEASONS ?? "2023-2024,2024-2025,2025-2026").split(","));
const settings = process.env.BENCH_SETTINGS
  ? { ...DEFAULT_SETTINGS, ...JSON.parse(process.env.BENCH_SETTINGS) }
  : DEFAULT_SETTINGS;

const records: MatchRecord[] = [];
for (const file of await listBundledFiles(DATASET))
  records.push(...parseFootballData(await readSource(path.join(DATASET, file))).records);
const matches = sweepMatchesFromRecords(records);
const predictions = walkForward(matches, settings);
const sweepSeconds = (performance.now() - started) / 1000;

const pinnacle = (r: MatchRecord, closing: boolean, market: "1x2" | "ou25") =>
  r.odds.find((o) => o.bookmaker === "PS" && o.closing === closing && o.market === market)?.prices;

type Predictor = "model" | "final" | "closing" | "opening";
const PREDICTORS: Predictor[] = ["model", "final", "closing", "opening"];
const acc = Object.fromEntries(
  PREDICTORS.map((p) => [
    p,
    {
      rps: 0,
      ll: 0,
      llOu: 0,
      llBtts: 0,
      pairs: [] as Array<[number, boolean]>,
      ouPairs: [] as Array<[number, boolean]>,
      bttsPairs: [] as Array<[number, boolean]>,
    },
  ]),
) as Record<
  Predictor,
  {
    rps: number;
    ll: number;
    llOu: number;
    llBtts: number;
    pairs: Array<[number, boolean]>;
    ouPairs: Array<[number, boolean]>;
    bttsPairs: Array<[number, boolean]>;
  }
>;
let n = 0;
// Per match of the main divisions: RPS of final minus RPS of Pinnacle opening, for the paired bootstrap.
const finalMinusOpening: number[] = [];
// Extra leagues (closing prices only): the model against Pinnacle closing on the same matches.
const extra = {
  n: 0,
  model: { rps: 0, ll: 0, pairs: [] as Array<[number, boolean]> },
  closing: { rps: 0, ll: 0, pairs: [] as Array<[number, boolean]> },
};

for (let i = 0; i < matches.length; i++) {
  const m = matches[i]!;
  const r = m.record;
  if (r.leagueKey.includes(":")) {
    if (SEASONS.has(seasonOfExtra(r.kickoff))) scoreExtra(r, predictions[i]!.model);
    continue;
  }
  if (!SEASONS.has(r.season)) continue;
  const close1 = pinnacle(r, true, "1x2");
  const open1 = pinnacle(r, false, "1x2");
  const closeOu = pinnacle(r, true, "ou25");
  const openOu = pinnacle(r, false, "ou25");
  if (!close1 || !open1 || !closeOu || !openOu) continue;
  n++;
  const outcome = r.ftHome! > r.ftAway! ? 0 : r.ftHome === r.ftAway ? 1 : 2;
  const over = r.ftHome! + r.ftAway! > 2.5;
  const btts = r.ftHome! > 0 && r.ftAway! > 0;
  const p = predictions[i]!;
  const model = marketsOf(p.model);
  const final = marketsOf(p.final);
  const probs: Record<Predictor, { x12: number[]; over: number; gg?: number }> = {
    model: { x12: [model["1"]!, model.X!, model["2"]!], over: model.O25!, gg: model.GG! },
    final: { x12: [final["1"]!, final.X!, final["2"]!], over: final.O25!, gg: final.GG! },
    closing: { x12: devigPower(close1 as number[]), over: devigPower([closeOu[0]!, closeOu[2]!])[0]! },
    opening: { x12: devigPower(open1 as number[]), over: devigPower([openOu[0]!, openOu[2]!])[0]! },
  };
  finalMinusOpening.push(rps(probs.final.x12, outcome) - rps(probs.opening.x12, outcome));
  for (const name of PREDICTORS) {
    const a = acc[name];
    const q = probs[name];
    a.rps += rps(q.x12, outcome);
    a.ll += logLoss(q.x12, outcome);
    a.llOu += over ? -Math.log(q.over) : -Math.log(1 - q.over);
    a.ouPairs.push([q.over, over]);
    if (q.gg !== undefined) {
      a.llBtts += btts ? -Math.log(q.gg) : -Math.log(1 - q.gg);
      a.bttsPairs.push([q.gg, btts]);
    }
    q.x12.forEach((v, k) => {
      a.pairs.push([v, k === outcome]);
    });
  }
}

/** The extra leagues' files name no season: a season runs from July to June, like the evaluated ones. */
function seasonOfExtra(kickoff: Date): string {
  const y = kickoff.getUTCMonth() >= 6 ? kickoff.getUTCFullYear() : kickoff.getUTCFullYear() - 1;
  return `${y}-${y + 1}`;
}

function scoreExtra(r: MatchRecord, prediction: Parameters<typeof marketsOf>[0]) {
  const close = pinnacle(r, true, "1x2");
  if (!close || close.some((v) => v === null || v <= 1)) return;
  const outcome = r.ftHome! > r.ftAway! ? 0 : r.ftHome === r.ftAway ? 1 : 2;
  const m = marketsOf(prediction);
  const sides = { model: [m["1"]!, m.X!, m["2"]!], closing: devigPower(close as number[]) };
  extra.n++;
  for (const name of ["model", "closing"] as const) {
    const a = extra[name];
    a.rps += rps(sides[name], outcome);
    a.ll += logLoss(sides[name], outcome);
    sides[name].forEach((v, k) => {
      a.pairs.push([v, k === outcome]);
    });
  }
}

/** 95% interval of the mean by a paired bootstrap with a fixed seed (the same figures on every run). */
function bootstrap(values: number[], rounds = 2000): { low: number; high: number } {
  // mulberry32: a small seeded generator, exact in 32-bit integer arithmetic.
  let seed = 20231;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const means: number[] = [];
  for (let b = 0; b < rounds; b++) {
    let sum = 0;
    for (let i = 0; i < values.length; i++) sum += values[Math.floor(random() * values.length)]!;
    means.push(sum / values.length);
  }
  means.sort((a, b) => a - b);
  return { low: means[Math.floor(rounds * 0.025)]!, high: means[Math.floor(rounds * 0.975)]! };
}

const round = (x: number) => Math.round(x * 100000) / 100000;
const results: Record<string, unknown> = { n, seasons: [...SEASONS], divisions: 22 };
const base = acc.closing;
for (const name of PREDICTORS) {
  const a = acc[name];
  const cal = calibration(a.pairs);
  results[name] = {
    rps1x2: round(a.rps / n),
    logloss1x2: round(a.ll / n),
    loglossOu25: round(a.llOu / n),
    loglossBtts: name === "model" || name === "final" ? round(a.llBtts / n) : null,
    ece1x2: round(cal.ece),
    eceOu25: round(calibration(a.ouPairs).ece),
    eceBtts: a.bttsPairs.length ? round(calibration(a.bttsPairs).ece) : null,
    ratioToClosing: {
      rps1x2: round(a.rps / base.rps),
      logloss1x2: round(a.ll / base.ll),
      loglossOu25: round(a.llOu / base.llOu),
    },
    reliability1x2: cal.table.map((b) => ({
      bin: `${b.from.toFixed(1)}-${b.to.toFixed(1)}`,
      n: b.n,
      predicted: round(b.predicted),
      observed: round(b.observed),
    })),
  };
}
const diff = finalMinusOpening.reduce((a, b) => a + b, 0) / finalMinusOpening.length;
const interval = bootstrap(finalMinusOpening);
results.finalMinusOpening = {
  rps1x2: round(diff * 1000) / 1000,
  low: round(interval.low * 1000) / 1000,
  high: round(interval.high * 1000) / 1000,
};
const extraSide = (a: typeof extra.model) => ({
  rps1x2: round(a.rps / extra.n),
  logloss1x2: round(a.ll / extra.n),
  ece1x2: round(calibration(a.pairs).ece),
});
results.extra = {
  n: extra.n,
  model: extraSide(extra.model),
  closing: extraSide(extra.closing),
  ratioToClosing: { rps1x2: round(extra.model.rps / extra.closing.rps) },
};
// Issue "Real mode": the final probability from the prices known an hour before kick-off, against Pinnacle closing.
// The bundled files hold opening and closing prices only, and an opening price is published by then at the
// latest (the replay's visibility rule), so it is the final probability as swept; with real mode's odds history
// the newest price seen by then would take its place.
results.finalAtMinus1hRatio = round(acc.final.rps / acc.closing.rps);
results.finalAtMinus1hPrices = "opening (the newest price the files hold that is published 1 h before kick-off)";
results.runSeconds = Math.round((performance.now() - started) / 100) / 10;
results.sweepSeconds = Math.round(sweepSeconds * 10) / 10;
results.matchesSwept = matches.length;

if (process.env.BENCH_SEASONS || process.env.BENCH_SETTINGS) {
  console.log(
    JSON.stringify({
      settings,
      model:
        results.model &&
        (({ rps1x2, loglossOu25 }) => ({ rps1x2, loglossOu25 }))(
          results.model as { rps1x2: number; loglossOu25: number },
        ),
    }),
  );
  process.exit(0);
}
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/predictions.json", `${JSON.stringify(results, null, 2)}\n`);
const table = [
  "| predictor | RPS 1X2 | log-loss 1X2 | log-loss O/U 2.5 | log-loss BTTS | ECE 1X2 | ECE O/U 2.5 | ECE BTTS | RPS ÷ closing | O/U ÷ closing |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...PREDICTORS.map((name) => {
    const r = results[name] as {
      rps1x2: number;
      logloss1x2: number;
      loglossOu25: number;
      loglossBtts: number | null;
      ece1x2: number;
      eceOu25: number;
      eceBtts: number | null;
      ratioToClosing: { rps1x2: number; loglossOu25: number };
    };
    const pp = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(2)} pp`);
    return `| ${name} | ${r.rps1x2.toFixed(4)} | ${r.logloss1x2.toFixed(4)} | ${r.loglossOu25.toFixed(4)} | ${r.loglossBtts?.toFixed(4) ?? "—"} | ${pp(r.ece1x2)} | ${pp(r.eceOu25)} | ${pp(r.eceBtts)} | ${r.ratioToClosing.rps1x2.toFixed(4)} | ${r.ratioToClosing.loglossOu25.toFixed(4)} |`;
  }),
].join("\n");
const fmo = results.finalMinusOpening as { rps1x2: number; low: number; high: number };
const ex = results.extra as {
  n: number;
  model: { rps1x2: number; ece1x2: number };
  closing: { rps1x2: number; ece1x2: number };
  ratioToClosing: { rps1x2: number };
};
const notes = [
  `Final − Pinnacle opening, RPS 1X2 per match: ${fmo.rps1x2.toFixed(6)} (95% paired bootstrap ${fmo.low.toFixed(6)} to ${fmo.high.toFixed(6)}).`,
  `Extra leagues (${ex.n} matches, same seasons): model RPS 1X2 ${ex.model.rps1x2.toFixed(4)} (ECE ${(ex.model.ece1x2 * 100).toFixed(2)} pp) against Pinnacle closing ${ex.closing.rps1x2.toFixed(4)}: ${ex.ratioToClosing.rps1x2.toFixed(4)}×.`,
].join("\n\n");
writeFileSync(
  "bench/results/predictions.md",
  `# Predictions benchmark\n\n${n} matches (22 main divisions, ${[...SEASONS].join(", ")}), walk-forward.\n\n${table}\n\n${notes}\n`,
);
console.log(notes);
console.log(table);
console.log(`n=${n}, swept ${matches.length} matches in ${results.sweepSeconds} s, run time ${results.runSeconds} s`);
