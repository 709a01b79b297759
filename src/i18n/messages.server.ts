import i18next, { type TFunction } from "i18next";
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
import previews_en from "./locales/previews/en.json";
import previews_de from "./locales/previews/de.json";
import previews_el from "./locales/previews/el.json";
import previews_es from "./locales/previews/es.json";
import previews_fr from "./locales/previews/fr.json";
import previews_it from "./locales/previews/it.json";
import previews_pl from "./locales/previews/pl.json";
import previews_pt from "./locales/previews/pt.json";
import previews_ro from "./locales/previews/ro.json";
import previews_ru from "./locales/previews/ru.json";
import previews_tr from "./locales/previews/tr.json";
import live_en from "./locales/live/en.json";
import live_de from "./locales/live/de.json";
import live_el from "./locales/live/el.json";
import live_es from "./locales/live/es.json";
import live_fr from "./locales/live/fr.json";
import live_it from "./locales/live/it.json";
import live_pl from "./locales/live/pl.json";
import live_pt from "./locales/live/pt.json";
import live_ro from "./locales/live/ro.json";
import live_ru from "./locales/live/ru.json";
import live_tr from "./locales/live/tr.json";
import limits_en from "./locales/limits/en.json";
import limits_de from "./locales/limits/de.json";
import limits_el from "./locales/limits/el.json";
import limits_es from "./locales/limits/es.json";
import limits_fr from "./locales/limits/fr.json";
import limits_it from "./locales/limits/it.json";
import limits_pl from "./locales/limits/pl.json";
import limits_pt from "./locales/limits/pt.json";
import limits_ro from "./locales/limits/ro.json";
import limits_ru from "./locales/limits/ru.json";
import limits_tr from "./locales/limits/tr.json";
import valuebets_en from "./locales/valuebets/en.json";
import valuebets_de from "./locales/valuebets/de.json";
import valuebets_el from "./locales/valuebets/el.json";
import valuebets_es from "./locales/valuebets/es.json";
import valuebets_fr from "./locales/valuebets/fr.json";
import valuebets_it from "./locales/valuebets/it.json";
import valuebets_pl from "./locales/valuebets/pl.json";
import valuebets_pt from "./locales/valuebets/pt.json";
import valuebets_ro from "./locales/valuebets/ro.json";
import valuebets_ru from "./locales/valuebets/ru.json";
import valuebets_tr from "./locales/valuebets/tr.json";
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
import livescan_en from "./locales/livescan/en.json";
import livescan_de from "./locales/livescan/de.json";
import livescan_el from "./locales/livescan/el.json";
import livescan_es from "./locales/livescan/es.json";
import livescan_fr from "./locales/livescan/fr.json";
import livescan_it from "./locales/livescan/it.json";
import livescan_pl from "./locales/livescan/pl.json";
import livescan_pt from "./locales/livescan/pt.json";
import livescan_ro from "./locales/livescan/ro.json";
import livescan_ru from "./locales/livescan/ru.json";
import livescan_tr from "./locales/livescan/tr.json";
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
import errors_en from "./locales/errors/en.json";
import errors_de from "./locales/errors/de.json";
import errors_el from "./locales/errors/el.json";
import errors_es from "./locales/errors/es.json";
import errors_fr from "./locales/errors/fr.json";
import errors_it from "./locales/errors/it.json";
import errors_pl from "./locales/errors/pl.json";
import errors_pt from "./locales/errors/pt.json";
import errors_ro from "./locales/errors/ro.json";
import errors_ru from "./locales/errors/ru.json";
import errors_tr from "./locales/errors/tr.json";
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
import type { Locale, Messages } from "./locales.ts";
import livebacktest_en from "./locales/livebacktest/en.json";
import livebacktest_de from "./locales/livebacktest/de.json";
import livebacktest_el from "./locales/livebacktest/el.json";
import livebacktest_es from "./locales/livebacktest/es.json";
import livebacktest_fr from "./locales/livebacktest/fr.json";
import livebacktest_it from "./locales/livebacktest/it.json";
import livebacktest_pl from "./locales/livebacktest/pl.json";
import livebacktest_pt from "./locales/livebacktest/pt.json";
import livebacktest_ro from "./locales/livebacktest/ro.json";
import livebacktest_ru from "./locales/livebacktest/ru.json";
import livebacktest_tr from "./locales/livebacktest/tr.json";

/**
 * All locale files, on the server only: a browser receives the messages of its own locale from the root loader.
 * A locale is its main file plus one file per area (`locales/<area>/<locale>.json`), each holding its own
 * top-level namespaces, so that work on separate areas never edits the same file.
 */
