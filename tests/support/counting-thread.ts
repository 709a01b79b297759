/** A long-lived thread for tests/unit/worker-thread.test.ts: it counts its requests, fails or exits when asked. */
import { parentPort, workerData } from "node:worker_threads";

let count = (workerData as { start: number }).start;
parentPort!.on("message", (request: "count" | "fail" | "exit") => {
  if (request === "exit") process.exit(3);
  if (request === "fail") parentPort!.postMessage({ ok: false, error: "asked to fail" });
  else parentPort!.postMessage({ ok: true, value: ++count });
});
