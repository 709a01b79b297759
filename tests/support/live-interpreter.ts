import { HALF_SECONDS, type LiveState } from "../../src/domain/live/state.ts";
import type { Side, StatRead } from "../../src/domain/scanner/compile.ts";
import { LIVE_STATISTICS } from "../../src/domain/scanner/live-statistics.ts";
import type { Category, Rule, Target, TimeCondition } from "../../src/domain/scanner/rules.ts";

/**
 * A plain interpreter of live filters: every rule evaluated directly on a live state, reading what it needs on
 * each call, with no compilation and no shared readers. It is slow and obvious on purpose: it is the oracle the
 * property tests hold the compiled predicates (compile.ts over live-source.ts) against, so its semantics are
 * written out here a second time (see live-source.ts for them in words). Only which counter an in-play statistic
 * reads comes from their one declaration (src/domain/scanner/live-statistics.ts).
 */

/** The pre-match parts of a fixture (its feature-store row): a value by read and side, and the favourite. */
export interface PreMatchLookup {
  value(read: StatRead, side: Side | "match", row: number): number;
  favorite(row: number): number;
}

export interface InterpretedState {
  live: LiveState;
  row: number;
}

const TOLERANCE = 1e-6;
/** The live state's counter of each in-play statistic that reads one (from the one declaration of them). */
const COUNTER: Record<string, keyof LiveState["home"]> = Object.fromEntries(
  LIVE_STATISTICS.flatMap((row) => (row.counter === "score" ? [] : [[row.stat, row.counter]])),
);

function n(x: number | null | undefined): number {
  if (x === null || x === undefined) return Number.NaN;
  return x;
}

function teamLive(live: LiveState, stat: string, side: Side): number {
  if (COUNTER[stat]) return n(live[side][COUNTER[stat]!]);
  const goalsHome = n(live.homeScore);
  const goalsAway = n(live.awayScore);
  const own = side === "home" ? goalsHome : goalsAway;
  const other = side === "home" ? goalsAway : goalsHome;
  if (Number.isNaN(own) || Number.isNaN(other)) return Number.NaN;
  if (stat === "goals") return own;
  if (stat === "goalMargin") return own - other;
  if (stat === "winning") return own > other ? 1 : 0;
  if (stat === "losing") return own < other ? 1 : 0;
  if (stat === "drawing") return own === other ? 1 : 0;
  return Number.NaN;
}

function matchLive(live: LiveState, stat: string): number {
  const base = stat.replace(/^total\./, "");
  const h = n(live.homeScore);
  const a = n(live.awayScore);
  if (base === "goalMargin") return Math.abs(h - a);
  if (base === "winning" || base === "losing") return Number.isNaN(h + a) ? Number.NaN : h === a ? 0 : 1;
  if (base === "drawing") return Number.isNaN(h + a) ? Number.NaN : h === a ? 1 : 0;
  return teamLive(live, base, "home") + teamLive(live, base, "away");
}

function livePrice(live: LiveState, read: StatRead, side: Side | "match"): number {
  const o = live.odds;
  if (!o) return Number.NaN;
  const m = live.minute;
  if (read.firstMinute !== undefined && (m === null || m < read.firstMinute)) return Number.NaN;
  if (read.secondMinute !== undefined && (m === null || m > read.secondMinute)) return Number.NaN;
  if (read.stat === "win") return side === "home" ? n(o.home) : side === "away" ? n(o.away) : Number.NaN;
  if (read.stat === "draw") return n(o.draw);
  if (read.stat === "bttsYes") return n(o.bttsYes);
  if (read.stat === "bttsNo") return n(o.bttsNo);
  const line = o.overUnder.find((l) => l.line === 2.5);
  if (read.stat === "over25") return n(line?.over);
  if (read.stat === "under25") return n(line?.under);
  return Number.NaN;
}

function timeOk(t: TimeCondition, live: LiveState): boolean {
  if ((live.status !== "live" && live.status !== "halftime") || live.minute === null) return false;
  const m = live.minute;
  const playing = live.status === "live";
  if (t.kind === "MinuteAt") return m === t.minute;
  if (t.kind === "BeforeMinute") return t.minute !== undefined && m < t.minute;
  if (t.kind === "AfterMinute") return t.minute !== undefined && m > t.minute;
  if (t.kind === "MinuteRange")
    return t.minute !== undefined && t.toMinute !== undefined && m >= t.minute && m <= t.toMinute;
  if (t.kind === "AtHalfTime") return live.status === "halftime";
  if (t.kind === "During1stHalf") return playing && live.second !== null && live.second < HALF_SECONDS;
  if (t.kind === "During2ndHalf") return playing && live.second !== null && live.second >= HALF_SECONDS;
  return false;
}

export class Interpreter {
  constructor(
    private readonly pre: PreMatchLookup | null,
    private readonly scopeOf: (category: Category, stat: string) => "team" | "match" | null,
  ) {}

  private preValue(read: StatRead, side: Side | "match", row: number): number {
    if (!this.pre || row < 0) return Number.NaN;
    return this.pre.value({ ...read, oddsMarket: "PreMatch" }, side, row);
  }

