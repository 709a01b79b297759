import { describe, expect, it } from "vitest";
import { betOfTheDayOf, doubleResult, recordOf } from "../../src/domain/predictions/bet-record.ts";
import type { Pick } from "../../src/domain/predictions/kinds.ts";

const pick = (over: Partial<Pick & { won?: boolean | null }>): Pick & { won?: boolean | null } => ({
  kind: 0,
  outcome: "1",
  probability: 0.6,
  fairOdds: 1.67,
  odds: 1.8,
  ev: 0.08,
  fromKind: 1,
  ...over,
});

describe("Bet of the Day record", () => {
  it("settles a double only when both legs are known, and loses it on the first lost leg", () => {
    const leg = (won?: boolean | null) => ({ ...pick({ won }), fixtureId: 1 });
    expect(doubleResult([leg(true), leg(true)])).toBe(true);
    expect(doubleResult([leg(true), leg(false)])).toBe(false);
    expect(doubleResult([leg(undefined), leg(false)])).toBe(false);
    expect(doubleResult([leg(true), leg(undefined)])).toBeNull();
    expect(doubleResult([leg(true), leg(null)])).toBeNull();
    expect(doubleResult([])).toBeNull();
  });

  it("adds up settled bets at one stake each at the prices shown", () => {
    expect(recordOf([])).toEqual({ bets: 0, won: 0, hitRate: null, roi: null });
    const line = recordOf([
      { odds: 3, won: true },
      { odds: 2, won: false },
      { odds: 2.5, won: false },
      { odds: 1.5, won: true },
    ]);
    expect(line).toMatchObject({ bets: 4, won: 2, hitRate: 0.5 });
    // (+2 − 1 − 1 + 0.5) / 4
    expect(line.roi).toBeCloseTo(0.125, 10);
  });

  it("chooses the day's bets from the fixtures' picks and keeps their results", () => {
    const bets = betOfTheDayOf([
      { id: 1, predictions: { picks: [pick({ probability: 0.7, won: true }), pick({ kind: 1, odds: 1.4 })] } },
      { id: 2, predictions: { picks: [pick({ probability: 0.65, won: false })] } },
      {
        id: 3,
        predictions: {
          picks: [
            pick({ probability: 0.5 }),
            pick({ kind: 3, outcome: "O25", probability: 0.4, odds: 3, ev: 0.2, won: true }),
          ],
        },
      },
      { id: 4, predictions: null },
    ]);
    expect(bets.double.map((p) => [p.fixtureId, p.won])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(bets.totalOdds).toBe(3.24);
    expect(bets.risk).toMatchObject({ fixtureId: 3, outcome: "O25", won: true });
  });
});
