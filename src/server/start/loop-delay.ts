import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import type { LoopDelay, LoopDelayReport } from "../../services/health.ts";

const WINDOW_MS = 60_000;
/** Node samples the loop this often; a stall shorter than this is not seen. */
const RESOLUTION_MS = 10;

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

function summary(h: IntervalHistogram): LoopDelay {
  // An empty histogram (no sample yet) reports zeros rather than Node's sentinel minimum.
  if (h.count === 0) return { p50Ms: 0, p99Ms: 0, maxMs: 0, samples: 0 };
  return { p50Ms: ms(h.percentile(50)), p99Ms: ms(h.percentile(99)), maxMs: ms(h.max), samples: h.count };
}

/**
 * How long this process's event loop was late, since start and over the last minute: a stalled loop delays every
 * request and live tick it serves, so each process says so in its health. The last minute is the last complete
 * one (the current window until the first minute is over).
 */
export function watchLoopDelay(): { report(): LoopDelayReport } {
  const total = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const window = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  total.enable();
  window.enable();
  let lastMinute: LoopDelay | null = null;
  const roll = setInterval(() => {
    lastMinute = summary(window);
    window.reset();
  }, WINDOW_MS);
  roll.unref();
  return {
    report: () => ({
      sinceStart: summary(total),
      lastMinute: lastMinute ?? summary(window),
      resolutionMs: RESOLUTION_MS,
    }),
  };
}
