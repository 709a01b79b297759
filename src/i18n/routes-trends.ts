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

/** VIP pages keep their English paths after the locale prefix (SPEC §2.4); the short names redirect to them. */
export const TRENDS_PATH = "vip/football-trends";
export const BEST_TEAMS_PATH = "vip/betting-market-statistics";

/** Routes of the trends pages, with their slugs per locale; `p` is the locale prefix ("" for English). */
export function trendsRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  return [
    { id: "team", path: `${p}/${TEAM_SEGMENT[locale]}/:team`, file: "routes/team.tsx" },
    { id: "vip-trends", path: `${p}/${TRENDS_PATH}`, file: "routes/trends.tsx" },
    { id: "vip-trends-alias", path: `${p}/vip/trends`, file: "routes/vip-alias.tsx" },
    { id: "vip-best-teams", path: `${p}/${BEST_TEAMS_PATH}`, file: "routes/best-teams.tsx" },
    { id: "vip-best-teams-alias", path: `${p}/vip/best-teams`, file: "routes/vip-alias.tsx" },
  ];
}
