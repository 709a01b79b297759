import { describe, expect, it } from "vitest";
import { outcomeWon, valuePicks } from "../../src/domain/valuebets/picks.ts";
import { clvOf, equityCurve, figuresBy, figuresOf } from "../../src/domain/valuebets/track-record.ts";

const rule = { minEv: 0.03, minProbability: 0.35 };

describe("value picks", () => {
  const fair = { "1": 0.5, X: 0.27, "2": 0.23, O25: 0.55, U25: 0.45 };

  it("takes the bookmaker whose price beats our fair price by the margin, one pick per market", () => {
    const picks = valuePicks(
      fair,
      [
        { bookmaker: "B365", market: "x12", prices: [2.1, 3.4, 4.0] }, // home EV 0.05
        { bookmaker: "WH", market: "x12", prices: [2.15, 3.3, 4.2] }, // home EV 0.075: the better one
        { bookmaker: "BW", market: "ou25", prices: [1.8, 2.0] }, // over EV −0.01, under EV −0.1
      ],
      rule,
    );
    expect(picks).toHaveLength(1);
    expect(picks[0]).toMatchObject({ market: "x12", outcome: "1", bookmaker: "WH", price: 2.15, fairOdds: 2 });
    expect(picks[0]!.ev).toBeCloseTo(0.075, 10);
  });

  it("skips long shots, market aggregates and bookmakers not licensed for the member", () => {
    // The away win has EV 0.15 but a probability under the minimum.
    expect(valuePicks(fair, [{ bookmaker: "B365", market: "x12", prices: [1.9, 3.6, 5.0] }], rule)).toEqual([]);
    expect(valuePicks(fair, [{ bookmaker: "Max", market: "x12", prices: [2.3, 3.6, 4.0] }], rule)).toEqual([]);
    expect(valuePicks(fair, [{ bookmaker: "PS", market: "x12", prices: [2.3, 3.6, 4.0] }], rule, (b) => b !== "PS")).toEqual([]);
  });

  it("judges outcomes from the full-time score", () => {
    expect([outcomeWon("1", 2, 1), outcomeWon("X", 1, 1), outcomeWon("2", 0, 1), outcomeWon("O25", 2, 1), outcomeWon("U25", 1, 1)]).toEqual([true, true, true, true, true]);
    expect([outcomeWon("1", 1, 1), outcomeWon("O25", 1, 1), outcomeWon("U25", 3, 0)]).toEqual([false, false, false]);
  });
});

describe("track record", () => {
  const picks = [
    { price: 2.5, won: true, closingProbability: 0.45, league: "E0" }, // CLV 0.125
    { price: 2.0, won: false, closingProbability: 0.48, league: "E0" }, // CLV −0.04
    { price: 3.0, won: false, closingProbability: null, league: "D1" },
    { price: 1.8, won: true, closingProbability: 0.6, league: "D1" }, // CLV 0.08
  ];

  it("computes hit rate, ROI at the taken price and closing line value by hand", () => {
    const f = figuresOf(picks);
    expect(f.picks).toBe(4);
    expect(f.hitRate).toBe(0.5);
    // returns 2.5 + 1.8 = 4.3 on 4 stakes
    expect(f.profit).toBeCloseTo(0.3, 10);
    expect(f.roi).toBeCloseTo(0.075, 10);
    expect(f.clv).toBeCloseTo((0.125 - 0.04 + 0.08) / 3, 10);
    expect(f.beatClosing).toBeCloseTo(2 / 3, 10);
    expect(clvOf(2.5, 0.45)).toBeCloseTo(0.125, 10);
  });

  it("says when nothing was picked, and splits by a key", () => {
    expect(figuresOf([])).toMatchObject({ picks: 0, roi: 0, clv: null, beatClosing: null });
    expect(figuresBy(picks, (p) => p.league).map((g) => [g.key, g.picks, g.roi])).toEqual([
      ["E0", 2, 0.25],
      ["D1", 2, expect.closeTo(-0.1, 10)],
    ]);
  });

  it("draws the equity curve of unit stakes", () => {
    expect(equityCurve(picks)).toEqual([1.5, 0.5, -0.5, 0.3]);
  });
});
