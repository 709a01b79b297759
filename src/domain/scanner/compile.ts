import type {
  Category,
  Comparator,
  NumericOp,
  OddsMarket,
  Rule,
  StatVenue,
  StatWindow,
  Target,
  TimeCondition,
} from "./rules.ts";

/**
 * Rules compile once into predicates over a scanner's state `S`. What a statistic is worth in a state is the
 * business of an `EvaluationSource`: the pre-match feature store reads a row of typed arrays; the live scanner
 * reads a live match state and adds the live-only parts (who is winning, the minute, odds movement). The compiler
 * owns targets, numeric mode, comparators and the all-rules-hold logic, so both scanners judge rules the same way.
 * Unknown values are NaN, and a comparison with NaN never holds.
 */

export type Side = "home" | "away";
export type Reader<S> = (state: S) => number;

/** What a source needs to know to read a statistic. */
export interface StatRead {
  category: Category;
  stat: string;
  venue?: StatVenue;
  window?: StatWindow;
  bookmaker?: string;
  oddsMarket?: OddsMarket;
  firstMinute?: number;
  secondMinute?: number;
}

export interface EvaluationSource<S> {
  /** a team statistic of one side, or of both teams together for the Match target; null: the source cannot read it */
  team(read: StatRead, side: Side | "match"): Reader<S> | null;
  /** a match statistic */
  match(read: StatRead): Reader<S> | null;
  /** 0 home is the favourite, 1 away is, -1 unknown */
  favorite(state: S): number;
  /** live only: 0 home leads, 1 away leads, -1 level or unknown (WinningTeam / LoosingTeam) */
  leading?(state: S): number;
  /** live only: the predicate of a time condition */
  time?(condition: TimeCondition): (state: S) => boolean;
  /** live only: the pre-match value of a statistic, for IncreasedOf / DecreasedOf */
  baseline?(read: StatRead, side: Side | "match"): Reader<S> | null;
}

export class CompileError extends Error {
  constructor(
    readonly ruleId: string,
    message: string,
  ) {
    super(message);
  }
}

function combine<S>(op: NumericOp, a: Reader<S>, b: Reader<S>): Reader<S> {
  if (op === "add") return (s) => a(s) + b(s);
  if (op === "sub") return (s) => a(s) - b(s);
  // x / 0 is infinite with the sign of x; 0 / 0 and an unknown numerator are unknown.
  return (s) => {
    const d = b(s);
    if (d !== 0) return a(s) / d;
    const x = a(s);
    return x > 0 ? Number.POSITIVE_INFINITY : x < 0 ? Number.NEGATIVE_INFINITY : Number.NaN;
  };
}

/**
 * Values may come from 32-bit columns (the feature store), where 1.8 reads 1.7999999523: comparisons allow a
 * relative tolerance far below any meaningful difference of odds, percentages or counts.
 */
const TOLERANCE = 1e-6;

/** A comparison of a value with the rule's value; IncreasedOf / DecreasedOf compare with a baseline instead. */
export function compareWith(comparator: Comparator, value: number): (x: number) => boolean {
  const eps = TOLERANCE * Math.max(1, Math.abs(value));
  switch (comparator) {
    case "EqualTo":
      return (x) => Math.abs(x - value) <= eps;
    case "LessThan":
      return (x) => x < value - eps;
    case "LessEqualThen":
      return (x) => x <= value + eps;
    case "GreaterThan":
      return (x) => x > value + eps;
    case "GreaterEqualThan":
      return (x) => x >= value - eps;
    default:
      throw new Error(`${comparator} compares with a baseline`);
  }
}

/** Reads for one target (not HomeOrAway), resolving favourite/underdog/leading per state. */
function byTarget<S>(
  source: EvaluationSource<S>,
  target: Target,
  side: (s: Side | "match") => Reader<S> | null,
  ruleId: string,
): Reader<S> {
  const need = (s: Side | "match") => {
    const r = side(s);
    if (!r) throw new CompileError(ruleId, `the statistic cannot be read for ${s}`);
    return r;
  };
  switch (target) {
    case "Home":
      return need("home");
    case "Away":
      return need("away");
    case "Match":
      return need("match");
    default:
      break;
  }
  const home = need("home");
  const away = need("away");
  if (target === "WinningTeam" || target === "LoosingTeam") {
    const leading = source.leading;
    if (!leading) throw new CompileError(ruleId, `${target} needs a live score`);
    const winning = target === "WinningTeam";
    return (s) => {
      const l = leading(s);
      if (l < 0) return Number.NaN;
      return (l === 0) === winning ? home(s) : away(s);
    };
  }
  const fav = (s: S) => source.favorite(s);
  switch (target) {
    case "Favorite":
      return (s) => {
        const f = fav(s);
        return f === 0 ? home(s) : f === 1 ? away(s) : Number.NaN;
      };
    case "FavoriteHome":
      return (s) => (fav(s) === 0 ? home(s) : Number.NaN);
    case "FavoriteAway":
      return (s) => (fav(s) === 1 ? away(s) : Number.NaN);
    case "Underdog":
      return (s) => {
        const f = fav(s);
        return f === 0 ? away(s) : f === 1 ? home(s) : Number.NaN;
      };
    case "UnderdogHome":
      return (s) => (fav(s) === 1 ? home(s) : Number.NaN);
    case "UnderdogAway":
      return (s) => (fav(s) === 0 ? away(s) : Number.NaN);
    default:
      throw new CompileError(ruleId, `unknown target ${target}`);
  }
}

