import { headlineProbs } from "../predictions/blend.ts";
import { FinalPredictions } from "./final-predictions.ts";
import type { EvaluationSource, Reader, Side, StatRead } from "../scanner/compile.ts";
import { ODDS_BOOKMAKERS, type StatVenue, type StatWindow } from "../scanner/rules.ts";
import { type TeamMatch, eventHappened, isTeamEvent } from "../stats/team-events.ts";
import { computeStandings } from "./standings.ts";
import { type GoalExpectation, MATCH_SPAN_MS, type StoreInput, nan } from "./store-types.ts";

/**
 * The pre-match feature store: every fixture's pre-match features in columns of typed arrays, computed
 * walk-forward. A fixture's features use only matches that had ENDED before its kick-off (kick-off + 105 minutes
 * ≤ its kick-off) and odds published before it (opening odds; closing odds are kept apart, for the closing line
 * value of picks only, and no rule can read them). A backtest or an alert check is then a scan over rows.
 *
 * History arrays cover every fixture (team matches back to any season); feature rows cover the fixtures from
 * `horizonStart` on (24 months of backtests and the upcoming fixtures). Team-event rates are computed on first use
 * per (event, venue, window) and kept.
 */

const BOOKS = ODDS_BOOKMAKERS;
const TEAM_ODDS = ["win"] as const;
const MATCH_ODDS = ["draw", "over25", "under25", "bttsYes", "bttsNo"] as const;
const PROB_SOURCES = ["model", "final"] as const;
const MATCH_PROBS = ["draw", "over25", "under25", "btts"] as const;

/** P(both teams score) of a Dixon-Coles match: the correction keeps the marginals, so only P(0,0) changes. */
export function bttsProbability(g: GoalExpectation): number {
  const h0 = Math.exp(-g.home);
  const a0 = Math.exp(-g.away);
  return 1 - h0 - a0 + h0 * a0 * (1 - g.home * g.away * g.rho);
}

export class FeatureStore {
  /** fixtures, sorted by kick-off then id */
  readonly n: number;
  readonly id: Int32Array;
  readonly kickoff: Float64Array;
  readonly league: Int32Array;
  readonly season: Int32Array;
  readonly home: Int32Array;
  readonly away: Int32Array;
  readonly ftHome: Int16Array;
  readonly ftAway: Int16Array;
  readonly htHome: Int16Array;
  readonly htAway: Int16Array;
  private readonly statCols: Record<"corners" | "yellow" | "red" | "shots" | "shotsOnTarget", Int16Array>;
  /** index of the first feature row in the fixture arrays; rows are fixtures base..n-1 */
  readonly base: number;
  readonly rows: number;
  /** columns by name, length rows (team columns: `name:H` and `name:A`) */
  private readonly columns = new Map<string, Float32Array>();
  /** 0 home favourite, 1 away, -1 unknown, per row */
  readonly favorite: Int8Array;
  /** the final prediction of each row (the goal outcomes' probabilities) */
  readonly finals: FinalPredictions;
  /** closing prices per row, for the closing line value */
  readonly closing: Record<"home" | "draw" | "away" | "over25" | "under25", Float32Array>;
  private readonly teamList = new Map<number, Int32Array>();
  /** position of fixture i in its home (2i) and away (2i+1) team's list */
  private readonly position: Int32Array;
  private readonly eventBits = new Map<string, Int8Array>();
  private readonly byId = new Map<number, number>();

