import fc from "fast-check";
import { FeatureStore } from "../../src/domain/prematch/feature-store.ts";
import type { Prices, StoreFixture } from "../../src/domain/prematch/store-types.ts";
import {
  COUNTERS,
  type CounterName,
  HALF_SECONDS,
  type LiveOdds,
  type LiveState,
  type TeamCounters,
  minuteOfSecond,
} from "../../src/domain/live/state.ts";
import {
  COMPARATORS,
  type Category,
  NUMERIC_OPS,
  ODDS_BOOKMAKERS,
  type Rule,
  STATS,
  TARGETS,
  TIME_CONDITIONS,
  type Target,
  type TimeCondition,
  VENUES,
  WINDOWS,
  statInfo,
} from "../../src/domain/scanner/rules.ts";
import { TEAM_EVENTS, isTeamEvent } from "../../src/domain/stats/team-events.ts";

/**
 * Random valid live filters from the rule grammar (SPEC §3 "Live rule") and random live states, for the property
 * tests and the live scanner bench. Every rule drawn here passes `ruleSchema("live")`.
 */

/** The scope the language gives a statistic (a key listed twice, like pointsGap, has one). */
const scopeIn = (category: Category, stat: string) => statInfo(category, stat, isTeamEvent)!.scope;
const LIVE_STATS = STATS.filter((s) => s.scanners.includes("live"));
const EVENT_KEYS = TEAM_EVENTS.slice(0, 40).map((e) => e.key);
const TEAM_TARGETS = TARGETS.filter((t) => t !== "Match");
const PLAIN = COMPARATORS.filter((c) => c !== "IncreasedOf" && c !== "DecreasedOf");

/** The value range of a statistic, so that random rules sometimes hold. */
function valueArb(category: Category, stat: string, numeric: boolean): fc.Arbitrary<number> {
  if (numeric)
    return fc.oneof(
      fc.integer({ min: -10, max: 40 }),
      fc.double({ min: 0, max: 5, noNaN: true }).map((x) => Math.round(x * 100) / 100),
    );
  if (category === "odds") return fc.integer({ min: 101, max: 1000 }).map((x) => x / 100);
  if (category === "probabilities" || category === "preMatchStats") return fc.integer({ min: 0, max: 100 });
  if (category === "time") return fc.integer({ min: 0, max: 90 });
  if (stat === "possession") return fc.integer({ min: 20, max: 80 });
  if (stat === "attacks" || stat === "dangerousAttacks" || stat.endsWith("ttacks"))
    return fc.integer({ min: 0, max: 120 });
  if (stat === "winning" || stat === "losing" || stat === "drawing") return fc.integer({ min: 0, max: 1 });
  if (stat.includes("goals") || stat === "goalMargin") return fc.integer({ min: -2, max: 4 });
  return fc.integer({ min: 0, max: 20 });
}

export const timeConditionArb: fc.Arbitrary<TimeCondition> = fc
  .constantFrom(...TIME_CONDITIONS)
  .chain((kind): fc.Arbitrary<TimeCondition> => {
    if (kind === "MinuteRange")
      return fc
        .tuple(fc.integer({ min: 0, max: 90 }), fc.integer({ min: 0, max: 40 }))
        .map(([a, d]) => ({ kind, minute: a, toMinute: Math.min(90, a + d) }));
    if (kind === "MinuteAt" || kind === "BeforeMinute" || kind === "AfterMinute")
      return fc.integer({ min: 0, max: 90 }).map((minute) => ({ kind, minute }));
    return fc.constant({ kind });
  });

interface StatPick {
  category: Category;
  stat: string;
  scope: "team" | "match";
}

const statArb: fc.Arbitrary<StatPick> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom(...LIVE_STATS.filter((s) => s.category === "liveStats"))
      .map((s) => ({ category: s.category, stat: s.stat, scope: scopeIn(s.category, s.stat) })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...LIVE_STATS.filter((s) => s.category === "odds"))
      .map((s) => ({ category: s.category, stat: s.stat, scope: scopeIn(s.category, s.stat) })),
  },
  { weight: 1, arbitrary: fc.constant({ category: "time" as const, stat: "minute", scope: "match" as const }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...LIVE_STATS.filter((s) => s.category === "probabilities"))
      .map((s) => ({ category: s.category, stat: s.stat, scope: scopeIn(s.category, s.stat) })),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc
        .constantFrom(...LIVE_STATS.filter((s) => s.category === "preMatchStats"))
        .map((s) => ({ category: s.category, stat: s.stat, scope: scopeIn(s.category, s.stat) })),
      fc
        .constantFrom(...EVENT_KEYS)
        .map((stat) => ({ category: "preMatchStats" as const, stat, scope: "team" as const })),
    ),
  },
);

