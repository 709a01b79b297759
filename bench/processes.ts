/** The product's processes as the multi-process benches (scale, matchday) run them: `scripts/start.mjs` per role. */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { freePort } from "./free-port.ts";
import { until } from "./until.ts";

export const HOST = "127.0.0.1";

export interface Child {
  child: ChildProcess;
  port: number;
  exited: Promise<unknown>;
}

export interface Health {
  status: string;
  process: { shards: number[] } | null;
  jobs: { live?: { ticks: number; fixtures: number; lastMs: number; p50Ms: number; p95Ms: number } };
  predictions: { phase?: string } | null;
  loopDelay: { lastMinute: { p99Ms: number; maxMs: number }; sinceStart: { maxMs: number } } | null;
}

/** `scripts/start.mjs [role]` on `port`, in production mode, warnings and errors on the bench's stderr. */
export function startProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
): Child {
  const child = spawn(process.execPath, [...nodeArgs, "scripts/start.mjs", ...args], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST,
      PORT: String(port),
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { child, port, exited: new Promise((resolve) => child.once("exit", resolve)) };
}

export async function stop(children: Child[]) {
  for (const c of children) c.child.kill("SIGTERM");
  await Promise.all(children.map((c) => c.exited));
}

/** Stops the children still running (the benches' `finally`). */
export const stopRunning = (children: Child[]) =>
  Promise.all(children.filter((c) => c.child.exitCode === null && c.child.signalCode === null).map((c) => stop([c])));

export const healthOf = async (c: Child) =>
  (await (await fetch(`http://${HOST}:${c.port}/api/v1/health`)).json()) as Health;

/** Resident memory of a child now, in MB (start.mjs runs the server in its own process: the pid is the server's). */
export function rssMb(c: Child): number | null {
  try {
    const status = readFileSync(`/proc/${c.child.pid}/status`, "utf8");
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return null;
  }
}

/**
 * The first run: `npm start` imports the dataset and computes the predictions (into the bench's data directory, or
 * into the database of `env.DATABASE_URL`); returns once they are done and the process has stopped.
 */
export async function prepare(env: Record<string, string>) {
  const all = startProcess([], env, await freePort());
  try {
    await until(
      "the dataset and predictions",
      async () => {
        const h = await healthOf(all);
        return h.status === "ok" && h.predictions?.phase === "done";
      },
      30 * 60_000,
    );
  } finally {
    await stop([all]);
  }
}