export const MESSAGES: Record<Locale, Messages> = {
  en: {
    ...en,
    ...stats_en,
    ...trends_en,
    ...previews_en,
    ...live_en,
    ...limits_en,
    ...alerts_en,
    ...errors_en,
    ...valuebets_en,
    ...prematch_en,
    ...site_en,
    ...livebacktest_en,
    ...livescan_en,
  },
  de: {
    ...de,
    ...stats_de,
    ...trends_de,
    ...previews_de,
    ...live_de,
    ...limits_de,
    ...alerts_de,
    ...errors_de,
    ...valuebets_de,
    ...prematch_de,
    ...site_de,
    ...livebacktest_de,
    ...livescan_de,
  },
  el: {
    ...el,
    ...stats_el,
    ...trends_el,
    ...previews_el,
    ...live_el,
    ...limits_el,
    ...alerts_el,
    ...errors_el,
    ...valuebets_el,
    ...prematch_el,
    ...site_el,
    ...livebacktest_el,
    ...livescan_el,
  },
  es: {
    ...es,
    ...stats_es,
    ...trends_es,
    ...previews_es,
    ...live_es,
    ...limits_es,
    ...alerts_es,
    ...errors_es,
    ...valuebets_es,
    ...prematch_es,
    ...site_es,
    ...livebacktest_es,
    ...livescan_es,
  },
  fr: {
    ...fr,
    ...stats_fr,
    ...trends_fr,
    ...previews_fr,
    ...live_fr,
    ...limits_fr,
    ...alerts_fr,
    ...errors_fr,
    ...valuebets_fr,
    ...prematch_fr,
    ...site_fr,
    ...livebacktest_fr,
    ...livescan_fr,
  },
  it: {
    ...it,
    ...stats_it,
    ...trends_it,
    ...previews_it,
    ...live_it,
    ...limits_it,
    ...alerts_it,
    ...errors_it,
    ...valuebets_it,
    ...prematch_it,
    ...site_it,
    ...livebacktest_it,
    ...livescan_it,
  },
  pl: {
    ...pl,
    ...stats_pl,
    ...trends_pl,
    ...previews_pl,
    ...live_pl,
    ...limits_pl,
    ...alerts_pl,
    ...errors_pl,
    ...valuebets_pl,
    ...prematch_pl,
    ...site_pl,
    ...livebacktest_pl,
    ...livescan_pl,
  },
  pt: {
    ...pt,
    ...stats_pt,
    ...trends_pt,
    ...previews_pt,
    ...live_pt,
    ...limits_pt,
    ...alerts_pt,
    ...errors_pt,
    ...valuebets_pt,
    ...prematch_pt,
    ...site_pt,
    ...livebacktest_pt,
    ...livescan_pt,
  },
  ro: {
    ...ro,
    ...stats_ro,
    ...trends_ro,
    ...previews_ro,
    ...live_ro,
    ...limits_ro,
    ...alerts_ro,
    ...errors_ro,
    ...valuebets_ro,
    ...prematch_ro,
    ...site_ro,
    ...livebacktest_ro,
    ...livescan_ro,
  },
  ru: {
    ...ru,
    ...stats_ru,
    ...trends_ru,
    ...previews_ru,
    ...live_ru,
    ...limits_ru,
    ...alerts_ru,
    ...errors_ru,
    ...valuebets_ru,
    ...prematch_ru,
    ...site_ru,
    ...livebacktest_ru,
    ...livescan_ru,
  },
  tr: {
    ...tr,
    ...stats_tr,
    ...trends_tr,
    ...previews_tr,
    ...live_tr,
    ...limits_tr,
    ...alerts_tr,
    ...errors_tr,
    ...valuebets_tr,
    ...prematch_tr,
    ...site_tr,
    ...livebacktest_tr,
    ...livescan_tr,
  },
};

/**
 * The server's i18next, the engine the pages use too: one instance holding every locale, English as the
 * fallback, no namespaces (a plain text with a colon is no key) and no HTML escaping (callers escape).
 */
const server = i18next.createInstance();
server.init({
  resources: Object.fromEntries(
    Object.entries(MESSAGES).map(([locale, messages]) => [locale, { translation: messages }]),
  ),
  lng: "en",
  fallbackLng: "en",
  nsSeparator: false,
  // A placeholder without a value becomes empty, as before i18next (which would keep "{{name}}").
  interpolation: { escapeValue: false },
  missingInterpolationHandler: () => "",
  // A key naming a group of messages is no message: it comes back as it is, like an unknown key.
  returnedObjectHandler: (key: string) => key,
  initAsync: false,
});
const translators = Object.fromEntries(
  (Object.keys(MESSAGES) as Locale[]).map((locale) => [locale, server.getFixedT(locale)]),
) as Record<Locale, TFunction>;

/**
 * A message of a locale with {{placeholders}} filled (a missing one is empty); a number `count` picks the plural
 * form (`key_one`, `key_few`…, else `key_other`); unknown keys come back as they are (plain texts).
 */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  return translators[locale](key, vars) as string;
}
