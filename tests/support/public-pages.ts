/** The public pages a visitor reaches from the menus, as English paths (translate them for other locales). */
export const PUBLIC_PAGES = [
  "/",
  "/football-predictions-today",
  "/daily-bets-football",
  "/leagues",
  "/football-prediction-generator",
  "/statistical-filter-football-matches",
  "/leagues-stats",
  "/predictability",
  "/vip/football-betting-tools",
  "/vip/football-trends",
  "/vip/betting-market-statistics",
  "/vip/football-live-scanner",
  "/vip/live-filters-description",
  "/auth/login",
  "/auth/register",
  "/contact",
  "/faq",
  "/favourites",
  "/affiliate-guide",
];

/** The path of the first match the home page links to, when today has one. */
export async function firstMatchPath(baseUrl: string): Promise<string | undefined> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  return /href="(\/matches\/predictions\/[^"]+)"/.exec(html)?.[1];
}
