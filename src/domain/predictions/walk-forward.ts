import { type GoalParams, headlineProbs, marketGoals, poolGoals } from "./blend.ts";
import { devigPower } from "./devig.ts";
import { type MatchFacts, type MatchResult, type ModelPrediction, type ModelSettings, RatingModel } from "./ratings.ts";

/**
 * Whose opening (pre-match) prices are the market input of the predictions, in order of preference: Pinnacle,
 * then the market average, then Bet365. One list for production (src/db/queries/predictions.ts) and the
 * benchmark (src/data/sweep-from-records.ts): if they drifted, the benchmark would stop measuring production.
 */
export const OPENING_PRICE_BOOKMAKERS = ["PS", "Avg", "B365"] as const;

/** A fixture as the sweep sees it: its result only if known at the time of the sweep. */
export interface SweepMatch extends MatchFacts {
  fixtureId: number;
  /** Matches of one country share their teams (promotion and relegation). */
  country: string;
  kickoffMs: number;
  result: MatchResult | null;
  /** Pre-match (opening) prices only; closing prices are never an input. */
  openingOdds: { x12?: [number, number, number]; ou25?: [number, number] } | null;
  /**
   * Closing prices, read only once the match has ended: then they are history, the market's last view of the
   * two teams, and teach the ratings (the extra leagues carry no other price). Never an input of this match.
   */
  closingOdds?: { x12?: [number, number, number]; ou25?: [number, number] } | null;
}

export interface MarketProbabilities {
  x12?: [number, number, number];
  over25?: number;
}

export interface SweepPrediction {
  fixtureId: number;
  model: ModelPrediction;
  final: ModelPrediction;
  market: MarketProbabilities | null;
  /** weight of the market in `final` */
  weight: number;
}

/** A played match counts for the ratings only once it has ended: 105 minutes after kick-off. */
const MATCH_LENGTH_MS = 105 * 60_000;
const DEFAULT_WEIGHT = 0.7;
const GRID = Array.from({ length: 21 }, (_, i) => i / 20);
/** The market weight is fitted on the most recent matches before the season starts. */
const FIT_WINDOW = 6000;

interface Observation {
  model: GoalParams;
  market: GoalParams;
  outcome: number;
  over: boolean;
  endMs: number;
}

function fitMarketWeight(history: Observation[], previous: number, knownAtMs: number): number {
  const known = history.filter((h) => h.endMs <= knownAtMs).slice(-FIT_WINDOW);
  if (known.length < 500) return previous;
  let best = previous;
  let lowest = Number.POSITIVE_INFINITY;
  for (const w of GRID) {
    let loss = 0;
    for (const h of known) {
      const g = poolGoals(h.model, h.market, w);
      const p = headlineProbs(g.home, g.away, g.rho);
      const x12 = [p.home, 1 - p.home - p.away, p.away];
      loss += -Math.log(Math.max(x12[h.outcome]!, 1e-12)) - Math.log(h.over ? p.over : 1 - p.over);
    }
    if (loss < lowest) {
      lowest = loss;
      best = w;
    }
  }
  return best;
}

/** The season boundary at which the market weights are refitted: 1 July. */
function weightEpoch(ms: number): number {
  const d = new Date(ms);
  return d.getUTCMonth() >= 6 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
}

/**
 * Predicts matches one by one, in kick-off order, from what was known before each kick-off: the
 * results of matches that had ended, and the pre-match odds. The market weight of a season is fitted
 * only on matches that ended before it starts.
 */
export class WalkForward {
  private readonly models = new Map<string, RatingModel>();
  private pending: Array<{ match: SweepMatch; market: GoalParams | null }> = [];
  private pendingStart = 0;
  private history: Observation[] = [];
  private weight = DEFAULT_WEIGHT;
  private epoch = Number.NEGATIVE_INFINITY;
  private lastKickoff = Number.NEGATIVE_INFINITY;

  constructor(private readonly settings?: ModelSettings) {}

  /**
   * An independent copy of the sweep as it stands, to continue it on other matches: a refresh keeps the sweep
   * through the matches that can no longer change and continues a copy over the recent and upcoming ones.
   */
  clone(): WalkForward {
    const copy = new WalkForward(this.settings);
    for (const [country, model] of this.models) copy.models.set(country, model.clone());
    // The matches and observations are never changed once pushed: the copy shares them.
    copy.pending = this.pending.slice(this.pendingStart);
    copy.history = this.history.slice();
    copy.weight = this.weight;
    copy.epoch = this.epoch;
    copy.lastKickoff = this.lastKickoff;
    return copy;
  }

  private impliedOf(prediction: GoalParams, odds: SweepMatch["openingOdds"] | undefined): GoalParams | null {
    if (!odds || (!odds.x12 && !odds.ou25)) return null;
    const market: MarketProbabilities = {};
    if (odds.x12) market.x12 = devigPower(odds.x12) as [number, number, number];
    if (odds.ou25) market.over25 = devigPower(odds.ou25)[0]!;
    return marketGoals(prediction, market);
  }

  next(match: SweepMatch): SweepPrediction {
    if (match.kickoffMs < this.lastKickoff) throw new Error("walk-forward needs matches in kick-off order");
    this.lastKickoff = match.kickoffMs;
    // Learn from every match that ended before this one kicks off (pending is in end-time order).
    while (
      this.pendingStart < this.pending.length &&
      this.pending[this.pendingStart]!.match.kickoffMs + MATCH_LENGTH_MS <= match.kickoffMs
    ) {
      const done = this.pending[this.pendingStart++]!;
      this.models.get(done.match.country)!.update(done.match, done.match.result!, done.market);
    }
    const matchEpoch = weightEpoch(match.kickoffMs);
    if (matchEpoch !== this.epoch) {
      this.weight = fitMarketWeight(this.history, this.weight, match.kickoffMs);
      this.epoch = matchEpoch;
    }
    let model = this.models.get(match.country);
    if (!model) {
      model = new RatingModel(this.settings);
      this.models.set(match.country, model);
    }
    const prediction = model.predict(match);
    const market: MarketProbabilities = {};
    if (match.openingOdds?.x12) market.x12 = devigPower(match.openingOdds.x12) as [number, number, number];
    if (match.openingOdds?.ou25) market.over25 = devigPower(match.openingOdds.ou25)[0]!;
    const hasMarket = market.x12 !== undefined || market.over25 !== undefined;
    const implied = hasMarket ? marketGoals(prediction, market) : null;
    const pooled = implied ? poolGoals(prediction, implied, this.weight) : prediction;
    const final: ModelPrediction = { ...prediction, home: pooled.home, away: pooled.away };

    if (match.result) {
      const r = match.result;
      const lesson = this.impliedOf(prediction, match.closingOdds) ?? implied;
      if (implied) {
        this.history.push({
          model: prediction,
          market: implied,
          outcome: r.ftHome > r.ftAway ? 0 : r.ftHome === r.ftAway ? 1 : 2,
          over: r.ftHome + r.ftAway > 2.5,
          endMs: match.kickoffMs + MATCH_LENGTH_MS,
        });
      }
      this.pending.push({ match, market: lesson });
    }
    return {
      fixtureId: match.fixtureId,
      model: prediction,
      final,
      market: hasMarket ? market : null,
      weight: hasMarket ? this.weight : 0,
    };
  }
}

export function walkForward(matches: SweepMatch[], settings?: ModelSettings): SweepPrediction[] {
  const sweep = new WalkForward(settings);
  return matches.map((m) => sweep.next(m));
}

/** Stored with every prediction; a new version re-computes the whole history. */
export const MODEL_VERSION = "ratings-2";
