import { datasetCounts, ping } from "../db/queries/fixtures.ts";
import { readState } from "../db/queries/predictions.ts";
import type { ServiceContext } from "./context.ts";

export interface DatasetStatus {
  state: "pending" | "importing" | "ready" | "failed";
  filesDone: number;
  filesTotal: number;
  error?: string;
}

export interface HealthProbes {
  dataset(): DatasetStatus;
  /** null when jobs do not run in this process */
  jobs(): Promise<{ running: boolean; queues: number } | null>;
}

/** The dataset counts scan every fixture; they change only with an import, so a minute-old figure is fine. */
const COUNTS_TTL_MS = 60_000;

export function createHealthService(ctx: ServiceContext, probes: HealthProbes) {
  let cached: { at: number; counts: Awaited<ReturnType<typeof datasetCounts>> } | null = null;
  return {
    async report() {
      const started = performance.now();
      let database: { ok: boolean; latencyMs?: number; error?: string };
      let counts = null;
      try {
        await ping(ctx.pool);
        database = { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
        if (!cached || Date.now() - cached.at > COUNTS_TTL_MS || probes.dataset().state !== "ready") {
          cached = { at: Date.now(), counts: await datasetCounts(ctx.pool) };
        }
        counts = cached.counts;
      } catch (error) {
        database = { ok: false, error: (error as Error).message };
      }
      const jobs = await probes.jobs().catch((error: Error) => ({ running: false, queues: 0, error: error.message }));
      const dataset = { ...probes.dataset(), ...(counts ?? {}) };
      const predictions = database.ok ? await readState<Record<string, unknown>>(ctx.pool, "predictions").catch(() => null) : null;
      const ok = database.ok && dataset.state === "ready" && (jobs === null || jobs.running);
      return {
        status: ok ? ("ok" as const) : ("degraded" as const),
        database,
        jobs: jobs ?? { running: false, disabled: true },
        dataset,
        predictions,
        clock: {
          mode: ctx.clock.mode,
          now: ctx.clock.now().toISOString(),
          shiftWeeks: ctx.clock.shiftWeeks(),
          sourceNow: ctx.clock.sourceNow().toISOString(),
        },
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
