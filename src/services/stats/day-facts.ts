import { fixturesInRange } from "../../db/queries/fixtures.ts";
import { type PredictionRow, predictionsFor } from "../../db/queries/predictions.ts";
import * as q from "../../db/queries/stats.ts";
import { marketsOf } from "../../domain/predictions/probabilities.ts";
import { FILTER_EVENTS } from "../../domain/stats/advanced-filter.ts";
import { History } from "../../domain/stats/team-rates.ts";
import { toView } from "../fixtures.ts";
import type { StatsDeps } from "./deps.ts";
import { DAY_MS, type DayEntry, type FixtureEntry } from "./shared.ts";

/** How far back the team and league rates look: the current season and the last 10 matches fit in it. */
const HISTORY_DAYS = 400;
const H2H_MATCHES = 10;
/** Days whose facts are kept in memory. */
const CACHED_DAYS = 40;
/** How old (site clock) the facts of a day may be while a fresh copy is computed. */
const STALE_MS = 10 * 60_000;

function pricesOf(row: PredictionRow | undefined): Partial<Record<string, number>> {
  const prices = (row?.market as { prices?: { x12?: number[]; ou25?: number[] } } | null | undefined)?.prices;
  const out: Partial<Record<string, number>> = {};
  if (prices?.x12) [out["1"], out.X, out["2"]] = prices.x12;
  if (prices?.ou25) [out.O25, out.U25] = prices.ou25;
  return out;
}

async function computeDay(d: StatsDeps, dayStart: number, now: Date): Promise<Map<number, FixtureEntry>> {
  const { ctx } = d;
  const rows = await fixturesInRange(ctx.pool, {
    from: new Date(dayStart),
    to: new Date(dayStart + DAY_MS),
    now,
    limit: 5000,
  });
  if (rows.length === 0) return new Map();
  const teamIds = [...new Set(rows.flatMap((r) => [r.homeTeamId, r.awayTeamId]))];
  const seasonIds = [...new Set(rows.map((r) => r.seasonId))];
  const pairs = [
    ...new Map(
      rows.map((r) => [
        `${Math.min(r.homeTeamId, r.awayTeamId)}-${Math.max(r.homeTeamId, r.awayTeamId)}`,
        [r.homeTeamId, r.awayTeamId] as [number, number],
      ]),
    ).values(),
  ];
  const [played, met, stored] = await Promise.all([
    q.playedHistory(ctx.pool, { teamIds, seasonIds, since: new Date(dayStart - HISTORY_DAYS * DAY_MS), now }),
    q.meetings(ctx.pool, pairs, now, H2H_MATCHES + 5),
    predictionsFor(
      ctx.pool,
      rows.map((r) => r.id),
    ),
  ]);
  const history = new History(played, FILTER_EVENTS, met);
  const out = new Map<number, FixtureEntry>();
  for (const row of rows) {
    // Walk-forward: only matches that ended before this kick-off (and by now, which the query ensures).
    const rates = history.ratesOf({
      id: row.id,
      seasonId: row.seasonId,
      homeId: row.homeTeamId,
      awayId: row.awayTeamId,
      kickoffMs: row.kickoff.getTime(),
    });
    const p = stored.get(row.id);
    const markets = p ? marketsOf(p.final) : {};
    const probabilities: Record<string, number> = {};
    for (const e of FILTER_EVENTS) if (markets[e.outcome] !== undefined) probabilities[e.code] = markets[e.outcome]!;
    out.set(row.id, { row, view: toView(row, now), rates, probabilities, prices: pricesOf(p), byEvent: new Map() });
  }
  return out;
}

export async function dayFacts(
  d: StatsDeps,
  dayStart: number,
  now: Date,
  version: number,
): Promise<Map<number, FixtureEntry>> {
  const { days } = d;
  const cached = days.get(dayStart);
  if (cached && cached.version === version) return cached.facts;
  const fresh = () => {
    const entry: DayEntry = { version, computedAt: now.getTime(), facts: computeDay(d, dayStart, now), ready: false };
    entry.facts.then(
      () => {
        entry.ready = true;
        if ((days.get(dayStart)?.computedAt ?? 0) <= entry.computedAt) days.set(dayStart, entry);
      },
      () => {
        if (days.get(dayStart) === entry) days.delete(dayStart);
      },
    );
    return entry;
  };
  if (cached?.ready && now.getTime() >= cached.computedAt && now.getTime() - cached.computedAt < STALE_MS) {
    if (!cached.refreshing) {
      cached.refreshing = true;
      fresh().facts.catch(() => {
        cached.refreshing = false;
      });
    }
    return cached.facts;
  }
  const entry = fresh();
  days.set(dayStart, entry);
  while (days.size > CACHED_DAYS) days.delete(days.keys().next().value!);
  return entry.facts;
}
