import { describe, expect, it } from "vitest";
import {
  DEFAULT_EVENT,
  defaultFilter,
  hasChanges,
  inRange,
  rankTeams,
  resetFilter,
  toggleEvent,
} from "../../src/domain/stats/best-teams.ts";
import {
  TEAM_EVENTS,
  type TeamMatch,
  countEvents,
  eventHappened,
  marketOf,
  rateOf,
  teamStats,
} from "../../src/domain/stats/team-events.ts";
import {
  FREE_TREND_EVENTS,
  baseRates,
  binomialTail,
  currentStreak,
  teamTrends,
  topTrends,
} from "../../src/domain/stats/trends.ts";

let nextId = 1;
/** A match from the team's side: "2-1" full time, "1-0" half time, venue, day number (larger = newer). */
function match(
  score: string,
  ht: string | null,
  venue: "home" | "away",
  day: number,
  extra: Partial<TeamMatch> = {},
): TeamMatch {
  const [gf, ga] = score.split("-").map(Number) as [number, number];
  const [hf, ha] = ht ? (ht.split("-").map(Number) as [number, number]) : [null, null];
  return {
    fixtureId: nextId++,
    kickoff: Date.UTC(2026, 0, 1) + day * 86_400_000,
    venue,
    goalsFor: gf,
    goalsAgainst: ga,
    htFor: hf,
    htAgainst: ha,
    cornersFor: 6,
    cornersAgainst: 4,
    yellowFor: 2,
    yellowAgainst: 1,
    redFor: 0,
    redAgainst: 0,
    shotsFor: 14,
    shotsAgainst: 8,
    shotsOnTargetFor: 5,
    shotsOnTargetAgainst: 2,
    ...extra,
  };
}

describe("team events", () => {
  it("has more than 100 events with unique keys", () => {
    expect(TEAM_EVENTS.length).toBeGreaterThan(100);
    expect(new Set(TEAM_EVENTS.map((e) => e.key)).size).toBe(TEAM_EVENTS.length);
  });

  it("reads every event from the team's side, home or away", () => {
    const away = match("3-1", "1-1", "away", 1, { cornersFor: 3, cornersAgainst: 8, yellowFor: 4, redAgainst: 1 });
    const expected: Record<string, boolean | null> = {
      W: true,
      D: false,
      L: false,
      HT_D: true,
      "2H_W": true,
      GG: true,
      NG: false,
      HT_GG: true,
      "2H_NG": true,
      O35: true,
      U45: true,
      HT_O15: true,
      HT_U25: true,
      "2H_O15": true,
      "2H_U25": true,
      TS_O25: true,
      TS_U35: true,
      TC_O05: true,
      TC_U15: true,
      CS: false,
      FTS: false,
      SBH: true,
      CBH: false,
      WTN: false,
      COMEBACK: false,
      C_O105: true,
      C_U115: true,
      CF_O25: true,
      CF_O35: false,
      CA_O65: true,
      C_MORE: false,
      Y_O35: true,
      MY_O45: true,
      MY_O55: false,
      R: false,
      MR: true,
      SH_O125: true,
      SOT_O45: true,
      SOTA_O25: false,
      SH_MORE: true,
      SOT_MORE: true,
    };
    for (const [key, value] of Object.entries(expected)) expect([key, eventHappened(key, away)]).toEqual([key, value]);
  });

  it("cannot tell half events without a half-time score, nor corners without corner counts", () => {
    const m = match("1-0", null, "home", 1, { cornersFor: null });
    expect(eventHappened("HT_O05", m)).toBeNull();
    expect(eventHappened("SBH", m)).toBeNull();
    expect(eventHappened("C_O85", m)).toBeNull();
    expect(eventHappened("CS", m)).toBe(true);
    expect(countEvents([m, match("0-0", "0-0", "away", 2)], ["HT_O05", "CS"]).events).toEqual({
      HT_O05: { occurrences: 0, totalMatches: 1 },
      CS: { occurrences: 2, totalMatches: 2 },
    });
  });

  it("counts per venue and window, newest matches first", () => {
    const matches = [
      ...Array.from({ length: 8 }, (_, i) => match("2-1", "1-0", i % 2 ? "away" : "home", i)), // older: wins
      ...Array.from({ length: 6 }, (_, i) => match("0-0", "0-0", i % 2 ? "away" : "home", 20 + i)), // newest: goalless draws
    ];
    const stats = teamStats(matches);
    expect(stats.season.overall.events.W).toEqual({ occurrences: 8, totalMatches: 14 });
    expect(stats.season.home.events.W).toEqual({ occurrences: 4, totalMatches: 7 });
    expect(stats.last5.overall.events.D).toEqual({ occurrences: 5, totalMatches: 5 });
    expect(stats.last10.overall.events.W).toEqual({ occurrences: 4, totalMatches: 10 });
    expect(stats.last5.away.events.NG).toEqual({ occurrences: 3, totalMatches: 5 });
    expect(stats.season.overall.totals).toMatchObject({ matches: 14, goalsFor: 16, goalsAgainst: 8, avgCornersFor: 6 });
    expect(rateOf(stats.last5.overall.events.D)).toBe(1);
    expect(rateOf({ occurrences: 0, totalMatches: 0 })).toBeNull();
  });

  it("names the market of an event from either side", () => {
    expect(marketOf("W", "home")).toBe("1");
    expect(marketOf("W", "away")).toBe("2");
    expect(marketOf("HT_L", "away")).toBe("HT_1");
    expect(marketOf("TS_O15", "away")).toBe("A_O15");
    expect(marketOf("CS", "home")).toBe("A_U05");
    expect(marketOf("CS", "away")).toBe("H_U05");
    expect(marketOf("O25", "away")).toBe("O25");
    expect(marketOf("C_O95", "away")).toBe("C_O95");
    expect(marketOf("SH_MORE", "home")).toBeNull();
  });
});

