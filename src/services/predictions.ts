import { type FixtureRow, fixturesByIds, fixturesInRange, oddsOf, teamSeasonRecord } from "../db/queries/fixtures.ts";
import { fixtureStats, lastMatchIds, refereeOf, standings } from "../db/queries/leagues.ts";
import {
  type PredictionRow,
  accuracyByLeague,
  predictionsFor,
  probabilitiesByLeague,
  similarFixtureIds,
} from "../db/queries/predictions.ts";
import { visibleMarkets } from "../domain/predictions/markets.ts";
import type { MarketProbabilities } from "../domain/predictions/walk-forward.ts";
import {
  type BetOfTheDay,
  type DayPick,
  type OutcomePrices,
  type Pick,
  betOfTheDay,
  outcomeHappened,
  picksOf,
} from "../domain/predictions/kinds.ts";
import {
  EVENT_GROUPS,
  MACHINE_EVENTS,
  type MachineCandidate,
  type MachineParams,
  expandEvents,
  runMachine,
} from "../domain/predictions/machine.ts";
import { marketsOf } from "../domain/predictions/probabilities.ts";
import { dayRange, isValidTimeZone, localDate } from "../domain/time/zones.ts";
import type { ServiceContext } from "./context.ts";
import { type DataVersion, createDataVersion } from "./data-version.ts";
import { memoizePerMinute } from "./minute-memo.ts";
import { ServiceError, badRequest, notFound } from "./errors.ts";
import { type FixtureView, groupByLeague, toView } from "./fixtures.ts";

/** The key of SPEC §6's "This is a PREMIUM functionality…" message. */
export const PREMIUM_MESSAGE = "premium.lockedText";

export interface MachineQuery extends MachineParams {
  from: Date;
  to: Date;
  leagueIds?: number[];
}

export interface JudgedPick extends Pick {
  /** once the match has ended: whether the pick came true (null when the data cannot tell) */
  won?: boolean | null;
}

export interface FixturePredictions {
  best: JudgedPick | null;
  picks: JudgedPick[];
  modelVersion: string;
  /** weight of the market in the final probabilities; 0 without pre-match odds */
  marketWeight: number;
}

function pricesOf(row: PredictionRow): OutcomePrices {
  const prices = (row.market as { prices?: { x12?: number[]; ou25?: number[] } } | null)?.prices;
  const out: OutcomePrices = {};
  if (prices?.x12) [out["1"], out.X, out["2"]] = prices.x12;
  if (prices?.ou25) [out.O25, out.U25] = prices.ou25;
  return out;
}

function judge(pick: Pick, fixture: FixtureView, row: FixtureRow, corners: number | null): JudgedPick {
  if (fixture.status !== "finished" || !fixture.score) return pick;
  return {
    ...pick,
    won: outcomeHappened(pick.outcome, {
      ftHome: fixture.score.home,
      ftAway: fixture.score.away,
      htHome: row.htHome,
      htAway: row.htAway,
      corners,
    }),
  };
}