  constructor(input: StoreInput) {
    const sorted = [...input.fixtures].sort((a, b) => a.kickoff - b.kickoff || a.id - b.id);
    const n = sorted.length;
    this.n = n;
    this.id = new Int32Array(n);
    this.kickoff = new Float64Array(n);
    this.league = new Int32Array(n);
    this.season = new Int32Array(n);
    this.home = new Int32Array(n);
    this.away = new Int32Array(n);
    this.ftHome = new Int16Array(n);
    this.ftAway = new Int16Array(n);
    this.htHome = new Int16Array(n);
    this.htAway = new Int16Array(n);
    this.statCols = {
      corners: new Int16Array(2 * n),
      yellow: new Int16Array(2 * n),
      red: new Int16Array(2 * n),
      shots: new Int16Array(2 * n),
      shotsOnTarget: new Int16Array(2 * n),
    };
    const lists = new Map<number, number[]>();
    this.position = new Int32Array(2 * n);
    let base = n;
    for (let i = 0; i < n; i++) {
      const f = sorted[i]!;
      this.id[i] = f.id;
      this.byId.set(f.id, i);
      this.kickoff[i] = f.kickoff;
      this.league[i] = f.leagueId;
      this.season[i] = f.seasonId;
      this.home[i] = f.homeId;
      this.away[i] = f.awayId;
      const finished = f.ftHome !== null && f.ftAway !== null;
      this.ftHome[i] = finished ? f.ftHome! : -1;
      this.ftAway[i] = finished ? f.ftAway! : -1;
      this.htHome[i] = finished && f.htHome !== null ? f.htHome : -1;
      this.htAway[i] = finished && f.htAway !== null ? f.htAway : -1;
      for (const key of ["corners", "yellow", "red", "shots", "shotsOnTarget"] as const) {
        this.statCols[key][2 * i] = f[key][0] ?? -1;
        this.statCols[key][2 * i + 1] = f[key][1] ?? -1;
      }
      for (const [side, team] of [
        [0, f.homeId],
        [1, f.awayId],
      ] as const) {
        let list = lists.get(team);
        if (!list) {
          list = [];
          lists.set(team, list);
        }
        this.position[2 * i + side] = list.length;
        list.push(i);
      }
      if (base === n && f.kickoff >= input.horizonStart) base = i;
    }
    for (const [team, list] of lists) this.teamList.set(team, Int32Array.from(list));
    this.base = base;
    const rows = n - base;
    this.rows = rows;

    // Odds (opening only) and the favourite.
    for (const book of BOOKS) {
      for (const stat of TEAM_ODDS)
        for (const s of ["H", "A"]) this.columns.set(`odds:${stat}:${book}:${s}`, nan(rows));
      for (const stat of MATCH_ODDS) this.columns.set(`odds:${stat}:${book}`, nan(rows));
    }
    this.favorite = new Int8Array(rows).fill(-1);
    this.closing = { home: nan(rows), draw: nan(rows), away: nan(rows), over25: nan(rows), under25: nan(rows) };
    this.finals = new FinalPredictions(rows);
    for (const source of PROB_SOURCES) {
      for (const s of ["H", "A"]) this.columns.set(`probabilities:${source}.win:${s}`, nan(rows));
      for (const stat of MATCH_PROBS) this.columns.set(`probabilities:${source}.${stat}`, nan(rows));
    }
    const hour = nan(rows);
    const weekday = nan(rows);
    this.columns.set("time:kickoffHour", hour);
    this.columns.set("time:kickoffWeekday", weekday);
    for (let r = 0; r < rows; r++) {
      const i = base + r;
      const fid = this.id[i]!;
      const opening = input.openingOdds.get(fid);
      if (opening) {
        for (const book of BOOKS) {
          const p = opening[book];
          if (!p) continue;
          this.col(`odds:win:${book}:H`)[r] = p.home ?? Number.NaN;
          this.col(`odds:win:${book}:A`)[r] = p.away ?? Number.NaN;
          for (const stat of MATCH_ODDS) this.col(`odds:${stat}:${book}`)[r] = p[stat] ?? Number.NaN;
        }
        const ref = [opening.Avg, opening.PS, opening.B365, opening.Max].find(
          (p) => p?.home !== undefined && p.away !== undefined,
        );
        if (ref) this.favorite[r] = ref.home! < ref.away! ? 0 : ref.away! < ref.home! ? 1 : -1;
      }
      const close = input.closingOdds.get(fid);
      if (close)
        for (const k of ["home", "draw", "away", "over25", "under25"] as const)
          this.closing[k][r] = close[k] ?? Number.NaN;
      const prediction = input.predictions.get(fid);
      if (prediction) {
        this.finals.set(r, prediction.final);
        for (const source of PROB_SOURCES) {
          const g = prediction[source];
          const h = headlineProbs(g.home, g.away, g.rho);
          this.col(`probabilities:${source}.win:H`)[r] = h.home * 100;
          this.col(`probabilities:${source}.win:A`)[r] = h.away * 100;
          this.col(`probabilities:${source}.draw`)[r] = (1 - h.home - h.away) * 100;
          this.col(`probabilities:${source}.over25`)[r] = h.over * 100;
          this.col(`probabilities:${source}.under25`)[r] = (1 - h.over) * 100;
          this.col(`probabilities:${source}.btts`)[r] = bttsProbability(g) * 100;
        }
        if (this.favorite[r] === -1) {
          const h = headlineProbs(prediction.final.home, prediction.final.away, prediction.final.rho);
          this.favorite[r] = h.home > h.away ? 0 : h.away > h.home ? 1 : -1;
        }
      }
      const d = new Date(this.kickoff[i]!);
      hour[r] = d.getUTCHours() + d.getUTCMinutes() / 60;
      weekday[r] = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
    }
    computeStandings(this, this.columns);
  }

