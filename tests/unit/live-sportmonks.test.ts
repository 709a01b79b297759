import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { sportmonksState } from "../../src/data/live/sportmonks-feed.ts";

/** Recorded SportMonks v3 `livescores/inplay` answers, read through the adapter's mapping. */
async function recorded(name: string): Promise<Array<Parameters<typeof sportmonksState>[1]>> {
  const text = await readFile(new URL(`../support/recorded/${name}`, import.meta.url), "utf8");
  return (JSON.parse(text) as { data: Array<Parameters<typeof sportmonksState>[1]> }).data;
}

describe("SportMonks adapter on recorded answers", () => {
  it("keeps first-half added time in the first half (45+2 is not the 48th minute of the second half)", async () => {
    const [firstHalf] = await recorded("sportmonks-livescores-first-half-added-time.json");
    const state = sportmonksState(1, firstHalf!);
    expect(state).toMatchObject({ status: "live", second: 45 * 60 - 1, minute: 45, homeScore: 1, awayScore: 0 });
    // The yellow card of 45+1 is listed in minute 45, as events of added time are.
    expect(state.events.map((e) => `${e.minute}:${e.type}:${e.side}`)).toEqual(["23:goal:home", "45:yellow:away"]);
  });

  it("reads a missing score as unknown (null), never 0", async () => {
    const [, noScore] = await recorded("sportmonks-livescores-first-half-added-time.json");
    const state = sportmonksState(2, noScore!);
    expect(state).toMatchObject({ status: "live", second: 52 * 60 + 40, minute: 53, homeScore: null, awayScore: null });
    expect(state.home.shots).toBe(7);
  });

  it("reads the second half's clock as before", async () => {
    const [secondHalf] = await recorded("sportmonks-livescores-inplay.json");
    expect(sportmonksState(3, secondHalf!)).toMatchObject({ second: 67 * 60 + 21, minute: 68, homeScore: 2 });
  });

  it("never puts the second half's clock before its first second, nor a half-time break after it", () => {
    const at = (state_id: number, type_id: number, minutes: number) =>
      sportmonksState(4, {
        id: 4,
        state_id,
        starting_at_timestamp: 0,
        periods: [{ type_id, ticking: true, minutes, seconds: 0 }],
      });
    expect(at(22, 2, 44).second).toBe(45 * 60);
    expect(at(2, 1, 50).second).toBe(45 * 60 - 1);
    expect(at(3, 1, 47)).toMatchObject({ status: "halftime", second: 45 * 60 - 1 });
    expect(at(22, 2, 95).second).toBe(90 * 60 - 1);
  });

  it("keeps a match's prices when one result selection is suspended (a result all but decided)", () => {
    const odds = (
      rows: Array<{ market_id: number; label: string; value: string; total?: string; suspended?: boolean }>,
    ) =>
      sportmonksState(5, {
        id: 5,
        state_id: 22,
        starting_at_timestamp: 0,
        periods: [{ type_id: 2, ticking: true, minutes: 61, seconds: 30 }],
        inplayodds: rows,
      }).odds;
    const overUnder = { market_id: 80, label: "Over", value: "1.55", total: "2.5" };
    // Brentford 2–0 Burnley in the 62nd minute, as the stand-in answered it: the away win suspended.
    const decided = odds([
      { market_id: 1, label: "1", value: "1.01" },
      { market_id: 1, label: "X", value: "58.18" },
      { market_id: 1, label: "2", value: "1.00", suspended: true },
      overUnder,
    ]);
    expect(decided).toMatchObject({ minute: 62, home: 1.01, draw: 58.18, away: null });
    expect(decided!.overUnder.find((l) => l.line === 2.5)?.over).toBe(1.55);
    expect(decided!.probabilities.away).toBe(0);
    expect(decided!.probabilities.home + decided!.probabilities.draw).toBeCloseTo(1, 9);
    // With one result price only there is no line to read.
    expect(
      odds([
        { market_id: 1, label: "1", value: "1.01" },
        { market_id: 1, label: "X", value: "1.00", suspended: true },
        overUnder,
      ]),
    ).toBeNull();
  });
});
