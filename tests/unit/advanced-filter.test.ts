import { describe, expect, it } from "vitest";
import {
  FILTER_EVENTS,
  type FilterState,
  GOAL_KEYS,
  fromQuery,
  goalValueSent,
  hasChanges,
  initialState,
  resetAll,
  resetEvent,
  toQuery,
  toggleLeague,
} from "../../src/domain/stats/advanced-filter.ts";
import { parseFilterQuery, passes } from "../../src/domain/stats/filter-criteria.ts";
import { type PlayedMatch, History } from "../../src/domain/stats/team-rates.ts";
import { rankTopLeagues } from "../../src/domain/stats/top-leagues.ts";

const with_ = (patch: Partial<FilterState>): FilterState => ({ ...initialState(), ...patch });

describe("advanced filter: has changes (SPEC §4)", () => {
  it("is false for the initial state and after a reset", () => {
    expect(hasChanges(initialState())).toBe(false);
    expect(hasChanges(resetAll())).toBe(false);
    expect(hasChanges(with_({ event: "O25" }))).toBe(false);
  });

  it("is true for an event other than O25, a league, a non-zero rate, a goals range or a changed quotes/probability range", () => {
    expect(hasChanges(with_({ event: "GG" }))).toBe(true);
    expect(hasChanges(with_({ leagues: [3] }))).toBe(true);
    expect(hasChanges(with_({ rates: { homePercentage: 60 } }))).toBe(true);
    expect(hasChanges(with_({ goals: { HomeScoredLast5: { min: 1.5, max: null } } }))).toBe(true);
    expect(hasChanges(with_({ goals: { AwayConcededSeason: { min: null, max: 2 } } }))).toBe(true);
    expect(hasChanges(with_({ quotes: [1.5, 4] }))).toBe(true);
    expect(hasChanges(with_({ probabilities: [40, 100] }))).toBe(true);
  });

  it("ignores zero rates and goals ranges at their defaults (0 to 4)", () => {
    expect(hasChanges(with_({ rates: { homePercentage: 0, head2head: null } }))).toBe(false);
    expect(
      hasChanges(with_({ goals: { HomeScoredLast5: { min: 0, max: 4 }, AwayScoredSeason: { min: null, max: null } } })),
    ).toBe(false);
  });
});

describe("advanced filter: resets", () => {
  it("reset all clears everything and sets quotes to 1.1–4, probabilities to 1–100", () => {
    const r = resetAll();
    expect(r).toEqual({
      event: null,
      leagues: [],
      datesInterval: null,
      rates: {},
      goals: {},
      quotes: [1.1, 4],
      probabilities: [1, 100],
    });
  });
  it("resetting the event clears only the event", () => {
    const s = with_({ event: "GG", leagues: [1], rates: { homePercentage: 70 } });
    expect(resetEvent(s)).toEqual({ ...s, event: null });
  });
  it("league toggle adds an absent league and removes a present one", () => {
    const s = toggleLeague(initialState(), 4);
    expect(s.leagues).toEqual([4]);
    expect(toggleLeague(s, 4).leagues).toEqual([]);
  });
});

