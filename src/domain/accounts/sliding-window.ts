/**
 * Sliding-window rate limits from two fixed-window counters: the estimate weighs the previous window by the
 * part of it still inside the sliding window. Pure: the caller gives the counts and the time.
 */
export interface WindowCounts {
  /** hits in the previous fixed window */
  previous: number;
  /** hits in the current fixed window */
  current: number;
}

export function windowStart(now: Date, seconds: number): Date {
  const ms = seconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** How far into the current fixed window `now` is, 0 ≤ f < 1. */
function elapsedFraction(now: Date, seconds: number): number {
  return (now.getTime() - windowStart(now, seconds).getTime()) / (seconds * 1000);
}

export function slidingCount(counts: WindowCounts, now: Date, seconds: number): number {
  return counts.previous * (1 - elapsedFraction(now, seconds)) + counts.current;
}

/**
 * Seconds until one more hit fits under `limit` (0 when it fits now), assuming no other hit arrives
 * meanwhile.
 */
export function retryAfterSeconds(counts: WindowCounts, limit: number, now: Date, seconds: number): number {
  const f = elapsedFraction(now, seconds);
  // one more hit must keep the estimate at or under the limit
  const room = limit - 1;
  if (counts.previous * (1 - f) + counts.current <= room) return 0;
  if (counts.current <= room) {
    // within this window, once enough of the previous one has slid out
    const needed = 1 - (room - counts.current) / counts.previous;
    return wholeSeconds((needed - f) * seconds);
  }
  // only in the next window, once enough of this one has slid out
  const needed = room <= 0 ? 1 : 1 - room / counts.current;
  return wholeSeconds((1 - f + needed) * seconds);
}

/** At least one second, rounded up (ignoring floating-point dust). */
const wholeSeconds = (s: number) => Math.max(1, Math.ceil(s - 1e-6));
