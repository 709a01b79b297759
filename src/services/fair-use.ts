import { COSTLY_AT_ONCE, COSTLY_BUSY_RETRY_SECONDS } from "../domain/accounts/rules.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError } from "./errors.ts";
import { createRateLimits } from "./rate-limit.ts";

/**
 * Fair use of costly requests (backtests, backtest Excel files, the data export): one member may have
 * COSTLY_AT_ONCE of them running at once in a process and RATE_LIMITS.costly a minute across the site; beyond
 * either the request answers 429 with Retry-After, so that one member's loop cannot slow the site for everyone.
 */
function createFairUse(ctx: ServiceContext) {
  const limits = createRateLimits(ctx);
  const running = new Map<number, number>();
  return {
    /** Counts one costly request of `userId` (the per-minute rate) without holding a place. */
    take: (userId: number) => limits.take("costly", String(userId)),

    /** Runs `work` for `userId` once a place is free and the rate allows; 429 otherwise. */
    async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
      const now = running.get(userId) ?? 0;
      if (now >= COSTLY_AT_ONCE)
        throw new ServiceError(
          429,
          "limits.costlyBusy",
          undefined,
          { count: COSTLY_AT_ONCE },
          COSTLY_BUSY_RETRY_SECONDS,
        );
      // The place is held before anything is awaited: requests arriving together see each other.
      running.set(userId, now + 1);
      try {
        await limits.take("costly", String(userId));
        return await work();
      } finally {
        const left = (running.get(userId) ?? 1) - 1;
        if (left > 0) running.set(userId, left);
        else running.delete(userId);
      }
    },
  };
}
export type FairUse = ReturnType<typeof createFairUse>;

const gates = new WeakMap<ServiceContext, FairUse>();
/** The gate of a process (one per service context), shared by every use case that spends its budget. */
export function fairUseOf(ctx: ServiceContext): FairUse {
  let gate = gates.get(ctx);
  if (!gate) {
    gate = createFairUse(ctx);
    gates.set(ctx, gate);
  }
  return gate;
}
