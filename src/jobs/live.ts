import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";

const TICK_MS = 1000;
/** With nothing live, look again this often (a fixture kicking off is picked up within it). */
const IDLE_MS = 5000;
const TIMELINES_EVERY_MS = 10_000;
const TIMELINE_BATCH = 2000;
/** SIGTERM to exit in under 5 s: what a stop waits for the tick in flight. */
const STOP_WAIT_MS = 1500;

/**
 * The live tick: every second while any fixture is being played, the live states are computed and the changed
 * ones stored (services.live.tick); every 10 s the timelines of finished fixtures without one are stored, in
 * batches (the whole history at the first start, then each match as it ends). A timer rather than pg-boss,
 * which schedules per minute at best; runs never overlap, and runs in other workers are harmless (upserts).
 */
/** The ticker's recent figures (the health endpoint: how long this worker's ticks take on its shards). */
export interface TickerStats {
  ticks: number;
  /** fixtures of the last tick (this worker's part) */
  fixtures: number;
  lastMs: number;
  /** over the last 120 ticks with fixtures */
  p50Ms: number;
  p95Ms: number;
}

const RECENT = 120;

/**
 * The live scanner right after the tick, on the states that changed (its failure never stops the tick); the
 * fixtures that ended or went to another worker leave it.
 */
async function scanChanged(services: Services, log: Logger, tick: Awaited<ReturnType<Services["live"]["tick"]>>) {
  if (tick.changed === 0 && tick.ended.length === 0 && tick.left.length === 0) return;
  await services.liveScanner.scan(tick.states, [...tick.ended, ...tick.left]).then(
    (scan) => {
      if (scan.picks.length > 0 || scan.failed > 0)
        log.info({ picks: scan.picks.length, failed: scan.failed, error: scan.lastError }, "live scanner alerts");
    },
    (error) => log.error({ err: error }, "live scanner failed"),
  );
}

/** The q-quantile of the recent tick durations, to a tenth of a millisecond. */
function quantile(recent: number[], q: number): number {
  if (recent.length === 0) return 0;
  const sorted = [...recent].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
}

export function startLiveTicker(
  services: Services,
  log: Logger,
): { stop(): Promise<void>; wake(): void; stats(): TickerStats } {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastTimelines = 0;
  let storing = true;
  const recent: number[] = [];
  let ticks = 0;
  let fixtures = 0;
  let lastMs = 0;

  const run = async () => {
    let wait = TICK_MS;
    try {
      const started = performance.now();
      // Only the fixtures of this worker's shards (all of them when it is alone): src/services/scale.ts.
      const tick = await services.live.tick({ shard: services.scale.liveShard() });
      await scanChanged(services, log, tick);
      lastMs = performance.now() - started;
      fixtures = tick.live;
      ticks++;
      if (tick.live > 0) {
        recent.push(lastMs);
        if (recent.length > RECENT) recent.shift();
      }
      if (tick.live === 0) wait = IDLE_MS;
      else wait = Math.max(0, TICK_MS - (performance.now() - started));
      if (
        services.scale.leads() &&
        Date.now() - lastTimelines >= TIMELINES_EVERY_MS &&
        (storing || tick.live > 0 || Date.now() - lastTimelines >= 60_000)
      ) {
        lastTimelines = Date.now();
        const stored = await services.live.storeTimelines(TIMELINE_BATCH);
        storing = stored === TIMELINE_BATCH;
        if (stored > 0) log.info({ stored }, "live timelines of finished fixtures stored");
      }
    } catch (error) {
      log.error({ err: error }, "live tick failed");
      wait = IDLE_MS;
    }
    if (!stopped) timer = setTimeout(() => (running = run()), wait);
  };
  running = run();

  return {
    stats: () => ({
      ticks,
      fixtures,
      lastMs: Math.round(lastMs * 10) / 10,
      p50Ms: quantile(recent, 0.5),
      p95Ms: quantile(recent, 0.95),
    }),
    /** The shards changed: tick now rather than after an idle wait. */
    wake() {
      // A timer set means no run is in flight (a run sets it as it ends).
      if (stopped || !timer) return;
      clearTimeout(timer);
      timer = null;
      running = run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A run storing a batch of timelines lasts seconds: shutdown waits for it at most STOP_WAIT_MS (the batch is
      // one transaction, rolled back by the closing database and stored again at the next start).
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}