  private col(name: string): Float32Array {
    const c = this.columns.get(name);
    if (!c) throw new Error(`no column ${name}`);
    return c;
  }

  /** The fixture index of a row. */
  fixtureIndex(row: number): number {
    return this.base + row;
  }

  /** The row of a fixture id, or -1 when it is not in the feature rows. */
  rowOf(fixtureId: number): number {
    const i = this.byId.get(fixtureId);
    return i === undefined || i < this.base ? -1 : i - this.base;
  }

  /** Rows whose kick-off is in [from, to): a contiguous range, found by binary search. */
  rowRange(from: number, to: number): [number, number] {
    return [this.firstRowAt(from), this.firstRowAt(to)];
  }

  private firstRowAt(t: number): number {
    let lo = this.base;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.kickoff[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo - this.base;
  }

  /** Whether a team event happened in each played match, per side: 1, 0, or -1 (unknown, not played). */
  private bitsOf(key: string): Int8Array {
    const cached = this.eventBits.get(key);
    if (cached) return cached;
    const bits = new Int8Array(2 * this.n).fill(-1);
    const m: TeamMatch = {
      fixtureId: 0,
      kickoff: 0,
      venue: "home",
      goalsFor: 0,
      goalsAgainst: 0,
      htFor: null,
      htAgainst: null,
      cornersFor: null,
      cornersAgainst: null,
      yellowFor: null,
      yellowAgainst: null,
      redFor: null,
      redAgainst: null,
      shotsFor: null,
      shotsAgainst: null,
      shotsOnTargetFor: null,
      shotsOnTargetAgainst: null,
    };
    const v = (x: number) => (x < 0 ? null : x);
    const s = this.statCols;
    for (let i = 0; i < this.n; i++) {
      if (this.ftHome[i]! < 0) continue;
      for (let side = 0; side < 2; side++) {
        const us = 2 * i + side;
        const them = 2 * i + 1 - side;
        m.venue = side === 0 ? "home" : "away";
        m.goalsFor = side === 0 ? this.ftHome[i]! : this.ftAway[i]!;
        m.goalsAgainst = side === 0 ? this.ftAway[i]! : this.ftHome[i]!;
        m.htFor = v(side === 0 ? this.htHome[i]! : this.htAway[i]!);
        m.htAgainst = v(side === 0 ? this.htAway[i]! : this.htHome[i]!);
        m.cornersFor = v(s.corners[us]!);
        m.cornersAgainst = v(s.corners[them]!);
        m.yellowFor = v(s.yellow[us]!);
        m.yellowAgainst = v(s.yellow[them]!);
        m.redFor = v(s.red[us]!);
        m.redAgainst = v(s.red[them]!);
        m.shotsFor = v(s.shots[us]!);
        m.shotsAgainst = v(s.shots[them]!);
        m.shotsOnTargetFor = v(s.shotsOnTarget[us]!);
        m.shotsOnTargetAgainst = v(s.shotsOnTarget[them]!);
        const happened = eventHappened(key, m);
        bits[us] = happened === null ? -1 : happened ? 1 : 0;
      }
    }
    this.eventBits.set(key, bits);
    return bits;
  }

  /**
   * A team event's rate in percent per row and side (`event:key:venue:window:H|A`): occurrences over the matches
   * that could tell, among the team's matches ended before the row's kick-off — of the row's season, or its last
   * 10 / 5 — at the venue. NaN without any.
   */
  eventRate(key: string, venue: StatVenue, window: StatWindow, side: Side): Float32Array {
    const name = `event:${key}:${venue}:${window}:${side === "home" ? "H" : "A"}`;
    const cached = this.columns.get(name);
    if (cached) return cached;
    const bits = this.bitsOf(key);
    const out = nan(this.rows);
    const limit = window === "last10" ? 10 : window === "last5" ? 5 : Number.POSITIVE_INFINITY;
    const sideIndex = side === "home" ? 0 : 1;
    for (let r = 0; r < this.rows; r++) {
      const i = this.base + r;
      const team = sideIndex === 0 ? this.home[i]! : this.away[i]!;
      const list = this.teamList.get(team)!;
      const season = this.season[i]!;
      const start = this.kickoff[i]!;
      let matches = 0;
      let known = 0;
      let occurrences = 0;
      for (let p = this.position[2 * i + sideIndex]! - 1; p >= 0 && matches < limit; p--) {
        const j = list[p]!;
        if (window === "season" && this.season[j] !== season) break;
        if (this.ftHome[j]! < 0 || this.kickoff[j]! + MATCH_SPAN_MS > start) continue;
        const atHome = this.home[j] === team;
        if ((venue === "home" && !atHome) || (venue === "away" && atHome)) continue;
        matches++;
        const bit = bits[2 * j + (atHome ? 0 : 1)]!;
        if (bit < 0) continue;
        known++;
        occurrences += bit;
      }
      if (known > 0) out[r] = (occurrences / known) * 100;
    }
    this.columns.set(name, out);
    return out;
  }

  /** The evaluation source over rows, for the rule compiler. */
  source(): EvaluationSource<number> {
    const colReader =
      (c: Float32Array): Reader<number> =>
      (r) =>
        c[r]!;
    const team = (read: StatRead, side: Side | "match"): Reader<number> | null => {
      const one = (s: Side): Float32Array | null => {
        const suffix = s === "home" ? "H" : "A";
        if (read.category === "preMatchStats" && isTeamEvent(read.stat))
          return this.eventRate(read.stat, read.venue ?? "overall", read.window ?? "season", s);
        if (read.category === "odds")
          return this.columns.get(`odds:${read.stat}:${read.bookmaker ?? "Avg"}:${suffix}`) ?? null;
        return this.columns.get(`${read.category}:${read.stat}:${suffix}`) ?? null;
      };
      if (side !== "match") {
        const c = one(side);
        return c ? colReader(c) : null;
      }
      // Both teams together: the mean of the two teams' rates (team events only).
      if (read.category !== "preMatchStats" || !isTeamEvent(read.stat)) return null;
      const h = one("home")!;
      const a = one("away")!;
      return (r) => (h[r]! + a[r]!) / 2;
    };
    return {
      team,
      match: (read) => {
        const name =
          read.category === "odds" ? `odds:${read.stat}:${read.bookmaker ?? "Avg"}` : `${read.category}:${read.stat}`;
        const c = this.columns.get(name);
        return c ? colReader(c) : null;
      },
      favorite: (r) => this.favorite[r]!,
    };
  }

  /** Opening price of a match market (over25, under25…): the market average, else Pinnacle, Bet365, best. */
  openingMatchPrice(row: number, stat: "over25" | "under25"): number {
    for (const book of ["Avg", "PS", "B365", "Max"]) {
      const v = this.columns.get(`odds:${stat}:${book}`)![row]!;
      if (!Number.isNaN(v)) return v;
    }
    return Number.NaN;
  }

  /** Corner totals of fixture i (home, away); null where the data has no counts. */
  cornersOf(i: number): { cornersHome: number | null; cornersAway: number | null } {
    const h = this.statCols.corners[2 * i]!;
    const a = this.statCols.corners[2 * i + 1]!;
    return { cornersHome: h < 0 ? null : h, cornersAway: a < 0 ? null : a };
  }

  /** Whether a row's match has a final score. */
  finished(row: number): boolean {
    return this.ftHome[this.base + row]! >= 0;
  }

  /** Opening price of an outcome side (0 home, 1 away, 2 draw) for a row: the market average, else Pinnacle, Bet365, best. */
  openingPrice(row: number, side: number): number {
    const stat = side === 2 ? "draw" : "win";
    const suffix = side === 0 ? ":H" : side === 1 ? ":A" : "";
    for (const book of ["Avg", "PS", "B365", "Max"]) {
      const v = this.columns.get(`odds:${stat}:${book}${suffix}`)![row]!;
      if (!Number.isNaN(v)) return v;
    }
    return Number.NaN;
  }

  closingPrice(row: number, side: number): number {
    return (side === 0 ? this.closing.home : side === 1 ? this.closing.away : this.closing.draw)[row]!;
  }

  /** Cached team-event columns (for the memory figure and tests). */
  cachedColumns(): number {
    return this.columns.size;
  }
}
