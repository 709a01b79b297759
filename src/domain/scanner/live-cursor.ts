import { type OddsModel, liveOdds } from "../live/odds.ts";
import {
  type CounterName,
  type LiveEvent,
  type LiveEventType,
  type LiveOdds,
  type LiveState,
  type LiveStatus,
  MATCH_SECONDS,
  type TeamCounters,
  emptyCounters,
  minuteOfSecond,
} from "../live/state.ts";
import { KIND, type Timeline, estimatedCounters } from "../live/timeline.ts";

/** The live state a backtest walks: a LiveState whose fields move forward in place, with odds computed on demand. */
export class LiveCursor implements LiveState {
  fixtureId = 0;
  status: LiveStatus = "upcoming";
  second: number | null = null;
  minute: number | null = null;
  homeScore: number | null = null;
  awayScore: number | null = null;
  readonly home: TeamCounters = emptyCounters();
  readonly away: TeamCounters = emptyCounters();
  estimated: readonly CounterName[] = [];
  /** the listed events so far, built only when read */
  private eventsCache: LiveEvent[] | null = null;
  private timeline: Timeline | null = null;
  private model: OddsModel | null = null;
  /** events applied so far (timeline index) */
  private next = 0;
  private readonly counts = new Int32Array(32);
  private oddsKey = -1;
  private oddsValue: LiveOdds | null = null;
  /** events were applied since the counters were last computed */
  private dirty = false;

  /** Starts a match: nothing has happened yet. */
  reset(timeline: Timeline, model: OddsModel | null): void {
    this.timeline = timeline;
    this.model = model;
    this.fixtureId = timeline.fixtureId;
    this.status = "live";
    this.second = 0;
    this.minute = 1;
    this.next = 0;
    this.counts.fill(0);
    this.estimated = estimatedCounters(timeline);
    this.eventsCache = null;
    this.oddsKey = -1;
    this.oddsValue = null;
    this.dirty = false;
    this.refresh();
  }

  /** Applies the events up to and including `second`; returns the kinds applied (bit per kind). */
  advance(second: number): number {
    const tl = this.timeline!;
    let kinds = 0;
    while (this.next < tl.seconds.length && tl.seconds[this.next]! <= second) {
      const code = tl.codes[this.next]!;
      this.counts[code]!++;
      kinds |= 1 << (code >> 1);
      this.next++;
    }
    if (kinds !== 0) {
      this.eventsCache = null;
      this.dirty = true;
    }
    return kinds;
  }

  /** The match clock (the events must have been applied up to it): the state is then read at this moment. */
  at(second: number, status: LiveStatus): void {
    if (this.dirty) this.refresh();
    this.second = second;
    this.status = status;
    this.minute = minuteOfSecond(second);
  }

  /** The second of the next event not applied yet (Infinity when none is left). */
  nextEventSecond(): number {
    const tl = this.timeline!;
    return this.next < tl.seconds.length ? tl.seconds[this.next]! : Number.POSITIVE_INFINITY;
  }

  /** The kind of the next event not applied yet (-1 when none is left). */
  nextEventKind(): number {
    const tl = this.timeline!;
    return this.next < tl.seconds.length ? tl.codes[this.next]! >> 1 : -1;
  }

  get events(): LiveEvent[] {
    if (this.eventsCache) return this.eventsCache;
    const tl = this.timeline!;
    const out: LiveEvent[] = [];
    for (let i = 0; i < this.next; i++) {
      const code = tl.codes[i]!;
      const type = LISTED[code >> 1];
      if (type)
        out.push({
          type,
          side: (code & 1) === 0 ? "home" : "away",
          second: tl.seconds[i]!,
          minute: minuteOfSecond(tl.seconds[i]!),
        });
    }
    this.eventsCache = out;
    return out;
  }

  /** Live odds of the current minute, score and red cards (as `stateAt` computes them); null without a model. */
  get odds(): LiveOdds | null {
    if (!this.model || this.second === null) return null;
    const hr = this.home.redCards ?? 0;
    const ar = this.away.redCards ?? 0;
    const minuteStart = Math.floor(Math.min(this.second, MATCH_SECONDS) / 60);
    const key =
      (((minuteStart * 32 + this.homeScore!) * 32 + this.awayScore!) * 8 + Math.min(hr, 7)) * 8 + Math.min(ar, 7);
    if (key !== this.oddsKey) {
      this.oddsValue = liveOdds(this.model, {
        second: this.second,
        homeScore: this.homeScore!,
        awayScore: this.awayScore!,
        homeReds: hr,
        awayReds: ar,
      });
      this.oddsKey = key;
    }
    return this.oddsValue;
  }

  /** A plain copy of the state now (for a pick's record, or to compare with `stateAt`). */
  snapshot(): LiveState {
    return {
      fixtureId: this.fixtureId,
      status: this.status,
      second: this.second,
      minute: this.minute,
      homeScore: this.homeScore,
      awayScore: this.awayScore,
      home: { ...this.home },
      away: { ...this.away },
      estimated: this.estimated,
      events: this.events,
      odds: this.odds,
    };
  }

  /** The counters from the event counts: the formulas of `snapshotAt` (domain/live/timeline.ts). */
  private refresh(): void {
    const c = this.counts;
    const known = this.timeline!.known;
    this.dirty = false;
    this.homeScore = c[KIND.goal * 2]!;
    this.awayScore = c[KIND.goal * 2 + 1]!;
    fill(this.home, c, 0, known);
    fill(this.away, c, 1, known);
  }
}

/** One team's counters from the event counts (null where the timeline does not know a counter). */
function fill(t: TeamCounters, c: Int32Array, side: number, known: number): void {
  const own = c[KIND.attack * 2 + side]!;
  const other = c[KIND.attack * 2 + 1 - side]!;
  t.shots = known & 1 ? c[KIND.shotOn * 2 + side]! + c[KIND.shotOff * 2 + side]! + c[KIND.shotOther * 2 + side]! : null;
  t.shotsOnTarget = known & 2 ? c[KIND.shotOn * 2 + side]! + c[KIND.shotOnOnly * 2 + side]! : null;
  t.shotsOffTarget = known & 4 ? c[KIND.shotOff * 2 + side]! + c[KIND.shotOffOnly * 2 + side]! : null;
  t.attacks = known & 8 ? own : null;
  t.dangerousAttacks = known & 16 ? c[KIND.dangerousAttack * 2 + side]! : null;
  t.corners = known & 32 ? c[KIND.corner * 2 + side]! : null;
  t.yellowCards = known & 64 ? c[KIND.yellow * 2 + side]! : null;
  t.redCards = known & 128 ? c[KIND.red * 2 + side]! : null;
  t.fouls = known & 256 ? c[KIND.foul * 2 + side]! : null;
  t.penalties = known & 512 ? c[KIND.penalty * 2 + side]! : null;
  t.substitutions = known & 1024 ? c[KIND.substitution * 2 + side]! : null;
  t.possession = known & 2048 ? Math.round((100 * (own + 15)) / (own + other + 30)) : null;
}

const LISTED: Array<LiveEventType | null> = [
  "goal",
  null,
  null,
  "corner",
  null,
  "yellow",
  "red",
  "penalty",
  "substitution",
  null,
  null,
  null,
  null,
  null,
];