function targetFor(pick: StatPick): fc.Arbitrary<Target> {
  if (pick.scope === "match") return fc.constant("Match");
  // Odds and probabilities of a team have no Match value; pre-match team statistics only for team events.
  if (pick.category === "odds" || pick.category === "probabilities") return fc.constantFrom(...TEAM_TARGETS);
  if (pick.category === "preMatchStats" && !EVENT_KEYS.includes(pick.stat)) return fc.constantFrom(...TEAM_TARGETS);
  return fc.constantFrom(...TARGETS);
}

/** One random valid live rule. */
export const liveRuleArb: fc.Arbitrary<Rule> = statArb.chain((pick) =>
  fc
    .record({
      target: targetFor(pick),
      time: fc.option(timeConditionArb, { freq: 2, nil: undefined }),
      numeric:
        pick.category === "liveStats"
          ? fc.option(fc.constant(true), { freq: 3, nil: undefined })
          : fc.constant(undefined),
      market:
        pick.category === "odds"
          ? fc.constantFrom("PreMatch" as const, "LiveMatch" as const, undefined)
          : fc.constant(undefined),
      firstMinute: fc.option(fc.integer({ min: 0, max: 80 }), { freq: 3, nil: undefined }),
      span: fc.option(fc.integer({ min: 0, max: 50 }), { freq: 3, nil: undefined }),
      bookmaker: fc.option(fc.constantFrom(...ODDS_BOOKMAKERS), { freq: 3, nil: undefined }),
      venue: fc.option(fc.constantFrom(...VENUES), { freq: 2, nil: undefined }),
      window: fc.option(fc.constantFrom(...WINDOWS), { freq: 2, nil: undefined }),
    })
    .chain((o) => {
      const live = o.market === "LiveMatch";
      const comparator = live ? fc.constantFrom(...COMPARATORS) : fc.constantFrom(...PLAIN);
      const second = o.numeric
        ? fc.constantFrom(...LIVE_STATS.filter((s) => s.category === "liveStats")).chain((s) =>
            fc.record({
              op: fc.constantFrom(...NUMERIC_OPS),
              stat: fc.constant(s.stat),
              withTarget:
                scopeIn(s.category, s.stat) === "match" ? fc.constant<Target>("Match") : fc.constantFrom(...TARGETS),
            }),
          )
        : fc.constant(undefined);
      return fc.record({ comparator, second }).chain(({ comparator, second }) => {
        const change = comparator === "IncreasedOf" || comparator === "DecreasedOf";
        const value = change
          ? fc.integer({ min: 0, max: 60 })
          : valueArb(pick.category, pick.stat, second !== undefined);
        return value.map(
          (v): Omit<Rule, "id"> => ({
            category: pick.category,
            stat: pick.stat,
            target: o.target,
            comparator,
            value: v,
            ...(o.time ? { time: o.time } : {}),
            ...(second ? { numeric: second } : {}),
            ...(o.market ? { oddsMarket: o.market } : {}),
            ...(live && o.firstMinute !== undefined ? { firstMinute: o.firstMinute } : {}),
            ...(live && o.span !== undefined ? { secondMinute: Math.min(90, (o.firstMinute ?? 0) + o.span) } : {}),
            ...(pick.category === "odds" && o.bookmaker ? { bookmaker: o.bookmaker } : {}),
            ...(pick.category === "preMatchStats" && EVENT_KEYS.includes(pick.stat) && o.venue
              ? { venue: o.venue }
              : {}),
            ...(pick.category === "preMatchStats" && EVENT_KEYS.includes(pick.stat) && o.window
              ? { window: o.window }
              : {}),
          }),
        );
      });
    })
    .map((r) => ({ id: "r", ...r }) as Rule),
);

/** A random valid live filter's rules: 1–6 rules with ids r0, r1… */
export const liveRulesArb: fc.Arbitrary<Rule[]> = fc
  .array(liveRuleArb, { minLength: 1, maxLength: 6 })
  .map((rules) => rules.map((r, i) => ({ ...r, id: `r${i}` })));

const counter = fc.option(fc.integer({ min: 0, max: 60 }), { freq: 6, nil: null });
const countersArb: fc.Arbitrary<TeamCounters> = fc
  .tuple(...COUNTERS.map(() => counter))
  .map(
    (values) =>
      Object.fromEntries(
        COUNTERS.map((c, i) => [c, c === "possession" && values[i] !== null ? Math.min(100, values[i]!) : values[i]]),
      ) as Record<CounterName, number | null>,
  );
const price = fc.option(
  fc.integer({ min: 101, max: 2000 }).map((x) => x / 100),
  { freq: 6, nil: null },
);

export const liveOddsArb: fc.Arbitrary<LiveOdds> = fc
  .record({
    home: price,
    draw: price,
    away: price,
    over: price,
    under: price,
    bttsYes: price,
    bttsNo: price,
    minute: fc.integer({ min: 1, max: 90 }),
  })
  .map((o) => ({
    minute: o.minute,
    home: o.home,
    draw: o.draw,
    away: o.away,
    overUnder: [{ line: 2.5, over: o.over, under: o.under }],
    bttsYes: o.bttsYes,
    bttsNo: o.bttsNo,
    margin: 0.05,
    probabilities: { home: 0.4, draw: 0.3, away: 0.3, bttsYes: 0.5 },
  }));

