import type { ServiceContext } from "../context.ts";

import type { DayEntry } from "./shared.ts";

/** What the stats use cases share: the in-memory facts of the days and the teams of the seasons (one per service). */
export function createStatsDeps(ctx: ServiceContext) {
  /**
   * Facts of every fixture of a UTC day, recomputed when a match has ended since (the only thing that moves
   * them). While a fresh copy is computed, a copy at most STALE_MS old (site clock) is served: it may miss a
   * match that ended minutes ago, never holds one that had not (walk-forward either way).
   */
  const days = new Map<number, DayEntry>();
  const seasonTeams = new Map<number, Array<{ id: number; name: string }>>();
  return { ctx, days, seasonTeams };
}

export type StatsDeps = ReturnType<typeof createStatsDeps>;
