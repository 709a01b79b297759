import { CompileError, type EvaluationSource, compileRules } from "./compile.ts";
import {
  COUNTERS_READ,
  DEP_ALL,
  type LiveEvalState,
  SLOTS,
  changedDeps,
  filterWindow,
  ruleDeps,
  slotOf,
} from "./live-source.ts";
import type { EngineMatch, FixtureUpdate, LiveFilterSpec, TickStats } from "./engine-io.ts";
import type { Category } from "./rules.ts";

/**
 * The live scanner's rules engine (pure, no I/O, no clock). Filters compile once into predicates over a live
 * evaluation state; every tick takes the fixtures whose state changed and answers the (filter, fixture) pairs that
 * match now, each pair once.
 *
 * A tick does not touch every (filter, fixture) pair. Filters are listed by league (a filter's leagues, or all
 * leagues) and, within, by each part of a live state they read (DEP bits of live-source.ts: a counter, the score,
 * the clock, the live prices). A changed fixture is compared with its previous state; only the filters of its
 * league listed under a part that changed are candidates, and a candidate is evaluated only when its time window
 * (the clock slots where its time conditions and live-odds minute bounds can hold) contains the fixture's slot
 * and the pair has not matched before. "Changed" means: a counter or the score differs, the clock moved to another
 * minute or status (a new minute, the break, the second half), or a live price differs. A fixture seen for the
 * first time, a new or edited filter, and a new evaluation source (the pre-match store reloaded) evaluate every
 * pair they concern once. Pre-match parts never change during a match: a filter's rules that read nothing live
 * (its static part) are judged once per pair; a pair whose static part fails is dead for the rest of the match,
 * and a live pair is evaluated again on its dynamic rules only.
 */

type ScopeOf = (category: Category, stat: string) => "team" | "match" | null;
type Predicate = (s: LiveEvalState) => boolean;
interface Compiled {
  /** null: every rule reads something live */
  fixed: Predicate | null;
  /** null: no rule reads anything live */
  live: Predicate | null;
}

/** One list per DEP bit, plus one (FIRST) of every filter: a fixture seen for the first time. */
const BITS = 3 + COUNTERS_READ.length;
const FIRST = BITS;
const MASK_NEW = DEP_ALL | (1 << FIRST);
const ALL_LEAGUES = -1;

interface FixtureEntry {
  state: LiveEvalState;
  leagueId: number;
  slot: number;
  /** per filter slot, 2 bits: 0 static part not judged yet, 1 static part fails (dead pair), 2 static part holds, 3 matched */
  pairs: Uint32Array;
}

const UNKNOWN = 0;
const DEAD = 1;
const ALIVE = 2;
const MATCHED = 3;

export class LiveScanEngine {
  private source: EvaluationSource<LiveEvalState>;
  // Filters by slot (a slot is reused only after compaction).
  /** per slot: the static part (rules reading nothing live) and the dynamic part of a filter */
  private predicates: Array<Compiled | null> = [];
  private ids: number[] = [];
  private alive = new Uint8Array(1024);
  /** time windows, clock slot-major: windows[clockSlot * capacity + filterSlot] (a fixture reads one row) */
  private windows = new Uint8Array(1024 * SLOTS);
  private capacity = 1024;
  private specs: Array<LiveFilterSpec | null> = [];
  private readonly slotOfFilter = new Map<number, number>();
  private dead = 0;
  /** league (or ALL_LEAGUES) → DEP bit → filter slots */
  private index = new Map<number, number[][]>();
  /** filter slots added since the last tick: evaluated against every fixture of their leagues */
  private fresh: number[] = [];
  private readonly fixtures = new Map<number, FixtureEntry>();
  /** fixtures to evaluate again at the next tick (new source), with the parts to treat as changed */
  private readonly pending = new Map<number, number>();
  /** (filter, fixture) pairs that matched: fixture → filter ids */
  private readonly matched = new Map<number, Set<number>>();
  lastTick: TickStats = { fixtures: 0, candidates: 0, evaluations: 0, matches: 0 };

