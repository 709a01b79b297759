import { fixturesByIds, oddsOf, teamSeasonRecord } from "../../db/queries/fixtures.ts";
import { fixtureStats, lastMatchIds, refereeOf, standings } from "../../db/queries/leagues.ts";
import { predictionsFor, similarFixtureIds } from "../../db/queries/predictions.ts";
import { visibleMarkets } from "../../domain/predictions/markets.ts";
import { marketsOf } from "../../domain/predictions/probabilities.ts";
import type { MarketProbabilities } from "../../domain/predictions/walk-forward.ts";
import type { PredictionsDeps } from "./deps.ts";

/** A fixture with its predictions, market probabilities, odds and the teams' season records. */
export async function info(
  d: PredictionsDeps,
  id: number,
  options: { includeSeasonStats: boolean; includePremium: boolean },
) {
  const { ctx, attach, fixtureRow } = d;
  const row = await fixtureRow(id);
  const [fixture] = await attach([row], options.includePremium);
  const stored = (await predictionsFor(ctx.pool, [id])).get(id);
  const now = ctx.clock.now();
  const seasonStats = options.includeSeasonStats
    ? {
        // Pre-match figures: only matches that kicked off before this one, even once it is played.
        localTeam: await teamSeasonRecord(ctx.pool, row.homeTeamId, row.seasonId, row.kickoff, now),
        visitorTeam: await teamSeasonRecord(ctx.pool, row.awayTeamId, row.seasonId, row.kickoff, now),
      }
    : undefined;
  return {
    fixture: fixture!,
    probabilities: stored
      ? {
          model: visibleMarkets(marketsOf(stored.model), options.includePremium),
          final: visibleMarkets(marketsOf(stored.final), options.includePremium),
          market: (stored.market as { probabilities?: MarketProbabilities } | null)?.probabilities ?? null,
        }
      : null,
    odds: await odds(d, id),
    ...(seasonStats ? { seasonStats } : {}),
  };
}

/** Everything the match page shows: predictions, odds, similar matches, table, last matches, statistics. */
export async function matchPage(d: PredictionsDeps, id: number, includePremium: boolean) {
  const { ctx, attach, fixtureRow } = d;
  const now = ctx.clock.now();
  const row = await fixtureRow(id);
  const last = async (teamId: number) =>
    attach(await fixturesByIds(ctx.pool, await lastMatchIds(ctx.pool, teamId, row.kickoff, now, 5), now), false);
  // The sections are independent: fetch them side by side.
  const [fixtureInfo, similarFixtures, table, lastHome, lastAway, stats, referee] = await Promise.all([
    info(d, id, { includeSeasonStats: true, includePremium }),
    similars(d, id, 8),
    // A played match shows the table as it stood at its kick-off, like its pre-match statistics.
    standings(ctx.pool, row.seasonId, new Date(Math.min(row.kickoff.getTime(), now.getTime()))),
    last(row.homeTeamId),
    last(row.awayTeamId),
    fixtureStats(ctx.pool, id, now),
    row.kickoff.getTime() + 105 * 60_000 <= now.getTime() ? refereeOf(ctx.pool, id) : Promise.resolve(null),
  ]);
  return {
    ...fixtureInfo,
    referee,
    similars: similarFixtures,
    standings: table,
    lastMatches: { localTeam: lastHome, visitorTeam: lastAway },
    stats,
  };
}

/** Odds by bookmaker and market; closing prices only after kick-off. */
export async function odds(d: PredictionsDeps, id: number) {
  const { ctx, fixtureRow } = d;
  await fixtureRow(id);
  return (await oddsOf(ctx.pool, id, ctx.clock.now())).map((o) => ({
    bookmaker: { code: o.bookmaker, name: o.bookmakerName },
    market: o.market,
    moment: o.closing ? "closing" : "opening",
    line: o.line,
    prices: marketPrices(o),
  }));
}

/** A row's price columns named by its market's selections. */
export function marketPrices(o: { market: string; priceHome: number; priceDraw: number | null; priceAway: number }) {
  return o.market === "1x2"
    ? { home: o.priceHome, draw: o.priceDraw, away: o.priceAway }
    : o.market === "ou25"
      ? { over: o.priceHome, under: o.priceAway }
      : { home: o.priceHome, away: o.priceAway };
}

/** Played fixtures whose predicted 1X2 probabilities were closest to this one's, with how they ended. */
export async function similars(d: PredictionsDeps, id: number, limit = 10) {
  const { ctx, attach, fixtureRow } = d;
  const stored = (await predictionsFor(ctx.pool, [id])).get(id);
  await fixtureRow(id);
  if (!stored) return [];
  const ids = await similarFixtureIds(ctx.pool, stored, ctx.clock.now(), id, limit);
  return attach(await fixturesByIds(ctx.pool, ids, ctx.clock.now()), false);
}
