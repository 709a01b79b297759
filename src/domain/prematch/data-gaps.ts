import { type DataNeed, type LeagueDataGap, dataGapTally } from "../scanner/data-gaps.ts";
import type { BacktestQuery } from "./backtest.ts";
import type { FeatureStore } from "./feature-store.ts";

/** Whether a row's match has any opening price: a 1X2 price or an over/under 2.5 price. */
export function hasOpeningPrices(store: FeatureStore, row: number): boolean {
  for (const side of [0, 1, 2]) if (!Number.isNaN(store.openingPrice(row, side))) return true;
  return !Number.isNaN(store.openingMatchPrice(row, "over25"));
}

/**
 * The leagues of a pre-match backtest (the ended matches of its interval and leagues, as `runBacktest` scans them)
 * where no match has what the filter needs. Before kick-off only prices can be missing: every league has results.
 */
export function prematchDataGaps(
  store: FeatureStore,
  query: Pick<BacktestQuery, "from" | "to" | "leagueIds">,
  needs: readonly DataNeed[],
): LeagueDataGap[] {
  const wanted = needs.filter((n) => n === "prices");
  const tally = dataGapTally(wanted);
  if (wanted.length === 0) return [];
  const [start, end] = store.rowRange(query.from, query.to);
  const leagues = query.leagueIds && query.leagueIds.length > 0 ? new Set(query.leagueIds) : null;
  for (let r = start; r < end; r++) {
    const i = store.fixtureIndex(r);
    if (store.ftHome[i]! < 0) continue;
    const league = store.league[i]!;
    if (leagues && !leagues.has(league)) continue;
    tally.add(league, () => hasOpeningPrices(store, r));
  }
  return tally.gaps();
}
