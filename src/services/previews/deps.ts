import type { ServiceContext } from "../context.ts";
import { createRateLimiter } from "../rate-limit.ts";

/** What the previews use cases share: the rate limiter of the content queries (one per service instance). */
export function createPreviewsDeps(ctx: ServiceContext) {
  const rateLimit = createRateLimiter(ctx);
  return { ctx, rateLimit };
}

export type PreviewsDeps = ReturnType<typeof createPreviewsDeps>;