  constructor(
    source: EvaluationSource<LiveEvalState>,
    private readonly scopeOf: ScopeOf,
  ) {
    this.source = source;
  }

  get size(): number {
    return this.slotOfFilter.size;
  }

  has(filterId: number): boolean {
    return this.slotOfFilter.has(filterId);
  }

  /** Compiles a filter (CompileError for rules the source cannot read); replaces a filter of the same id. */
  upsertFilter(spec: LiveFilterSpec): void {
    if (spec.rules.length === 0) throw new CompileError("", "a filter without rules matches nothing");
    const fixedRules = spec.rules.filter((r) => ruleDeps(r) === 0);
    const liveRules = spec.rules.filter((r) => ruleDeps(r) !== 0);
    const predicate: Compiled = {
      fixed: fixedRules.length > 0 ? compileRules(fixedRules, this.source, this.scopeOf) : null,
      live: liveRules.length > 0 ? compileRules(liveRules, this.source, this.scopeOf) : null,
    };
    if (this.slotOfFilter.has(spec.id)) this.removeFilter(spec.id);
    this.insert(spec, predicate, true);
  }

  /** Puts a compiled filter in a new slot and in the indexes; a fresh one is evaluated against every fixture at the next tick. */
  private insert(spec: LiveFilterSpec, predicate: Compiled, fresh: boolean): void {
    const slot = this.predicates.length;
    this.grow(slot + 1);
    this.predicates.push(predicate);
    this.ids.push(spec.id);
    this.specs.push(spec);
    this.alive[slot] = 1;
    const window = filterWindow(spec.rules);
    for (let t = 0; t < SLOTS; t++) this.windows[t * this.capacity + slot] = window[t]!;
    this.slotOfFilter.set(spec.id, slot);
    const deps = spec.rules.reduce((m, r) => m | ruleDeps(r), 0) | (1 << FIRST);
    const leagues = spec.leagueIds.length > 0 ? spec.leagueIds : [ALL_LEAGUES];
    for (const league of leagues) {
      let lists = this.index.get(league);
      if (!lists) {
        lists = Array.from({ length: BITS + 1 }, () => []);
        this.index.set(league, lists);
      }
      for (let bit = 0; bit <= BITS; bit++) if (deps & (1 << bit)) lists[bit]!.push(slot);
    }
    if (fresh) this.fresh.push(slot);
  }

  /** Takes a filter out (deleted, inactive). Its matched pairs stay remembered: back in, it does not alert again on them. */
  removeFilter(filterId: number): void {
    const slot = this.slotOfFilter.get(filterId);
    if (slot === undefined) return;
    this.slotOfFilter.delete(filterId);
    this.alive[slot] = 0;
    this.predicates[slot] = null;
    this.specs[slot] = null;
    this.dead += 1;
    if (this.dead > 1000 && this.dead > this.slotOfFilter.size) this.compact();
  }

  /** A new evaluation source (the pre-match store was reloaded): every filter compiles again, every pair is evaluated again. */
  setSource(source: EvaluationSource<LiveEvalState>): void {
    this.source = source;
    const specs = this.specs.filter((s): s is LiveFilterSpec => s !== null);
    this.reset();
    for (const spec of specs) {
      try {
        this.upsertFilter(spec);
      } catch {
        // a filter the new source cannot read stays out
      }
    }
  }

  /** Rows in the pre-match store moved with it: the service hands every fixture's new row. */
  setRow(fixtureId: number, row: number): void {
    const f = this.fixtures.get(fixtureId);
    if (f) {
      f.state = { live: f.state.live, row };
      f.pairs = new Uint32Array(f.pairs.length);
    }
    this.pending.set(fixtureId, (this.pending.get(fixtureId) ?? 0) | MASK_NEW);
  }

  /** Fixtures that ended: their states and matched pairs are dropped. */
  endFixtures(fixtureIds: Iterable<number>): void {
    for (const id of fixtureIds) {
      this.fixtures.delete(id);
      this.pending.delete(id);
      this.matched.delete(id);
    }
  }

