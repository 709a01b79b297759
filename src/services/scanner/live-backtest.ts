import { fairUseOf } from "../fair-use.ts";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { allLeagues, fixtureBriefs, namesOf } from "../../db/queries/scanner-fixtures.ts";
import type { FilterFigures } from "../../domain/alerts/figures.ts";
import { MAX_LIVE_PRICE } from "../../domain/live/odds.ts";
import { type Interval, intervalRange } from "../../domain/prematch/backtest.ts";
import type { FeatureStore } from "../../domain/prematch/feature-store.ts";
import type { Access } from "../../domain/premium/access.ts";
import {
  DEFAULT_LIVE_BACKTEST_INTERVAL,
  LIVE_BACKTEST_INTERVALS,
  type LiveBacktestInterval,
} from "../../domain/scanner/live-backtest-intervals.ts";
import {
  type BacktestMatch,
  type LiveBacktestPick,
  emptyTally,
  liveJudge,
  scanLiveBacktest,
  summarise,
} from "../../domain/scanner/live-backtest.ts";
import { CompileError } from "../../domain/scanner/compile.ts";
import { type LeagueDataGap, dataGapTally, dataNeeds, knowsCounter } from "../../domain/scanner/data-gaps.ts";
import { outcomePriced } from "../../domain/scanner/goal-outcomes.ts";
import { type DesiredOutcome, type Rule, gradable } from "../../domain/scanner/rules.ts";
import { filterSchema } from "../../domain/scanner/schema.ts";
import { requirePremium } from "../access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../errors.ts";
import type { LiveService } from "../live.ts";
import type { Features } from "./feature-store.ts";
import { newRuleId, parseRule, refuseIssues, refuseUnknownLeagues, withRuleIds } from "./filter-rules.ts";
import { type TimelineIndex, createTimelineIndex } from "./timeline-index.ts";
import type { MatchNames } from "./filter-history.ts";

/** Matches replayed between two yields to the event loop (the site keeps answering during a long backtest). */
const CHUNK = 4000;
/** Picks listed in the answer (newest first); the figures count them all. */
export const MAX_PICKS_SHOWN = 300;

export { LIVE_BACKTEST_INTERVALS, type LiveBacktestInterval, DEFAULT_LIVE_BACKTEST_INTERVAL };

export const LIVE_BACKTEST_MESSAGES = {
  needsRule: "liveBacktest.errors.needsRule",
  needsOutcome: "liveBacktest.errors.needsOutcome",
  badInterval: "liveBacktest.errors.badInterval",
  badRule: "liveBacktest.errors.badRule",
  invalid: "liveBacktest.errors.invalid",
} as const;

export interface LiveBacktestInput {
  rules: unknown;
  desiredOutcome: unknown;
  leagueIds?: unknown;
  interval?: unknown;
}

export interface LiveBacktestPickView extends MatchNames {
  /** minute of the pick, 1–90; `halftime` during the break (minute 45) */
  minute: number;
  /** match-clock second of the pick (0–5399; 2699 during the break) */
  second: number;
  halftime: boolean;
  /** the score when the filter picked the match */
  scoreAtPick: { home: number; away: number };
  /** final and half-time scores */
  final: { home: number | null; away: number | null; htHome: number | null; htAway: number | null };
  /** the live odd of the desired outcome at the pick (null: no price then) */
  odds: number | null;
  /** the in-play model's probability of the outcome at the pick (null: none, e.g. corners) */
  probability: number | null;
  /** no price because the outcome was priced above the in-play cap (maxLivePrice): out of the ROI */
  beyondCap: boolean;
  grade: "won" | "lost" | "void";
}

