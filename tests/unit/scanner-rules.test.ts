import { describe, expect, it } from "vitest";
import {
  CompileError,
  type EvaluationSource,
  type StatRead,
  compileRule,
  compileRules,
} from "../../src/domain/scanner/compile.ts";
import { backedSide, grade } from "../../src/domain/scanner/outcomes.ts";
import { COMPARATORS, type Rule, TARGETS, statInfo } from "../../src/domain/scanner/rules.ts";
import { MESSAGES, filterSchema, ruleSchema } from "../../src/domain/scanner/schema.ts";
import { isTeamEvent } from "../../src/domain/stats/team-events.ts";

/** A hand-made state: per-side values of statistics, the favourite, and (live) the leader and the minute. */
interface State {
  home: Record<string, number>;
  away: Record<string, number>;
  match: Record<string, number>;
  pre?: { home: Record<string, number>; away: Record<string, number> };
  favorite: number;
  leading?: number;
  minute?: number;
}

const scopeOf = (category: Parameters<typeof statInfo>[0], stat: string) =>
  statInfo(category, stat, isTeamEvent)?.scope ?? null;

const v = (x: number | undefined) => (x === undefined ? Number.NaN : x);
const source: EvaluationSource<State> = {
  team: (read: StatRead, side) =>
    side === "match" ? (s) => v(s.home[read.stat]) + v(s.away[read.stat]) : (s) => v(s[side][read.stat]),
  match: (read) => (s) => v(s.match[read.stat]),
  favorite: (s) => s.favorite,
  leading: (s) => s.leading ?? -1,
  time: (t) => (s) => {
    const m = s.minute ?? -1;
    if (t.kind === "AfterMinute") return m > t.minute!;
    if (t.kind === "MinuteRange") return m >= t.minute! && m <= t.toMinute!;
    if (t.kind === "During2ndHalf") return m > 45;
    return true;
  },
  baseline: (read, side) => (s) => (side === "match" ? Number.NaN : v(s.pre?.[side][read.stat])),
};

const rule = (r: Partial<Rule>): Rule => ({
  id: "r",
  category: "liveStats",
  stat: "corners",
  target: "Home",
  comparator: "GreaterThan",
  value: 3,
  ...r,
});
const state = (over: Partial<State> = {}): State => ({
  home: { corners: 5, shots: 10, dangerousAttacks: 40, win: 1.5 },
  away: { corners: 2, shots: 4, dangerousAttacks: 20, win: 6 },
  match: { draw: 4 },
  favorite: 0,
  ...over,
});
const holds = (r: Partial<Rule>, s: State = state()) => compileRule(rule(r), source, scopeOf)(s);

