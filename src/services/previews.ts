import type { ServiceContext } from "./context.ts";
import { content } from "./previews/content.ts";
import { createPreviewsDeps } from "./previews/deps.ts";
import { PREVIEW_LEAD_MS, PREVIEW_LEAGUES } from "./previews/policy.ts";
import { article, list, similars, sitemap } from "./previews/reading.ts";
import { factsNow, writeDue } from "./previews/writing.ts";

export type { PreviewSummary } from "./previews/summary.ts";

/**
 * Match previews: the job that writes them, the list and article pages, the similar previews, the sitemap and
 * the content queries. One use case per function in src/services/previews/ (facts, writing, reading, content).
 */
export function createPreviewsService(ctx: ServiceContext) {
  const d = createPreviewsDeps(ctx);
  return {
    policy: { leagues: PREVIEW_LEAGUES, leadMs: PREVIEW_LEAD_MS },
    writeDue: (...args: DropFirst<Parameters<typeof writeDue>>) => writeDue(d, ...args),
    factsNow: (...args: DropFirst<Parameters<typeof factsNow>>) => factsNow(d, ...args),
    list: (...args: DropFirst<Parameters<typeof list>>) => list(d, ...args),
    article: (...args: DropFirst<Parameters<typeof article>>) => article(d, ...args),
    similars: (...args: DropFirst<Parameters<typeof similars>>) => similars(d, ...args),
    sitemap: (...args: DropFirst<Parameters<typeof sitemap>>) => sitemap(d, ...args),
    content: (...args: DropFirst<Parameters<typeof content>>) => content(d, ...args),
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
