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
import prematch_en from "./locales/prematch/en.json";
import prematch_de from "./locales/prematch/de.json";
import prematch_el from "./locales/prematch/el.json";
import prematch_es from "./locales/prematch/es.json";
import prematch_fr from "./locales/prematch/fr.json";
import prematch_it from "./locales/prematch/it.json";
import prematch_pl from "./locales/prematch/pl.json";
import prematch_pt from "./locales/prematch/pt.json";
import prematch_ro from "./locales/prematch/ro.json";
import prematch_ru from "./locales/prematch/ru.json";
import prematch_tr from "./locales/prematch/tr.json";
import alerts_en from "./locales/alerts/en.json";
import alerts_de from "./locales/alerts/de.json";
import alerts_el from "./locales/alerts/el.json";
import alerts_es from "./locales/alerts/es.json";
import alerts_fr from "./locales/alerts/fr.json";
import alerts_it from "./locales/alerts/it.json";
import alerts_pl from "./locales/alerts/pl.json";
import alerts_pt from "./locales/alerts/pt.json";
import alerts_ro from "./locales/alerts/ro.json";
import alerts_ru from "./locales/alerts/ru.json";
import alerts_tr from "./locales/alerts/tr.json";
import { LOCALE_TAGS, type Locale, type Messages } from "./locales.ts";

/**
 * All locale files, on the server only: a browser receives the messages of its own locale from the root loader.
 * A locale is its main file plus one file per area (`locales/<area>/<locale>.json`), each holding its own
 * top-level namespaces, so that work on separate areas never edits the same file.
 */
export const MESSAGES: Record<Locale, Messages> = {
  en: { ...en, ...stats_en, ...trends_en, ...prematch_en, ...alerts_en },
  de: { ...de, ...stats_de, ...trends_de, ...prematch_de, ...alerts_de },
  el: { ...el, ...stats_el, ...trends_el, ...prematch_el, ...alerts_el },
  es: { ...es, ...stats_es, ...trends_es, ...prematch_es, ...alerts_es },
  fr: { ...fr, ...stats_fr, ...trends_fr, ...prematch_fr, ...alerts_fr },
  it: { ...it, ...stats_it, ...trends_it, ...prematch_it, ...alerts_it },
  pl: { ...pl, ...stats_pl, ...trends_pl, ...prematch_pl, ...alerts_pl },
  pt: { ...pt, ...stats_pt, ...trends_pt, ...prematch_pt, ...alerts_pt },
  ro: { ...ro, ...stats_ro, ...trends_ro, ...prematch_ro, ...alerts_ro },
  ru: { ...ru, ...stats_ru, ...trends_ru, ...prematch_ru, ...alerts_ru },
  tr: { ...tr, ...stats_tr, ...trends_tr, ...prematch_tr, ...alerts_tr },
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
