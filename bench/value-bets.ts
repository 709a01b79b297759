/**
 * npm run bench:value-bets — the value-bet bot replayed walk-forward on the main divisions: every match is
 * predicted only from what was known before its kick-off, picks are taken at the bookmakers' pre-match
 * (opening) prices, and judged by the result and by the closing line (Pinnacle closing, de-vigged).
 * The rule (minimum EV and probability) is chosen on 2019/20–2022/23 (VALUE_FIT=1 prints the grid) and the
 * figures that count are those of 2023/24–2025/26. Baseline in the same run: betting every outcome at the same
 * best price without the rule (what the margin alone costs). Exchange prices (Betfair Exchange) count net of the
 * exchange's commission on net winnings (EXCHANGE_COMMISSION_PERCENT, default 5%), in the bot's choice and in
 * every figure, as on the site; `grossOfCommission` gives the same picks' figures at the quoted prices.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { listBundledFiles } from "../src/data/bundled-dataset.ts";
import { readSource } from "../src/data/csv-source.ts";
import { parseFootballData } from "../src/data/importer.ts";
import { sweepMatchesFromRecords } from "../src/data/sweep-from-records.ts";
import type { MatchRecord } from "../src/domain/football-data/record.ts";
import { devigPower } from "../src/domain/predictions/devig.ts";
import { marketsOf } from "../src/domain/predictions/probabilities.ts";
import { walkForward } from "../src/domain/predictions/walk-forward.ts";
import { loadConfig } from "../src/config.ts";
import { commissionOf } from "../src/domain/bookmakers.ts";
import {
  DEFAULT_VALUE_RULE,
  type Quote,
  type ValueOutcome,
  type ValueRule,
  outcomeWon,
  valuePicks,
} from "../src/domain/valuebets/picks.ts";
import { type GradedPick, figuresBy, figuresOf } from "../src/domain/valuebets/track-record.ts";

const started = performance.now();
const EXCHANGE_COMMISSION = loadConfig().EXCHANGE_COMMISSION_PERCENT / 100;
const DATASET = "datasets/football-data";
const FIT_SEASONS = new Set(["2019-2020", "2020-2021", "2021-2022", "2022-2023"]);
const EVAL_SEASONS = new Set(["2023-2024", "2024-2025", "2025-2026"]);

const records: MatchRecord[] = [];
for (const file of await listBundledFiles(DATASET))
  records.push(...parseFootballData(await readSource(path.join(DATASET, file))).records);
const matches = sweepMatchesFromRecords(records);
const predictions = walkForward(matches);

interface Candidate {
  season: string;
  league: string;
  month: string;
  fair: Partial<Record<ValueOutcome, number>>;
  quotes: Quote[];
  ft: [number, number];
  closing: Partial<Record<ValueOutcome, number>>;
}

const candidates: Candidate[] = [];
for (let i = 0; i < matches.length; i++) {
  const r = matches[i]!.record;
  if (r.leagueKey.includes(":") || !(FIT_SEASONS.has(r.season) || EVAL_SEASONS.has(r.season))) continue;
  const quotes: Quote[] = [];
  for (const o of r.odds) {
    if (o.closing || (o.market !== "1x2" && o.market !== "ou25")) continue;
    const prices = o.market === "1x2" ? [o.prices[0], o.prices[1], o.prices[2]] : [o.prices[0], o.prices[2]];
    if (prices.some((p) => p === null || p === undefined || !(p > 1))) continue;
    quotes.push({ bookmaker: o.bookmaker, market: o.market === "1x2" ? "x12" : "ou25", prices: prices as number[] });
  }
  const m = marketsOf(predictions[i]!.final);
  const closing: Candidate["closing"] = {};
  const c1 = r.odds.find((o) => o.bookmaker === "PS" && o.closing && o.market === "1x2")?.prices;
  const cOu = r.odds.find((o) => o.bookmaker === "PS" && o.closing && o.market === "ou25")?.prices;
  if (c1?.every((p) => p !== null && p > 1)) [closing["1"], closing.X, closing["2"]] = devigPower(c1 as number[]);
  if (cOu?.[0] && cOu[2]) [closing.O25, closing.U25] = devigPower([cOu[0], cOu[2]]);
  candidates.push({
    season: r.season,
    league: r.leagueKey,
    month: r.kickoff.toISOString().slice(0, 7),
    fair: { "1": m["1"], X: m.X, "2": m["2"], O25: m.O25, U25: m.U25 },
    quotes,
    ft: [r.ftHome!, r.ftAway!],
    closing,
  });
}

type Graded = GradedPick & { league: string; month: string; market: string; quoted: number; exchange: boolean };
function replay(seasons: Set<string>, rule: ValueRule): Graded[] {
  const out: Graded[] = [];
  for (const c of candidates) {
    if (!seasons.has(c.season)) continue;
    for (const p of valuePicks(c.fair, c.quotes, rule, undefined, (code) => commissionOf(code, EXCHANGE_COMMISSION))) {
      out.push({
        price: p.netPrice,
        quoted: p.price,
        exchange: p.commission > 0,
        won: outcomeWon(p.outcome, c.ft[0], c.ft[1]),
        closingProbability: c.closing[p.outcome] ?? null,
        league: c.league,
        month: c.month,
        market: p.market,
      });
    }
  }
  return out;
}

const round = (x: number | null) => (x === null ? null : Math.round(x * 10000) / 10000);
const fit: Array<{ rule: ValueRule; picks: number; roi: number | null; clv: number | null }> = [];
for (const minEv of [0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1]) {
  for (const minProbability of [0.15, 0.2, 0.25, 0.3, 0.35]) {
    const f = figuresOf(replay(FIT_SEASONS, { minEv, minProbability }));
    fit.push({ rule: { minEv, minProbability }, picks: f.picks, roi: round(f.roi), clv: round(f.clv) });
  }
}
if (process.env.VALUE_FIT) {
  // The rule is the one with the best mean CLV among those with at least 1,000 picks on the fitting seasons:
  // CLV measures an edge with far less noise than ROI.
  console.table(fit.map((f) => ({ ...f.rule, picks: f.picks, roi: f.roi, clv: f.clv })));
  process.exit(0);
}

const evaluated = replay(EVAL_SEASONS, DEFAULT_VALUE_RULE);
const all = figuresOf(evaluated);
const gross = figuresOf(evaluated.map((p) => ({ ...p, price: p.quoted })));
// Baseline: the same best prices taken on every outcome with no edge required (EV ≥ −100%).
const baseline = figuresOf(replay(EVAL_SEASONS, { minEv: -1, minProbability: 0 }));
const results = {
  seasons: [...EVAL_SEASONS],
  rule: DEFAULT_VALUE_RULE,
  exchangeCommission: EXCHANGE_COMMISSION,
  exchangePicks: evaluated.filter((p) => p.exchange).length,
  picks: all.picks,
  hitRate: round(all.hitRate),
  roi: round(all.roi),
  clv: round(all.clv),
  beatClosing: round(all.beatClosing),
  grossOfCommission: { roi: round(gross.roi), clv: round(gross.clv) },
  baseline: { picks: baseline.picks, roi: round(baseline.roi), clv: round(baseline.clv) },
  byMarket: figuresBy(evaluated, (p) => p.market).map((f) => ({
    market: f.key,
    picks: f.picks,
    roi: round(f.roi),
    clv: round(f.clv),
  })),
  bySeason: [...EVAL_SEASONS].map((s) => {
    const f = figuresOf(replay(new Set([s]), DEFAULT_VALUE_RULE));
    return { season: s, picks: f.picks, roi: round(f.roi), clv: round(f.clv) };
  }),
  fitSeasons: { seasons: [...FIT_SEASONS], grid: fit },
  runSeconds: Math.round((performance.now() - started) / 100) / 10,
};
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/value-bets.json", `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `value bets ${[...EVAL_SEASONS].join(", ")}: ${all.picks} picks, hit rate ${(all.hitRate * 100).toFixed(1)}%, ROI ${(all.roi * 100).toFixed(2)}%, CLV ${((all.clv ?? 0) * 100).toFixed(2)}%, beat the close ${((all.beatClosing ?? 0) * 100).toFixed(1)}%; every outcome at the best price: ROI ${(baseline.roi * 100).toFixed(2)}%, CLV ${((baseline.clv ?? 0) * 100).toFixed(2)}%`,
);
