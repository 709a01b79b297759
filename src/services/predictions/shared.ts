import type { FixtureRow } from "../../db/queries/fixtures.ts";
import type { PredictionRow } from "../../db/queries/predictions.ts";
import { type OutcomePrices, type Pick, outcomeHappened } from "../../domain/predictions/kinds.ts";
import type { MachineParams } from "../../domain/predictions/machine.ts";
import type { FixtureView } from "../fixtures.ts";

/** The key of SPEC §6's "This is a PREMIUM functionality…" message. */
export const PREMIUM_MESSAGE = "premium.lockedText";

export interface MachineQuery extends MachineParams {
  from: Date;
  to: Date;
  leagueIds?: number[];
}

export interface JudgedPick extends Pick {
  /** once the match has ended: whether the pick came true (null when the data cannot tell) */
  won?: boolean | null;
}

export interface FixturePredictions {
  best: JudgedPick | null;
  picks: JudgedPick[];
  modelVersion: string;
  /** weight of the market in the final probabilities; 0 without pre-match odds */
  marketWeight: number;
}

export function pricesOf(row: PredictionRow): OutcomePrices {
  const prices = (row.market as { prices?: { x12?: number[]; ou25?: number[] } } | null)?.prices;
  const out: OutcomePrices = {};
  if (prices?.x12) [out["1"], out.X, out["2"]] = prices.x12;
  if (prices?.ou25) [out.O25, out.U25] = prices.ou25;
  return out;
}

export function judge(pick: Pick, fixture: FixtureView, row: FixtureRow, corners: number | null): JudgedPick {
  if (fixture.status !== "finished" || !fixture.score) return pick;
  return {
    ...pick,
    won: outcomeHappened(pick.outcome, {
      ftHome: fixture.score.home,
      ftAway: fixture.score.away,
      htHome: row.htHome,
      htAway: row.htAway,
      corners,
    }),
  };
}
