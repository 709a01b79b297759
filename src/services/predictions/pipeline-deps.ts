import { writeState } from "../../db/queries/predictions.ts";
import type { ServiceContext } from "../context.ts";

export interface PipelineState {
  version: string;
  phase: "idle" | "sweeping" | "writing" | "accuracy" | "done" | "failed";
  done: number;
  total: number;
  written: number;
  startedAt: string | null;
  finishedAt: string | null;
  /** played fixtures the accuracy table was computed from */
  accuracyPlayed: number;
  /** the kinds (codes and outcomes) it was computed for: another set of kinds recomputes it */
  accuracyKinds?: string;
  error?: string;
}

export const STATE_KEY = "predictions";

/** What the pipeline's steps share: the context, the run in flight in this process, the state's saving. */
export function createPipelineDeps(ctx: ServiceContext, onWritten: () => void) {
  return {
    ctx,
    onWritten,
    running: null as Promise<PipelineState> | null,
    save: (state: PipelineState) => writeState(ctx.pool, STATE_KEY, state),
  };
}

export type PipelineDeps = ReturnType<typeof createPipelineDeps>;
