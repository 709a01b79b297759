import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scopeOf } from "../../src/domain/scanner/stat-scope.ts";
import { compileRules } from "../../src/domain/scanner/compile.ts";
import { Interpreter } from "../support/live-interpreter.ts";
import { COUNTERS_READ, filterWindow, liveSource, ruleDeps, slotOf } from "../../src/domain/scanner/live-source.ts";
import { ruleSchema } from "../../src/domain/scanner/schema.ts";
import { liveRows, liveRulesArb, liveStateArb, storeLookup, syntheticStore } from "../support/live-rules.ts";

const store = syntheticStore();
const rows = liveRows(store);
const source = liveSource(store.source());
const interpreter = new Interpreter(storeLookup(store), scopeOf);
const rowArb = fc.oneof(fc.constantFrom(...rows), fc.constant(-1), fc.integer({ min: 0, max: store.rows - 1 }));

describe("random live filters (fast-check)", () => {
  it("are valid by the live schema", () => {
    fc.assert(
      fc.property(liveRulesArb, (rules) => {
        for (const rule of rules) {
          const parsed = ruleSchema("live").safeParse(rule);
          if (!parsed.success) throw new Error(`${JSON.stringify(rule)}: ${JSON.stringify(parsed.error.issues)}`);
        }
      }),
      { numRuns: 2000 },
    );
  }, 120_000);

  it("compile and evaluate without throwing", () => {
    fc.assert(
      fc.property(
        liveRulesArb,
        fc.array(fc.tuple(liveStateArb, rowArb), { minLength: 1, maxLength: 5 }),
        (rules, states) => {
          const predicate = compileRules(rules, source, scopeOf);
          for (const [live, row] of states) expect(typeof predicate({ live, row })).toBe("boolean");
        },
      ),
      { numRuns: 1500 },
    );
  }, 120_000);

  it("compiled and interpreted evaluation agree, rule by rule and per filter", () => {
    fc.assert(
      fc.property(
        liveRulesArb,
        fc.array(fc.tuple(liveStateArb, rowArb), { minLength: 1, maxLength: 8 }),
        (rules, states) => {
          const predicate = compileRules(rules, source, scopeOf);
          const perRule = rules.map((r) => compileRules([r], source, scopeOf));
          for (const [live, row] of states) {
            const s = { live, row };
            for (const [i, r] of rules.entries())
              expect(perRule[i]!(s), JSON.stringify({ rule: r, live, row })).toBe(interpreter.rule(r, s));
            expect(predicate(s)).toBe(interpreter.filter(rules, s));
          }
        },
      ),
      { numRuns: 3000 },
    );
  }, 120_000);

  it("a filter never holds outside its time window (what the engine's index skips)", () => {
    fc.assert(
      fc.property(liveRulesArb, liveStateArb, rowArb, (rules, live, row) => {
        const window = filterWindow(rules);
        if (window[slotOf(live)] === 1) return;
        expect(interpreter.filter(rules, { live, row })).toBe(false);
      }),
      { numRuns: 3000 },
    );
  }, 120_000);

  it("a filter's value changes only when something it reads changed (what the engine's change index skips)", () => {
    fc.assert(
      fc.property(liveRulesArb, liveStateArb, liveStateArb, rowArb, (rules, a, b, row) => {
        const deps = rules.reduce((m, r) => m | ruleDeps(r), 0);
        // b with a's values for every part the filter reads: same answer.
        const mixed = { ...b };
        if (deps & 1) Object.assign(mixed, { homeScore: a.homeScore, awayScore: a.awayScore });
        if (deps & 2) Object.assign(mixed, { minute: a.minute, second: a.second, status: a.status });
        if (deps & 4) Object.assign(mixed, { odds: a.odds });
        mixed.home = { ...b.home };
        mixed.away = { ...b.away };
        // Counter i of the engine's index is bit 3 + i.
        COUNTERS_READ.forEach((c, i) => {
          if (deps & (1 << (3 + i))) {
            mixed.home[c] = a.home[c];
            mixed.away[c] = a.away[c];
          }
        });
        const readsClock = (deps & 2) !== 0;
        // Filters that do not read the clock never depend on it, except through the in-play gate of nothing.
        if (!readsClock)
          expect(interpreter.filter(rules, { live: mixed, row })).toBe(
            interpreter.filter(rules, {
              live: { ...mixed, minute: a.minute, second: a.second, status: a.status },
              row,
            }),
          );
        expect(interpreter.filter(rules, { live: mixed, row })).toBe(
          interpreter.filter(rules, { live: { ...a }, row }),
        );
      }),
      { numRuns: 3000 },
    );
  }, 120_000);
});
