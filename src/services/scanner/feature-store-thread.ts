/**
 * The worker thread that builds the pre-match feature store (src/data/worker-thread.ts runs it): reading about
 * 130,000 fixtures with their prices and predictions and building the columns takes one core for seconds, which
 * the serving thread must not spend. It reads with a connection of its own and sends the arrays back transferred.
 */
import { parentPort, workerData } from "node:worker_threads";
import { connect } from "../../db/client.ts";
import { storeInput } from "../../db/queries/scanner-store.ts";
import { FeatureStore } from "../../domain/prematch/feature-store.ts";
import { storeParts } from "../../domain/prematch/feature-store-parts.ts";

export interface FeatureStoreJob {
  connectionString: string;
  now: number;
  horizonStart: number;
}

const job = workerData as FeatureStoreJob;
const database = connect(job.connectionString, 3, () => {}, `pitchlab:feature-store:${process.pid}`);
try {
  const input = await storeInput(database.pool, new Date(job.now), new Date(job.horizonStart));
  const { parts, transfer } = storeParts(new FeatureStore(input));
  parentPort!.postMessage(parts, transfer);
} finally {
  await database.close();
}
