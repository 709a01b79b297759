import { fixturesInRange } from "../../db/queries/fixtures.ts";
import { betOfTheDayOf } from "../../domain/predictions/bet-record.ts";
import type { BetOfTheDay } from "../../domain/predictions/kinds.ts";
import { localDate } from "../../domain/time/zones.ts";
import { badRequest } from "../errors.ts";
import { type FixtureView, groupByLeague } from "../fixtures.ts";
import type { PredictionsDeps } from "./deps.ts";
import type { FixturePredictions } from "./shared.ts";

/** Fixtures of a range with their predictions (premium kinds only for premium members). */
export async function inRange(
  d: PredictionsDeps,
  params: { from: Date; to: Date; leagueIds?: number[]; includePremium: boolean },
) {
  const { ctx, attach } = d;
  if (params.to <= params.from) throw badRequest("apiErrors.rangeOrder");
  if (params.to.getTime() - params.from.getTime() > 31 * 86_400_000)
    throw badRequest("apiErrors.rangeSpan", { days: 31 });
  const rows = await fixturesInRange(ctx.pool, { ...params, now: ctx.clock.now(), limit: 5000 });
  return attach(rows, params.includePremium);
}

/** A calendar day in the visitor's zone, grouped by country and league, with the free predictions. */
export async function day(d: PredictionsDeps, params: { date?: string; timeZone: string; includePremium?: boolean }) {
  const { ctx, attach, dayFixtures } = d;
  const { day, rows } = await dayFixtures(params.date, params.timeZone);
  const fixtures = await attach(rows, params.includePremium ?? false);
  const today = localDate(ctx.clock.now().getTime(), params.timeZone);
  const shift = (date: string, n: number) =>
    new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  return {
    date: day,
    today,
    previous: shift(day, -1),
    next: shift(day, 1),
    live: fixtures.filter((f) => f.status === "live" || f.status === "halftime").length,
    groups: groupByLeague(fixtures),
  };
}

/** Bet of the Day: a double, a risk pick and the double's total odd. */
export async function daily(
  d: PredictionsDeps,
  params: {
    date?: string;
    timeZone: string;
  },
): Promise<BetOfTheDay & { date: string; fixtures: Array<FixtureView & { predictions: FixturePredictions | null }> }> {
  const { attach, dayFixtures } = d;
  const { day, rows } = await dayFixtures(params.date, params.timeZone);
  const withPredictions = await attach(rows, false);
  const bets = betOfTheDayOf(withPredictions);
  const ids = new Set([...bets.double.map((p) => p.fixtureId), ...(bets.risk ? [bets.risk.fixtureId] : [])]);
  return { ...bets, date: day, fixtures: withPredictions.filter((f) => ids.has(f.id)) };
}
