import { datasetCounts, ping } from "../db/queries/fixtures.ts";
import { readState } from "../db/queries/predictions.ts";
import type { PipelineState } from "./predictions-pipeline.ts";
import type { ServiceContext } from "./context.ts";
import type { ScaleService } from "./scale.ts";
import { footballDataState, sourceHealth } from "./sync/football-data.ts";
import { sportmonksState } from "./sync/sportmonks.ts";

export interface DatasetStatus {
  state: "pending" | "importing" | "ready" | "failed";
  filesDone: number;
  filesTotal: number;
  error?: string;
}

/** Event-loop delay in milliseconds (src/server/start/loop-delay.ts). */
export interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  samples: number;
}

export interface LoopDelayReport {
  sinceStart: LoopDelay;
  lastMinute: LoopDelay;
  resolutionMs: number;
}

export interface HealthProbes {
  dataset(): DatasetStatus;
  /** this process's event-loop delay; absent where nothing measures it (tests that build services alone) */
  loopDelay?(): LoopDelayReport;
  /** null when jobs do not run in this process */
  jobs(): Promise<{
    running: boolean;
    /** set while the jobs start (after the pages and the API already answer) */
    starting?: boolean;
    queues: number;
    live?: { ticks: number; fixtures: number; lastMs: number; p50Ms: number; p95Ms: number };
  } | null>;
}

/**
 * The dataset counts are exact and scan every fixture and price (about two million odds rows); they change only
 * with an import, so a minute-old figure is fine, and a few seconds old while the bundled dataset is imported.
 */
const COUNTS_TTL_MS = 60_000;
const IMPORTING_TTL_MS = 5_000;

/**
 * Each configured source's health; null when real mode reads none (replay mode). SportMonks is reported next to
 * football-data.co.uk only: it prices the fixtures that football-data.co.uk's sync lists, and reads nothing alone.
 */
async function sourcesHealth(ctx: ServiceContext) {
  const { footballData, sportmonks } = ctx.sources ?? {};
  if (!footballData) return null;
  const nowMs = ctx.clock.now().getTime();
  const prices = sportmonks ? await sportmonksState(ctx) : null;
  return {
    footballData: sourceHealth(await footballDataState(ctx), nowMs, footballData.everyMs),
    ...(sportmonks && prices
      ? {
          sportmonks: {
            ...sourceHealth(prices, nowMs, sportmonks.everyMs),
            unmatchedFixtures: prices.unmatchedFixtures,
          },
        }
      : {}),
  };
}

export function createHealthService(
  ctx: ServiceContext,
  probes: HealthProbes,
  scale?: Pick<ScaleService, "self" | "cluster">,
) {
  let cached: { at: number; counts: Awaited<ReturnType<typeof datasetCounts>> } | null = null;
  return {
    async report() {
      const started = performance.now();
      let database: { ok: boolean; latencyMs?: number; error?: string };
      let counts = null;
      try {
        await ping(ctx.pool);
        database = { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
        const ttl = probes.dataset().state === "ready" ? COUNTS_TTL_MS : IMPORTING_TTL_MS;
        if (!cached || Date.now() - cached.at > ttl) {
          cached = { at: Date.now(), counts: await datasetCounts(ctx.pool) };
        }
        counts = cached.counts;
      } catch (error) {
        database = { ok: false, error: (error as Error).message };
      }
      const jobs = await probes.jobs().catch((error: Error) => ({ running: false, queues: 0, error: error.message }));
      const dataset = { ...probes.dataset(), ...(counts ?? {}) };
      const predictions = database.ok
        ? await readState<PipelineState>(ctx.pool, "predictions").catch(() => null)
        : null;
      // Real mode's providers: each source's last success and error; one failing too long degrades the site.
      const sources = database.ok ? await sourcesHealth(ctx) : null;
      const ok =
        database.ok &&
        dataset.state === "ready" &&
        (jobs === null || jobs.running) &&
        !Object.values(sources ?? {}).some((s) => s.status === "degraded");
      // Scale-out: this process's role and live shards, and every worker with its shards (read from the database).
      const self = scale?.self() ?? null;
      const cluster = scale && database.ok ? await scale.cluster().catch(() => null) : null;
      return {
        status: ok ? ("ok" as const) : ("degraded" as const),
        /** the server's process id: a test suite checks that the server answering is the one it started */
        pid: process.pid,
        /** all (everything in one process), web (pages and API) or worker (jobs) */
        role: self?.role ?? "all",
        /** this process's id among the workers and the live shards it holds (none for a web process) */
        process: self ? { id: self.id, shards: self.shards, shardCount: self.shardCount } : null,
        /** how late this process's event loop ran: a slow page or live tick starts here */
        loopDelay: probes.loopDelay?.() ?? null,
        /** the workers on this database (alive, or dead within the hour) and the shards each holds */
        cluster,
        database,
        jobs: jobs ?? { running: false, disabled: true },
        dataset,
        predictions,
        /** real mode's data providers (null in replay mode) */
        sources,
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
