import { describe, expect, it } from "vitest";
import { devigPower, devigProportional, overround } from "../../src/domain/predictions/devig.ts";
import { betOfTheDay, outcomeHappened, picksOf } from "../../src/domain/predictions/kinds.ts";
import { marketsFrom } from "../../src/domain/predictions/markets.ts";
import { calibration, logLoss, rps } from "../../src/domain/predictions/metrics.ts";
import { marketsOf } from "../../src/domain/predictions/probabilities.ts";
import { cell, scoreMatrix, sumWhere } from "../../src/domain/predictions/score-matrix.ts";

const prediction = { home: 1.6, away: 1.1, rho: -0.06, htShare: 0.44, corners: 10.2 };

describe("score matrices", () => {
  it("match hand-computed Poisson cells", () => {
    const m = scoreMatrix(1, 1);
    expect(cell(m, 0, 0)).toBeCloseTo(Math.exp(-2), 6);
    expect(cell(m, 2, 1)).toBeCloseTo((Math.exp(-1) / 2) * Math.exp(-1), 6);
  });

  it("apply the Dixon-Coles correction to the low scores only", () => {
    const plain = scoreMatrix(1.4, 1.1);
    const dc = scoreMatrix(1.4, 1.1, -0.1);
    expect(cell(dc, 0, 0)).toBeGreaterThan(cell(plain, 0, 0));
    expect(cell(dc, 1, 1)).toBeGreaterThan(cell(plain, 1, 1));
    expect(cell(dc, 1, 0)).toBeLessThan(cell(plain, 1, 0));
    expect([...dc].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it("give certain outcomes for a goalless expectation", () => {
    const markets = marketsFrom({
      fullTime: scoreMatrix(0, 0),
      firstHalf: scoreMatrix(0, 0),
      secondHalf: scoreMatrix(0, 0),
      corners: null,
    });
    expect(markets.X).toBeCloseTo(1, 12);
    expect(markets.U05).toBeCloseTo(1, 12);
    expect(markets.NG).toBeCloseTo(1, 12);
    expect(markets.C_O95).toBeUndefined();
  });
});

describe("markets from the matrices agree with each other", () => {
  const m = marketsOf(prediction);
  it.each([
    ["1X2", m["1"]! + m.X! + m["2"]!],
    ["half-time 1X2", m.HT_1! + m.HT_X! + m.HT_2!],
    ["BTTS", m.GG! + m.NG!],
    ["first-half BTTS", m.HT_GG! + m.HT_NG!],
    ["over/under 2.5", m.O25! + m.U25!],
    ["corners 9.5", m.C_O95! + m.C_U95!],
    ["1X2 with BTTS", m["1/GG"]! + m["1/NG"]! + m["X/GG"]! + m["X/NG"]! + m["2/GG"]! + m["2/NG"]!],
    ["1X2 with O/U 2.5", m["1/O25"]! + m["1/U25"]! + m["X/O25"]! + m["X/U25"]! + m["2/O25"]! + m["2/U25"]!],
  ])("%s sums to 1", (_name, total) => {
    expect(total).toBeCloseTo(1, 9);
  });

  it("agrees with direct sums over the matrices", () => {
    const ft = scoreMatrix(prediction.home, prediction.away, prediction.rho);
    const ht = scoreMatrix(prediction.home * prediction.htShare, prediction.away * prediction.htShare);
    const sh = scoreMatrix(prediction.home * (1 - prediction.htShare), prediction.away * (1 - prediction.htShare));
    expect(m.O25).toBeCloseTo(
      sumWhere(ft, (h, a) => h + a > 2.5),
      12,
    );
    expect(m.H_O15).toBeCloseTo(
      sumWhere(ft, (h) => h > 1.5),
      12,
    );
    expect(m["1/GG"]).toBeCloseTo(
      sumWhere(ft, (h, a) => h > a && a > 0),
      12,
    );
    expect(m["X/U25"]).toBeCloseTo(
      sumWhere(ft, (h, a) => h === a && h + a < 2.5),
      12,
    );
    expect(m.HT_O15).toBeCloseTo(
      sumWhere(ht, (h, a) => h + a > 1.5),
      12,
    );
    expect(m["2H_GG"]).toBeCloseTo(
      sumWhere(sh, (h, a) => h > 0 && a > 0),
      12,
    );
  });

  it("double chance, combinations and lines are consistent", () => {
    expect(m["1X"]).toBeCloseTo(1 - m["2"]!, 12);
    expect(m["1/GG"]! + m["1/NG"]!).toBeCloseTo(m["1"]!, 12);
    expect(m["2/O25"]! + m["2/U25"]!).toBeCloseTo(m["2"]!, 12);
    expect(m.O05).toBeGreaterThan(m.O15!);
    expect(m.O15).toBeGreaterThan(m.O25!);
    expect(m.O45).toBeGreaterThan(m.O55!);
    expect(m.H_O05).toBeGreaterThan(m.A_O05!);
    expect(m.GG).toBeLessThan(Math.min(m.H_O05!, m.A_O05!));
    expect(m.C_O75).toBeGreaterThan(m.C_O105!);
    expect(m.HT_O05).toBeLessThan(m.O05!);
  });
});

describe("de-vigging", () => {
  const prices = [1.5, 4.2, 7.0];
  it("sums to one by both methods", () => {
    expect(overround(prices)).toBeGreaterThan(0);
    for (const method of [devigProportional, devigPower]) {
      const p = method(prices);
      expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    }
  });

  it("takes more margin off the long shot with the power method", () => {
    const proportional = devigProportional(prices);
    const power = devigPower(prices);
    expect(power[0]).toBeGreaterThan(proportional[0]!);
    expect(power[2]).toBeLessThan(proportional[2]!);
  });

  it("leaves fair prices alone", () => {
    expect(devigPower([2, 4, 4])).toEqual([0.5, 0.25, 0.25].map((v) => expect.closeTo(v, 9)));
  });
});

describe("scores", () => {
  it("computes the ranked probability score", () => {
    expect(rps([1, 0, 0], 0)).toBe(0);
    expect(rps([0, 0, 1], 0)).toBe(1);
    expect(rps([0.5, 0.3, 0.2], 1)).toBeCloseTo((0.25 + 0.04) / 2, 12);
    expect(logLoss([0.5, 0.3, 0.2], 2)).toBeCloseTo(-Math.log(0.2), 12);
  });

  it("measures calibration", () => {
    const perfect = calibration([
      [0.25, true],
      [0.25, false],
      [0.25, false],
      [0.25, false],
    ]);
    expect(perfect.ece).toBeCloseTo(0, 12);
    expect(calibration([[0.9, false]]).ece).toBeCloseTo(0.9, 12);
  });
});

describe("picks", () => {
  const markets = marketsOf(prediction);

  it("picks the likeliest outcome of each kind, with fair odds and value at the bookmaker's price", () => {
    const picks = picksOf(markets, { "1": 2.1, X: 3.5, "2": 3.6 }, false);
    const x12 = picks.find((p) => p.kind === 1)!;
    expect(x12.outcome).toBe("1");
    expect(x12.fairOdds).toBeCloseTo(1 / markets["1"]!, 12);
    expect(x12.ev).toBeCloseTo(markets["1"]! * 2.1 - 1, 12);
    expect(picks.every((p) => p.kind <= 4)).toBe(true);
    const best = picks[0]!;
    expect(best.kind).toBe(0);
    expect([1, 2, 3]).toContain(best.fromKind);
  });

  it("includes the premium kinds only when asked", () => {
    const kinds = picksOf(markets, {}, true).map((p) => p.kind);
    expect(kinds).toEqual([0, 1, 2, 3, 4, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });

  it("judges outcomes from the result", () => {
    const r = { ftHome: 2, ftAway: 1, htHome: 0, htAway: 1, corners: 9 };
    expect(outcomeHappened("1", r)).toBe(true);
    expect(outcomeHappened("X2", r)).toBe(false);
    expect(outcomeHappened("O25", r)).toBe(true);
    expect(outcomeHappened("GG", r)).toBe(true);
    expect(outcomeHappened("HT_2", r)).toBe(true);
    expect(outcomeHappened("2H_O15", r)).toBe(true);
    expect(outcomeHappened("2H_GG", r)).toBe(false);
    expect(outcomeHappened("C_O95", r)).toBe(false);
    expect(outcomeHappened("C_U95", { ...r, corners: null })).toBeNull();
    expect(outcomeHappened("HT_O05", { ...r, htHome: null, htAway: null })).toBeNull();
  });

  it("builds the Bet of the Day by its rule", () => {
    const pick = (fixtureId: number, probability: number, odds: number | null) => ({
      fixtureId,
      kind: 0,
      outcome: "1" as const,
      probability,
      fairOdds: 1 / probability,
      odds,
      ev: odds ? probability * odds - 1 : null,
    });
    const bets = betOfTheDay(
      [pick(1, 0.9, 1.1), pick(2, 0.7, 1.5), pick(3, 0.65, 1.6), pick(4, 0.6, null)],
      [pick(5, 0.35, 3.2), pick(6, 0.31, 2.6), pick(7, 0.2, 6)],
    );
    expect(bets.double.map((p) => p.fixtureId)).toEqual([2, 3]);
    expect(bets.totalOdds).toBe(2.4);
    expect(bets.risk?.fixtureId).toBe(5);
  });
});
