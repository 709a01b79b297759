import { predictionCoverage, readState } from "../../db/queries/predictions.ts";
import { KINDS_SIGNATURE } from "../../domain/predictions/kinds.ts";
import { MODEL_VERSION } from "../../domain/predictions/walk-forward.ts";
import { type PipelineDeps, type PipelineState, STATE_KEY } from "./pipeline-deps.ts";
import { RECENT_MS, accuracy, sweep, write } from "./pipeline-steps.ts";

/** Recomputes predictions; concurrent calls in one thread share the same run. */
export function refresh(d: PipelineDeps): Promise<PipelineState> {
  if (!d.running) d.running = run(d).finally(() => (d.running = null));
  return d.running;
}

/** Sweep, write, accuracy: each phase saved in the state, a failure too. */
async function run(d: PipelineDeps): Promise<PipelineState> {
  const { ctx, save } = d;
  const previous = await readState<PipelineState>(ctx.pool, STATE_KEY);
  const now = ctx.clock.now();
  const state: PipelineState = {
    version: MODEL_VERSION,
    phase: "sweeping",
    done: 0,
    total: 0,
    written: 0,
    startedAt: now.toISOString(),
    finishedAt: null,
    // The table is kept only when it was computed by this model for these kinds; otherwise it is recomputed.
    accuracyPlayed:
      previous?.version === MODEL_VERSION && previous.accuracyKinds === KINDS_SIGNATURE ? previous.accuracyPlayed : 0,
    accuracyKinds: previous?.accuracyKinds,
  };
  try {
    await save(state);
    // The history is back-filled when every fixture before the recent window has this model's prediction (new
    // upcoming fixtures of a sync are predicted by any run).
    const coverage = await predictionCoverage(ctx.pool, MODEL_VERSION, new Date(now.getTime() - RECENT_MS));
    const backfilled = coverage.predicted >= coverage.fixtures;
    const rows = await sweep(d, state, now, backfilled);
    await write(d, state, rows, now, backfilled);
    await accuracy(d, state, now);
    state.phase = "done";
    state.finishedAt = ctx.clock.now().toISOString();
    await save(state);
    return state;
  } catch (error) {
    state.phase = "failed";
    state.error = (error as Error).message;
    await save(state).catch(() => {});
    throw error;
  }
}
