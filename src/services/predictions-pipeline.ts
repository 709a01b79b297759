import { KINDS } from "../domain/predictions/kinds.ts";
import type { ServiceContext } from "./context.ts";
import { createPipelineDeps } from "./predictions/pipeline-deps.ts";
import { backfilled, refresh, status } from "./predictions/pipeline-run.ts";

export type { PipelineState } from "./predictions/pipeline-deps.ts";

/**
 * The walk-forward pipeline: every fixture predicted from what was known before its kick-off, upcoming
 * fixtures written first, then the history (the back-fill). Chunks yield to the event loop so the
 * site keeps answering; a restart resumes because unchanged predictions are not rewritten. Its run and
 * steps are in src/services/predictions/pipeline-*.ts.
 */
export function createPredictionPipeline(ctx: ServiceContext, onWritten: () => void = () => {}) {
  const d = createPipelineDeps(ctx, onWritten);
  return {
    refresh: (...args: DropFirst<Parameters<typeof refresh>>) => refresh(d, ...args),
    status: (...args: DropFirst<Parameters<typeof status>>) => status(d, ...args),
    backfilled: (...args: DropFirst<Parameters<typeof backfilled>>) => backfilled(d, ...args),
    /** A refresh is running in this process: a caller of refresh() now joins it rather than starting one. */
    busy: () => d.running !== null,
    kinds: KINDS,
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
