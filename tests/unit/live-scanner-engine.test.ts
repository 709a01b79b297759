import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scopeOf } from "../../src/domain/scanner/stat-scope.ts";
import { type LiveState, emptyCounters } from "../../src/domain/live/state.ts";
import { CompileError } from "../../src/domain/scanner/compile.ts";
import type { FixtureUpdate } from "../../src/domain/scanner/engine-io.ts";
import { LiveScanEngine } from "../../src/domain/scanner/engine.ts";
import { Interpreter } from "../support/live-interpreter.ts";
import { liveSource } from "../../src/domain/scanner/live-source.ts";
import type { Rule } from "../../src/domain/scanner/rules.ts";
import { liveRows, liveRulesArb, liveStateArb, storeLookup, syntheticStore } from "../support/live-rules.ts";

function state(
  fixtureId: number,
  minute: number,
  over: Partial<LiveState> = {},
  corners: [number | null, number | null] = [0, 0],
): LiveState {
  return {
    fixtureId,
    status: "live",
    second: (minute - 1) * 60,
    minute,
    homeScore: 0,
    awayScore: 0,
    home: { ...emptyCounters(), corners: corners[0], shots: 3 },
    away: { ...emptyCounters(), corners: corners[1], shots: 2 },
    estimated: [],
    events: [],
    odds: null,
    ...over,
  };
}
const up = (live: LiveState, leagueId = 1): FixtureUpdate => ({ live, leagueId, row: -1 });
const corners = (value: number, extra: Partial<Rule> = {}): Rule => ({
  id: "c",
  category: "liveStats",
  stat: "corners",
  target: "Home",
  comparator: "GreaterEqualThan",
  value,
  ...extra,
});
const engine = () => new LiveScanEngine(liveSource(null), scopeOf);

