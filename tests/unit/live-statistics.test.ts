import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STAT_FIELDS } from "../../src/domain/alerts/content.ts";
import { COUNTERS, type LiveState, emptyCounters } from "../../src/domain/live/state.ts";
import { KIND, type Timeline, snapshotAt } from "../../src/domain/live/timeline.ts";
import { compileRule } from "../../src/domain/scanner/compile.ts";
import { relevantKinds } from "../../src/domain/scanner/live-backtest.ts";
import { countersRead, liveAlertContent } from "../../src/domain/scanner/live-pick.ts";
import {
  COUNTERS_READ,
  DEP,
  changedDeps,
  liveEvalState,
  liveSource,
  ruleDeps,
} from "../../src/domain/scanner/live-source.ts";
import {
  type EventKindName,
  LIVE_STATISTICS,
  type LiveStatistic,
  liveStatLabelKey,
  liveStatistic,
} from "../../src/domain/scanner/live-statistics.ts";
import { type Rule, STATS, type Target } from "../../src/domain/scanner/rules.ts";
import { ruleSchema } from "../../src/domain/scanner/schema.ts";
import { scopeOf } from "../../src/domain/scanner/stat-scope.ts";
import { LOCALES } from "../../src/i18n/locales.ts";
import { Interpreter } from "../support/live-interpreter.ts";

/**
 * The one declaration of the in-play statistics (src/domain/scanner/live-statistics.ts) against everything that
 * derives from it: the rule catalogue, the engine's index, the live source, the backtest walker, the alert, the
 * labels of the 11 locales, and the live timeline that makes the counters.
 */

const KINDS = Object.keys(KIND) as EventKindName[];
const ALL_KNOWN = (1 << COUNTERS.length) - 1;

/** Every rule `stat` key of a row: the team statistic and, with the match scope, `total.<stat>`. */
const keysOf = (row: LiveStatistic) => [
  ...(row.scopes.includes("team") ? [row.stat] : []),
  ...(row.scopes.includes("match") ? [`total.${row.stat}`] : []),
];
const targetOf = (stat: string): Target => (stat.startsWith("total.") ? "Match" : "Home");
const ruleOn = (stat: string): Rule => ({
  id: "r",
  category: "liveStats",
  stat,
  target: targetOf(stat),
  comparator: "GreaterEqualThan",
  value: 0,
});

/** A live state in play with every counter known: each counter `base` for home, `base + 1` for away. */
function state(base = 3, score: [number, number] = [1, 0]): LiveState {
  const home = emptyCounters();
  const away = emptyCounters();
  for (const c of COUNTERS) {
    home[c] = base;
    away[c] = base + 1;
  }
  return {
    fixtureId: 1,
    status: "live",
    second: 600,
    minute: 11,
    homeScore: score[0],
    awayScore: score[1],
    home,
    away,
    estimated: [],
    events: [],
    odds: null,
  };
}

/** One home event of a kind at kick-off. */
const oneEvent = (kind: number): Timeline => ({
  fixtureId: 1,
  known: ALL_KNOWN,
  estimated: 0,
  seconds: Uint16Array.of(0),
  codes: Uint8Array.of(kind * 2),
});
const empty: Timeline = {
  fixtureId: 1,
  known: ALL_KNOWN,
  estimated: 0,
  seconds: new Uint16Array(0),
  codes: new Uint8Array(0),
};

