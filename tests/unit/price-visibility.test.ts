import { describe, expect, it } from "vitest";
import { pricesVisible, pricesVisibleFrom } from "../../src/domain/predictions/price-visibility.ts";

const at = (iso: string) => Date.parse(iso);
const from = (iso: string) => new Date(pricesVisibleFrom(at(iso))).toISOString();

describe("when pre-match prices are published", () => {
  it("takes the Friday before a weekend round (Friday to Monday)", () => {
    expect(from("2025-10-25T14:00:00Z")).toBe("2025-10-24T12:00:00.000Z"); // Saturday
    expect(from("2025-10-26T16:30:00Z")).toBe("2025-10-24T12:00:00.000Z"); // Sunday
    expect(from("2025-10-27T20:00:00Z")).toBe("2025-10-24T12:00:00.000Z"); // Monday
    expect(from("2025-10-24T19:45:00Z")).toBe("2025-10-24T12:00:00.000Z"); // Friday evening
  });

  it("takes the Tuesday before a midweek round (Tuesday to Thursday)", () => {
    expect(from("2025-10-21T19:45:00Z")).toBe("2025-10-21T12:00:00.000Z"); // Tuesday
    expect(from("2025-10-22T20:00:00Z")).toBe("2025-10-21T12:00:00.000Z"); // Wednesday
    expect(from("2025-10-23T18:00:00Z")).toBe("2025-10-21T12:00:00.000Z"); // Thursday
  });

  it("never later than an hour before kick-off", () => {
    expect(from("2025-10-24T12:30:00Z")).toBe("2025-10-24T11:30:00.000Z");
    expect(from("2025-10-21T11:00:00Z")).toBe("2025-10-21T10:00:00.000Z");
  });

  it("says whether they are out at a moment", () => {
    expect(pricesVisible(at("2025-10-25T14:00:00Z"), at("2025-10-24T11:59:59Z"))).toBe(false);
    expect(pricesVisible(at("2025-10-25T14:00:00Z"), at("2025-10-24T12:00:00Z"))).toBe(true);
  });
});
