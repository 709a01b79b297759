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

/**
 * The path of the first match the home page links to whose predictions tab shows a prediction (the tab marks a
 * match without one `data-no-prediction`): on a fresh server the back-fill may not have reached every match yet.
 */
export async function firstPredictedMatchPath(baseUrl: string): Promise<string | undefined> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const paths = [...new Set([...html.matchAll(/href="(\/matches\/predictions\/[^"]+)"/g)].map((m) => m[1]!))];
  for (const path of paths.slice(0, 20)) {
    const page = await (await fetch(`${baseUrl}${path}`)).text();
    if (!page.includes("data-no-prediction")) return path;
  }
  return undefined;
}
