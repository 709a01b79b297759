import type { Pool } from "../../db/client.ts";
import { writeState } from "../../db/queries/predictions.ts";
import type { Clock } from "../../data/clock.ts";
import type { WalkForward } from "../../domain/predictions/walk-forward.ts";

export interface PipelineState {
  version: string;
  phase: "idle" | "sweeping" | "writing" | "accuracy" | "done" | "failed";
  done: number;
  total: number;
  written: number;
  /** fixtures swept by the run: all of them, or those from the kept sweep's cut on (SweepCheckpoint) */
  swept?: number;
  startedAt: string | null;
  finishedAt: string | null;
  /** played fixtures the accuracy table was computed from */
  accuracyPlayed: number;
  /** the kinds (codes and outcomes) it was computed for: another set of kinds recomputes it */
  accuracyKinds?: string;
  error?: string;
}

export const STATE_KEY = "predictions";

/**
 * The sweep kept through the fixtures kicking off before `cut` (none of which a refresh can change any more), with
 * the checksum of what it read: a refresh continues a copy of it over the recent and upcoming fixtures instead of
 * sweeping the whole history again, unless the checksum shows that an older fixture changed.
 */
export interface SweepCheckpoint {
  cut: Date;
  checksum: string;
  walk: WalkForward;
}

/** What the pipeline reads of the services' context: it runs on a thread of its own (pipeline-thread.ts). */
export interface PipelineContext {
  pool: Pool;
  clock: Pick<Clock, "now">;
}

/** What the pipeline's steps share: the context, the run in flight in this thread, the state's saving. */
export function createPipelineDeps(ctx: PipelineContext) {
  return {
    ctx,
    running: null as Promise<PipelineState> | null,
    checkpoint: null as SweepCheckpoint | null,
    save: (state: PipelineState) => writeState(ctx.pool, STATE_KEY, state),
  };
}

export type PipelineDeps = ReturnType<typeof createPipelineDeps>;