export interface LiveBacktestView {
  interval: LiveBacktestInterval;
  from: string;
  to: string;
  desiredOutcome: DesiredOutcome;
  leagueIds: number[];
  /** matches of the interval and leagues replayed minute by minute */
  analysed: number;
  /** ended matches of the interval and leagues without a stored timeline yet (not replayed) */
  withoutTimeline: number;
  figures: FilterFigures;
  /** the highest in-play price offered (MAX_LIVE_PRICE): above it a selection has no price */
  maxLivePrice: number;
  /** picks whose outcome was priced above maxLivePrice at the pick: no price, left out of the ROI (figures.stakes) */
  beyondCap: number;
  /**
   * "simulated": the goal and event minutes of replayed matches are placed by the replay model from the data's
   * totals (half-time and full-time scores, match counts), not recorded; live prices at those minutes are the model's
   */
  eventMinutes: "simulated";
  /**
   * "model": replayed in-play prices are the in-play model's, anchored on the closing line (live/odds.ts); figures
   * whose basis is "edge" (corners) have no price at all and are ranked by hit rate minus the model's probability
   */
  prices: "model";
  leagues: Array<{ leagueId: number; name: string; country: string; analysed: number; figures: FilterFigures }>;
  /** cumulative profit in unit stakes after each settled pick with an odd (at most 200 points) */
  equity: number[];
  /** the kick-off of the pick of each point of `equity` (ISO) */
  equityDates: string[];
  /**
   * the leagues replayed where no match has what the filter needs: "prices" (odds rules, a priced outcome's ROI: no
   * in-play prices without the match's closing prices) or an in-play counter a rule reads (shots, corners…); such a
   * league can never pick on that rule
   */
  dataGaps: Array<LeagueDataGap & { name: string; country: string }>;
  /** the newest picks first, at most MAX_PICKS_SHOWN; figures.picks counts them all */
  picks: LiveBacktestPickView[];
  elapsedMs: number;
}

type PrematchService = { features: Features };
type OddsModels = Pick<LiveService, "oddsModels">;

function parse(input: LiveBacktestInput) {
  const body = typeof input === "object" && input !== null ? input : ({} as LiveBacktestInput);
  const parsed = filterSchema("live")
    .pick({ desiredOutcome: true, leagueIds: true, rules: true })
    // Rules as a saved live filter takes them: without an id they get one by their position.
    .safeParse(
      withRuleIds({ desiredOutcome: body.desiredOutcome, leagueIds: body.leagueIds ?? [], rules: body.rules ?? [] }),
    );
  if (!parsed.success) refuseIssues(parsed.error.issues, LIVE_BACKTEST_MESSAGES.invalid);
  const interval = body.interval ?? DEFAULT_LIVE_BACKTEST_INTERVAL;
  if (typeof interval !== "string" || !(LIVE_BACKTEST_INTERVALS as readonly string[]).includes(interval)) {
    throw new ServiceError(400, LIVE_BACKTEST_MESSAGES.badInterval, { interval: LIVE_BACKTEST_MESSAGES.badInterval });
  }
  const rules = parsed.data.rules as Rule[];
  if (rules.length === 0)
    throw new ServiceError(400, LIVE_BACKTEST_MESSAGES.needsRule, { rules: LIVE_BACKTEST_MESSAGES.needsRule });
  if (!gradable(parsed.data.desiredOutcome)) {
    throw new ServiceError(400, LIVE_BACKTEST_MESSAGES.needsOutcome, {
      desiredOutcome: LIVE_BACKTEST_MESSAGES.needsOutcome,
    });
  }
  return {
    rules,
    outcome: parsed.data.desiredOutcome,
    leagueIds: [...new Set(parsed.data.leagueIds)],
    interval: interval as LiveBacktestInterval,
  };
}

