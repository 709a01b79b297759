import {
  listPreviews,
  previewBySlug,
  previewLeagues,
  previewOf,
  previewSitemap,
  previewSlugs,
  similarPreviews,
} from "../../db/queries/previews.ts";
import type { PreviewFacts } from "../../domain/previews/facts.ts";
import type { Article } from "../../domain/previews/generate.ts";
import { type PreviewLocale, isPreviewLocale } from "../../domain/previews/locales.ts";
import { outcomeHappened } from "../../domain/predictions/kinds.ts";
import { ServiceError, badRequest } from "../errors.ts";

import type { PreviewsDeps } from "./deps.ts";
import { type PreviewSummary, summaryOf } from "./summary.ts";

const PAGE_SIZE = 20;

async function page(d: PreviewsDeps, locale: string, slug: string) {
  if (!isPreviewLocale(locale)) throw new ServiceError(404, "previews.errors.noLocale");
  const now = d.ctx.clock.now();
  const row = await previewBySlug(d.ctx.pool, locale, slug, now);
  if (!row) throw new ServiceError(404, "previews.errors.notFound");
  return row;
}

/** The list page: one language, upcoming first, optionally one league and search words. */
export async function list(
  d: PreviewsDeps,
  params: { locale: string; leagueId?: number; search?: string; page?: number },
) {
  if (!isPreviewLocale(params.locale)) throw new ServiceError(404, "previews.errors.noLocale");
  const pageNo = params.page ?? 1;
  if (!Number.isInteger(pageNo) || pageNo < 1 || pageNo > 10_000) throw badRequest("previews.errors.page");
  const search = params.search?.trim().slice(0, 100);
  const escaped = search?.replace(/[\\%_]/g, "\\$&");
  const [{ total, rows }, leagues] = await Promise.all([
    listPreviews(d.ctx.pool, {
      locale: params.locale,
      now: d.ctx.clock.now(),
      leagueId: params.leagueId,
      search: escaped,
      limit: PAGE_SIZE,
      offset: (pageNo - 1) * PAGE_SIZE,
    }),
    previewLeagues(d.ctx.pool, params.locale),
  ]);
  return {
    items: rows.map(summaryOf),
    total,
    page: pageNo,
    pageSize: PAGE_SIZE,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    leagues,
    search: search ?? "",
  };
}

/** An article with the result and how the best bet did, once the match has ended. */
export async function article(d: PreviewsDeps, locale: string, slug: string) {
  const row = await page(d, locale, slug);
  const facts = row.facts as PreviewFacts;
  const best = facts.prediction?.best ?? null;
  const score = row.ftHome !== null && row.ftAway !== null ? { home: row.ftHome, away: row.ftAway } : null;
  const bestWon =
    best && score
      ? outcomeHappened(best.outcome, {
          ftHome: score.home,
          ftAway: score.away,
          htHome: row.htHome,
          htAway: row.htAway,
          corners: null,
        })
      : null;
  const now = d.ctx.clock.now();
  return {
    ...summaryOf(row),
    sections: row.sections as Article["sections"],
    facts,
    revision: row.revision,
    firstWrittenAt: row.firstWrittenAt.toISOString(),
    frozen: row.kickoff.getTime() <= now.getTime(),
    result: score ? { score, bestBet: best, bestBetWon: bestWon } : null,
    alternates: (await previewSlugs(d.ctx.pool, row.fixtureId)).filter((a) => isPreviewLocale(a.locale)) as Array<{
      locale: PreviewLocale;
      slug: string;
    }>,
  };
}

/** Previews like this fixture's, in one language (SPEC §7.2 GET articles/preview/{id}/similars). */
export async function similars(
  d: PreviewsDeps,
  fixtureId: number,
  locale: string,
  limit = 6,
): Promise<PreviewSummary[]> {
  if (!isPreviewLocale(locale)) throw badRequest("previews.errors.noLocale");
  const now = d.ctx.clock.now();
  if (!(await previewOf(d.ctx.pool, fixtureId, locale, now))) throw new ServiceError(404, "previews.errors.notFound");
  return (await similarPreviews(d.ctx.pool, fixtureId, locale, now, limit)).map(summaryOf);
}

export async function sitemap(d: PreviewsDeps, locale: string): Promise<Array<{ slug: string; writtenAt: Date }>> {
  if (!isPreviewLocale(locale)) return [];
  return previewSitemap(d.ctx.pool, locale, 5000);
}
