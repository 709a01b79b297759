import type { Pool } from "../db/client.ts";
import { applyClockState, newestSeasonSpan, readClockState } from "../db/clock-state.ts";
import { deleteState, readState, writeState, writeStateOnce } from "../db/queries/state.ts";
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

/**
 * REPLAY_OFFSET shared by every process on one database: "saturday 15:00" names a moment, and each process
 * that computed its own offset at its own start would run a clock a few seconds apart from the others. The
 * first process to store it fixes the site's clock; every later start with the same REPLAY_OFFSET (web and
 * worker processes, and the leader itself after a restart) takes the stored offset, so the clock continues
 * across restarts: a finished match never becomes live again and no sent alert precedes its pick.
 * The leader (`npm start`) computes a new offset only when the setting changed (or nothing is stored), or
 * when `reanchor` (REPLAY_OFFSET_RESTART) asks to start again from the named moment. A leader started without
 * REPLAY_OFFSET forgets the stored one, so that setting it again later starts from its moment.
 */
export async function sharedReplayOffset(
  pool: Pool,
  text: string | undefined,
  leader: boolean,
  parse: (text: string, nowMs: number) => number | null,
  reanchor = false,
): Promise<number> {
  if (!text) {
    if (leader) await deleteState(pool, "replay-offset");
    return 0;
  }
  const stored = await readState<{ text: string; offsetMs: number }>(pool, "replay-offset");
  if (stored?.text === text && !(leader && reanchor)) return stored.offsetMs;
  const offsetMs = parse(text, Date.now()) ?? 0;
  if (leader) await writeState(pool, "replay-offset", { text, offsetMs });
  else await writeStateOnce(pool, "replay-offset", { text, offsetMs });
  const agreed = leader ? null : await readState<{ text: string; offsetMs: number }>(pool, "replay-offset");
  return agreed?.text === text ? agreed.offsetMs : offsetMs;
}
