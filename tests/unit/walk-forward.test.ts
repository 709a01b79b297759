import { describe, expect, it } from "vitest";
import { WalkForward, walkForward } from "../../src/domain/predictions/walk-forward.ts";
import { RatingModel } from "../../src/domain/predictions/ratings.ts";
import { syntheticSeason } from "../support/synthetic-league.ts";

const START = Date.parse("2025-08-09T14:00:00Z");

describe("walk-forward predictions", () => {
  const matches = syntheticSeason(10, START);
  const baseline = walkForward(matches);

  it("predicts every match, with sane goal expectations", () => {
    expect(baseline).toHaveLength(matches.length);
    for (const p of baseline) {
      expect(p.model.home).toBeGreaterThan(0.2);
      expect(p.model.home).toBeLessThan(5);
      expect(p.final.away).toBeGreaterThan(0.2);
    }
  });

  it("continues a copy exactly as the sweep would, and learning on the copy leaves the sweep as it was", () => {
    // Several seasons, so the copy crosses a market-weight refit and teams' changes of season.
    const long = [...syntheticSeason(8, START), ...syntheticSeason(8, START + 370 * 86_400_000)];
    const whole = walkForward(long);
    for (const cut of [1, 37, Math.floor(long.length / 2), long.length - 3]) {
      const sweep = new WalkForward();
      for (let i = 0; i < cut; i++) sweep.next(long[i]!);
      const copy = sweep.clone();
      const rest = long.slice(cut).map((m) => copy.next(m));
      expect(rest).toEqual(whole.slice(cut));
      // The original still stands at `cut`: run the rest on it with other results, then compare with the copy.
      const other = new WalkForward();
      for (let i = 0; i < cut; i++) other.next(long[i]!);
      const again = sweep.clone();
      expect(long.slice(cut).map((m) => again.next(m))).toEqual(whole.slice(cut));
      expect(long.slice(cut).map((m) => sweep.next(m))).toEqual(long.slice(cut).map((m) => other.next(m)));
    }
  });

  it("does not change a prediction when a result after its kick-off changes (no leak of the future)", () => {
    const k = 40;
    const changed = matches.map((m, i) => (i >= k ? { ...m, result: { ...m.result!, ftHome: 9, ftAway: 0 } } : m));
    const after = walkForward(changed);
    const kickoff = matches[k]!.kickoffMs;
    for (let i = 0; i < matches.length; i++) {
      // A match that kicks off before match k has ended cannot know its result.
      if (matches[i]!.kickoffMs < kickoff + 105 * 60_000) expect(after[i]).toEqual(baseline[i]);
    }
    const later = matches.findIndex((m) => m.kickoffMs >= kickoff + 105 * 60_000);
    expect(after.slice(later).some((p, i) => p.model.home !== baseline[later + i]!.model.home)).toBe(true);
  });

  it("does not use a result of a match played earlier the same day that has not ended yet", () => {
    const sameDay = [
      { ...matches[0]!, fixtureId: 1, kickoffMs: START },
      { ...matches[1]!, fixtureId: 2, kickoffMs: START + 60 * 60_000, homeId: matches[0]!.homeId, awayId: 99 },
    ];
    const a = walkForward(sameDay);
    const b = walkForward([{ ...sameDay[0]!, result: { ...sameDay[0]!.result!, ftHome: 8 } }, sameDay[1]!]);
    expect(b[1]).toEqual(a[1]);
  });

  it("uses the pre-match odds for the final probabilities only", () => {
    const withoutOdds = walkForward(matches.map((m) => ({ ...m, openingOdds: null })));
    expect(withoutOdds.every((p) => p.final.home === p.model.home && p.market === null)).toBe(true);
    expect(baseline.some((p) => p.final.home !== p.model.home)).toBe(true);
  });

  it("learns from a match's closing prices only once it has ended, never for its own prediction", () => {
    const closing = { x12: [1.4, 4.8, 8.5] as [number, number, number], ou25: [1.6, 2.4] as [number, number] };
    const k = 40;
    const withClosing = walkForward(matches.map((m, i) => (i === k ? { ...m, closingOdds: closing } : m)));
    const endOfK = matches[k]!.kickoffMs + 105 * 60_000;
    for (let i = 0; i < matches.length; i++)
      if (matches[i]!.kickoffMs < endOfK) expect(withClosing[i]).toEqual(baseline[i]);
    const later = matches.findIndex((m) => m.kickoffMs >= endOfK);
    expect(withClosing.slice(later).some((p, i) => p.model.home !== baseline[later + i]!.model.home)).toBe(true);
  });

  it("refuses matches out of kick-off order", () => {
    const sweep = new WalkForward();
    sweep.next(matches[5]!);
    expect(() => sweep.next(matches[0]!)).toThrow(/kick-off order/);
  });
});

describe("rating model", () => {
  it("rates a team that keeps winning above one that keeps losing", () => {
    const model = new RatingModel();
    const facts = (homeId: number, awayId: number) => ({
      leagueKey: "E0",
      tier: 1,
      season: "2025-2026",
      homeId,
      awayId,
    });
    const result = (ftHome: number, ftAway: number) => ({
      ftHome,
      ftAway,
      htHome: null,
      htAway: null,
      cornersHome: null,
      cornersAway: null,
      shotsOnTargetHome: null,
      shotsOnTargetAway: null,
    });
    for (let i = 0; i < 20; i++) {
      model.predict(facts(1, 3 + (i % 5)));
      model.update(facts(1, 3 + (i % 5)), result(3, 0));
      model.predict(facts(2, 3 + (i % 5)));
      model.update(facts(2, 3 + (i % 5)), result(0, 2));
    }
    const strong = model.predict(facts(1, 2));
    expect(strong.home).toBeGreaterThan(strong.away * 2);
    expect(strong.corners).toBeNull();
  });
});
