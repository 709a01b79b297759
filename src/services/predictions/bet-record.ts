import { fixturesInRange } from "../../db/queries/fixtures.ts";
import { type RecordLine, betOfTheDayOf, doubleResult, recordOf } from "../../domain/predictions/bet-record.ts";
import { dayRange, isValidTimeZone, localDate } from "../../domain/time/zones.ts";
import { badRequest } from "../errors.ts";
import type { PredictionsDeps } from "./deps.ts";

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function dayOf(d: PredictionsDeps, date: string | undefined, timeZone: string): string {
  if (!isValidTimeZone(timeZone)) throw badRequest("apiErrors.timeZone", { zone: timeZone });
  const day = date ?? localDate(d.ctx.clock.now().getTime(), timeZone);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw badRequest("apiErrors.dateFormat", { field: "date" });
  return day;
}

export interface BetOfTheDayRecord {
  /** the first and last day counted (the days before the page's day, in the visitor's zone) */
  from: string;
  to: string;
  double: RecordLine;
  risk: RecordLine;
}

/**
 * The Bet of the Day's record over the `days` days before `date`: each day's bets chosen again from the stored
 * walk-forward predictions with the same rule and prices as the page showed that day (the choice reads
 * probabilities and pre-match prices only, never a result), then settled; a bet the data cannot settle is left out.
 */
export async function betOfTheDayRecord(
  d: PredictionsDeps,
  params: { date?: string; timeZone: string; days?: number },
): Promise<BetOfTheDayRecord> {
  const day = dayOf(d, params.date, params.timeZone);
  const first = shift(day, -(params.days ?? 30));
  const last = shift(day, -1);
  const now = d.ctx.clock.now();
  const rows = await fixturesInRange(d.ctx.pool, {
    from: dayRange(first, params.timeZone).from,
    to: dayRange(last, params.timeZone).to,
    now,
    limit: 20_000,
  });
  const byDay = new Map<string, Awaited<ReturnType<typeof d.attach>>>();
  for (const f of await d.attach(rows, false)) {
    const local = localDate(Date.parse(f.kickoff), params.timeZone);
    byDay.set(local, [...(byDay.get(local) ?? []), f]);
  }
  const doubles: Array<{ odds: number; won: boolean }> = [];
  const risks: Array<{ odds: number; won: boolean }> = [];
  for (const fixtures of byDay.values()) {
    const bets = betOfTheDayOf(fixtures);
    const double = doubleResult(bets.double);
    if (double !== null && bets.totalOdds !== null) doubles.push({ odds: bets.totalOdds, won: double });
    const risk = bets.risk;
    if (risk && typeof risk.won === "boolean" && risk.odds !== null) risks.push({ odds: risk.odds, won: risk.won });
  }
  return { from: first, to: last, double: recordOf(doubles), risk: recordOf(risks) };
}

/** The next day's date when it has a Bet of the Day to show (a double or a risk pick), else null. */
export async function nextBetDay(d: PredictionsDeps, params: { date?: string; timeZone: string }) {
  const next = shift(dayOf(d, params.date, params.timeZone), 1);
  const { rows } = await d.dayFixtures(next, params.timeZone);
  const bets = betOfTheDayOf(await d.attach(rows, false));
  return bets.double.length > 0 || bets.risk ? next : null;
}