describe("comparators", () => {
  it("compare the value with the rule's value", () => {
    expect(holds({ comparator: "EqualTo", value: 5 })).toBe(true);
    expect(holds({ comparator: "EqualTo", value: 4 })).toBe(false);
    expect(holds({ comparator: "LessThan", value: 5 })).toBe(false);
    expect(holds({ comparator: "LessThan", value: 6 })).toBe(true);
    expect(holds({ comparator: "LessEqualThen", value: 5 })).toBe(true);
    expect(holds({ comparator: "LessEqualThen", value: 4 })).toBe(false);
    expect(holds({ comparator: "GreaterThan", value: 5 })).toBe(false);
    expect(holds({ comparator: "GreaterThan", value: 4 })).toBe(true);
    expect(holds({ comparator: "GreaterEqualThan", value: 5 })).toBe(true);
    expect(holds({ comparator: "GreaterEqualThan", value: 6 })).toBe(false);
  });
  it("IncreasedOf / DecreasedOf compare a live odd with its pre-match odd by percent", () => {
    const s = state({ pre: { home: { win: 1.2 }, away: { win: 8 } } });
    const odds = { category: "odds" as const, stat: "win", oddsMarket: "LiveMatch" as const };
    // home 1.2 → 1.5 is +25 %; away 8 → 6 is −25 %
    expect(holds({ ...odds, comparator: "IncreasedOf", value: 25 }, s)).toBe(true);
    expect(holds({ ...odds, comparator: "IncreasedOf", value: 26 }, s)).toBe(false);
    expect(holds({ ...odds, target: "Away", comparator: "DecreasedOf", value: 25 }, s)).toBe(true);
    expect(holds({ ...odds, target: "Away", comparator: "IncreasedOf", value: 1 }, s)).toBe(false);
  });
  it("IncreasedOf / DecreasedOf allow the other comparators' tolerance", () => {
    const odds = { category: "odds" as const, stat: "win", oddsMarket: "LiveMatch" as const };
    // 1.1 → 1.21 is +9.999999999999988 % in doubles: an increase of 10 %.
    const up = state({ home: { ...state().home, win: 1.21 }, pre: { home: { win: 1.1 }, away: { win: 8 } } });
    expect(holds({ ...odds, comparator: "IncreasedOf", value: 10 }, up)).toBe(true);
    expect(holds({ ...odds, comparator: "IncreasedOf", value: 10.01 }, up)).toBe(false);
    // A pre-match 1.8 read from a 32-bit column (1.7999999523) → 1.62 is −9.9999976 %: a decrease of 10 %.
    const down = state({
      home: { ...state().home, win: 1.62 },
      pre: { home: { win: Math.fround(1.8) }, away: { win: 8 } },
    });
    expect(holds({ ...odds, comparator: "DecreasedOf", value: 10 }, down)).toBe(true);
    expect(holds({ ...odds, comparator: "DecreasedOf", value: 10.01 }, down)).toBe(false);
    expect(holds({ ...odds, comparator: "IncreasedOf", value: 0 }, down)).toBe(false);
  });
  it("read 32-bit values as the numbers typed: 1.8 stored in a Float32Array is not less than 1.8", () => {
    const f32 = Math.fround(1.8);
    expect(f32).toBeLessThan(1.8);
    const s = state({ home: { win: f32 }, away: { win: 3 } });
    const odds = { category: "odds" as const, stat: "win" };
    expect(holds({ ...odds, comparator: "LessThan", value: 1.8 }, s)).toBe(false);
    expect(holds({ ...odds, comparator: "GreaterEqualThan", value: 1.8 }, s)).toBe(true);
    expect(holds({ ...odds, comparator: "EqualTo", value: 1.8 }, s)).toBe(true);
    expect(holds({ ...odds, comparator: "GreaterThan", value: 1.8 }, s)).toBe(false);
    expect(holds({ ...odds, comparator: "LessThan", value: 1.81 }, s)).toBe(true);
  });
  it("never hold on an unknown value", () => {
    for (const comparator of COMPARATORS.filter((c) => !c.endsWith("Of")))
      expect(holds({ stat: "attacks", comparator, value: 0 })).toBe(false);
  });
});

describe("targets", () => {
  const corners = (target: Rule["target"], s: State, value = 3) => holds({ target, value }, s);
  const homeFav = state({ favorite: 0 });
  const awayFav = state({ favorite: 1 });
  it("Home, Away, Match", () => {
    expect(corners("Home", homeFav)).toBe(true);
    expect(corners("Away", homeFav)).toBe(false);
    expect(corners("Match", homeFav, 6)).toBe(true); // 5 + 2
    expect(corners("Match", homeFav, 7)).toBe(false);
  });
  it("Favorite and Underdog follow the favourite, the home/away variants only where it plays there", () => {
    expect(corners("Favorite", homeFav)).toBe(true);
    expect(corners("Favorite", awayFav)).toBe(false);
    expect(corners("Underdog", awayFav)).toBe(true);
    expect(corners("FavoriteHome", homeFav)).toBe(true);
    expect(corners("FavoriteHome", awayFav)).toBe(false);
    expect(holds({ target: "FavoriteAway", comparator: "LessThan", value: 3 }, awayFav)).toBe(true);
    expect(holds({ target: "FavoriteAway", comparator: "LessThan", value: 3 }, homeFav)).toBe(false);
    expect(corners("UnderdogHome", awayFav)).toBe(true);
    expect(corners("UnderdogHome", homeFav)).toBe(false);
    expect(holds({ target: "UnderdogAway", comparator: "LessThan", value: 3 }, homeFav)).toBe(true);
    expect(corners("Favorite", state({ favorite: -1 }))).toBe(false);
  });
  it("WinningTeam / LoosingTeam follow the score, and need a live source", () => {
    expect(corners("WinningTeam", state({ leading: 0 }))).toBe(true);
    expect(corners("WinningTeam", state({ leading: 1 }))).toBe(false);
    expect(corners("LoosingTeam", state({ leading: 1 }))).toBe(true);
    expect(corners("WinningTeam", state({ leading: -1 }))).toBe(false);
    const { leading: _l, ...preMatch } = source;
    expect(() => compileRule(rule({ target: "WinningTeam" }), preMatch, scopeOf)).toThrow(CompileError);
  });
  it("HomeOrAway holds when either team does", () => {
    expect(holds({ target: "HomeOrAway", value: 4 })).toBe(true);
    expect(holds({ target: "HomeOrAway", comparator: "LessThan", value: 3 })).toBe(true);
    expect(holds({ target: "HomeOrAway", value: 6 })).toBe(false);
  });
  it("every target compiles for a team statistic", () => {
    for (const target of TARGETS) expect(() => compileRule(rule({ target }), source, scopeOf)).not.toThrow();
  });
});

