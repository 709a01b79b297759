import { describe, expect, it } from "vitest";
import { WORLD, bookmakerShown, isBookmakerCountry } from "../../src/domain/bookmakers.ts";

describe("bookmaker country (SPEC §3, -1 = world)", () => {
  it("shows every bookmaker for the world and the licensed ones for a country", () => {
    expect(bookmakerShown("PS", WORLD)).toBe(true);
    expect(bookmakerShown("PS", 826)).toBe(false);
    expect(bookmakerShown("B365", 826)).toBe(true);
    expect(bookmakerShown("LB", 276)).toBe(false);
    expect(bookmakerShown("IW", 276)).toBe(true);
    expect(bookmakerShown("Avg", 380)).toBe(true);
    expect(bookmakerShown("UNKNOWN", 826)).toBe(false);
  });
  it("knows its countries", () => {
    expect(isBookmakerCountry(WORLD)).toBe(true);
    expect(isBookmakerCountry(826)).toBe(true);
    expect(isBookmakerCountry(999)).toBe(false);
  });
});
