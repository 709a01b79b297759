import { describe, expect, it } from "vitest";
import {
  MAX_LIVE_PRICE,
  beyondLivePriceCap,
  fitOddsModel,
  intensityLeft,
  liveOdds,
  rawLivePrice,
} from "../../src/domain/live/odds.ts";
import { devigProportional } from "../../src/domain/predictions/devig.ts";

const closing = { home: 2.1, draw: 3.4, away: 3.75, over25: 1.95, under25: 1.92 };
const model = fitOddsModel(closing)!;
const play = (second: number, homeScore = 0, awayScore = 0, homeReds = 0, awayReds = 0) => ({
  second,
  homeScore,
  awayScore,
  homeReds,
  awayReds,
});

describe("live odds", () => {
  it("at kick-off, de-vigged, equal the de-vigged closing 1X2, with the closing margin", () => {
    const odds = liveOdds(model, play(0));
    const live = devigProportional([odds.home!, odds.draw!, odds.away!]);
    const close = devigProportional([closing.home, closing.draw, closing.away]);
    for (let i = 0; i < 3; i++) expect(live[i]!).toBeCloseTo(close[i]!, 3);
    expect([odds.home, odds.draw, odds.away]).toEqual([2.1, 3.4, 3.75]);
    const ou = odds.overUnder.find((l) => l.line === 2.5)!;
    expect([ou.over, ou.under]).toEqual([1.95, 1.92]);
    expect(odds.margin).toBeCloseTo(1 / 2.1 + 1 / 3.4 + 1 / 3.75 - 1, 6);
  });

  it("a goal shortens the scorer's price", () => {
    const before = liveOdds(model, play(30 * 60));
    const homeGoal = liveOdds(model, play(30 * 60, 1, 0));
    const awayGoal = liveOdds(model, play(30 * 60, 0, 1));
    expect(homeGoal.home!).toBeLessThan(before.home!);
    expect(homeGoal.away!).toBeGreaterThan(before.away!);
    expect(awayGoal.away!).toBeLessThan(before.away!);
  });

  it("time with a level score shortens the draw and lengthens the over", () => {
    let previous = liveOdds(model, play(0));
    for (let minute = 10; minute <= 70; minute += 15) {
      const odds = liveOdds(model, play(minute * 60, 1, 1));
      const zero = liveOdds(model, play(minute * 60));
      expect(zero.draw!).toBeLessThan(previous.draw!);
      expect(zero.overUnder[2]!.over!).toBeGreaterThan(previous.overUnder[2]!.over!);
      expect(odds.draw!).toBeLessThan(liveOdds(model, play((minute - 5) * 60, 1, 1)).draw!);
      previous = zero;
    }
  });

  it("moves once per minute, settles decided lines and reacts to red cards", () => {
    expect(liveOdds(model, play(600))).toEqual(liveOdds(model, play(659)));
    const twoGoals = liveOdds(model, play(1200, 1, 1));
    expect(twoGoals.overUnder[0]!.over).toBeNull();
    expect(twoGoals.overUnder[1]!.over).toBeNull();
    expect(twoGoals.bttsYes).toBeNull();
    const red = liveOdds(model, play(1200, 0, 0, 1, 0));
    expect(red.home!).toBeGreaterThan(liveOdds(model, play(1200)).home!);
  });

  it("needs usable closing prices, and uses a 2.6-goal total without an over/under price", () => {
    expect(fitOddsModel({ ...closing, home: 1 })).toBeNull();
    const m = fitOddsModel({ ...closing, over25: null, under25: null })!;
    expect(m.lambdaHome + m.lambdaAway).toBeCloseTo(2.6, 3);
    expect(m.lambdaHome).toBeGreaterThan(m.lambdaAway);
    expect(intensityLeft(0)).toBe(1);
    expect(intensityLeft(5400)).toBe(0);
  });
});

describe("live prices", () => {
  it("always pay more than the stake, even for a near-certain selection with a wide margin", () => {
    const wide = fitOddsModel({ home: 2.3, draw: 3.2, away: 2.9, over25: 1.8, under25: 1.9 })!;
    for (let minute = 0; minute < 90; minute += 5) {
      for (const goals of [0, 1, 3]) {
        const odds = liveOdds(wide, play(minute * 60, goals, 0));
        const prices = [
          odds.home,
          odds.draw,
          odds.away,
          odds.bttsYes,
          odds.bttsNo,
          ...odds.overUnder.flatMap((l) => [l.over, l.under]),
        ];
        for (const p of prices) if (p !== null) expect(p).toBeGreaterThan(1);
      }
    }
  });

  it("offers no price above the in-play cap of 101, where real in-play markets stop", () => {
    expect(MAX_LIVE_PRICE).toBe(101);
    // Home trailing by 2 at 75': the model's home price is far beyond the cap (it was 230–501 before the cap).
    const trailing = liveOdds(model, play(75 * 60, 0, 2));
    expect(rawLivePrice(trailing.probabilities.home, trailing.margin)).toBeGreaterThan(MAX_LIVE_PRICE);
    expect(trailing.home).toBeNull();
    expect(beyondLivePriceCap(trailing, 0)).toBe(true);
    // The leader's price is offered, and is no "beyond the cap".
    expect(trailing.away).not.toBeNull();
    expect(beyondLivePriceCap(trailing, 1)).toBe(false);
    // Every price of every moment and score is within [1.01, 101] or absent.
    for (let minute = 0; minute <= 90; minute += 5) {
      for (const [h, a] of [
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 3],
        [3, 0],
        [1, 1],
      ] as const) {
        const odds = liveOdds(model, play(minute * 60, h, a));
        const prices = [
          odds.home,
          odds.draw,
          odds.away,
          odds.bttsYes,
          odds.bttsNo,
          ...odds.overUnder.flatMap((l) => [l.over, l.under]),
        ];
        for (const p of prices) if (p !== null) expect(p >= 1.01 && p <= MAX_LIVE_PRICE).toBe(true);
      }
    }
  });
});