describe("numeric mode and time conditions", () => {
  it("divides, adds and subtracts a second statistic", () => {
    const da = { stat: "dangerousAttacks" };
    expect(
      holds({
        ...da,
        numeric: { op: "div", stat: "dangerousAttacks", withTarget: "Away" },
        comparator: "GreaterEqualThan",
        value: 2,
      }),
    ).toBe(true);
    expect(
      holds({
        ...da,
        numeric: { op: "div", stat: "dangerousAttacks", withTarget: "Away" },
        comparator: "GreaterThan",
        value: 2,
      }),
    ).toBe(false);
    expect(
      holds({
        stat: "corners",
        numeric: { op: "add", stat: "shots", withTarget: "Home" },
        comparator: "EqualTo",
        value: 15,
      }),
    ).toBe(true);
    expect(
      holds({
        stat: "shots",
        numeric: { op: "sub", stat: "shots", withTarget: "Away" },
        comparator: "EqualTo",
        value: 6,
      }),
    ).toBe(true);
    // 0 / 0 is unknown, x / 0 is infinite
    const zero = state({ home: { dangerousAttacks: 0 }, away: { dangerousAttacks: 0 } });
    expect(
      holds(
        {
          ...da,
          numeric: { op: "div", stat: "dangerousAttacks", withTarget: "Away" },
          comparator: "GreaterEqualThan",
          value: 0,
        },
        zero,
      ),
    ).toBe(false);
  });
  it("a time condition gates the rule", () => {
    const r = { time: { kind: "AfterMinute" as const, minute: 60 } };
    expect(holds(r, state({ minute: 61 }))).toBe(true);
    expect(holds(r, state({ minute: 59 }))).toBe(false);
    const { time: _t, ...preMatch } = source;
    expect(() => compileRule(rule(r), preMatch, scopeOf)).toThrow(CompileError);
  });
  it("a filter holds when all its rules hold; no rules match nothing", () => {
    const rules = [rule({ id: "a" }), rule({ id: "b", target: "Away", comparator: "LessThan", value: 3 })];
    expect(compileRules(rules, source, scopeOf)(state())).toBe(true);
    expect(compileRules([...rules, rule({ id: "c", value: 100 })], source, scopeOf)(state())).toBe(false);
    expect(compileRules([], source, scopeOf)(state())).toBe(false);
  });
});

describe("desired outcomes", () => {
  const score = (ftHome: number, ftAway: number, htHome: number | null = 0, htAway: number | null = 0) => ({
    ftHome,
    ftAway,
    htHome,
    htAway,
  });
  it("home, draw, away and their half-time variants", () => {
    expect(grade("home", score(2, 1), 0)).toBe("won");
    expect(grade("home", score(1, 1), 0)).toBe("lost");
    expect(grade("draw", score(1, 1), 0)).toBe("won");
    expect(grade("away", score(0, 3), 1)).toBe("won");
    expect(grade("home_ht", score(2, 1, 0, 0), 0)).toBe("lost");
    expect(grade("draw_ht", score(2, 1, 0, 0), 0)).toBe("won");
    expect(grade("home_ht", score(2, 1, null, null), 0)).toBe("void");
  });
  it("favourite and underdog outcomes; lost (with no backed side) where the variant does not apply", () => {
    expect(grade("favorite_wins", score(0, 2), 1)).toBe("won");
    expect(grade("favorite_wins", score(0, 2), 0)).toBe("lost");
    expect(grade("underdog_wins", score(0, 2), 0)).toBe("won");
    expect(grade("favorite_wins_home", score(2, 0), 0)).toBe("won");
    expect(grade("favorite_wins_home", score(2, 0), 1)).toBe("lost");
    expect(backedSide("favorite_wins_home", 1)).toBe(-1);
    expect(grade("favorite_wins_away", score(0, 1), 1)).toBe("won");
    expect(grade("underdog_wins_home", score(1, 0), 1)).toBe("won");
    expect(grade("underdog_wins_away", score(1, 0), 0)).toBe("lost");
    expect(grade("favorite_wins_ht", score(0, 2, 1, 0), 0)).toBe("won");
    expect(grade("favorite_wins", score(1, 0), -1)).toBe("void");
    expect(grade("none", score(1, 0), 0)).toBe("void");
    expect(grade("all", score(1, 0), 0)).toBe("void");
    expect(backedSide("underdog_wins_away_ht", 0)).toBe(1);
  });
});

