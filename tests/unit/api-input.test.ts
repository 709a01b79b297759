import { describe, expect, it } from "vitest";
import { safeTarget } from "../../src/domain/safe-redirect.ts";
import { idList, idText, isCalendarDay, isDateOrDateTime } from "../../src/server/api/contract.ts";

describe("redirect targets (login page and OAuth callback alike)", () => {
  it.each(["/", "/de/spiele", "/matches/1?tab=odds#x"])("keeps the site's own path %s", (target) => {
    expect(safeTarget(target)).toBe(target);
  });
  it.each(["//evil.example", "/\\evil.example", "/\\\\evil.example", "/\t/evil.example", "/\n/evil.example", "https://evil.example", "evil", "", null, 42])(
    "refuses %j",
    (target) => {
      expect(safeTarget(target)).toBeNull();
    },
  );
});

describe("ids", () => {
  it.each([["1", 1], ["2147483647", 2147483647]])("accepts %s", (text, id) => {
    expect(idText.parse(text)).toBe(id);
  });
  it.each(["0", "-1", "2147483648", "99999999999999999999", "1e3", "0x10", " 1", "1 ", "01", "1.0", "", "abc"])("refuses %j", (text) => {
    expect(idText.safeParse(text).success).toBe(false);
  });
  it("reads id lists and refuses any bad member", () => {
    expect(idList.parse("1,2,3")).toEqual([1, 2, 3]);
    for (const bad of ["1,,2", "1,x", "99999999999999999999", "1,2147483648", "1e3", " 1"]) expect(idList.safeParse(bad).success, bad).toBe(false);
  });
});

describe("dates", () => {
  it("knows the calendar", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    for (const bad of ["2026-13-45", "2026-02-29", "2026-04-31", "9999-01-01", "0001-01-01", "2026-1-1", "20260101"]) expect(isCalendarDay(bad), bad).toBe(false);
  });
  it("reads days and ISO date-times, and nothing else", () => {
    for (const ok of ["2026-11-22", "2026-11-22T18:30:00Z", "2026-11-22T18:30:00.000Z", "2026-11-22 18:30+01:00", "2026-11-22T18:30"]) expect(isDateOrDateTime(ok), ok).toBe(true);
    for (const bad of ["2026-11-22T25:00:00Z", "2026-11-22T18:61", "2026-13-01T00:00:00Z", "9999-12-31T00:00:00Z", "yesterday", "2026-11-22Tnoon"]) expect(isDateOrDateTime(bad), bad).toBe(false);
  });
});
