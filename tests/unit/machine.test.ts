import { describe, expect, it } from "vitest";
import { MACHINE_EVENTS, expandEvents, runMachine } from "../../src/domain/predictions/machine.ts";
import { marketsOf } from "../../src/domain/predictions/probabilities.ts";

const candidate = (fixtureId: number, home: number, away: number, prices: Record<string, number> = {}) => ({
  fixtureId,
  markets: marketsOf({ home, away, rho: -0.06, htShare: 0.44, corners: 10 }),
  prices,
});

const params = { events: ["1X2"], limit: 2, minOdd: 1, maxOdd: 100, minProbability: 1, maxProbability: 100 };

describe("the machine", () => {
  it("knows every free and premium event of SPEC §3 and its extra groups; premium follows the market", () => {
    expect(MACHINE_EVENTS.filter((e) => !e.premium).map((e) => e.code)).toEqual(
      expect.arrayContaining(["1", "X", "2", "HT1", "O25", "U25", "GG", "NG", "1/GG", "2/U25", "1X", "12", "X2"]),
    );
    // the outcomes of the premium kinds (1.5, 3.5, halves, corners) are premium in the machine too
    expect(MACHINE_EVENTS.filter((e) => e.premium).map((e) => e.code)).toEqual(
      expect.arrayContaining([
        "O15",
        "U35",
        "HTO05",
        "HTU15",
        "O05",
        "U45",
        "HTO25",
        "2HO15",
        "HO25",
        "AU15",
        "HTGG",
        "2HNG",
        "CO75",
        "CU105",
      ]),
    );
    expect(expandEvents(["1X2/BTTS"]).map((e) => e.code)).toEqual(["1/GG", "1/NG", "X/GG", "X/NG", "2/GG", "2/NG"]);
  });

  it("takes one pick per match, the N most probable, and combines them", () => {
    const result = runMachine(
      [candidate(1, 2.4, 0.6), candidate(2, 1.3, 1.2), candidate(3, 0.5, 2.2), candidate(4, 1.9, 0.9)],
      params,
    );
    expect(result.picks.map((p) => p.fixtureId)).toEqual([1, 3]);
    expect(result.picks.map((p) => p.event)).toEqual(["1", "2"]);
    expect(result.combinedProbability).toBeCloseTo(result.picks[0]!.probability * result.picks[1]!.probability, 12);
    expect(result.combinedOdd).toBeCloseTo(result.picks[0]!.odd * result.picks[1]!.odd, 1);
  });

  it("uses the bookmaker's price when there is one, and filters by odds and probability", () => {
    const priced = runMachine([candidate(1, 2.4, 0.6, { "1": 1.2 })], params);
    expect(priced.picks[0]).toMatchObject({ odd: 1.2, bookmakerOdd: true });
    expect(runMachine([candidate(1, 2.4, 0.6, { "1": 1.2 })], { ...params, minOdd: 1.3 }).picks[0]?.event).not.toBe(
      "1",
    );
    expect(runMachine([candidate(1, 2.4, 0.6, { "1": 1.2 })], { ...params, events: ["1"], minOdd: 1.3 }).picks).toEqual(
      [],
    );
    expect(runMachine([candidate(1, 1.3, 1.2)], { ...params, minProbability: 60 }).picks).toEqual([]);
    expect(runMachine([], params)).toEqual({ picks: [], combinedOdd: null, combinedProbability: null });
  });
});
