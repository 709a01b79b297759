import { describe, expect, it } from "vitest";
import { pickStreaks } from "../../src/domain/alerts/streaks.ts";

const at = (day: number) => `2026-11-${String(day).padStart(2, "0")}T15:00:00Z`;

describe("pick streaks", () => {
  it("counts runs in kick-off order, whatever order the picks come in; void and pending neither count nor break", () => {
    const grades = ["won", "won", "void", "won", "lost", "lost", null, "won", "lost", "lost", "lost", "void"];
    const picks = grades.map((grade, i) => ({ grade, kickoff: at(i + 1) })).reverse();
    expect(pickStreaks(picks)).toEqual({ longestWon: 3, longestLost: 3, current: { grade: "lost", length: 3 } });
  });
  it("has no current streak before the first settled pick", () => {
    expect(pickStreaks([{ grade: null, kickoff: at(1) }])).toEqual({ longestWon: 0, longestLost: 0, current: null });
  });
});