describe("trends", () => {
  it("measures the running streak, ended by a miss or a match the data cannot judge", () => {
    const newestFirst = [
      match("3-0", "1-0", "home", 5),
      match("2-1", "1-1", "away", 4),
      match("0-1", "0-0", "home", 3),
      match("4-0", "2-0", "home", 2),
    ];
    expect(currentStreak(newestFirst, "W")).toBe(2);
    expect(currentStreak(newestFirst, "O25")).toBe(2);
    expect(currentStreak([match("1-0", null, "home", 1)], "HT_O05")).toBe(0);
  });

  it("computes binomial tails", () => {
    expect(binomialTail(3, 3, 0.5)).toBeCloseTo(0.125);
    expect(binomialTail(0, 5, 0.3)).toBe(1);
    expect(binomialTail(8, 10, 0.5)).toBeCloseTo(56 / 1024);
  });

  it("finds consecutive home trends and rate trends, strongest first", () => {
    // newest first after sorting: 7 home matches over 2.5, the away ones under
    const matches = [
      ...Array.from({ length: 7 }, (_, i) => match("3-1", "1-1", "home", 100 - 2 * i)),
      ...Array.from({ length: 7 }, (_, i) => match("1-0", "0-0", "away", 99 - 2 * i)),
    ];
    const rates = { O25: 0.5, U25: 0.5, W: 0.45 };
    const trends = teamTrends(7, matches, rates, { events: ["O25", "U25", "W"] });
    expect(trends).toContainEqual(
      expect.objectContaining({ event: "O25", venue: "home", kind: "consecutive", occurrences: 7, totalMatches: 7 }),
    );
    expect(trends).toContainEqual(
      expect.objectContaining({ event: "W", venue: "overall", kind: "consecutive", occurrences: 14, totalMatches: 14 }),
    );
    expect(trends.some((t) => t.event === "O25" && t.venue === "overall")).toBe(false); // the run ended with the away match
    expect(trends[0]!.event).toBe("W");
    for (let i = 1; i < trends.length; i++) expect(trends[i - 1]!.strength).toBeGreaterThanOrEqual(trends[i]!.strength);
    expect(topTrends(trends, 1)).toEqual([trends[0]]);
    // one per team and event: the overall W run, not also the home one
    const top = topTrends(trends, 10);
    expect(top.filter((t) => t.event === "W")).toHaveLength(1);
  });

  it("reports a rate trend when the streak is broken but the rate is high", () => {
    const matches = [
      match("0-0", "0-0", "home", 20),
      ...Array.from({ length: 9 }, (_, i) => match("2-1", "1-0", "home", 19 - i)),
    ];
    const [trend] = teamTrends(1, matches, { W: 0.4 }, { events: ["W"] }).filter((t) => t.venue === "overall");
    expect(trend).toMatchObject({ kind: "rate", occurrences: 9, totalMatches: 10 });
  });

  it("ignores runs that are no surprise at the base rate", () => {
    const matches = Array.from({ length: 4 }, (_, i) => match("2-1", "1-0", "home", i));
    const rates = baseRates(matches, ["O05"]);
    expect(rates.O05).toBe(0.98);
    expect(teamTrends(1, matches, rates, { events: ["O05"] })).toEqual([]);
  });

  it("has a limited free set", () => {
    expect(FREE_TREND_EVENTS).toEqual(expect.arrayContaining(["W", "O25", "GG"]));
    expect(FREE_TREND_EVENTS).not.toContain("C_O95");
  });
});