export function createPredictionsService(ctx: ServiceContext, version: DataVersion = createDataVersion(ctx.clock)) {
  async function attach(
    rows: FixtureRow[],
    includePremium: boolean,
  ): Promise<Array<FixtureView & { predictions: FixturePredictions | null }>> {
    const now = ctx.clock.now();
    const stored = await predictionsFor(
      ctx.pool,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const view = toView(row, now);
      const p = stored.get(row.id);
      if (!p) return { ...view, predictions: null };
      const picks = picksOf(marketsOf(p.final), pricesOf(p), includePremium).map((pick) =>
        judge(pick, view, row, null),
      );
      return {
        ...view,
        predictions: {
          best: picks.find((pick) => pick.kind === 0) ?? null,
          picks,
          modelVersion: p.modelVersion,
          marketWeight: p.marketWeight,
        },
      };
    });
  }

  async function fixtureRow(id: number): Promise<FixtureRow> {
    const [row] = await fixturesByIds(ctx.pool, [id], ctx.clock.now());
    if (!row) throw notFound("apiErrors.noFixture", { id });
    return row;
  }

  async function dayFixtures(date: string | undefined, timeZone: string) {
    if (!isValidTimeZone(timeZone)) throw badRequest("apiErrors.timeZone", { zone: timeZone });
    const day = date ?? localDate(ctx.clock.now().getTime(), timeZone);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw badRequest("apiErrors.dateFormat", { field: "date" });
    const { from, to } = dayRange(day, timeZone);
    return { day, rows: await fixturesInRange(ctx.pool, { from, to, now: ctx.clock.now(), limit: 5000 }) };
  }

  const service = {
    /** Fixtures of a range with their predictions (premium kinds only for premium members). */
    async inRange(params: { from: Date; to: Date; leagueIds?: number[]; includePremium: boolean }) {
      if (params.to <= params.from) throw badRequest("apiErrors.rangeOrder");
      if (params.to.getTime() - params.from.getTime() > 31 * 86_400_000)
        throw badRequest("apiErrors.rangeSpan", { days: 31 });
      const rows = await fixturesInRange(ctx.pool, { ...params, now: ctx.clock.now(), limit: 5000 });
      return attach(rows, params.includePremium);
    },

    /** A calendar day in the visitor's zone, grouped by country and league, with the free predictions. */
    async day(params: { date?: string; timeZone: string; includePremium?: boolean }) {
      const { day, rows } = await dayFixtures(params.date, params.timeZone);
      const fixtures = await attach(rows, params.includePremium ?? false);
      const today = localDate(ctx.clock.now().getTime(), params.timeZone);
      const shift = (d: string, n: number) =>
        new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
      return {
        date: day,
        today,
        previous: shift(day, -1),
        next: shift(day, 1),
        live: fixtures.filter((f) => f.status === "live" || f.status === "halftime").length,
        groups: groupByLeague(fixtures),
      };
    },

    /** A fixture with its predictions, market probabilities, odds and the teams' season records. */
    async info(id: number, options: { includeSeasonStats: boolean; includePremium: boolean }) {
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
        odds: await this.odds(id),
        ...(seasonStats ? { seasonStats } : {}),
      };
    },

    /** Everything the match page shows: predictions, odds, similar matches, table, last matches, statistics. */
    async matchPage(id: number, includePremium: boolean) {
      const now = ctx.clock.now();
      const row = await fixtureRow(id);
      const last = async (teamId: number) =>
        attach(await fixturesByIds(ctx.pool, await lastMatchIds(ctx.pool, teamId, row.kickoff, now, 5), now), false);
      // The sections are independent: fetch them side by side.
      const [info, similars, table, lastHome, lastAway, stats, referee] = await Promise.all([
        this.info(id, { includeSeasonStats: true, includePremium }),
        this.similars(id, 8),
        // A played match shows the table as it stood at its kick-off, like its pre-match statistics.
        standings(ctx.pool, row.seasonId, new Date(Math.min(row.kickoff.getTime(), now.getTime()))),
        last(row.homeTeamId),
        last(row.awayTeamId),
        fixtureStats(ctx.pool, id, now),
        row.kickoff.getTime() + 105 * 60_000 <= now.getTime() ? refereeOf(ctx.pool, id) : Promise.resolve(null),
      ]);
      return {
        ...info,
        referee,
        similars,
        standings: table,
        lastMatches: { localTeam: lastHome, visitorTeam: lastAway },
        stats,
      };
    },

    /** The machine: the best picks of the range among the chosen events (premium events for premium members only). */
    async machine(params: MachineQuery & { premium: boolean }) {
      if (!Number.isInteger(params.limit) || params.limit < 1 || params.limit > 20)
        throw badRequest("apiErrors.wholeNumberRange", { field: "limit", min: 1, max: 20 });
      if (params.minOdd > params.maxOdd) throw badRequest("apiErrors.minAboveMax", { min: "minOdd", max: "maxOdd" });
      if (params.minProbability > params.maxProbability)
        throw badRequest("apiErrors.minAboveMax", { min: "minProbability", max: "maxProbability" });
      const events = expandEvents(params.events);
      const unknown = params.events.filter((e) => !(e in EVENT_GROUPS) && !MACHINE_EVENTS.some((m) => m.code === e));
      if (params.events.length === 0 || unknown.length > 0)
        throw unknown.length > 0
          ? badRequest("apiErrors.unknownEvent", { field: "odds", events: unknown.join(", ") })
          : badRequest("apiErrors.noEvent", { field: "odds" });
      if (!params.premium && events.some((e) => e.premium)) throw new ServiceError(403, PREMIUM_MESSAGE);
      const now = ctx.clock.now();
      const rows = (
        await fixturesInRange(ctx.pool, {
          from: params.from,
          to: params.to,
          leagueIds: params.leagueIds,
          now,
          limit: 5000,
        })
      ).filter((r) => r.kickoff > now);
      const stored = await predictionsFor(
        ctx.pool,
        rows.map((r) => r.id),
      );
      const candidates: MachineCandidate[] = rows.flatMap((r) => {
        const p = stored.get(r.id);
        return p ? [{ fixtureId: r.id, markets: marketsOf(p.final), prices: pricesOf(p) }] : [];
      });
      const result = runMachine(candidates, params);
      const fixtures = new Map(
        (
          await attach(
            await fixturesByIds(
              ctx.pool,
              result.picks.map((p) => p.fixtureId),
              now,
            ),
            false,
          )
        ).map((f) => [f.id, f]),
      );
      return { ...result, picks: result.picks.map((p) => ({ ...p, fixture: fixtures.get(p.fixtureId)! })) };
    },

    /** Odds by bookmaker and market; closing prices only after kick-off. */
    async odds(id: number) {
      await fixtureRow(id);
      return (await oddsOf(ctx.pool, id, ctx.clock.now())).map((o) => ({
        bookmaker: { code: o.bookmaker, name: o.bookmakerName },
        market: o.market,
        moment: o.closing ? "closing" : "opening",
        line: o.line,
        prices:
          o.market === "1x2"
            ? { home: o.priceHome, draw: o.priceDraw, away: o.priceAway }
            : o.market === "ou25"
              ? { over: o.priceHome, under: o.priceAway }
              : { home: o.priceHome, away: o.priceAway },
      }));
    },

    /** Played fixtures whose predicted 1X2 probabilities were closest to this one's, with how they ended. */
    async similars(id: number, limit = 10) {
      const stored = (await predictionsFor(ctx.pool, [id])).get(id);
      await fixtureRow(id);
      if (!stored) return [];
      const ids = await similarFixtureIds(ctx.pool, stored, ctx.clock.now(), id, limit);
      return attach(await fixturesByIds(ctx.pool, ids, ctx.clock.now()), false);
    },

    /** Bet of the Day: a double, a risk pick and the double's total odd. */
    async daily(params: {
      date?: string;
      timeZone: string;
    }): Promise<
      BetOfTheDay & { date: string; fixtures: Array<FixtureView & { predictions: FixturePredictions | null }> }
    > {
      const { day, rows } = await dayFixtures(params.date, params.timeZone);
      const withPredictions = await attach(rows, false);
      const best: DayPick[] = [];
      const priced: DayPick[] = [];
      for (const f of withPredictions) {
        if (!f.predictions) continue;
        for (const pick of f.predictions.picks) {
          if (pick.kind === 0) best.push({ ...pick, fixtureId: f.id });
          else if ((pick.kind === 1 || pick.kind === 3) && pick.odds !== null)
            priced.push({ ...pick, fixtureId: f.id });
        }
      }
      const bets = betOfTheDay(best, priced);
      const ids = new Set([...bets.double.map((p) => p.fixtureId), ...(bets.risk ? [bets.risk.fixtureId] : [])]);
      return { ...bets, date: day, fixtures: withPredictions.filter((f) => ids.has(f.id)) };
    },

    /** Mean predicted probabilities per league (newest season) beside the observed frequencies. */
    async probabilitiesByLeague() {
      return probabilitiesByLeague(ctx.pool, ctx.clock.now());
    },

    /** Accuracy per league and kind from stored predictions and results (the predictability view). */
    async accuracy() {
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
    },
  };
  // Page data for the rest of the minute: pages rendered per member reuse what the page cache's render fetched.
  return memoizePerMinute(version, service, ["inRange", "day", "matchPage"]);
}