  /** Marks a pair as matched (e.g. already recorded before a restart), so it is never reported. */
  markMatched(filterId: number, fixtureId: number): void {
    let set = this.matched.get(fixtureId);
    if (!set) {
      set = new Set();
      this.matched.set(fixtureId, set);
    }
    set.add(filterId);
  }

  /** A reported pair that could not be recorded: forgotten, and its fixture evaluated again at the next tick. */
  retry(filterId: number, fixtureId: number): void {
    this.matched.get(fixtureId)?.delete(filterId);
    const entry = this.fixtures.get(fixtureId);
    const slot = this.slotOfFilter.get(filterId);
    if (!entry) return;
    if (slot !== undefined && slot >>> 4 < entry.pairs.length)
      entry.pairs[slot >>> 4] = entry.pairs[slot >>> 4]! & ~(3 << ((slot & 15) << 1));
    this.pending.set(fixtureId, (this.pending.get(fixtureId) ?? 0) | MASK_NEW);
  }

  fixtureIds(): number[] {
    return [...this.fixtures.keys()];
  }

  /**
   * One tick: the fixtures whose state changed (or appeared); returns the pairs that match now and never matched
   * before. Finished fixtures are dropped.
   */
  tick(updates: readonly FixtureUpdate[]): EngineMatch[] {
    const out: EngineMatch[] = [];
    const stats: TickStats = { fixtures: 0, candidates: 0, evaluations: 0, matches: 0 };
    const fresh = this.fresh;
    this.fresh = [];
    // The last state of each fixture, with every part that changed since the previous tick.
    const work = new Map<number, [FixtureEntry, number]>();
    for (const u of updates) {
      const id = u.live.fixtureId;
      if (u.live.status === "finished") {
        this.endFixtures([id]);
        work.delete(id);
        continue;
      }
      const before = this.fixtures.get(id);
      let mask = before ? changedDeps(before.state.live, u.live) : MASK_NEW;
      const sameRow = before !== undefined && before.state.row === u.row;
      if (!sameRow) mask = MASK_NEW;
      const entry: FixtureEntry = {
        state: { live: u.live, row: u.row },
        leagueId: u.leagueId,
        slot: slotOf(u.live),
        pairs: sameRow ? before.pairs : new Uint32Array((this.alive.length + 15) >>> 4),
      };
      this.fixtures.set(id, entry);
      work.set(id, [entry, mask | (work.get(id)?.[1] ?? 0)]);
    }
    for (const [id, mask] of this.pending) {
      const entry = this.fixtures.get(id);
      if (entry) work.set(id, [entry, mask | (work.get(id)?.[1] ?? 0)]);
    }
    this.pending.clear();

    // Filter-major: each candidate filter is evaluated on all the changed fixtures that need it in a row, so its
    // compiled rules stay in the processor's cache (fixture-major, every evaluation was a cache miss).
    const active = [...work.values()].filter(([, mask]) => mask !== 0);
    stats.fixtures = active.length;
    const words = (this.alive.length + 31) >>> 5;
    const seen = active.map(() => new Uint32Array(words));
    const byLeague = new Map<number, number[]>();
    for (let i = 0; i < active.length; i++) {
      const league = active[i]![0].leagueId;
      const list = byLeague.get(league);
      if (list) list.push(i);
      else byLeague.set(league, [i]);
    }
    const groups: Array<[number, number[]]> = [[ALL_LEAGUES, active.map((_, i) => i)], ...byLeague];
    for (const [league, members] of groups) {
      const byBit = this.index.get(league);
      if (!byBit) continue;
      for (let bit = 0; bit <= BITS; bit++) {
        const fixtures = members.filter((i) => active[i]![1] & (1 << bit));
        if (fixtures.length === 0) continue;
        const list = byBit[bit]!;
        for (let k = 0; k < list.length; k++) {
          const slot = list[k]!;
          const w = slot >>> 5;
          const b = 1 << (slot & 31);
          for (let j = 0; j < fixtures.length; j++) {
            const i = fixtures[j]!;
            const s = seen[i]!;
            if (s[w]! & b) continue;
            s[w] = s[w]! | b;
            stats.candidates += 1;
            this.evaluate(slot, active[i]![0], out, stats);
          }
        }
      }
    }
    // New and edited filters: every fixture of their leagues once (those just reached through a change skip them).
    if (fresh.length > 0) {
      const index = new Map(active.map(([entry], i) => [entry.state.live.fixtureId, i]));
      for (const entry of this.fixtures.values()) {
        const i = index.get(entry.state.live.fixtureId);
        for (const slot of fresh) {
          if (i !== undefined && seen[i]![slot >>> 5]! & (1 << (slot & 31))) continue;
          this.evaluateFresh(slot, entry, out, stats);
        }
      }
    }
    this.lastTick = stats;
    return out;
  }