describe("validation (SPEC §5 messages)", () => {
  const schema = filterSchema("preMatch");
  const messages = (input: unknown) => {
    const r = schema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it("name required, no special characters, note at most 500", () => {
    expect(messages({ name: "" })).toContain(MESSAGES.nameRequired);
    expect(messages({})).toContain(MESSAGES.nameRequired);
    expect(messages({ name: "<script>" })).toContain(MESSAGES.specialCharacters);
    expect(messages({ name: "Über 2,5 – Ελλάδα (home)" })).toEqual([]);
    expect(messages({ name: "ok", note: "x".repeat(501) })).toContain(MESSAGES.noteTooLong);
    expect(messages({ name: "ok", note: "x".repeat(500) })).toEqual([]);
  });
  it("rule fields are required, and the catalogue is checked", () => {
    const rules = ruleSchema("preMatch");
    const bad = rules.safeParse({ id: "r1", category: "odds" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toContain(MESSAGES.fieldRequired);
    const ok = { id: "r1", category: "odds", stat: "win", target: "Favorite", comparator: "LessThan", value: 1.8 };
    expect(rules.safeParse(ok).success).toBe(true);
    expect(rules.safeParse({ ...ok, stat: "nope" }).error!.issues[0]!.message).toBe(MESSAGES.unknownStat);
    expect(rules.safeParse({ ...ok, stat: "draw" }).error!.issues[0]!.message).toBe(MESSAGES.targetNotForStat);
    expect(rules.safeParse({ ...ok, target: "WinningTeam" }).error!.issues[0]!.message).toBe(MESSAGES.liveOnly);
    expect(rules.safeParse({ ...ok, category: "liveStats", stat: "corners" }).error!.issues[0]!.message).toBe(
      MESSAGES.liveOnly,
    );
    expect(
      rules.safeParse({ ...ok, category: "preMatchStats", stat: "O25", venue: "home", window: "last5" }).success,
    ).toBe(true);
    // the same rule language serves the live scanner
    expect(
      ruleSchema("live").safeParse({
        ...ok,
        category: "liveStats",
        stat: "corners",
        time: { kind: "MinuteRange", minute: 60, toMinute: 50 },
      }).success,
    ).toBe(false);
    expect(
      ruleSchema("live").safeParse({
        ...ok,
        category: "liveStats",
        stat: "corners",
        time: { kind: "MinuteRange", minute: 50, toMinute: 60 },
      }).success,
    ).toBe(true);
  });
  it("a rule's minutes stop at 90, with their own message", () => {
    const live = ruleSchema("live");
    const corners = {
      id: "r1",
      category: "liveStats",
      stat: "corners",
      target: "Home",
      comparator: "GreaterThan",
      value: 3,
    };
    const odds = { ...corners, category: "odds", stat: "win", oddsMarket: "LiveMatch" };
    const messageOf = (rule: object) => {
      const r = live.safeParse(rule);
      return r.success ? null : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    for (const kind of ["MinuteAt", "BeforeMinute", "AfterMinute"]) {
      expect(messageOf({ ...corners, time: { kind, minute: 90 } }), kind).toBeNull();
      expect(messageOf({ ...corners, time: { kind, minute: 91 } }), kind).toEqual([
        `time.minute: ${MESSAGES.minuteOver90}`,
      ]);
    }
    expect(messageOf({ ...corners, time: { kind: "MinuteRange", minute: 80, toMinute: 90 } })).toBeNull();
    expect(messageOf({ ...corners, time: { kind: "MinuteRange", minute: 80, toMinute: 120 } })).toContain(
      `time.toMinute: ${MESSAGES.minuteOver90}`,
    );
    expect(messageOf({ ...odds, firstMinute: 0, secondMinute: 90 })).toBeNull();
    expect(messageOf({ ...odds, firstMinute: 95 })).toEqual([`firstMinute: ${MESSAGES.minuteOver90}`]);
    expect(messageOf({ ...odds, secondMinute: 130 })).toEqual([`secondMinute: ${MESSAGES.minuteOver90}`]);
    expect(messageOf({ ...corners, time: { kind: "MinuteAt", minute: -1 } })).toEqual([
      `time.minute: ${MESSAGES.badMinute}`,
    ]);
  });
});
