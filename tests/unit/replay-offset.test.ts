import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { parseReplayOffset } from "../../src/domain/replay/offset.ts";

// A Tuesday 03:00 UTC in winter (UK time = UTC) and a Wednesday in summer (UK = UTC+1).
const winter = Date.parse("2026-11-24T03:00:00Z");
const summer = Date.parse("2026-07-15T03:00:00Z");

describe("REPLAY_OFFSET", () => {
  it("moves now to the next weekday at a UK time", () => {
    expect(winter + parseReplayOffset("saturday 15:00", winter)!).toBe(Date.parse("2026-11-28T15:00:00Z"));
    expect(winter + parseReplayOffset("Sat 15:00", winter)!).toBe(Date.parse("2026-11-28T15:00:00Z"));
    expect(summer + parseReplayOffset("saturday 15:00", summer)!).toBe(Date.parse("2026-07-18T14:00:00Z"));
    expect(winter + parseReplayOffset("tuesday 19:45", winter)!).toBe(Date.parse("2026-11-24T19:45:00Z"));
  });

  it("takes a date-time or a duration", () => {
    expect(winter + parseReplayOffset("2026-11-21T15:00:00Z", winter)!).toBe(Date.parse("2026-11-21T15:00:00Z"));
    expect(winter + parseReplayOffset("2026-11-21T15:00", winter)!).toBe(Date.parse("2026-11-21T15:00:00Z"));
    expect(parseReplayOffset("+2h", winter)).toBe(7_200_000);
    expect(parseReplayOffset("-90m", winter)).toBe(-5_400_000);
    expect(parseReplayOffset("+3d", winter)).toBe(3 * 86_400_000);
  });

  it("refuses anything else, and the configuration names it", () => {
    for (const bad of ["saturday", "funday 15:00", "sat 25:00", "2h", "+2w", "2026-13-01"])
      expect(parseReplayOffset(bad, winter)).toBeNull();
    expect(() => loadConfig({ REPLAY_OFFSET: "someday" })).toThrow(/REPLAY_OFFSET/);
    expect(loadConfig({ REPLAY_OFFSET: "saturday 15:00" }).REPLAY_OFFSET).toBe("saturday 15:00");
  });
});
