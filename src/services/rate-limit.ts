import { hitRateLimit } from "../db/queries/users.ts";
import { RATE_LIMITS, type RateLimitName } from "../domain/accounts/rules.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError } from "./errors.ts";

export function windowStart(now: Date, seconds: number): Date {
  const ms = seconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** Counts a request of a client; over the limit it answers 429 with a localised message. */
export function createRateLimiter(ctx: ServiceContext) {
  return async function check(name: RateLimitName, client: string | null): Promise<void> {
    const limit = RATE_LIMITS[name];
    const hits = await hitRateLimit(ctx.pool, `${name}:${client ?? "unknown"}`, windowStart(ctx.clock.now(), limit.seconds));
    if (hits > limit.hits) throw new ServiceError(429, "errors.tooManyRequests");
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
