import { accuracyByLeague, probabilitiesByLeague as meanProbabilitiesByLeague } from "../../db/queries/predictions.ts";
import type { PredictionsDeps } from "./deps.ts";

/** Mean predicted probabilities per league (newest season) beside the observed frequencies. */
export async function probabilitiesByLeague(d: PredictionsDeps) {
  const { ctx } = d;
  return meanProbabilitiesByLeague(ctx.pool, ctx.clock.now());
}

/** Accuracy per league and kind from stored predictions and results (the predictability view). */
export async function accuracy(d: PredictionsDeps) {
  const { ctx } = d;
  const rows = await accuracyByLeague(ctx.pool);
  return rows.map((r) => ({
    league: { id: r.leagueId, name: r.leagueName, country: r.countryName },
    kind: r.kind,
    picks: r.picks,
    hits: r.hits,
    hitRate: r.picks ? r.hits / r.picks : null,
    meanProbability: r.picks ? r.probabilitySum / r.picks : null,
    logLoss: r.picks ? r.logLossSum / r.picks : null,
  }));
}
