import { Worker } from "node:worker_threads";

/**
 * A thread's entry is TypeScript of the source tree, whichever way the server runs (its bundle, or tests through
 * tsx, whose loader a worker thread does not inherit): the thread's first step registers tsx, then imports it.
 */
const TSX_API = import.meta.resolve("tsx/esm/api");

/**
 * Runs `entry` (a module that answers `workerData` with one `postMessage`) on a thread of its own and resolves
 * with its answer. For CPU-heavy work the serving event loop must not do (SPEC's "no stall" rule): the answer's
 * typed arrays come back transferred, not copied. One thread per call: the work it is for (a feature store
 * load) is seconds long and minutes apart, so a pool would only keep idle threads.
 */
export function runInThread<T>(entry: URL, input: unknown): Promise<T> {
  const code = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: input });
    let answered = false;
    worker.once("message", (answer: T) => {
      answered = true;
      resolve(answer);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`the worker thread ${entry.pathname} exited (${code}) without an answer`));
    });
  });
}
