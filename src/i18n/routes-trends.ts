import type { Locale } from "./locales.ts";

/** The team page's path segment per locale (`/team/{slug}_{id}`, translated like the other public pages). */
export const TEAM_SEGMENT: Record<Locale, string> = {
  en: "team",
  de: "mannschaft",
  el: "omada",
  es: "equipo",
  fr: "equipe",
  it: "squadra",
  pl: "druzyna",
  pt: "time",
  ro: "echipa",
  ru: "komanda",
  tr: "takim",
};

/**
 * The trends and best-teams VIP pages per locale (SPEC §2.4, translated after /vip), with the short names of
 * SPEC §2.4 (/vip/trends, /vip/best-teams) that redirect to them.
 */
export const TRENDS_SLUGS: Record<
  Locale,
  { trends: string; trendsAlias: string; bestTeams: string; bestTeamsAlias: string }
> = {
  en: {
    trends: "vip/football-trends",
    trendsAlias: "vip/trends",
    bestTeams: "vip/betting-market-statistics",
    bestTeamsAlias: "vip/best-teams",
  },
  de: {
    trends: "vip/fussball-trends",
    trendsAlias: "vip/trends",
    bestTeams: "vip/wettmarkt-statistiken",
    bestTeamsAlias: "vip/beste-teams",
  },
  el: {
    trends: "vip/taseis-podosfairou",
    trendsAlias: "vip/taseis",
    bestTeams: "vip/statistika-agoron-stoiximatos",
    bestTeamsAlias: "vip/kalyteres-omades",
  },
  es: {
    trends: "vip/tendencias-futbol",
    trendsAlias: "vip/tendencias",
    bestTeams: "vip/estadisticas-mercados-apuestas",
    bestTeamsAlias: "vip/mejores-equipos",
  },
  fr: {
    trends: "vip/tendances-football",
    trendsAlias: "vip/tendances",
    bestTeams: "vip/statistiques-marches-paris",
    bestTeamsAlias: "vip/meilleures-equipes",
  },
  it: {
    trends: "vip/tendenze-calcio",
    trendsAlias: "vip/tendenze",
    bestTeams: "vip/statistiche-mercati-scommesse",
    bestTeamsAlias: "vip/migliori-squadre",
  },
  pl: {
    trends: "vip/trendy-pilkarskie",
    trendsAlias: "vip/trendy",
    bestTeams: "vip/statystyki-rynkow-bukmacherskich",
    bestTeamsAlias: "vip/najlepsze-druzyny",
  },
  pt: {
    trends: "vip/tendencias-futebol",
    trendsAlias: "vip/tendencias",
    bestTeams: "vip/estatisticas-mercados-apostas",
    bestTeamsAlias: "vip/melhores-times",
  },
  ro: {
    trends: "vip/tendinte-fotbal",
    trendsAlias: "vip/tendinte",
    bestTeams: "vip/statistici-piete-pariuri",
    bestTeamsAlias: "vip/cele-mai-bune-echipe",
  },
  ru: {
    trends: "vip/futbolnye-trendy",
    trendsAlias: "vip/trendy",
    bestTeams: "vip/statistika-rynkov-stavok",
    bestTeamsAlias: "vip/luchshie-komandy",
  },
  tr: {
    trends: "vip/futbol-trendleri",
    trendsAlias: "vip/trendler",
    bestTeams: "vip/bahis-pazari-istatistikleri",
    bestTeamsAlias: "vip/en-iyi-takimlar",
  },
};

/** Routes of the trends pages, with their slugs per locale; `p` is the locale prefix ("" for English). */
export function trendsRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  return [
    { id: "team", path: `${p}/${TEAM_SEGMENT[locale]}/:team`, file: "routes/team.tsx" },
    { id: "vip-trends", path: `${p}/${TRENDS_SLUGS[locale].trends}`, file: "routes/trends.tsx" },
    { id: "vip-trends-alias", path: `${p}/${TRENDS_SLUGS[locale].trendsAlias}`, file: "routes/vip-alias.tsx" },
    { id: "vip-best-teams", path: `${p}/${TRENDS_SLUGS[locale].bestTeams}`, file: "routes/best-teams.tsx" },
    { id: "vip-best-teams-alias", path: `${p}/${TRENDS_SLUGS[locale].bestTeamsAlias}`, file: "routes/vip-alias.tsx" },
  ];
}
