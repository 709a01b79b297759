import type { ModelPrediction } from "../predictions/ratings.ts";
import type { FinalExtras, GoalExpectation } from "./store-types.ts";
import { nan } from "./store-types.ts";

/** First-half share of goals of a prediction stored without one (older rows): the leagues' usual share. */
const DEFAULT_HT_SHARE = 0.44;

export type FinalPredictionsParts = Record<"home" | "away" | "rho" | "htShare" | "corners", Float32Array>;

/**
 * The final (market-informed) prediction of each feature row, as stored before its kick-off: what the goal
 * outcomes' probabilities of the pre-match scanner are read from. Columns of typed arrays, NaN where none.
 */
export class FinalPredictions {
  private readonly home: Float32Array;
  private readonly away: Float32Array;
  private readonly rho: Float32Array;
  private readonly htShare: Float32Array;
  private readonly corners: Float32Array;

  constructor(rows: number | FinalPredictionsParts) {
    const parts =
      typeof rows === "number"
        ? { home: nan(rows), away: nan(rows), rho: nan(rows), htShare: nan(rows), corners: nan(rows) }
        : rows;
    this.home = parts.home;
    this.away = parts.away;
    this.rho = parts.rho;
    this.htShare = parts.htShare;
    this.corners = parts.corners;
  }

  /** Its columns, to hand to another thread (FeatureStore.parts). */
  parts(): FinalPredictionsParts {
    return { home: this.home, away: this.away, rho: this.rho, htShare: this.htShare, corners: this.corners };
  }

  set(row: number, f: GoalExpectation & Partial<FinalExtras>): void {
    this.home[row] = f.home;
    this.away[row] = f.away;
    this.rho[row] = f.rho;
    this.htShare[row] = f.htShare ?? Number.NaN;
    this.corners[row] = f.corners ?? Number.NaN;
  }

  /** The prediction of a row; null without one. */
  get(row: number): ModelPrediction | null {
    const home = this.home[row]!;
    if (Number.isNaN(home)) return null;
    const htShare = this.htShare[row]!;
    const corners = this.corners[row]!;
    return {
      home,
      away: this.away[row]!,
      rho: this.rho[row]!,
      htShare: Number.isNaN(htShare) ? DEFAULT_HT_SHARE : htShare,
      corners: Number.isNaN(corners) ? null : corners,
    };
  }
}
