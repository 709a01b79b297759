/** The feature store's input (the fixtures, prices and predictions it is built from) and what its parts share. */

/** A match counts for later fixtures once it has ended: kick-off + 105 minutes (90 + break + stoppage). */
export const MATCH_SPAN_MS = 105 * 60_000;

export interface StoreFixture {
  id: number;
  kickoff: number;
  leagueId: number;
  seasonId: number;
  homeId: number;
  awayId: number;
  /** null until the match has ended on the site's clock */
  ftHome: number | null;
  ftAway: number | null;
  htHome: number | null;
  htAway: number | null;
  /** per side [home, away]; null without data */
  corners: [number | null, number | null];
  yellow: [number | null, number | null];
  red: [number | null, number | null];
  shots: [number | null, number | null];
  shotsOnTarget: [number | null, number | null];
}

/** 1X2 and over/under 2.5 prices of one bookmaker source. */
export interface Prices {
  home?: number;
  draw?: number;
  away?: number;
  over25?: number;
  under25?: number;
  bttsYes?: number;
  bttsNo?: number;
}

export interface GoalExpectation {
  home: number;
  away: number;
  rho: number;
}

export interface StoreInput {
  /** every fixture, any order */
  fixtures: StoreFixture[];
  /** first kick-off (epoch ms) that gets a feature row */
  horizonStart: number;
  /** opening prices by fixture id and bookmaker source (Avg, Max, B365, PS) */
  openingOdds: Map<number, Partial<Record<string, Prices>>>;
  /** closing prices (market average, else Pinnacle) by fixture id: for the closing line value only */
  closingOdds: Map<number, Prices>;
  /**
   * walk-forward goal expectations of the model and of the final prediction; the final one also with its
   * first-half share of goals and expected corners (the goal outcomes' probabilities)
   */
  predictions: Map<number, { model: GoalExpectation; final: GoalExpectation & Partial<FinalExtras> }>;
}

export interface FinalExtras {
  htShare: number;
  /** expected total corners; null where the league has no corner counts */
  corners: number | null;
}

/** A feature column of `n` rows, NaN (no value) until computed. */
export function nan(n: number): Float32Array {
  return new Float32Array(n).fill(Number.NaN);
}