describe("best-teams filter", () => {
  it("toggles an event: a selected one is removed, another is added", () => {
    expect(toggleEvent(["O25"], "GG")).toEqual(["O25", "GG"]);
    expect(toggleEvent(["O25", "GG"], "O25")).toEqual(["GG"]);
    expect(toggleEvent([], "W")).toEqual(["W"]);
  });

  it("resets to a single Over 2.5 and every default", () => {
    expect(resetFilter()).toEqual({
      bestLeagueEvent: null,
      selectedEvents: [DEFAULT_EVENT],
      leagues: [],
      league: null,
      datesInterval: null,
      bmQuotesInterval: [1, 4],
      matchesQuantity: 5,
      probabilitiesInterval: [1, 100],
      isEdited: false,
    });
    expect(DEFAULT_EVENT).toBe("O25");
  });

  it("has changes exactly when SPEC §4 says so", () => {
    const base = defaultFilter();
    expect(hasChanges(base)).toBe(false);
    expect(hasChanges({ ...base, datesInterval: { from: "2026-01-01", to: "2026-01-02" } })).toBe(false);
    expect(hasChanges({ ...base, selectedEvents: ["GG"] })).toBe(true);
    expect(hasChanges({ ...base, selectedEvents: ["O25", "GG"] })).toBe(true);
    expect(hasChanges({ ...base, selectedEvents: [] })).toBe(true);
    expect(hasChanges({ ...base, bestLeagueEvent: "O25" })).toBe(true);
    expect(hasChanges({ ...base, leagues: [3] })).toBe(true);
    expect(hasChanges({ ...base, league: 3 })).toBe(true);
    expect(hasChanges({ ...base, bmQuotesInterval: [1.5, 4] })).toBe(true);
    expect(hasChanges({ ...base, bmQuotesInterval: [1, 3] })).toBe(true);
    expect(hasChanges({ ...base, matchesQuantity: 10 })).toBe(true);
    expect(hasChanges({ ...base, probabilitiesInterval: [50, 100] })).toBe(true);
    expect(hasChanges({ ...base, probabilitiesInterval: [1, 90] })).toBe(true);
  });

  it("ranks teams by the rate of each event over their last N matches", () => {
    const a = [
      match("3-1", "1-0", "home", 5),
      match("2-2", "1-1", "away", 4),
      match("0-1", "0-0", "home", 3),
      match("1-0", "0-0", "home", 1),
    ];
    const b = [match("1-1", "0-0", "home", 5), match("0-0", "0-0", "away", 4), match("3-0", "2-0", "home", 3)];
    const rows = rankTeams(
      [
        { teamId: 1, matches: a },
        { teamId: 2, matches: b },
      ],
      ["O25", "GG"],
      3,
    );
    expect(rows).toEqual([
      { teamId: 1, event: "GG", occurrences: 2, totalMatches: 3, rate: 2 / 3 },
      { teamId: 1, event: "O25", occurrences: 2, totalMatches: 3, rate: 2 / 3 },
      { teamId: 2, event: "GG", occurrences: 1, totalMatches: 3, rate: 1 / 3 },
      { teamId: 2, event: "O25", occurrences: 1, totalMatches: 3, rate: 1 / 3 },
    ]);
    expect(rankTeams([{ teamId: 2, matches: b }], ["O25"], 5)).toEqual([]);
  });

  it("filters odds and probabilities, letting unknown values through only at the default range", () => {
    expect(inRange(2.1, [1, 4], [1, 4])).toBe(true);
    expect(inRange(4.5, [1, 4], [1, 4])).toBe(false);
    expect(inRange(null, [1, 4], [1, 4])).toBe(true);
    expect(inRange(null, [1.5, 4], [1, 4])).toBe(false);
  });
});
