import type { Config } from "../../config.ts";
import { type Clock, setupClock, sharedReplayOffset } from "../../data/clock.ts";
import type { Pool } from "../../db/client.ts";
import { parseReplayOffset } from "../../domain/replay/offset.ts";
import type { Logger } from "../../logger.ts";

/**
 * One clock for the whole site: the offset is computed once, shared through the database and kept across
 * restarts; only a changed REPLAY_OFFSET (or REPLAY_OFFSET_RESTART on the leader) moves it.
 */
export async function startClock(config: Config, pool: Pool, log: Logger): Promise<Clock> {
  const offsetMs = await sharedReplayOffset(
    pool,
    config.REPLAY_OFFSET,
    config.ROLE === "all",
    parseReplayOffset,
    config.REPLAY_OFFSET_RESTART,
  );
  const clock = await setupClock(pool, { mode: config.CLOCK_MODE, offsetMs });
  log.info(
    clock.mode === "replay"
      ? `replay clock: the dataset is shifted by ${clock.shiftWeeks()} weeks, so today is ${clock.sourceNow().toISOString().slice(0, 10)} of its newest season`
      : "clock: real time, the dataset as it is",
  );
  return clock;
}
