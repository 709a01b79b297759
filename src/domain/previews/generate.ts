import type { PreviewFacts } from "./facts.ts";
import { type Article, makeKit } from "./kit.ts";
import type { PreviewLocale } from "./locales.ts";
export { SLUG_WORDS } from "./locales.ts";
import { writeEn } from "./lang/en.ts";
import { writeEs } from "./lang/es.ts";
import { writeFr } from "./lang/fr.ts";
import { writeIt } from "./lang/it.ts";
import { writePt } from "./lang/pt.ts";

const WRITERS: Record<PreviewLocale, typeof writeEn> = {
  en: writeEn,
  fr: writeFr,
  it: writeIt,
  pt: writePt,
  es: writeEs,
};

/**
 * The preview of a fixture in one language, written from its facts only (nothing else is read);
 * `country` is the league's country named in that language (the data holds the English name).
 */
export function writePreview(facts: PreviewFacts, locale: PreviewLocale, country = facts.league.country): Article {
  return WRITERS[locale](facts, makeKit(locale, facts, country));
}

/** Plain text of an article (for search and the content API's `text`). */
export function articleText(article: Article): string {
  return [article.title, ...article.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join("\n\n");
}

export type { Article } from "./kit.ts";