  /** A statistic for a side (or the match) in a state. */
  private read(rule: Rule, stat: string, side: Side | "match", s: InterpretedState): number {
    const read: StatRead = { ...rule, stat } as StatRead;
    if (rule.category === "liveStats") {
      if (this.scopeOf("liveStats", stat) === "match") return side === "match" ? matchLive(s.live, stat) : Number.NaN;
      return side === "match" ? matchLive(s.live, stat) : teamLive(s.live, stat, side);
    }
    if (rule.category === "time" && stat === "minute") return n(s.live.minute);
    if (rule.category === "odds" && rule.oddsMarket === "LiveMatch") return livePrice(s.live, read, side);
    return this.preValue(read, side, s.row);
  }

  private favorite(s: InterpretedState): number {
    return this.pre && s.row >= 0 ? this.pre.favorite(s.row) : -1;
  }

  /** Which side a target names in this state, "match", or null (nobody: NaN). */
  private sideOf(target: Target, s: InterpretedState): Side | "match" | null {
    const fav = this.favorite(s);
    const h = s.live.homeScore;
    const a = s.live.awayScore;
    const leader = h === null || a === null || h === a ? null : h > a ? "home" : "away";
    switch (target) {
      case "Home":
        return "home";
      case "Away":
        return "away";
      case "Match":
        return "match";
      case "Favorite":
        return fav === 0 ? "home" : fav === 1 ? "away" : null;
      case "FavoriteHome":
        return fav === 0 ? "home" : null;
      case "FavoriteAway":
        return fav === 1 ? "away" : null;
      case "Underdog":
        return fav === 0 ? "away" : fav === 1 ? "home" : null;
      case "UnderdogHome":
        return fav === 1 ? "home" : null;
      case "UnderdogAway":
        return fav === 0 ? "away" : null;
      case "WinningTeam":
        return leader;
      case "LoosingTeam":
        return leader === null ? null : leader === "home" ? "away" : "home";
      default:
        return null;
    }
  }

  /** The compared value of a rule for one target (not HomeOrAway): the statistic, combined in numeric mode. */
  valueOf(rule: Rule, target: Target, s: InterpretedState): number {
    const side = this.sideOf(target, s);
    const first = side === null ? Number.NaN : this.read(rule, rule.stat, side, s);
    if (!rule.numeric) return first;
    const withTarget = rule.numeric.withTarget === "HomeOrAway" ? target : rule.numeric.withTarget;
    const otherSide = this.sideOf(withTarget, s);
    const second = otherSide === null ? Number.NaN : this.read(rule, rule.numeric.stat, otherSide, s);
    if (rule.numeric.op === "add") return first + second;
    if (rule.numeric.op === "sub") return first - second;
    if (second === 0) return first > 0 ? Number.POSITIVE_INFINITY : first < 0 ? Number.NEGATIVE_INFINITY : Number.NaN;
    return first / second;
  }

  private holdsFor(rule: Rule, target: Target, s: InterpretedState): boolean {
    const x = this.valueOf(rule, target, s);
    const v = rule.value;
    const eps = TOLERANCE * Math.max(1, Math.abs(v));
    switch (rule.comparator) {
      case "EqualTo":
        return Math.abs(x - v) <= eps;
      case "LessThan":
        return x < v - eps;
      case "LessEqualThen":
        return x <= v + eps;
      case "GreaterThan":
        return x > v + eps;
      case "GreaterEqualThan":
        return x >= v - eps;
      case "IncreasedOf":
        return this.changeOf(rule, target, s) >= v - eps;
      case "DecreasedOf":
        return -this.changeOf(rule, target, s) >= v - eps;
      default:
        return false;
    }
  }

  /** IncreasedOf / DecreasedOf: the change of the live value against the pre-match odd, in percent. */
  changeOf(rule: Rule, target: Target, s: InterpretedState): number {
    const x = this.valueOf(rule, target, s);
    const side = this.sideOf(target, s);
    const before =
      side === null
        ? Number.NaN
        : this.preValue(
            { category: "odds", stat: rule.stat, ...(rule.bookmaker ? { bookmaker: rule.bookmaker } : {}) },
            side,
            s.row,
          );
    return ((x - before) / before) * 100;
  }

  /** Whether a time condition holds in a state. */
  time(condition: TimeCondition, s: InterpretedState): boolean {
    return timeOk(condition, s.live);
  }

  /** Whether one rule holds in a state. */
  rule(rule: Rule, s: InterpretedState): boolean {
    if (rule.time && !timeOk(rule.time, s.live)) return false;
    if (rule.target === "HomeOrAway") return this.holdsFor(rule, "Home", s) || this.holdsFor(rule, "Away", s);
    return this.holdsFor(rule, rule.target, s);
  }

  /** Whether a filter (all its rules) holds in a state; a filter without rules matches nothing. */
  filter(rules: readonly Rule[], s: InterpretedState): boolean {
    return rules.length > 0 && rules.every((r) => this.rule(r, s));
  }
}
