import type { Pool } from "../db/client.ts";
import { applyClockState, newestSeasonSpan, readClockState } from "../db/clock-state.ts";
import { WEEK_MS, chooseShiftWeeks } from "../domain/replay/shift.ts";

export interface Clock {
  mode: "replay" | "real";
  now(): Date;
  /** How far the dataset is moved forward, in whole weeks (0 in real mode). */
  shiftWeeks(): number;
  /** The moment of the source data that "now" corresponds to. */
  sourceNow(): Date;
  /** Re-checks that today still falls inside the newest season (the replay is shifted again when not). */
  refresh(): Promise<void>;
}

export interface ClockOptions {
  mode: "replay" | "real";
  /** For tests and demos: a fixed offset added to the wall clock. */
  offsetMs?: number;
}

/**
 * The site's clock. In replay mode the dataset is shifted by whole weeks so that today falls inside its
 * newest season; the clock itself is the wall clock, so matches start, play and end in real time.
 */
export async function setupClock(pool: Pool, options: ClockOptions): Promise<Clock> {
  const now = () => new Date(Date.now() + (options.offsetMs ?? 0));
  let weeks = 0;
  const refresh = async () => {
    const state = await readClockState(pool);
    let next = 0;
    if (options.mode === "replay") {
      const span = await newestSeasonSpan(pool);
      next = span ? chooseShiftWeeks(now().getTime(), span, state?.mode === "replay" ? state.shiftWeeks : null) : 0;
    }
    if (!state || state.mode !== options.mode || state.shiftWeeks !== next) {
      await applyClockState(pool, { mode: options.mode, shiftWeeks: next });
    }
    weeks = next;
  };
  await refresh();
  return {
    mode: options.mode,
    now,
    shiftWeeks: () => weeks,
    sourceNow: () => new Date(now().getTime() - weeks * WEEK_MS),
    refresh,
  };
}