/** The matches of the interval and leagues that ended, in kick-off order, and how many have no timeline. */
function matchesOf(store: FeatureStore, idx: TimelineIndex, from: number, to: number, leagueIds: number[]) {
  const [start, end] = store.rowRange(from, to);
  const wanted = leagueIds.length > 0 ? new Set(leagueIds) : null;
  const list: Array<BacktestMatch<number>> = [];
  let withoutTimeline = 0;
  for (let r = start; r < end; r++) {
    const i = store.fixtureIndex(r);
    if (store.ftHome[i]! < 0) continue;
    const leagueId = store.league[i]!;
    if (wanted && !wanted.has(leagueId)) continue;
    const fixtureId = store.id[i]!;
    const timeline = idx.timelines.get(fixtureId);
    if (!timeline) {
      withoutTimeline++;
      continue;
    }
    list.push({
      fixtureId,
      leagueId,
      kickoff: store.kickoff[i]!,
      timeline,
      model: idx.models.get(fixtureId) ?? null,
      favorite: store.favorite[r]!,
      score: {
        ftHome: store.ftHome[i]!,
        ftAway: store.ftAway[i]!,
        htHome: store.htHome[i]! < 0 ? null : store.htHome[i]!,
        htAway: store.htAway[i]! < 0 ? null : store.htAway[i]!,
        ...store.cornersOf(i),
      },
      context: r,
    });
  }
  return { list, withoutTimeline };
}

/** The leagues replayed where no match has a need: prices (an in-play odds model) or a counter of the timeline. */
function liveDataGaps(list: Array<BacktestMatch<number>>, needs: ReturnType<typeof dataNeeds>): LeagueDataGap[] {
  const tally = dataGapTally(needs);
  for (const m of list) {
    tally.add(m.leagueId, (need) => (need === "prices" ? m.model !== null : knowsCounter(m.timeline.known, need)));
  }
  return tally.gaps();
}

async function views(ctx: ServiceContext, picks: LiveBacktestPick[]): Promise<LiveBacktestPickView[]> {
  const shown = picks.slice(-MAX_PICKS_SHOWN).reverse();
  const briefs = await fixtureBriefs(
    ctx.pool,
    shown.map((p) => p.fixtureId),
    ctx.clock.now(),
  );
  return shown.map((p) => {
    const b = briefs.get(p.fixtureId);
    return {
      fixtureId: p.fixtureId,
      kickoff: new Date(p.kickoff).toISOString(),
      leagueId: p.leagueId,
      league: b?.league ?? "",
      country: b?.country ?? "",
      home: b?.home ?? "",
      away: b?.away ?? "",
      minute: p.minute,
      second: p.second,
      halftime: p.halftime,
      scoreAtPick: { home: p.homeScore, away: p.awayScore },
      final: { home: p.score.ftHome, away: p.score.ftAway, htHome: p.score.htHome, htAway: p.score.htAway },
      odds: p.odds,
      probability: p.probability,
      beyondCap: p.beyondCap,
      grade: p.grade,
    };
  });
}

/**
 * The rule set of the backtest page's builder, which no filter holds: the rules carried by the page (its URL or its
 * form), then `added` (a rule of the builder's form) at the end, each checked as a saved live filter checks it (400
 * with the form's messages). Premium, like the backtest itself.
 */
function buildRules(ctx: ServiceContext, carried: unknown, added: unknown, access: Access): Rule[] {
  requirePremium(access);
  const parsed = filterSchema("live")
    .pick({ rules: true })
    .safeParse(withRuleIds({ rules: Array.isArray(carried) ? carried : [] }));
  if (!parsed.success) refuseIssues(parsed.error.issues, LIVE_BACKTEST_MESSAGES.invalid);
  const rules = parsed.data.rules as Rule[];
  if (added === undefined) return rules;
  const next = [...rules, parseRule("live", added, newRuleId(rules.length, ctx.clock.now()))];
  const all = filterSchema("live").pick({ rules: true }).safeParse({ rules: next });
  if (!all.success) refuseIssues(all.error.issues, LIVE_BACKTEST_MESSAGES.invalid);
  return next;
}

