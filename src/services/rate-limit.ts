import { rateLimitWindows, takeRateLimitHit, unhitRateLimit } from "../db/queries/users.ts";
import { RATE_LIMITS, type RateLimitName } from "../domain/accounts/rules.ts";
import { retryAfterSeconds, slidingCount, windowStart } from "../domain/accounts/sliding-window.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError } from "./errors.ts";

export { windowStart };

/** 429 saying how long to wait, in whole minutes (at least one). */
export function tooManyRequests(retryAfter: number): ServiceError {
  return new ServiceError(
    429,
    "limits.retryAfter",
    undefined,
    { count: Math.max(1, Math.ceil(retryAfter / 60)) },
    retryAfter,
  );
}

/**
 * Sliding-window rate limits kept in the database (shared by every process). A refused request does not
 * count, so waiting the announced time is enough.
 */
export function createRateLimits(ctx: ServiceContext) {
  const keyOf = (name: RateLimitName, subject: string) => `${name}:${subject}`;
  const starts = (seconds: number) => {
    const current = windowStart(ctx.clock.now(), seconds);
    return { current, previous: new Date(current.getTime() - seconds * 1000) };
  };

  return {
    /** Seconds until one more hit of `subject` fits (0: it fits now); counts nothing. */
    async retryAfter(name: RateLimitName, subject: string): Promise<number> {
      const limit = RATE_LIMITS[name];
      const { current, previous } = starts(limit.seconds);
      const counts = await rateLimitWindows(ctx.pool, keyOf(name, subject), previous, current);
      return retryAfterSeconds(counts, limit.hits, ctx.clock.now(), limit.seconds);
    },

    /** The hits of `subject` in the sliding window, rounded down. */
    async current(name: RateLimitName, subject: string): Promise<number> {
      const limit = RATE_LIMITS[name];
      const { current, previous } = starts(limit.seconds);
      return Math.floor(
        slidingCount(
          await rateLimitWindows(ctx.pool, keyOf(name, subject), previous, current),
          ctx.clock.now(),
          limit.seconds,
        ),
      );
    },

    /** Counts one hit without checking (failed logins). */
    async count(name: RateLimitName, subject: string): Promise<void> {
      await takeRateLimitHit(ctx.pool, keyOf(name, subject), starts(RATE_LIMITS[name].seconds).current);
    },

    /** Counts one hit of `subject`; over the limit the hit is taken back and 429 says how long to wait. */
    async take(name: RateLimitName, subject: string): Promise<void> {
      const limit = RATE_LIMITS[name];
      const { current, previous } = starts(limit.seconds);
      const key = keyOf(name, subject);
      const counts = await takeRateLimitHit(ctx.pool, key, current, previous);
      // the hit just taken is in `counts`: without it, was there room?
      const wait = retryAfterSeconds(
        { ...counts, current: counts.current - 1 },
        limit.hits,
        ctx.clock.now(),
        limit.seconds,
      );
      if (wait > 0) {
        await unhitRateLimit(ctx.pool, key, current);
        throw tooManyRequests(wait);
      }
    },

    async clear(name: RateLimitName, subject: string): Promise<void> {
      const { current, previous } = starts(RATE_LIMITS[name].seconds);
      await unhitRateLimit(ctx.pool, keyOf(name, subject), current, previous, true);
    },
  };
}

/** Counts a request of a client address; over the limit it answers 429 saying how long to wait. */
export function createRateLimiter(ctx: ServiceContext) {
  const limits = createRateLimits(ctx);
  return (name: RateLimitName, client: string | null) => limits.take(name, client ?? "unknown");
}
