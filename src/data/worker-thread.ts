import { Worker } from "node:worker_threads";

/**
 * A thread's entry is TypeScript of the source tree, whichever way the server runs (its bundle, or tests through
 * tsx, whose loader a worker thread does not inherit): the thread's first step registers tsx, then imports it.
 */
const TSX_API = import.meta.resolve("tsx/esm/api");

function startWorker(entry: URL, input: unknown): Worker {
  const code = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { eval: true, workerData: input });
}

/**
 * Runs `entry` (a module that answers `workerData` with one `postMessage`) on a thread of its own and resolves
 * with its answer. For CPU-heavy work the serving event loop must not do (SPEC's "no stall" rule): the answer's
 * typed arrays come back transferred, not copied. One thread per call: the work it is for (a feature store
 * load) is seconds long and minutes apart, so a pool would only keep idle threads.
 */
export function runInThread<T>(entry: URL, input: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = startWorker(entry, input);
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

/** What a long-lived thread answers to one request: its result, or the message of the error it threw. */
export type ThreadAnswer<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * A long-lived thread that keeps state between requests (a kept sweep, for instance), started at the first
 * request and started again after a crash. `entry` answers each message with one `ThreadAnswer`; requests are
 * taken one at a time. The thread never holds the process open (unref), and `close` ends it.
 */
export function longLivedThread<Request, Answer>(entry: URL, input: unknown) {
  let worker: Worker | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function ask(request: Request): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      worker ??= startWorker(entry, input);
      const current = worker;
      current.unref();
      const settle = () => {
        current.off("message", onMessage);
        current.off("error", onError);
        current.off("exit", onExit);
      };
      const onMessage = (answer: ThreadAnswer<Answer>) => {
        settle();
        if (answer.ok) resolve(answer.value);
        else reject(new Error(answer.error));
      };
      const onError = (error: Error) => {
        settle();
        worker = null;
        void current.terminate();
        reject(error);
      };
      const onExit = (code: number) => {
        settle();
        worker = null;
        reject(new Error(`the worker thread ${entry.pathname} exited (${code}) without an answer`));
      };
      current.on("message", onMessage);
      current.once("error", onError);
      current.once("exit", onExit);
      current.postMessage(request);
    });
  }

  return {
    request(request: Request): Promise<Answer> {
      const next = queue.then(() => ask(request));
      queue = next.catch(() => {});
      return next;
    },
    async close(): Promise<void> {
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
  };
}
