import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * The replayed moment the suite's global server starts at, whatever the date and hour of the run: a Friday
 * afternoon of the season (13:00 UTC, after the weekend's prices are published), with last weekend's and midweek
 * results behind it, a busy Saturday and Sunday ahead, and no match being played while the suite runs. The
 * site's clock runs on from there.
 */
export const SITE_MOMENT = "2026-11-27T13:00:00Z";

/** A port nobody listens on now, so the suite can run beside a running copy of the product. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<{ clock: { now: string } }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      const body = response.ok
        ? ((await response.json()) as {
            status: string;
            pid?: number;
            clock: { now: string };
            predictions: { phase: string } | null;
          })
        : null;
      // Ready for the suite once the predictions' back-fill is done too: the site answers before it (a restart must),
      // but pages that list picks and prices would be empty for whichever test happens to run first.
      if (body?.status === "ok" && body.predictions?.phase === "done") {
        // Healthy, but is it ours? A copy of the product already running on this port would answer too.
        if (body.pid !== child.pid)
          throw new Error(
            `the server on ${url} is not the one the suite started (pid ${body.pid}, expected ${child.pid})`,
          );
        return body;
      }
    } catch (error) {
      if ((error as Error).message.startsWith("the server on")) throw error;
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("the server did not become healthy in time");
}

/**
 * Runs the whole product as `npm start` would, on its own port and data directory, with its clock driven to
 * SITE_MOMENT (REPLAY_OFFSET) so that every test sees the same fixtures whatever the date and hour of the run.
 */
export default async function setup(project: TestProject) {
  const PORT = Number(process.env.E2E_PORT ?? (await freePort()));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e",
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54349",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      DEV_TOOLS: "true",
      REPLAY_OFFSET: SITE_MOMENT,
      REPLAY_OFFSET_RESTART: "true",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const health = await waitForHealth(baseUrl, child, 8 * 60_000);
  project.provide("baseUrl", baseUrl);
  project.provide("siteClockOffsetMs", Date.parse(health.clock.now) - Date.now());
  return async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
}
