import { describe, expect, it } from "vitest";
import { safeTarget } from "../../src/domain/safe-redirect.ts";
import { idList, idText, isCalendarDay, isDateOrDateTime } from "../../src/server/api/contract.ts";

describe("redirect targets (login page and OAuth callback alike)", () => {
  it.each(["/", "/de/spiele", "/matches/1?tab=odds#x"])("keeps the site's own path %s", (target) => {
    expect(safeTarget(target)).toBe(target);
  });
  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "https://evil.example",
    "evil",
    "",
    null,
    42,
  ])("refuses %j", (target) => {
    expect(safeTarget(target)).toBeNull();
  });
});

describe("ids", () => {
  it.each([
    ["1", 1],
    ["2147483647", 2147483647],
  ])("accepts %s", (text, id) => {
    expect(idText.parse(text)).toBe(id);
  });
  it.each(["0", "-1", "2147483648", "99999999999999999999", "1e3", "0x10", " 1", "1 ", "01", "1.0", "", "abc"])(
    "refuses %j",
    (text) => {
      expect(idText.safeParse(text).success).toBe(false);
    },
  );
  it("reads id lists and refuses any bad member", () => {
    expect(idList.parse("1,2,3")).toEqual([1, 2, 3]);
    for (const bad of ["1,,2", "1,x", "99999999999999999999", "1,2147483648", "1e3", " 1"])
      expect(idList.safeParse(bad).success, bad).toBe(false);
  });
});

describe("dates", () => {
  it("knows the calendar", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    for (const bad of ["2026-13-45", "2026-02-29", "2026-04-31", "9999-01-01", "0001-01-01", "2026-1-1", "20260101"])
      expect(isCalendarDay(bad), bad).toBe(false);
  });
  it("reads days and ISO date-times, and nothing else", () => {
    for (const ok of [
      "2026-11-22",
      "2026-11-22T18:30:00Z",
      "2026-11-22T18:30:00.000Z",
      "2026-11-22 18:30+01:00",
      "2026-11-22T18:30",
    ])
      expect(isDateOrDateTime(ok), ok).toBe(true);
    for (const bad of [
      "2026-11-22T25:00:00Z",
      "2026-11-22T18:61",
      "2026-13-01T00:00:00Z",
      "9999-12-31T00:00:00Z",
      "yesterday",
      "2026-11-22Tnoon",
    ])
      expect(isDateOrDateTime(bad), bad).toBe(false);
  });
});

describe("the one input rule (NUL, subnormal numbers) and the one id rule", () => {
  it("finds a NUL in any text or key of a JSON value, and a subnormal number, with its path", async () => {
    const { badInputIn, badEntryIn } = await import("../../src/domain/input-text.ts");
    expect(badInputIn({ name: "ok", leagueIds: [1, 2], rules: [{ value: 1.5 }] })).toBeNull();
    expect(badInputIn({ name: "a\u0000b" })).toEqual({ path: "name", key: "apiErrors.validation.nul" });
    expect(badInputIn({ rules: [{ stat: "ok" }, { stat: "\u0000" }] })).toEqual({
      path: "rules.1.stat",
      key: "apiErrors.validation.nul",
    });
    expect(badInputIn({ query: { "a\u0000": 1 } })?.key).toBe("apiErrors.validation.nul");
    expect(badInputIn({ stake: 1e-320 })).toEqual({ path: "stake", key: "apiErrors.validation.tinyNumber" });
    expect(badInputIn({ stake: -5e-324 })?.key).toBe("apiErrors.validation.tinyNumber");
    expect(badInputIn({ stake: 0, tiny: 1e-300 })).toBeNull();
    expect(
      badEntryIn([
        ["search", "%00"],
        ["q", "x"],
      ]),
    ).toBeNull();
    expect(badEntryIn([["search", "\u0000"]])).toEqual({ path: "search", key: "apiErrors.validation.nul" });
  });

  it("reads ids from text with the API's bounds", async () => {
    const { idFromText, idSchema } = await import("../../src/domain/ids.ts");
    expect(idFromText("2147483647")).toBe(2147483647);
    for (const bad of ["2147483648", "0", "-1", "1e3", " 1", "1.5", "", null, undefined, 5])
      expect(idFromText(bad), String(bad)).toBeNull();
    expect(idSchema.safeParse(2147483648).success).toBe(false);
    expect(idSchema.safeParse(-5).error?.issues[0]?.message).toBe("apiErrors.validation.id");
  });

  it("refuses redirect targets beyond printable ASCII (a Location header carries Latin-1 at most)", () => {
    expect(safeTarget("/\u2215\u2215evil.com")).toBeNull();
    expect(safeTarget("/caf\u00e9")).toBeNull();
    expect(safeTarget("/de/ligen?x=%E2%88%95")).toBe("/de/ligen?x=%E2%88%95");
  });
});
