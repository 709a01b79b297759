import { describe, expect, it } from "vitest";
import { pricesVisibleFrom } from "../../src/domain/predictions/price-visibility.ts";
import { closingColumns, quotedCell, quotedPrice } from "../../src/domain/standin/price-drift.ts";

/** The stand-in's prices move from the opening toward the closing one as kick-off nears. */

// Saturday 28 November 2026, 15:00 UTC: published Friday 27th at 12:00 UTC, 27 hours before.
const KICKOFF = Date.parse("2026-11-28T15:00:00Z");
const PUBLISHED = Date.parse("2026-11-27T12:00:00Z");
const HOUR = 3_600_000;

describe("the stand-in's price drift (pure)", () => {
  it("quotes the opening price at publication and the closing one at kick-off, linear in between", () => {
    expect(pricesVisibleFrom(KICKOFF)).toBe(PUBLISHED);
    expect(quotedPrice(2.2, 1.93, KICKOFF, PUBLISHED)).toBe(2.2);
    expect(quotedPrice(2.2, 1.93, KICKOFF, PUBLISHED + 9 * HOUR)).toBe(2.11);
    expect(quotedPrice(2.2, 1.93, KICKOFF, PUBLISHED + 18 * HOUR)).toBe(2.02);
    expect(quotedPrice(2.2, 1.93, KICKOFF, KICKOFF)).toBe(1.93);
    // Before publication and after kick-off it stays at its ends.
    expect(quotedPrice(2.2, 1.93, KICKOFF, PUBLISHED - HOUR)).toBe(2.2);
    expect(quotedPrice(2.2, 1.93, KICKOFF, KICKOFF + HOUR)).toBe(1.93);
  });

  it("moves on the hour only, and is within an hour's drift of the closing price a cycle before kick-off", () => {
    // The provider refreshes its prices on the hour: a file read twice within the hour is unchanged (a 304).
    expect(quotedPrice(3.4, 2.9, KICKOFF, PUBLISHED + 5 * HOUR + 59 * 60_000)).toBe(
      quotedPrice(3.4, 2.9, KICKOFF, PUBLISHED + 5 * HOUR),
    );
    const lastBefore = quotedPrice(3.4, 2.9, KICKOFF, KICKOFF - 15 * 60_000);
    expect(lastBefore).toBe(quotedPrice(3.4, 2.9, KICKOFF, KICKOFF - HOUR));
    // An hour of the 27 between publication and kick-off is left: 1/27 of the 0.5 move, and the rounding.
    expect(Math.abs(lastBefore - 2.9)).toBeLessThanOrEqual(0.5 / 27 + 0.01);
  });

  it("pairs each opening price column with its closing one", () => {
    const header = ["HomeTeam", "B365H", "B365D", "B365A", "B365CH", "B365CD", "B365CA", "Avg>2.5", "AvgC>2.5"];
    expect(closingColumns(header)).toEqual([-1, 4, 5, 6, -1, -1, -1, 8, -1]);
    expect(closingColumns(["B365AHH", "B365CAHH", "PSH"])).toEqual([1, -1, -1]);
  });

  it("keeps the file's own text while the price has not moved, and a cell without a closing value as it is", () => {
    expect(quotedCell("2.20", "1.93", KICKOFF, PUBLISHED)).toBe("2.20");
    expect(quotedCell("2.20", "1.93", KICKOFF, PUBLISHED + 9 * HOUR)).toBe("2.11");
    expect(quotedCell("2.20", "", KICKOFF, PUBLISHED + 9 * HOUR)).toBe("2.20");
    expect(quotedCell("", "1.93", KICKOFF, PUBLISHED + 9 * HOUR)).toBe("");
  });
});