  private evaluateFresh(slot: number, entry: FixtureEntry, out: EngineMatch[], stats: TickStats) {
    const spec = this.specs[slot];
    if (!spec || (spec.leagueIds.length > 0 && !spec.leagueIds.includes(entry.leagueId))) return;
    stats.candidates += 1;
    this.evaluate(slot, entry, out, stats);
  }

  private evaluate(slot: number, entry: FixtureEntry, out: EngineMatch[], stats: TickStats) {
    const word = slot >>> 4;
    const shift = (slot & 15) << 1;
    if (word >= entry.pairs.length) {
      const pairs = new Uint32Array((this.alive.length + 15) >>> 4);
      pairs.set(entry.pairs);
      entry.pairs = pairs;
    }
    const pair = (entry.pairs[word]! >>> shift) & 3;
    if (pair === DEAD || pair === MATCHED) return;
    if (this.windows[entry.slot * this.capacity + slot] === 0 || !this.alive[slot]) return;
    stats.evaluations += 1;
    const p = this.predicates[slot]!;
    if (pair === UNKNOWN) {
      const holds = p.fixed === null || p.fixed(entry.state);
      entry.pairs[word] = (entry.pairs[word]! & ~(3 << shift)) | ((holds ? ALIVE : DEAD) << shift);
      if (!holds) return;
    }
    if (p.live !== null && !p.live(entry.state)) return;
    entry.pairs[word] = entry.pairs[word]! | (MATCHED << shift);
    const fixtureId = entry.state.live.fixtureId;
    const filterId = this.ids[slot]!;
    // Matched before under another slot (the filter was edited) or recorded before a restart: not again.
    if (this.matched.get(fixtureId)?.has(filterId)) return;
    this.markMatched(filterId, fixtureId);
    stats.matches += 1;
    out.push({ filterId, fixtureId, state: entry.state });
  }

  private grow(n: number) {
    if (n <= this.alive.length) return;
    let size = this.alive.length;
    while (size < n) size *= 2;
    const alive = new Uint8Array(size);
    alive.set(this.alive);
    this.alive = alive;
    const windows = new Uint8Array(size * SLOTS);
    for (let t = 0; t < SLOTS; t++)
      windows.set(this.windows.subarray(t * this.capacity, (t + 1) * this.capacity), t * size);
    this.windows = windows;
    this.capacity = size;
  }

  private reset() {
    this.predicates = [];
    this.ids = [];
    this.specs = [];
    this.alive.fill(0);
    this.slotOfFilter.clear();
    this.index.clear();
    this.fresh = [];
    this.dead = 0;
    for (const [id, f] of this.fixtures) {
      this.pending.set(id, MASK_NEW);
      f.pairs = new Uint32Array(f.pairs.length);
    }
  }

  /** Drops the slots of removed filters from the indexes (compiled predicates and matched pairs are kept). */
  private compact() {
    const kept = this.specs.flatMap((spec, slot) =>
      spec ? [{ spec, predicate: this.predicates[slot]!, fresh: this.fresh.includes(slot) }] : [],
    );
    const pending = new Map(this.pending);
    this.reset();
    this.pending.clear();
    for (const [id, mask] of pending) this.pending.set(id, mask);
    for (const k of kept) this.insert(k.spec, k.predicate, k.fresh);
  }
}
