import { describe, expect, it } from "vitest";
import { type RawResult, goalTimeline, matchState } from "../../src/domain/replay/match-state.ts";
import { WEEK_MS, chooseShiftWeeks } from "../../src/domain/replay/shift.ts";

const KICKOFF = Date.parse("2026-11-22T15:00:00Z");
const at = (minutes: number) => KICKOFF + minutes * 60_000;
const result: RawResult = { htHome: 1, htAway: 0, ftHome: 3, ftAway: 2 };

describe("replay shift", () => {
  const season = { startMs: Date.parse("2025-08-01T00:00:00Z"), endMs: Date.parse("2026-05-31T00:00:00Z") };
  const now = Date.parse("2026-11-22T12:00:00Z");

  it("puts today inside the newest season, by whole weeks", () => {
    const weeks = chooseShiftWeeks(now, season, null);
    expect(Number.isInteger(weeks)).toBe(true);
    const sourceNow = now - weeks * WEEK_MS;
    expect(sourceNow).toBeGreaterThan(season.startMs);
    expect(sourceNow).toBeLessThan(season.endMs);
    // whole weeks keep the weekday
    expect(new Date(sourceNow).getUTCDay()).toBe(new Date(now).getUTCDay());
  });

  it("keeps a shift that still works and replaces one that no longer does", () => {
    const weeks = chooseShiftWeeks(now, season, null);
    expect(chooseShiftWeeks(now + 3 * WEEK_MS, season, weeks)).toBe(weeks);
    expect(chooseShiftWeeks(now + 40 * WEEK_MS, season, weeks)).not.toBe(weeks);
  });
});

describe("match state", () => {
  it("reveals nothing before kick-off", () => {
    expect(matchState(7, KICKOFF, at(-1), result)).toEqual({
      status: "upcoming",
      minute: null,
      score: null,
      halfTimeScore: null,
      goals: [],
    });
  });

  it("plays the match minute by minute with a 15-minute break", () => {
    expect(matchState(7, KICKOFF, at(0), result)).toMatchObject({ status: "live", minute: 1 });
    expect(matchState(7, KICKOFF, at(44.5), result)).toMatchObject({ status: "live", minute: 45 });
    expect(matchState(7, KICKOFF, at(50), result)).toMatchObject({
      status: "halftime",
      minute: 45,
      score: { home: 1, away: 0 },
    });
    expect(matchState(7, KICKOFF, at(60), result)).toMatchObject({ status: "live", minute: 46 });
    expect(matchState(7, KICKOFF, at(104.9), result)).toMatchObject({ status: "live", minute: 90 });
    expect(matchState(7, KICKOFF, at(105), result)).toMatchObject({ status: "finished", score: { home: 3, away: 2 } });
  });

  it("places goals consistently with the real half-time and full-time scores, the same way every time", () => {
    for (let id = 1; id < 300; id++) {
      const goals = goalTimeline(id, result);
      expect(goals).toEqual(goalTimeline(id, result));
      const firstHalf = goals.filter((g) => g.minute <= 45);
      expect(firstHalf.filter((g) => g.side === "home")).toHaveLength(1);
      expect(firstHalf.filter((g) => g.side === "away")).toHaveLength(0);
      expect(goals.filter((g) => g.side === "home")).toHaveLength(3);
      expect(goals.filter((g) => g.side === "away")).toHaveLength(2);
      expect(goals.every((g) => g.minute >= 1 && g.minute <= 90)).toBe(true);
    }
  });

  it("never shows more goals live than at the end, and the score only grows", () => {
    let previous = { home: 0, away: 0 };
    for (let m = 0; m < 105; m++) {
      const state = matchState(42, KICKOFF, at(m), result);
      expect(state.score!.home).toBeGreaterThanOrEqual(previous.home);
      expect(state.score!.away).toBeGreaterThanOrEqual(previous.away);
      expect(state.score!.home).toBeLessThanOrEqual(3);
      previous = state.score!;
    }
  });

  it("treats a fixture without a result as upcoming", () => {
    expect(matchState(1, KICKOFF, at(30), { htHome: null, htAway: null, ftHome: null, ftAway: null }).status).toBe(
      "upcoming",
    );
  });
});
