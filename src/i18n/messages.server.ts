import en from "./locales/en.json";
import de from "./locales/de.json";
import el from "./locales/el.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import it from "./locales/it.json";
import pl from "./locales/pl.json";
import pt from "./locales/pt.json";
import ro from "./locales/ro.json";
import ru from "./locales/ru.json";
import tr from "./locales/tr.json";
import stats_en from "./locales/stats/en.json";
import stats_de from "./locales/stats/de.json";
import stats_el from "./locales/stats/el.json";
import stats_es from "./locales/stats/es.json";
import stats_fr from "./locales/stats/fr.json";
import stats_it from "./locales/stats/it.json";
import stats_pl from "./locales/stats/pl.json";
import stats_pt from "./locales/stats/pt.json";
import stats_ro from "./locales/stats/ro.json";
import stats_ru from "./locales/stats/ru.json";
import stats_tr from "./locales/stats/tr.json";
import trends_en from "./locales/trends/en.json";
import trends_de from "./locales/trends/de.json";
import trends_el from "./locales/trends/el.json";
import trends_es from "./locales/trends/es.json";
import trends_fr from "./locales/trends/fr.json";
import trends_it from "./locales/trends/it.json";
import trends_pl from "./locales/trends/pl.json";
import trends_pt from "./locales/trends/pt.json";
import trends_ro from "./locales/trends/ro.json";
import trends_ru from "./locales/trends/ru.json";
import trends_tr from "./locales/trends/tr.json";
import site_en from "./locales/site/en.json";
import site_de from "./locales/site/de.json";
import site_el from "./locales/site/el.json";
import site_es from "./locales/site/es.json";
import site_fr from "./locales/site/fr.json";
import site_it from "./locales/site/it.json";
import site_pl from "./locales/site/pl.json";
import site_pt from "./locales/site/pt.json";
import site_ro from "./locales/site/ro.json";
import site_ru from "./locales/site/ru.json";
import site_tr from "./locales/site/tr.json";
import { LOCALE_TAGS, type Locale, type Messages } from "./locales.ts";

/**
 * All locale files, on the server only: a browser receives the messages of its own locale from the root loader.
 * A locale is its main file plus one file per area (`locales/<area>/<locale>.json`), each holding its own
 * top-level namespaces, so that work on separate areas never edits the same file.
 */
export const MESSAGES: Record<Locale, Messages> = {
  en: { ...en, ...stats_en, ...trends_en, ...site_en },
  de: { ...de, ...stats_de, ...trends_de, ...site_de },
  el: { ...el, ...stats_el, ...trends_el, ...site_el },
  es: { ...es, ...stats_es, ...trends_es, ...site_es },
  fr: { ...fr, ...stats_fr, ...trends_fr, ...site_fr },
  it: { ...it, ...stats_it, ...trends_it, ...site_it },
  pl: { ...pl, ...stats_pl, ...trends_pl, ...site_pl },
  pt: { ...pt, ...stats_pt, ...trends_pt, ...site_pt },
  ro: { ...ro, ...stats_ro, ...trends_ro, ...site_ro },
  ru: { ...ru, ...stats_ru, ...trends_ru, ...site_ru },
  tr: { ...tr, ...stats_tr, ...trends_tr, ...site_tr },
};

function lookup(messages: unknown, key: string): string | null {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : null;
}

/** `key`, else its plural form for `count` (i18next's `key_one`, `key_few`... suffixes), else `key_other`. */
function pluralLookup(locale: Locale, key: string, count: string | number | undefined): string | null {
  const plain = lookup(MESSAGES[locale], key);
  if (plain !== null || typeof count !== "number") return plain;
  const category = new Intl.PluralRules(LOCALE_TAGS[locale]).select(count);
  return lookup(MESSAGES[locale], `${key}_${category}`) ?? lookup(MESSAGES[locale], `${key}_other`);
}

/** A message of a locale with {{placeholders}} filled; unknown keys come back as they are (plain texts). */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const text = pluralLookup(locale, key, vars.count) ?? pluralLookup("en", key, vars.count) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? ""));
}