describe("advanced filter: query (SPEC §5)", () => {
  it("sends the goals value 4 as 10 and omits empty or zero values", () => {
    expect(goalValueSent(4)).toBe(10);
    expect(goalValueSent(2.5)).toBe(2.5);
    expect(goalValueSent(0)).toBeNull();
    expect(goalValueSent(null)).toBeNull();
    const q = toQuery(
      with_({
        event: "GG",
        leagues: [1, 2],
        rates: { homePercentage: 70, visitorPercentage: 0, head2head: null },
        goals: { HomeScoredLast5: { min: 1, max: 4 }, AwayConcededSeason: { min: 0, max: null } },
      }),
      { from: "2026-11-22", to: "2026-11-29" },
    );
    expect(q).toEqual({
      from: "2026-11-22",
      to: "2026-11-29",
      event: "GG",
      minOdd: "1",
      maxOdd: "4",
      homePercentage: "70",
      leagueIds: "1,2",
      minHomeScoredLast5: "1",
      maxHomeScoredLast5: "10",
    });
  });

  it("always sends the quotes range, leaves the default probability range out and sends a changed one", () => {
    expect(toQuery(initialState())).toEqual({ event: "O25", minOdd: "1", maxOdd: "4" });
    expect(toQuery(resetAll())).toEqual({ minOdd: "1.1", maxOdd: "4" });
    expect(toQuery(with_({ quotes: [1.5, 3], probabilities: [50, 90] }))).toMatchObject({
      minOdd: "1.5",
      maxOdd: "3",
      minProbability: "50",
      maxProbability: "90",
    });
  });

  it("reads its own query back, showing 10 as the top option 4", () => {
    const s = with_({
      event: "X",
      leagues: [5],
      rates: { head2head: 40 },
      goals: { AwaySeasonHome: undefined, HomeConcededSeasonAway: { min: 0.5, max: 4 } } as FilterState["goals"],
    });
    const back = fromQuery(new URLSearchParams(toQuery(s)));
    expect(back.event).toBe("X");
    expect(back.leagues).toEqual([5]);
    expect(back.rates).toEqual({ head2head: 40 });
    expect(back.goals).toEqual({ HomeConcededSeasonAway: { min: 0.5, max: 4 } });
  });

  it("the server accepts empty and zero values and treats them as absent; 10 has no upper bound", () => {
    const parsed = parseFilterQuery({
      event: "O25",
      homePercentage: "",
      visitorPercentage: "0",
      minHomeScoredLast5: "0",
      maxHomeScoredLast5: "10",
      leagueIds: "",
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.criteria.rates).toEqual({});
    expect(parsed.value.criteria.goals).toEqual({});
    expect(parsed.value.leagueIds).toEqual([]);
    expect(parsed.value.usesPremium).toBe(false);
  });

  it("flags premium events and a probability range, and names a bad parameter", () => {
    const premiumEvent = parseFilterQuery({ event: "CO85" });
    expect(premiumEvent.ok && premiumEvent.value.usesPremium).toBe(true);
    const probability = parseFilterQuery({ minProbability: "40" });
    expect(probability.ok && probability.value.usesPremium).toBe(true);
    expect(parseFilterQuery({ event: "ZZ" })).toEqual({
      ok: false,
      key: "apiErrors.unknownEvent",
      params: { field: "event", events: "ZZ" },
      error: "event: unknown event ZZ",
    });
    expect(parseFilterQuery({ homePercentage: "120" })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^homePercentage/),
    });
    expect(parseFilterQuery({ leagueIds: "1,x" })).toMatchObject({ ok: false });
  });

  it("makes an event premium exactly when its outcome is (one declaration: FREE_MARKETS)", () => {
    const free = FILTER_EVENTS.filter((e) => !e.premium).map((e) => e.code);
    expect(free).toEqual(["U25", "O25", "GG", "NG", "X", "1", "2", "HT1", "HTX", "HT2"]);
    // the outcomes of the premium kinds 6, 7, 9, 10, 17, 18 and the second-half and 7.5/8.5 corner events
    expect(FILTER_EVENTS.filter((e) => e.premium).map((e) => e.code)).toEqual(
      expect.arrayContaining(["U15", "O35", "P05HT", "P15HT", "CO95", "CU105", "P05SH", "CO75", "CU85"]),
    );
    expect(GOAL_KEYS).toHaveLength(20);
  });
});

describe("advanced filter: a fixture passes", () => {
  const facts = {
    probability: 0.6,
    odd: 1.8,
    rates: {
      homePercentage: 0.7,
      visitorPercentage: 0.5,
      minLeaguePercentage: 0.55,
      homeTeamLeaguePercentage: null,
      visitorTeamLeaguePercentage: 0.4,
      homeTeamOverallLeaguePercentage: 0.6,
      visitorTeamOverallLeaguePercentage: 0.5,
      head2head: 1,
    },
    goals: Object.fromEntries(GOAL_KEYS.map((k) => [k, 1.5])) as Record<(typeof GOAL_KEYS)[number], number>,
  };
  const criteria = (raw: Record<string, string>) => {
    const p = parseFilterQuery(raw);
    if (!p.ok) throw new Error(p.error);
    return p.value.criteria;
  };
  it("checks odds, probability, rates and goal ranges", () => {
    expect(passes(facts, criteria({}))).toBe(true);
    expect(passes(facts, criteria({ minOdd: "2" }))).toBe(false);
    expect(passes(facts, criteria({ minProbability: "70" }))).toBe(false);
    expect(passes(facts, criteria({ homePercentage: "70" }))).toBe(true);
    expect(passes(facts, criteria({ homePercentage: "71" }))).toBe(false);
    expect(passes(facts, criteria({ homeTeamLeaguePercentage: "10" }))).toBe(false); // no matches: unknown fails
    expect(passes(facts, criteria({ minHomeScoredSeason: "1.5", maxHomeScoredSeason: "2" }))).toBe(true);
    expect(passes(facts, criteria({ maxAwayConcededLast5: "1" }))).toBe(false);
    expect(passes(facts, criteria({ minAwayConcededLast5: "1", maxAwayConcededLast5: "10" }))).toBe(true);
  });
});

