import { describe, expect, it } from "vitest";
import { american, formatOdds, fractional } from "../../src/domain/odds-format.ts";

describe("odds formats", () => {
  it("shows decimal odds with two decimals", () => {
    expect(formatOdds(2.5, 1)).toBe("2.50");
    expect(formatOdds(1.333, 1)).toBe("1.33");
  });

  it("finds the nearest fraction with a denominator up to 100", () => {
    expect(fractional(2.5)).toBe("3/2");
    expect(fractional(3)).toBe("2/1");
    expect(fractional(1.5)).toBe("1/2");
    expect(fractional(1.91)).toBe("91/100");
    expect(fractional(1.909)).toBe("10/11");
    expect(fractional(1.01)).toBe("1/100");
  });

  it("follows the American rules", () => {
    expect(american(2)).toBe("+100");
    expect(american(3.5)).toBe("+250");
    expect(american(1.5)).toBe("-200");
    expect(american(1.25)).toBe("-400");
    expect(american(1)).toBe("-10000");
  });
});

describe("decimal odds in the visitor's locale", () => {
  it("take the locale's decimal separator and never a thousands separator", () => {
    expect(formatOdds(2.29, 1, "de-DE")).toBe("2,29");
    expect(formatOdds(2.29, 1, "en-GB")).toBe("2.29");
    expect(formatOdds(1001, 1, "de-DE")).toBe("1001,00");
    expect(formatOdds(2.5, 2, "de-DE")).toBe("3/2");
  });
});