/** The rules compiled into the backtest's judge; a rule the compiler refuses is a 400. */
function judgeOf(rules: Rule[], outcome: Parameters<typeof liveJudge>[1], store: Parameters<typeof liveJudge>[2]) {
  try {
    return liveJudge(rules, outcome, store);
  } catch (error) {
    if (error instanceof CompileError)
      throw new ServiceError(400, LIVE_BACKTEST_MESSAGES.badRule, { rules: LIVE_BACKTEST_MESSAGES.badRule });
    throw error;
  }
}

/**
 * Backtests of live filters (issue 12 point 6): a filter not saved yet, replayed over the stored timelines of the
 * matches of the last 30 days to 24 months, answered inline. The decoded timelines of the last 25 months and their
 * in-play odds models are kept in memory (a few bytes per event; loaded on first use, then only the timelines
 * stored since are read); the matches, their pre-match favourite and scores come from the pre-match feature store,
 * which the live scanner's source reads for the pre-match parts of a rule.
 */
export function createLiveBacktestService(
  ctx: ServiceContext,
  live: OddsModels,
  prematch: PrematchService,
  options: { checkMs?: number } = {},
) {
  const index = createTimelineIndex(ctx, live, options);

  return {
    /** The leagues a backtest can be limited to (country and name). */
    leagues(): Promise<Array<{ id: number; name: string; country: string }>> {
      return allLeagues(ctx.pool);
    },

    /** The rule set of the backtest page's builder (see buildRules). */
    buildRules: (carried: unknown, added: unknown, access: Access) => buildRules(ctx, carried, added, access),

    /** Loads the timelines now, or adds those stored since (a job may call it when matches end); returns what is held. */
    warm: index.warm,

    /** Backtests a live filter (premium): the picks it would have made, with the figures of live alerts. */
    async run(input: LiveBacktestInput, access: Access, userId?: number): Promise<LiveBacktestView> {
      requirePremium(access);
      // Bad input is refused before it spends the member's budget of costly requests.
      if (userId !== undefined) {
        parse(input);
        return fairUseOf(ctx).run(userId, () => this.run(input, access));
      }
      const started = performance.now();
      const { rules, outcome, leagueIds, interval } = parse(input);
      await refuseUnknownLeagues(ctx.pool, leagueIds);
      const now = ctx.clock.now().getTime();
      const { from, to } = intervalRange(interval as Exclude<Interval, "Custom">, now);
      const [store, idx] = await Promise.all([prematch.features(), index.timelines()]);
      const judge = judgeOf(rules, outcome, store);
      const { list, withoutTimeline } = matchesOf(store, idx, from, to, leagueIds);
      const tally = emptyTally();
      for (let at = 0; at < list.length; at += CHUNK) {
        if (at > 0) await yieldToEventLoop();
        scanLiveBacktest(list.slice(at, at + CHUNK), judge, outcome, tally);
      }
      const basis = outcomePriced("live", outcome) ? "roi" : "edge";
      const result = summarise(tally.picks, tally.analysed, tally.analysedByLeague, basis);
      const gaps = liveDataGaps(list, dataNeeds(rules, basis === "roi"));
      const { leagues: names } = await namesOf(
        ctx.pool,
        [],
        [...result.leagues.map((l) => l.leagueId), ...gaps.map((g) => g.leagueId)],
      );
      const named = (id: number) => ({ name: names.get(id)?.name ?? "", country: names.get(id)?.country ?? "" });
      return {
        interval,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        desiredOutcome: outcome,
        leagueIds,
        analysed: result.analysed,
        withoutTimeline,
        figures: result.figures,
        maxLivePrice: MAX_LIVE_PRICE,
        beyondCap: result.beyondCap,
        eventMinutes: "simulated",
        prices: "model",
        leagues: result.leagues.map((l) => ({ ...l, ...named(l.leagueId) })),
        equity: result.equity,
        equityDates: result.equityKickoffs.map((k) => new Date(k).toISOString()),
        dataGaps: gaps.map((g) => ({ ...g, ...named(g.leagueId) })),
        picks: await views(ctx, result.picks),
        elapsedMs: Math.round(performance.now() - started),
      };
    },
  };
}