describe("in-play statistics, declared once", () => {
  it("rows are unique and well formed", () => {
    expect(new Set(LIVE_STATISTICS.map((r) => r.stat)).size).toBe(LIVE_STATISTICS.length);
    for (const row of LIVE_STATISTICS) {
      expect(row.scopes, row.stat).toContain("team");
      expect(row.events.length, row.stat).toBeGreaterThan(0);
      // A statistic read from the score has its formula; one read from a counter shows that counter in alerts.
      if (row.counter === "score") expect(row.score, row.stat).toBeDefined();
      else {
        expect(row.score, row.stat).toBeUndefined();
        expect(COUNTERS, row.stat).toContain(row.counter);
        expect(row.fields.length, row.stat).toBeGreaterThan(0);
      }
      for (const field of row.fields) expect(COUNTERS, `${row.stat}: field ${field}`).toContain(field);
      // An alert shows the counter itself where a message can (shots show as on and off target).
      if (row.counter !== "score" && (STAT_FIELDS as readonly string[]).includes(row.counter))
        expect(row.fields, row.stat).toContain(row.counter);
    }
  });

  it("the rule catalogue lists every row's keys with its scope, and nothing else in liveStats", () => {
    const listed = STATS.filter((s) => s.category === "liveStats").map((s) => s.stat);
    const keys = LIVE_STATISTICS.flatMap(keysOf);
    expect([...listed].sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(scopeOf("liveStats", key), key).toBe(key.startsWith("total.") ? "match" : "team");
      expect(liveStatistic(key), key).toBeDefined();
      expect(ruleSchema("live").safeParse(ruleOn(key)).success, key).toBe(true);
    }
  });

  it("the engine's index reads every row's counter, and a change of it wakes the rule", () => {
    for (const row of LIVE_STATISTICS) {
      if (row.counter !== "score") expect(COUNTERS_READ, row.stat).toContain(row.counter);
      for (const key of keysOf(row)) {
        const deps = ruleDeps(ruleOn(key));
        expect(deps, key).not.toBe(0);
        const before = state();
        const after = state();
        if (row.counter === "score") after.homeScore = 2;
        else after.home[row.counter] = 9;
        expect(changedDeps(before, after) & deps, `${key}: a change of what it reads`).not.toBe(0);
        if (row.counter === "score") expect(deps, key).toBe(DEP.score);
      }
    }
    // No bit is spent on a counter no statistic reads.
    for (const counter of COUNTERS_READ)
      expect(
        LIVE_STATISTICS.some((r) => r.counter === counter),
        counter,
      ).toBe(true);
  });

  it("a row's events are exactly the timeline events that change its value, and the backtest checks after them", () => {
    const blank = snapshotAt(empty, 0);
    for (const row of LIVE_STATISTICS) {
      const changing = KINDS.filter((kind) => {
        const after = snapshotAt(oneEvent(KIND[kind]), 0);
        return row.counter === "score"
          ? after.homeScore !== blank.homeScore
          : after.home[row.counter] !== blank.home[row.counter];
      });
      expect([...row.events].sort(), row.stat).toEqual(changing.sort());
      for (const key of keysOf(row)) {
        const mask = relevantKinds([ruleOn(key)]);
        for (const kind of row.events) expect(mask & (1 << KIND[kind]), `${key} after ${kind}`).not.toBe(0);
      }
    }
  });

  it("the live source reads every row for each target, and agrees with the interpreter", () => {
    const source = liveSource(null);
    const oracle = new Interpreter(null, scopeOf);
    for (const [score, base] of [
      [[1, 0], 3],
      [[2, 2], 0],
      [[0, 3], 7],
    ] as Array<[[number, number], number]>) {
      const live = state(base, score);
      for (const key of LIVE_STATISTICS.flatMap(keysOf)) {
        const targets: Target[] = key.startsWith("total.") ? ["Match"] : ["Home", "Away", "Match", "WinningTeam"];
        for (const target of targets) {
          for (const value of [0, 1, 2, 3, 4, 7, 8]) {
            const rule: Rule = { ...ruleOn(key), target, comparator: "EqualTo", value };
            const compiled = compileRule(rule, source, scopeOf);
            expect(compiled(liveEvalState(live, -1)), `${key} ${target} = ${value}`).toBe(
              oracle.rule(rule, { live, row: -1 }),
            );
          }
        }
      }
    }
  });

  it("an alert carries the fields of the statistics its rules read (and every other counter)", () => {
    const content = liveAlertContent({ home: "A", away: "B", kickoff: "2026-01-01T15:00:00Z" }, state());
    for (const row of LIVE_STATISTICS) {
      for (const key of keysOf(row)) {
        expect(countersRead([ruleOn(key)]).sort(), key).toEqual([...row.fields].sort());
        expect(Object.keys(content.stats ?? {}), key).toEqual(expect.arrayContaining([...row.fields]));
      }
    }
  });

  it("every row has its label in every locale", () => {
    for (const locale of LOCALES) {
      const messages = JSON.parse(
        readFileSync(new URL(`../../src/i18n/locales/livescan/${locale}.json`, import.meta.url), "utf8"),
      ) as Record<string, unknown>;
      for (const key of LIVE_STATISTICS.flatMap(keysOf)) {
        const label = liveStatLabelKey(key)
          .split(".")
          .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
        expect(typeof label === "string" && label.length > 0, `${locale}: ${liveStatLabelKey(key)}`).toBe(true);
      }
    }
  });
});
