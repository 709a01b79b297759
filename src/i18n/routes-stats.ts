import { type Locale, localePrefix } from "./locales.ts";

/** Slug of the advanced statistical filter per locale (SPEC §2.2: /statistical-filter-football-matches). */
export const ADVANCED_FILTER_SLUGS: Record<Locale, string> = {
  en: "statistical-filter-football-matches",
  de: "statistik-filter-fussballspiele",
  el: "statistiko-filtro-podosfairikon-agonon",
  es: "filtro-estadistico-partidos-futbol",
  fr: "filtre-statistique-matchs-football",
  it: "filtro-statistico-partite-calcio",
  pl: "filtr-statystyczny-meczow-pilkarskich",
  pt: "filtro-estatistico-jogos-futebol",
  ro: "filtru-statistic-meciuri-fotbal",
  ru: "statisticheskiy-filtr-futbolnykh-matchey",
  tr: "istatistiksel-filtre-futbol-maclari",
};

/** League groups, a VIP page: translated after /vip (SPEC §2.1, §2.4). */
export const LEAGUE_GROUPS_SLUGS: Record<Locale, string> = {
  en: "vip/leagues-groups",
  de: "vip/ligagruppen",
  el: "vip/omades-protathlimaton",
  es: "vip/grupos-de-ligas",
  fr: "vip/groupes-de-championnats",
  it: "vip/gruppi-di-campionati",
  pl: "vip/grupy-lig",
  pt: "vip/grupos-de-ligas",
  ro: "vip/grupuri-de-ligi",
  ru: "vip/gruppy-lig",
  tr: "vip/lig-gruplari",
};

export function advancedFilterPath(locale: Locale): string {
  return `${localePrefix(locale)}/${ADVANCED_FILTER_SLUGS[locale]}`;
}

export function leagueGroupsPath(locale: Locale, id?: number): string {
  return `${localePrefix(locale)}/${LEAGUE_GROUPS_SLUGS[locale]}${id === undefined ? "" : `/${id}`}`;
}

/** Routes of the stats pages, with their slugs per locale; `p` is the locale prefix ("" for English). */
export function statsRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  return [
    { id: "advanced-filter", path: `${p}/${ADVANCED_FILTER_SLUGS[locale]}`, file: "routes/stats/advanced-filter.tsx" },
    { id: "vip-leagues-groups", path: `${p}/${LEAGUE_GROUPS_SLUGS[locale]}`, file: "routes/stats/league-groups.tsx" },
    { id: "vip-leagues-group", path: `${p}/${LEAGUE_GROUPS_SLUGS[locale]}/:id`, file: "routes/stats/league-group.tsx" },
  ];
}