/** A random live state (any status; counters and prices sometimes absent). */
export const liveStateArb: fc.Arbitrary<LiveState> = fc
  .record({
    status: fc.constantFrom(
      "live" as const,
      "live" as const,
      "live" as const,
      "halftime" as const,
      "upcoming" as const,
      "finished" as const,
    ),
    second: fc.integer({ min: 0, max: 5399 }),
    homeScore: fc.integer({ min: 0, max: 5 }),
    awayScore: fc.integer({ min: 0, max: 5 }),
    home: countersArb,
    away: countersArb,
    odds: fc.option(liveOddsArb, { freq: 5, nil: null }),
  })
  .map((s) => {
    const halftime = s.status === "halftime";
    const second =
      s.status === "upcoming" ? null : s.status === "finished" ? 5400 : halftime ? HALF_SECONDS - 1 : s.second;
    const minute = second === null || s.status === "finished" ? null : minuteOfSecond(second);
    return {
      fixtureId: 1,
      status: s.status,
      second,
      minute,
      homeScore: s.status === "upcoming" ? null : s.homeScore,
      awayScore: s.status === "upcoming" ? null : s.awayScore,
      home: s.home,
      away: s.away,
      estimated: [],
      events: [],
      odds: s.odds,
    };
  });

const DAY = 86_400_000;
/** Kick-off of the synthetic store's last round: its rows are the "live" fixtures of the tests. */
export const STORE_START = Date.UTC(2025, 0, 4, 15);

/**
 * A small feature store: 8 teams in two leagues, 14 rounds (the last one unplayed, as if live now), opening
 * prices of two bookmakers and goal expectations, so that every pre-match part of a live rule has values.
 */
export function syntheticStore(): FeatureStore {
  const fixtures: StoreFixture[] = [];
  const openingOdds = new Map<number, Partial<Record<string, Prices>>>();
  const predictions = new Map<
    number,
    { model: { home: number; away: number; rho: number }; final: { home: number; away: number; rho: number } }
  >();
  let id = 1;
  for (let round = 0; round < 14; round++) {
    const played = round < 13;
    for (let k = 0; k < 4; k++) {
      const home = (round + k) % 8;
      const away = (round + 7 - k) % 8 === home ? (home + 4) % 8 : (round + 7 - k) % 8;
      const ftHome = (home * 5 + away + round) % 4;
      const ftAway = (away * 3 + round) % 3;
      fixtures.push({
        id,
        kickoff: STORE_START - (13 - round) * 7 * DAY + k * 3_600_000,
        leagueId: 1 + (k % 2),
        seasonId: 7,
        homeId: home + 1,
        awayId: away + 1,
        ftHome: played ? ftHome : null,
        ftAway: played ? ftAway : null,
        htHome: played ? Math.min(ftHome, 1) : null,
        htAway: played ? Math.min(ftAway, 2) : null,
        corners: [3 + home, 2 + away],
        yellow: [k % 3, 1],
        red: [0, k % 2],
        shots: [9 + home, 7 + away],
        shotsOnTarget: [3 + (home % 3), 2 + (away % 4)],
      });
      const homePrice = 1.4 + ((home * 3 + k) % 7) / 3;
      const awayPrice = 1.6 + ((away * 5 + round) % 9) / 3;
      openingOdds.set(id, {
        Avg: {
          home: homePrice,
          draw: 3.3 + (k % 3) / 10,
          away: awayPrice,
          over25: 1.8 + (k % 4) / 10,
          under25: 2.0,
          bttsYes: 1.75,
          bttsNo: 2.05,
        },
        PS: { home: homePrice + 0.05, draw: 3.5, away: awayPrice + 0.05, over25: 1.9, under25: 2.02 },
      });
      predictions.set(id, {
        model: { home: 1.1 + home / 10, away: 0.9 + away / 10, rho: -0.05 },
        final: { home: 1.2 + home / 12, away: 1 + away / 12, rho: -0.04 },
      });
      id++;
    }
  }
  return new FeatureStore({
    fixtures,
    horizonStart: STORE_START - 20 * 7 * DAY,
    openingOdds,
    closingOdds: new Map(),
    predictions,
  });
}

/** The synthetic store's unplayed fixtures (its "live" ones) by row. */
export function liveRows(store: FeatureStore): number[] {
  const out: number[] = [];
  for (let r = 0; r < store.rows; r++) if (!store.finished(r)) out.push(r);
  return out;
}

/** The interpreter's view of a store: a value by read and side (the Match of team events: the mean of both teams). */
export function storeLookup(store: FeatureStore) {
  const src = store.source();
  return {
    value(read: Parameters<typeof src.team>[0], side: "home" | "away" | "match", row: number): number {
      const reader = side === "match" ? (src.match(read) ?? src.team(read, "match")) : src.team(read, side);
      return reader ? reader(row) : Number.NaN;
    },
    favorite: (row: number) => src.favorite(row),
  };
}
