import { connectionStringOf } from "../db/client.ts";
import { predictionCoverage, readState } from "../db/queries/predictions.ts";
import { longLivedThread } from "../data/worker-thread.ts";
import { KINDS } from "../domain/predictions/kinds.ts";
import { MODEL_VERSION } from "../domain/predictions/walk-forward.ts";
import type { ServiceContext } from "./context.ts";
import { type PipelineState, STATE_KEY } from "./predictions/pipeline-deps.ts";
import type { PipelineRequest, PipelineThreadInput } from "./predictions/pipeline-thread.ts";

export type { PipelineState } from "./predictions/pipeline-deps.ts";

/**
 * The walk-forward pipeline: every fixture predicted from what was known before its kick-off, upcoming
 * fixtures written first, then the history (the back-fill). It runs on a thread of its own
 * (src/services/predictions/pipeline-thread.ts), so the site and the live tick never wait for it; a restart
 * resumes because unchanged predictions are not rewritten.
 */
export function createPredictionPipeline(ctx: ServiceContext, onWritten: () => void = () => {}) {
  const input: PipelineThreadInput = { connectionString: connectionStringOf(ctx.pool) };
  const thread = longLivedThread<PipelineRequest, PipelineState>(
    new URL("./predictions/pipeline-thread.ts", import.meta.url),
    input,
  );
  let running: Promise<PipelineState> | null = null;
  return {
    /** Recomputes predictions; concurrent calls in one process share the same run. */
    refresh(): Promise<PipelineState> {
      running ??= thread
        .request({ nowMs: ctx.clock.now().getTime() })
        .then((state) => {
          // pages showing predictions are stale now (the page cache and the page data follow the data version)
          if (state.written > 0) onWritten();
          return state;
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    status: () => readState<PipelineState>(ctx.pool, STATE_KEY),
    /** Whether every fixture has a prediction of the current model (false until the first back-fill ends). */
    async backfilled(): Promise<boolean> {
      const coverage = await predictionCoverage(ctx.pool, MODEL_VERSION);
      return coverage.predicted >= coverage.fixtures;
    },
    /** A refresh is running in this process: a caller of refresh() now joins it rather than starting one. */
    busy: () => running !== null,
    /** Ends the thread (at shutdown; a refresh in flight fails, its writes are transactions). */
    close: () => thread.close(),
    kinds: KINDS,
  };
}