describe("live scan engine", () => {
  it("reports a (filter, fixture) pair once, when it starts to hold", () => {
    const e = engine();
    e.upsertFilter({ id: 1, rules: [corners(3)], leagueIds: [] });
    expect(e.tick([up(state(10, 5, {}, [1, 0]))])).toEqual([]);
    const hit = e.tick([up(state(10, 6, {}, [3, 0]))]);
    expect(hit.map((m) => [m.filterId, m.fixtureId])).toEqual([[1, 10]]);
    expect(hit[0]!.state.live.home.corners).toBe(3);
    expect(e.tick([up(state(10, 7, {}, [4, 0]))])).toEqual([]);
    // a new fixture is evaluated at once
    expect(e.tick([up(state(11, 30, {}, [5, 0]))]).map((m) => m.fixtureId)).toEqual([11]);
  });

  it("evaluates only filters that read what changed, in the fixture's league, inside their time window", () => {
    const e = engine();
    e.upsertFilter({ id: 1, rules: [corners(3)], leagueIds: [] });
    e.upsertFilter({ id: 2, rules: [{ ...corners(1), stat: "goals" }], leagueIds: [] });
    e.upsertFilter({ id: 3, rules: [corners(1)], leagueIds: [2] });
    e.upsertFilter({ id: 4, rules: [corners(1, { time: { kind: "AfterMinute", minute: 80 } })], leagueIds: [] });
    e.tick([up(state(10, 5))]);
    expect(e.lastTick.evaluations).toBe(2); // 1 and 2; 3 is another league, 4 outside its window
    e.tick([up(state(10, 5, {}, [1, 0]))]); // corners changed: filter 1 (and 4, out of window)
    expect(e.lastTick.evaluations).toBe(1);
    expect(e.lastTick.candidates).toBe(2);
    e.tick([up(state(10, 5, { second: 250 }, [1, 0]))]); // only seconds: nothing to do
    expect(e.lastTick.fixtures).toBe(0);
    const late = e.tick([up(state(10, 81, {}, [1, 0]))]); // the minute moved into filter 4's window
    expect(late.map((m) => m.filterId)).toEqual([4]);
    expect(e.lastTick.evaluations).toBe(1);
  });

  it("judges a filter's pre-match rules once per pair: a pair they fail is not evaluated again", () => {
    const e = engine(); // no pre-match store: a pre-match price is unknown, its rule fails
    e.upsertFilter({
      id: 1,
      rules: [
        corners(1),
        { ...corners(5), category: "odds", stat: "win", oddsMarket: "PreMatch", comparator: "LessThan" },
      ],
      leagueIds: [],
    });
    e.upsertFilter({ id: 2, rules: [corners(9)], leagueIds: [] });
    e.tick([up(state(10, 5))]);
    expect(e.lastTick.evaluations).toBe(2);
    e.tick([up(state(10, 5, {}, [3, 0]))]);
    expect(e.lastTick).toMatchObject({ candidates: 2, evaluations: 1 });
    // edited, the filter is judged again
    e.upsertFilter({ id: 1, rules: [corners(1)], leagueIds: [] });
    expect(e.tick([]).map((m) => m.filterId)).toEqual([1]);
  });

  it("new, edited and removed filters; a removed filter reports nothing, an edited one not twice", () => {
    const e = engine();
    e.tick([up(state(10, 20, {}, [2, 0])), up(state(11, 20, {}, [5, 0]), 2)]);
    e.upsertFilter({ id: 1, rules: [corners(4)], leagueIds: [] });
    expect(e.tick([]).map((m) => m.fixtureId)).toEqual([11]);
    e.upsertFilter({ id: 1, rules: [corners(2)], leagueIds: [] });
    expect(e.tick([]).map((m) => m.fixtureId)).toEqual([10]);
    e.upsertFilter({ id: 2, rules: [corners(0)], leagueIds: [1] });
    e.removeFilter(2);
    expect(e.tick([up(state(10, 21, {}, [3, 0]))])).toEqual([]);
    expect(e.size).toBe(1);
    expect(() => e.upsertFilter({ id: 3, rules: [{ ...corners(1), stat: "nope" }], leagueIds: [] })).toThrow(
      CompileError,
    );
  });

  it("reports a pair again after a failed recording (retry), and never a pair marked as recorded", () => {
    const e = engine();
    e.upsertFilter({ id: 1, rules: [corners(1)], leagueIds: [] });
    e.upsertFilter({ id: 2, rules: [corners(1)], leagueIds: [] });
    e.markMatched(2, 10);
    expect(e.tick([up(state(10, 20, {}, [2, 0]))]).map((m) => m.filterId)).toEqual([1]);
    e.retry(1, 10);
    expect(e.tick([]).map((m) => m.filterId)).toEqual([1]);
    expect(e.tick([up(state(10, 21, {}, [3, 0]))])).toEqual([]);
  });

  it("forgets fixtures that ended; a new source evaluates every pair again", () => {
    const e = engine();
    e.upsertFilter({ id: 1, rules: [corners(1)], leagueIds: [] });
    expect(e.tick([up(state(10, 20, {}, [2, 0]))])).toHaveLength(1);
    e.tick([up(state(10, 90, { status: "finished" }))]);
    expect(e.fixtureIds()).toEqual([]);
    e.tick([up(state(12, 20, {}, [0, 0]))]);
    e.setSource(liveSource(null));
    e.tick([]);
    expect(e.lastTick.evaluations).toBe(1);
  });

  it("compacts after many removals and keeps working", () => {
    const e = engine();
    for (let i = 0; i < 3000; i++) e.upsertFilter({ id: i, rules: [corners(i % 7)], leagueIds: [] });
    for (let i = 0; i < 2500; i++) e.removeFilter(i);
    const hits = e.tick([up(state(10, 20, {}, [4, 0]))]);
    expect(e.size).toBe(500);
    expect(hits.length).toBe([...Array(500).keys()].filter((k) => (k + 2500) % 7 <= 4).length);
  });

  it("finds exactly the pairs a brute-force interpreter finds over random ticks (fast-check)", () => {
    const store = syntheticStore();
    const rows = liveRows(store);
    const interpreter = new Interpreter(storeLookup(store), scopeOf);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(liveRulesArb, fc.array(fc.constantFrom(1, 2), { maxLength: 1 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), liveStateArb), { maxLength: 4 }), {
          minLength: 1,
          maxLength: 8,
        }),
        (filters, ticks) => {
          const e = new LiveScanEngine(liveSource(store.source()), scopeOf);
          for (const [id, [rules, leagueIds]] of filters.entries()) e.upsertFilter({ id, rules, leagueIds });
          const seen = new Set<string>();
          const current = new Map<number, FixtureUpdate>();
          for (const tick of ticks) {
            const updates = tick.map(([f, live]) => ({
              live: { ...live, fixtureId: f },
              leagueId: 1 + (f % 2),
              row: rows[f % rows.length]!,
            }));
            const got = e.tick(updates).map((m) => `${m.filterId}:${m.fixtureId}`);
            for (const u of updates) {
              if (u.live.status === "finished") {
                // an ended fixture is forgotten, with its matched pairs (the database keeps them once-only)
                current.delete(u.live.fixtureId);
                for (const k of [...seen]) if (k.endsWith(`:${u.live.fixtureId}`)) seen.delete(k);
              } else current.set(u.live.fixtureId, u);
            }
            const expected: string[] = [];
            for (const [fixtureId, u] of current) {
              filters.forEach(([rules, leagueIds], id) => {
                const key = `${id}:${fixtureId}`;
                if (seen.has(key) || (leagueIds.length > 0 && !(leagueIds as number[]).includes(u.leagueId))) return;
                if (interpreter.filter(rules, { live: u.live, row: u.row })) expected.push(key);
              });
            }
            for (const k of expected) seen.add(k);
            expect(got.sort()).toEqual(expected.sort());
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});
