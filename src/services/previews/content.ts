import {
  CONTENT_QUERY_CANCELED,
  contentByIds,
  contentIds,
  contentPage,
  isPostgresPattern,
} from "../../db/queries/preview-content.ts";
import { badRequest } from "../errors.ts";
import { type ContentRequest, runContentQuery } from "../previews-content.ts";

import type { PreviewsDeps } from "./deps.ts";

/**
 * The content-query client's POST /_content over the previews (SPEC §7.4), open to visitors: counted per
 * client address (429 past the limit) and cut off by a statement timeout (400: narrow the query).
 */
export async function content(d: PreviewsDeps, request: ContentRequest, client: { ip: string | null } = { ip: null }) {
  await d.rateLimit("content", client.ip);
  try {
    return await runContentQuery(request, {
      isPattern: (pattern) => isPostgresPattern(d.ctx.pool, pattern),
      page: (q, limit, skip) => contentPage(d.ctx.pool, q, limit, skip),
      ids: (q) => contentIds(d.ctx.pool, q),
      byIds: (ids) => contentByIds(d.ctx.pool, ids),
    });
  } catch (error) {
    if ((error as { code?: string }).code === CONTENT_QUERY_CANCELED) throw badRequest("previews.errors.tooCostly");
    throw error;
  }
}
