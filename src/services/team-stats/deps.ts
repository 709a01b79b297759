import { fixturesByIds } from "../../db/queries/fixtures.ts";
import type { ServiceContext } from "../context.ts";
import { type FixtureView, toView } from "../fixtures.ts";
import type { Figures } from "../precomputed.ts";

import type { TrendItem } from "./shared.ts";

/** All trends of a range (every event), computed once per range and cache period; `items` once computed. */
export type TrendEntry = { at: number; value: Promise<TrendItem[]>; items?: TrendItem[] };

/** What the team statistics use cases share: the precomputed figures, fixture views and the trends' cache (one per service). */
export function createTeamStatsDeps(ctx: ServiceContext, figures: Figures) {
  const trendCache = new Map<string, TrendEntry>();

  async function views(ids: number[], now = ctx.clock.now()): Promise<Map<number, FixtureView>> {
    return new Map((await fixturesByIds(ctx.pool, ids, now)).map((r) => [r.id, toView(r, now)]));
  }

  return {
    ctx,
    figures,
    views,
    trendCache,
    /** The newest computed default range: answered while the next period's computation runs, so no visitor waits for it. */
    lastDefault: null as { from: Date; to: Date; items: TrendItem[] } | null,
  };
}

export type TeamStatsDeps = ReturnType<typeof createTeamStatsDeps>;
