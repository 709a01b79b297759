import { describe, expect, it } from "vitest";
import { DEFAULT_EXCHANGE_COMMISSION, bookmakerName, commissionOf, netPrice } from "../../src/domain/bookmakers.ts";
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
    expect(
      valuePicks(fair, [{ bookmaker: "PS", market: "x12", prices: [2.3, 3.6, 4.0] }], rule, (b) => b !== "PS"),
    ).toEqual([]);
  });

  it("judges an exchange's price net of its commission on net winnings (5% by default)", () => {
    expect(DEFAULT_EXCHANGE_COMMISSION).toBe(0.05);
    expect(commissionOf("BFE")).toBe(0.05);
    expect(commissionOf("BFE", 0.02)).toBe(0.02);
    expect(commissionOf("BF")).toBe(0); // Betfair's sportsbook: its margin is in the price
    expect(commissionOf("B365")).toBe(0);
    expect(netPrice(2.1, 0.05)).toBeCloseTo(2.045, 10);
    // Home at 2.10 on the exchange: gross EV 0.05 passes 3%, net 0.5 × 2.045 − 1 = 0.0225 does not.
    expect(valuePicks(fair, [{ bookmaker: "BFE", market: "x12", prices: [2.1, 3.4, 4.0] }], rule)).toEqual([]);
    // Without commission (a rate of 0) it would have been a pick: the commission decides.
    expect(
      valuePicks(fair, [{ bookmaker: "BFE", market: "x12", prices: [2.1, 3.4, 4.0] }], rule, undefined, () => 0),
    ).toHaveLength(1);
    // A higher exchange price beats a bookmaker's only if it still does after commission.
    const picks = valuePicks(
      fair,
      [
        { bookmaker: "BFE", market: "x12", prices: [2.2, 3.4, 4.0] }, // net 2.14: EV 0.07
        { bookmaker: "B365", market: "x12", prices: [2.15, 3.4, 4.0] }, // EV 0.075: better net
      ],
      rule,
    );
    expect(picks[0]).toMatchObject({ bookmaker: "B365", price: 2.15, netPrice: 2.15, commission: 0 });
    const exchange = valuePicks(
      fair,
      [{ bookmaker: "BFE", market: "x12", prices: [2.3, 3.4, 4.0] }],
      rule,
      undefined,
      (b) => commissionOf(b, 0.05),
    );
    expect(exchange[0]).toMatchObject({ bookmaker: "BFE", price: 2.3, commission: 0.05 });
    expect(exchange[0]!.netPrice).toBeCloseTo(2.235, 10);
    expect(exchange[0]!.ev).toBeCloseTo(0.5 * 2.235 - 1, 10);
  });

  it("names bookmakers for people", () => {
    expect(bookmakerName("BFE")).toBe("Betfair Exchange");
    expect(bookmakerName("BMGM")).toBe("BetMGM");
    expect(bookmakerName("PS")).toBe("Pinnacle");
    expect(bookmakerName("B365")).toBe("Bet365");
    expect(bookmakerName("XYZ")).toBe("XYZ");
  });

  it("judges outcomes from the full-time score", () => {
    expect([
      outcomeWon("1", 2, 1),
      outcomeWon("X", 1, 1),
      outcomeWon("2", 0, 1),
      outcomeWon("O25", 2, 1),
      outcomeWon("U25", 1, 1),
    ]).toEqual([true, true, true, true, true]);
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
