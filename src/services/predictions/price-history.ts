import { priceHistoryOf } from "../../db/queries/odds-history.ts";
import type { PredictionsDeps } from "./deps.ts";
import { marketPrices } from "./match.ts";

/**
 * A fixture's prices over time, per bookmaker and market: every change a sync saw, oldest first, and none stamped
 * after the site's now (a replayed or driven clock must not show prices seen later).
 */
export async function priceHistory(d: PredictionsDeps, id: number) {
  const { ctx, fixtureRow } = d;
  await fixtureRow(id);
  const series = new Map<
    string,
    {
      bookmaker: { code: string; name: string };
      market: string;
      prices: Array<{ seenAt: string; line: number | null; prices: ReturnType<typeof marketPrices> }>;
    }
  >();
  for (const row of await priceHistoryOf(ctx.pool, id, ctx.clock.now())) {
    const key = `${row.market}\u0000${row.bookmaker}`;
    let entry = series.get(key);
    if (!entry) {
      entry = { bookmaker: { code: row.bookmaker, name: row.bookmakerName }, market: row.market, prices: [] };
      series.set(key, entry);
    }
    entry.prices.push({ seenAt: row.seenAt.toISOString(), line: row.line, prices: marketPrices(row) });
  }
  return [...series.values()];
}
