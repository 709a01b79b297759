import * as q from "../../db/queries/alerts.ts";
import type { AlertSource } from "../../domain/alerts/content.ts";
import { type FigureBasis, type FigurePick, type FilterFigures, filterFigures } from "../../domain/alerts/figures.ts";
import { outcomePriced } from "../../domain/scanner/goal-outcomes.ts";

import type { AlertsDeps } from "./shared.ts";

type FigureRow = FigurePick & { outcome: string };

/** Ranked by ROI where the filter's outcome has a price, else by the edge over our model (scanners only). */
function basisOf(source: AlertSource, picks: readonly FigureRow[]): FigureBasis {
  const outcome = picks[0]?.outcome;
  if (!outcome || (source !== "live" && source !== "prematch")) return "roi";
  return outcomePriced(source === "live" ? "live" : "preMatch", outcome) ? "roi" : "edge";
}

/** SPEC §3 result figures of filters (picks, success rate, mean odds, ROI, score), by filter id. */
export async function figures(
  d: AlertsDeps,
  source: AlertSource,
  filterIds: number[],
): Promise<Map<number, FilterFigures>> {
  const { ctx } = d;
  const byFilter = new Map<number, FigureRow[]>(filterIds.map((f) => [f, []]));
  for (const row of await q.gradesOfFilters(ctx.pool, source, filterIds)) byFilter.get(row.filterId)?.push(row);
  return new Map([...byFilter].map(([f, picks]) => [f, filterFigures(picks, basisOf(source, picks))]));
}

/** A filter's picks, newest first (its history page). */
export function history(d: AlertsDeps, source: AlertSource, filterId: number) {
  const { ctx } = d;
  return q.picksOfFilter(ctx.pool, source, filterId);
}

/**
 * Clears a filter's history, or one pick of it: out of history and figures. The picks stay behind the
 * once-only key, so a cleared fixture does not alert again.
 */
export function clearHistory(
  d: AlertsDeps,
  source: AlertSource,
  filterId: number,
  pickId: number | null = null,
): Promise<number> {
  const { ctx } = d;
  return q.clearPicks(ctx.pool, source, filterId, pickId, ctx.clock.now());
}
