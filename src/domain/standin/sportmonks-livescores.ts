import {
  FIRST_HALF,
  HALF_TIME_STATE,
  SECOND_HALF,
  SPORTMONKS_MARKETS,
  SPORTMONKS_STATISTICS,
} from "../live/sportmonks-types.ts";
import { COUNTERS, HALF_SECONDS, type LiveEvent, type LiveOdds, type LiveState } from "../live/state.ts";

/**
 * SportMonks Football API v3 `livescores/inplay` answers as the offline stand-in writes them
 * (docs.sportmonks.com: endpoints/livescores/get-inplay-livescores and the fixture, participant, score, period,
 * statistic, event and in-play odd entities), from the replayed state of the matches being played. Only the
 * includes asked for are in a fixture, as SportMonks does. Pure: src/data/standin serves what this writes.
 */

export interface InplayMatch {
  fixtureId: number;
  leagueId: number;
  seasonId: number;
  home: { id: number; name: string };
  away: { id: number; name: string };
  kickoffMs: number;
  /** the replayed state at the answer's moment (live or halftime) */
  state: LiveState;
}

type Json = Record<string, unknown>;

/** A positive 31-bit id from a text (FNV-1a): the same team, league or match always gets the same id. */
export function stableId(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 1 || 1;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
/** "2026-11-28 15:00:00" in UTC, SportMonks' `starting_at`. */
const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");
const inSecondHalf = (s: LiveState) => s.status === "live" && (s.second ?? 0) >= HALF_SECONDS;

function stateId(s: LiveState): number {
  if (s.status === "halftime") return HALF_TIME_STATE;
  return inSecondHalf(s) ? SECOND_HALF.state : FIRST_HALF.state;
}

export function participants(m: Pick<InplayMatch, "home" | "away">): Json[] {
  return (["home", "away"] as const).map((location) => ({
    id: m[location].id,
    sport_id: 1,
    name: m[location].name,
    short_code: m[location].name
      .replace(/[^A-Za-z]/g, "")
      .slice(0, 3)
      .toUpperCase(),
    image_path: null,
    type: "domestic",
    placeholder: false,
    meta: { location, winner: null, position: null },
  }));
}

/** Goals of each side up to a match-clock second (the listed goals carry their second). */
function goalsUpTo(events: LiveEvent[], last: number) {
  const count = (side: "home" | "away") =>
    events.filter((e) => e.type === "goal" && e.side === side && e.second <= last).length;
  return { home: count("home"), away: count("away") };
}

/** 1ST_HALF (type 1), 2ND_HALF (type 2: the score after the second half, so far) and CURRENT (type 1525). */
function scores(m: InplayMatch): Json[] {
  const s = m.state;
  const current = { home: s.homeScore ?? 0, away: s.awayScore ?? 0 };
  const periods: Array<[number, string, { home: number; away: number }]> = [
    [1, "1ST_HALF", goalsUpTo(s.events, HALF_SECONDS - 1)],
    ...(inSecondHalf(s) ? [[2, "2ND_HALF", current] as [number, string, typeof current]] : []),
    [1525, "CURRENT", current],
  ];
  return periods.flatMap(([typeId, description, goals], i) =>
    (["home", "away"] as const).map((side, j) => ({
      id: m.fixtureId * 8 + i * 2 + j,
      fixture_id: m.fixtureId,
      type_id: typeId,
      participant_id: m[side].id,
      score: { goals: goals[side], participant: side },
      description,
    })),
  );
}

/**
 * The halves as SportMonks times them: minutes and seconds count on from the half's start (45 for the second),
 * and the replay has no added time, so the first half ends at 45:00.
 */
function periods(m: InplayMatch): Json[] {
  const s = m.state;
  const second = s.second ?? 0;
  const kickoff = seconds(m.kickoffMs);
  const period = (n: 1 | 2, started: number, ended: number | null, clock: number) => ({
    id: m.fixtureId * 4 + n,
    fixture_id: m.fixtureId,
    type_id: n === 1 ? FIRST_HALF.period : SECOND_HALF.period,
    started,
    ended,
    counts_from: n === 1 ? 0 : 45,
    ticking: ended === null,
    sort_order: n,
    description: n === 1 ? "1st-half" : "2nd-half",
    time_added: null,
    period_length: 45,
    minutes: Math.floor(clock / 60),
    seconds: clock % 60,
    has_timer: ended === null,
  });
  if (s.status === "live" && !inSecondHalf(s)) return [period(1, kickoff, null, second)];
  const first = period(1, kickoff, kickoff + HALF_SECONDS, HALF_SECONDS);
  // The replay's break lasts 15 minutes: the second half starts an hour after kick-off.
  return s.status === "halftime" ? [first] : [first, period(2, kickoff + 3600, null, second)];
}

function statistics(m: InplayMatch): Json[] {
  const out: Json[] = [];
  for (const [typeId, counter] of Object.entries(SPORTMONKS_STATISTICS)) {
    for (const location of ["home", "away"] as const) {
      const value = m.state[location][counter];
      // A figure the source does not have is left out, as SportMonks leaves out what it does not cover.
      if (value === null) continue;
      out.push({
        id: m.fixtureId * 32 + COUNTERS.indexOf(counter) * 2 + (location === "home" ? 0 : 1),
        fixture_id: m.fixtureId,
        type_id: Number(typeId),
        participant_id: m[location].id,
        data: { value },
        location,
      });
    }
  }
  return out;
}

/** Event type ids written: goal, penalty goal, missed penalty, substitution, yellow card, red card. */
const EVENT_TYPES = { goal: 14, penaltyGoal: 16, missedPenalty: 17, substitution: 18, yellow: 19, red: 20 };

function events(m: InplayMatch): Json[] {
  const listed = m.state.events;
  // The replay lists a scored penalty as a goal and a penalty at the same second: SportMonks has one event.
  const penaltyGoal = (e: LiveEvent) =>
    listed.some((o) => o.type === "penalty" && o.side === e.side && o.second === e.second);
  const goalOf = (e: LiveEvent) => listed.some((o) => o.type === "goal" && o.side === e.side && o.second === e.second);
  const score = { home: 0, away: 0 };
  const out: Json[] = [];
  for (const e of listed) {
    let typeId: number | null = null;
    if (e.type === "goal") typeId = penaltyGoal(e) ? EVENT_TYPES.penaltyGoal : EVENT_TYPES.goal;
    else if (e.type === "penalty") typeId = goalOf(e) ? null : EVENT_TYPES.missedPenalty;
    else if (e.type !== "corner") typeId = EVENT_TYPES[e.type];
    if (typeId === null) continue;
    if (e.type === "goal") score[e.side] += 1;
    out.push({
      id: m.fixtureId * 128 + out.length,
      fixture_id: m.fixtureId,
      period_id: m.fixtureId * 4 + (e.second < HALF_SECONDS ? 1 : 2),
      participant_id: m[e.side].id,
      type_id: typeId,
      section: "event",
      player_id: null,
      player_name: null,
      related_player_name: null,
      result: e.type === "goal" ? `${score.home}-${score.away}` : null,
      info: null,
      addition: null,
      minute: e.minute,
      extra_minute: null,
      injured: null,
      on_bench: false,
      sort_order: out.length,
    });
  }
  return out;
}

/** Fractional odds of a decimal price, from its two decimals ("2.50" → "3/2"). */
export function fractional(price: number): string {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const num = Math.round((price - 1) * 100);
  const d = gcd(num, 100) || 1;
  return `${num / d}/${100 / d}`;
}

function odd(fixtureId: number, index: number, market: number, description: string, line: Json) {
  const price = line.price as number | null;
  const value = (price ?? 1).toFixed(2);
  return {
    id: fixtureId * 64 + index,
    fixture_id: fixtureId,
    external_id: null,
    market_id: market,
    bookmaker_id: 2,
    label: line.label,
    value,
    name: line.name ?? line.label,
    sort_order: index,
    market_description: description,
    probability: `${(100 / Number(value)).toFixed(2)}%`,
    dp3: (price ?? 1).toFixed(3),
    fractional: fractional(Number(value)),
    american: price === null ? "-100" : String(Math.round(price >= 2 ? (price - 1) * 100 : -100 / (price - 1))),
    winning: false,
    // A settled or closed line stays listed, suspended (SportMonks' example shows "1.00", suspended and stopped).
    suspended: price === null,
    stopped: price === null,
    total: line.total ?? null,
    handicap: null,
    participants: null,
    latest_bookmaker_update: null,
  };
}

/** Full-time result (market 1), both teams to score (14) and goals over/under (80) of one bookmaker. */
function inplayOdds(m: InplayMatch): Json[] {
  const o: LiveOdds | null = m.state.odds;
  if (!o) return [];
  const lines: Array<[number, string, Json]> = [
    // Labelled as SportMonks' in-play odds example labels them: "1", "X", "2", named after the teams.
    [SPORTMONKS_MARKETS.result, "Fulltime Result", { label: "1", name: m.home.name, price: o.home }],
    [SPORTMONKS_MARKETS.result, "Fulltime Result", { label: "X", name: "Draw", price: o.draw }],
    [SPORTMONKS_MARKETS.result, "Fulltime Result", { label: "2", name: m.away.name, price: o.away }],
    [SPORTMONKS_MARKETS.btts, "Both Teams To Score", { label: "Yes", price: o.bttsYes }],
    [SPORTMONKS_MARKETS.btts, "Both Teams To Score", { label: "No", price: o.bttsNo }],
    ...o.overUnder.flatMap(
      (l): Array<[number, string, Json]> => [
        [SPORTMONKS_MARKETS.overUnder, "Goals Over/Under", { label: "Over", price: l.over, total: String(l.line) }],
        [SPORTMONKS_MARKETS.overUnder, "Goals Over/Under", { label: "Under", price: l.under, total: String(l.line) }],
      ],
    ),
  ];
  return lines.map(([market, description, line], i) => odd(m.fixtureId, i, market, description, line));
}

/** Include name (as asked, case-insensitive) → the fixture's key and its content. */
const INCLUDES: Record<string, (m: InplayMatch) => Json[]> = {
  participants,
  scores,
  periods,
  statistics,
  events,
  inplayodds: inplayOdds,
};

/** The identity of a match that any SportMonks fixture entity has. */
export type FixtureOf = Omit<InplayMatch, "state">;

/**
 * A fixture entity (entities/fixture) in its state, with the includes asked for (`include=participants;scores;…`,
 * as named, case-insensitive): only those, as SportMonks does.
 */
export function fixtureEntity<M extends FixtureOf>(
  m: M,
  state: { stateId: number; hasOdds: boolean },
  include: readonly string[],
  includes: Record<string, (m: M) => unknown>,
): Json {
  const fixture: Json = {
    id: m.fixtureId,
    sport_id: 1,
    league_id: m.leagueId,
    season_id: m.seasonId,
    stage_id: null,
    group_id: null,
    aggregate_id: null,
    round_id: null,
    state_id: state.stateId,
    venue_id: null,
    name: `${m.home.name} vs ${m.away.name}`,
    starting_at: utcText(m.kickoffMs),
    result_info: null,
    leg: "1/1",
    details: null,
    length: 90,
    placeholder: false,
    has_odds: state.hasOdds,
    has_premium_odds: false,
    starting_at_timestamp: seconds(m.kickoffMs),
  };
  for (const name of include) {
    const make = includes[name.toLowerCase()];
    if (make) fixture[name.toLowerCase()] = make(m);
  }
  return fixture;
}

/** One fixture being played, with the includes asked for. */
export function inplayFixture(m: InplayMatch, include: readonly string[]): Json {
  return fixtureEntity(m, { stateId: stateId(m.state), hasOdds: m.state.odds !== null }, include, INCLUDES);
}

/** What every SportMonks answer carries after its data: the plan, the rate limit and the time zone. */
export const ENVELOPE = {
  subscription: [{ meta: [], plans: [{ plan: "Stand-in", sport: "Football", category: "Advanced" }], add_ons: [] }],
  rate_limit: { resets_in_seconds: 3600, remaining: 2999, requested_entity: "Fixture" },
  timezone: "UTC",
};

/** SportMonks' answer when nothing matches (it has no `data` then). */
export const NO_RESULT =
  "No result(s) found matching your request. Either the query did not return any results or you don't have access to it via your current subscription.";

/**
 * The whole answer: `data` with the fixtures in kick-off order, then the plan, rate limit and time zone that
 * every SportMonks answer carries. With nothing in play SportMonks answers a message and no `data`.
 */
export function inplayAnswer(matches: readonly InplayMatch[], include: readonly string[]): Json {
  if (matches.length === 0) return { message: NO_RESULT, ...ENVELOPE };
  const sorted = [...matches].sort((a, b) => a.kickoffMs - b.kickoffMs || a.fixtureId - b.fixtureId);
  return { data: sorted.map((m) => inplayFixture(m, include)), ...ENVELOPE };
}