describe("team rates are walk-forward", () => {
  const DAY = 86_400_000;
  const t0 = Date.parse("2026-01-01T15:00:00Z");
  const m = (id: number, day: number, homeId: number, awayId: number, ftHome: number, ftAway: number): PlayedMatch => ({
    id,
    seasonId: 1,
    homeId,
    awayId,
    kickoffMs: t0 + day * DAY,
    ftHome,
    ftAway,
    htHome: 0,
    htAway: 0,
    corners: 10,
  });
  // team 1 plays 0-0 at first, then scores three a match
  const history = new History(
    [m(1, 0, 1, 2, 0, 0), m(2, 7, 3, 1, 0, 0), m(3, 14, 1, 3, 3, 0), m(4, 21, 2, 1, 0, 3)],
    FILTER_EVENTS,
  );
  it("counts only matches that ended before the fixture's kick-off", () => {
    const early = history.ratesOf({ id: 9, seasonId: 1, homeId: 1, awayId: 2, kickoffMs: t0 + 10 * DAY });
    expect(early.rates.O25!.homePercentage).toBe(0);
    expect(early.samples.home).toBe(2);
    expect(early.goals.HomeScoredLast5).toBe(0);
    const late = history.ratesOf({ id: 9, seasonId: 1, homeId: 1, awayId: 2, kickoffMs: t0 + 30 * DAY });
    expect(late.rates.O25!.homePercentage).toBe(0.5);
    expect(late.goals.HomeScoredLast5).toBe(1.5);
    expect(late.rates.O25!.head2head).toBe(0.5);
    // a match that kicked off 100 minutes before is not over yet
    const during = history.ratesOf({
      id: 9,
      seasonId: 1,
      homeId: 1,
      awayId: 2,
      kickoffMs: t0 + 21 * DAY + 100 * 60_000,
    });
    expect(during.samples.home).toBe(3);
  });
  it("splits home and away matches of the season", () => {
    const r = history.ratesOf({ id: 9, seasonId: 1, homeId: 1, awayId: 2, kickoffMs: t0 + 30 * DAY });
    expect(r.goals.HomeScoredSeasonHome).toBe(1.5);
    expect(r.goals.HomeScoredSeasonAway).toBe(1.5);
    expect(r.goals.HomeScoredLast5Venue).toBe(1.5);
    expect(r.goals.AwayConcededLast5Venue).toBe(0);
    expect(r.goals.AwayConcededLast5).toBe(1.5);
    expect(r.rates.NG!.visitorTeamLeaguePercentage).toBe(1);
  });
});

describe("top leagues", () => {
  it("puts the country's leagues first, then the big five first divisions, then by tier and matches", () => {
    const ranked = rankTopLeagues([
      { id: 1, tier: 2, countryCode: "ENG", matches: 552 },
      { id: 2, tier: 1, countryCode: "NED", matches: 306 },
      { id: 3, tier: 1, countryCode: "ITA", matches: 380 },
      { id: 4, tier: 1, countryCode: "ENG", matches: 380 },
      { id: 5, tier: 1, countryCode: "BRA", matches: 380 },
    ]);
    expect(ranked.map((l) => l.id)).toEqual([4, 3, 5, 2, 1]);
    expect(ranked[0]!.priority).toBe(1);
    expect(rankTopLeagues(ranked, "ned").map((l) => l.id)).toEqual([2, 4, 3, 5, 1]);
  });
});