function readOf(rule: Rule, stat = rule.stat): StatRead {
  return {
    category: rule.category,
    stat,
    ...(rule.venue ? { venue: rule.venue } : {}),
    ...(rule.window ? { window: rule.window } : {}),
    ...(rule.bookmaker ? { bookmaker: rule.bookmaker } : {}),
    ...(rule.oddsMarket ? { oddsMarket: rule.oddsMarket } : {}),
    ...(rule.firstMinute !== undefined ? { firstMinute: rule.firstMinute } : {}),
    ...(rule.secondMinute !== undefined ? { secondMinute: rule.secondMinute } : {}),
  };
}

function sideReader<S>(source: EvaluationSource<S>, read: StatRead, scope: "team" | "match") {
  return (side: Side | "match"): Reader<S> | null => {
    if (scope === "match") return side === "match" ? source.match(read) : null;
    return source.team(read, side);
  };
}

/** One rule as a predicate. `scopeOf` tells whether a statistic is a team or a match statistic. */
export function compileRule<S>(
  rule: Rule,
  source: EvaluationSource<S>,
  scopeOf: (category: Category, stat: string) => "team" | "match" | null,
): (state: S) => boolean {
  const scope = scopeOf(rule.category, rule.stat);
  if (!scope) throw new CompileError(rule.id, `unknown statistic ${rule.category}:${rule.stat}`);
  const first = sideReader(source, readOf(rule), scope);
  let secondOf: ((side: Side | "match") => Reader<S> | null) | null = null;
  if (rule.numeric) {
    const secondScope = scopeOf(rule.category, rule.numeric.stat);
    if (!secondScope) throw new CompileError(rule.id, `unknown statistic ${rule.category}:${rule.numeric.stat}`);
    secondOf = sideReader(source, readOf(rule, rule.numeric.stat), secondScope);
  }
  const numeric = rule.numeric;

  /** The compared value for one target; for numeric mode the second statistic is read for its own target. */
  const valueFor = (target: Target): Reader<S> => {
    const a = byTarget(source, target, first, rule.id);
    if (!numeric || !secondOf) return a;
    const withTarget = numeric.withTarget === "HomeOrAway" ? target : numeric.withTarget;
    return combine(numeric.op, a, byTarget(source, withTarget, secondOf, rule.id));
  };

  let test: (target: Target) => (s: S) => boolean;
  if (rule.comparator === "IncreasedOf" || rule.comparator === "DecreasedOf") {
    const baselineOf = source.baseline;
    if (!baselineOf) throw new CompileError(rule.id, `${rule.comparator} needs live odds`);
    const increased = rule.comparator === "IncreasedOf";
    // The same tolerance as the other comparators: 1.21 against 1.1 is +9.999999999999988 %, and an odd from a
    // 32-bit column moves the change a little further; both still hold "increased of 10".
    const least = rule.value - TOLERANCE * Math.max(1, Math.abs(rule.value));
    const read = readOf(rule);
    test = (target) => {
      const now = valueFor(target);
      const before = byTarget(
        source,
        target,
        (side) => (scope === "match" && side !== "match" ? null : baselineOf(read, side)),
        rule.id,
      );
      return (s) => {
        const b = before(s);
        const change = ((now(s) - b) / b) * 100;
        return increased ? change >= least : -change >= least;
      };
    };
  } else {
    const compare = compareWith(rule.comparator, rule.value);
    test = (target) => {
      const v = valueFor(target);
      return (s) => compare(v(s));
    };
  }

  let predicate: (s: S) => boolean;
  if (rule.target === "HomeOrAway") {
    const home = test("Home");
    const away = test("Away");
    predicate = (s) => home(s) || away(s);
  } else {
    predicate = test(rule.target);
  }
  if (rule.time) {
    if (!source.time) throw new CompileError(rule.id, "time conditions need a live match");
    const when = source.time(rule.time);
    const inner = predicate;
    predicate = (s) => when(s) && inner(s);
  }
  return predicate;
}

/** A filter's rules as one predicate: every rule holds (a filter without rules matches nothing). */
export function compileRules<S>(
  rules: readonly Rule[],
  source: EvaluationSource<S>,
  scopeOf: (category: Category, stat: string) => "team" | "match" | null,
): (state: S) => boolean {
  if (rules.length === 0) return () => false;
  const predicates = rules.map((r) => compileRule(r, source, scopeOf));
  if (predicates.length === 1) return predicates[0]!;
  return (s) => {
    for (let i = 0; i < predicates.length; i++) if (!predicates[i]!(s)) return false;
    return true;
  };
}
