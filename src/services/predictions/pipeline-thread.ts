/**
 * The thread that runs the prediction pipeline (src/services/predictions-pipeline.ts starts it): the walk-forward
 * sweep of every fixture, its writes and the accuracy table take one core for up to seconds per refresh, which the
 * serving thread and the live tick must not spend. It lives as long as its process so that the sweep it keeps
 * (SweepCheckpoint) spares the next refresh the history; it opens connections of its own for each run.
 */
import { parentPort, workerData } from "node:worker_threads";
import { connect } from "../../db/client.ts";
import type { ThreadAnswer } from "../../data/worker-thread.ts";
import { type PipelineState, type SweepCheckpoint, createPipelineDeps } from "./pipeline-deps.ts";
import { refresh } from "./pipeline-run.ts";

export interface PipelineThreadInput {
  connectionString: string;
}

/** One refresh as of the site's clock: `nowMs` was its reading when the request was sent. */
export interface PipelineRequest {
  nowMs: number;
}

const { connectionString } = workerData as PipelineThreadInput;
let clockAt = { nowMs: 0, sentAt: 0 };
const clock = { now: () => new Date(clockAt.nowMs + (Date.now() - clockAt.sentAt)) };
let checkpoint: SweepCheckpoint | null = null;

parentPort!.on("message", (request: PipelineRequest) => {
  clockAt = { nowMs: request.nowMs, sentAt: Date.now() };
  void run().then((answer) => parentPort!.postMessage(answer));
});

async function run(): Promise<ThreadAnswer<PipelineState>> {
  const database = connect(connectionString, 3, () => {}, `pitchlab:predictions:${process.pid}`);
  const deps = createPipelineDeps({ pool: database.pool, clock });
  deps.checkpoint = checkpoint;
  try {
    return { ok: true, value: await refresh(deps) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  } finally {
    checkpoint = deps.checkpoint;
    await database.close().catch(() => {});
  }
}
