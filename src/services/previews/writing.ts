import {
  type PreviewCandidateRow,
  previewCandidate,
  previewCandidates,
  previewHashes,
  recentWithoutPreview,
  writePreviews,
} from "../../db/queries/previews.ts";
import type { PreviewFacts } from "../../domain/previews/facts.ts";
import { type Article, articleText, writePreview } from "../../domain/previews/generate.ts";
import { PREVIEW_LOCALES, type PreviewLocale } from "../../domain/previews/locales.ts";
import { translate } from "../../i18n/messages.server.ts";
import { ServiceError } from "../errors.ts";

import type { PreviewsDeps } from "./deps.ts";
import { factsHash, factsOf, previewSlug } from "./facts.ts";
import { LATE_PREVIEW_MS, PREVIEW_LEAD_MS, PREVIEW_LEAGUES } from "./policy.ts";

function articleOf(facts: PreviewFacts, locale: PreviewLocale): Article {
  const key = `countries.${facts.league.country}`;
  const country = translate(locale, key);
  return writePreview(facts, locale, country === key ? facts.league.country : country);
}

async function writeFor(
  d: PreviewsDeps,
  row: PreviewCandidateRow,
  now: Date,
  hashes: Map<string, string>,
): Promise<number> {
  const facts = await factsOf(d, row, now);
  const hash = factsHash(facts);
  if (PREVIEW_LOCALES.every((l) => hashes.get(`${row.id}:${l}`) === hash)) return 0;
  return writePreviews(
    d.ctx.pool,
    PREVIEW_LOCALES.map((locale) => {
      const article = articleOf(facts, locale);
      return {
        fixtureId: row.id,
        locale,
        slug: previewSlug(locale, facts),
        title: article.title,
        summary: article.summary,
        sections: article.sections,
        body: articleText(article),
        facts,
        factsHash: hash,
        leagueId: row.leagueId,
        kickoff: row.kickoff,
        writtenAt: now,
      };
    }),
    now,
  );
}

/**
 * The job: writes the preview of every fixture due one (src/services/previews/policy.ts) and rewrites those whose facts
 * changed; previews of fixtures that have kicked off are frozen and never rewritten.
 */
export async function writeDue(d: PreviewsDeps): Promise<{ candidates: number; written: number }> {
  const now = d.ctx.clock.now();
  const rows = await previewCandidates(d.ctx.pool, now, new Date(now.getTime() + PREVIEW_LEAD_MS), PREVIEW_LEAGUES);
  const hashes = await previewHashes(
    d.ctx.pool,
    rows.map((r) => r.id),
  );
  let written = 0;
  for (const row of rows) written += await writeFor(d, row, now, hashes);
  const late = await recentWithoutPreview(d.ctx.pool, new Date(now.getTime() - LATE_PREVIEW_MS), now, PREVIEW_LEAGUES);
  for (const row of late) written += await writeFor(d, row, row.kickoff, new Map());
  return { candidates: rows.length + late.length, written };
}

/** The facts a preview of this fixture would be written from now (for tests and the API). */
export async function factsNow(d: PreviewsDeps, fixtureId: number): Promise<PreviewFacts> {
  const row = await previewCandidate(d.ctx.pool, fixtureId);
  if (!row) throw new ServiceError(404, "apiErrors.noFixture", undefined, { id: fixtureId });
  return factsOf(d, row, d.ctx.clock.now());
}
