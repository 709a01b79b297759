import type { Clock } from "../../src/data/clock.ts";

/** A clock standing still at `at`, in real mode (no shift). */
export function fixedClock(at: Date | string): Clock & { set(to: Date | string): void } {
  let now = new Date(at);
  return {
    mode: "real",
    now: () => new Date(now),
    shiftWeeks: () => 0,
    sourceNow: () => new Date(now),
    refresh: async () => {},
    set(to) {
      now = new Date(to);
    },
  };
}
