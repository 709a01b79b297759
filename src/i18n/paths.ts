import { idFromText } from "../domain/ids.ts";
import { DEFAULT_LOCALE, type Locale, isLocale, localePrefix } from "./locales.ts";
import { CATEGORY_CODES, type PageKey, SLUGS } from "./slugs.ts";
import { premiumRoutes } from "./routes-premium.ts";
import { liveRoutes } from "./routes-live.ts";
import { botsRoutes } from "./routes-bots.ts";
import { statsRoutes } from "./routes-stats.ts";
import { trendsRoutes } from "./routes-trends.ts";
import { previewsRoutes, translatePreviewSlug } from "./routes-previews.ts";
import { prematchRoutes } from "./routes-prematch.ts";
import { livescanRoutes } from "./routes-livescan.ts";
import { alertsRoutes } from "./routes-alerts.ts";
import { liveBacktestRoutes } from "./routes-livebacktest.ts";

export type DayKey = "today" | "tomorrow" | "yesterday";
const DAY_PAGES: Record<DayKey, PageKey> = {
  today: "predictionsToday",
  tomorrow: "predictionsTomorrow",
  yesterday: "predictionsYesterday",
};

/** The locale's path prefix ("" for English): one rule, in locales.ts. */
export const prefix = localePrefix;

/** ASCII slug of a name: "Nott'm Forest" -> "nottm-forest". */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/[øØ]/g, "o")
    .replace(/[łŁ]/g, "l")
    .toLowerCase()
    .replace(/['’.]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function homePath(locale: Locale): string {
  return prefix(locale) || "/";
}

export function pagePath(locale: Locale, page: PageKey): string {
  return `${prefix(locale)}/${SLUGS[locale].pages[page]}`;
}

export function predictionsPath(locale: Locale, day: DayKey, category?: number): string {
  const base = pagePath(locale, DAY_PAGES[day]);
  if (category === undefined) return base;
  return `${base}/${SLUGS[locale].categories[category as (typeof CATEGORY_CODES)[number]]}`;
}

export function categoryOfSlug(locale: Locale, slug: string): number | null {
  for (const code of CATEGORY_CODES) if (SLUGS[locale].categories[code] === slug) return code;
  return null;
}

export function matchPath(
  locale: Locale,
  fixture: { id: number; localTeam: { name: string }; visitorTeam: { name: string } },
): string {
  const s = SLUGS[locale].pages;
  return `${prefix(locale)}/${s.matches}/${s.predictions}/${slugify(fixture.localTeam.name)}-${slugify(fixture.visitorTeam.name)}_${fixture.id}`;
}

export function leaguePath(locale: Locale, league: { id: number; name: string; country: { name: string } }): string {
  const s = SLUGS[locale].pages;
  return `${prefix(locale)}/${s.league}/${s.predictions}/${slugify(league.country.name)}-${slugify(league.name)}_${league.id}`;
}

export function countryPath(locale: Locale, country: { id: number; name: string }): string {
  const slug = SLUGS[locale].countryTemplate
    .replace("{countryName}", slugify(country.name))
    .replace("{countryId}", String(country.id));
  return `${prefix(locale)}/${SLUGS[locale].pages.countries}/${slug}`;
}

/** The id at the end of a slug param ("arsenal-chelsea_123" -> 123); null when there is none or it is no id (2147483648). */
export function idOfSlug(param: string | undefined): number | null {
  const m = /_(\d+)$/.exec(param ?? "");
  return m ? idFromText(m[1]) : null;
}

/** Route patterns of one locale, for routes.ts: [page id, path pattern, file]. */
export function routePatterns(locale: Locale): Array<{ id: string; path: string; file: string }> {
  const s = SLUGS[locale].pages;
  const p = prefix(locale);
  const routes = [
    { id: "home", path: p || "/", file: "routes/home.tsx" },
    ...(["today", "tomorrow", "yesterday"] as const).flatMap((day) => [
      { id: `predictions-${day}`, path: `${p}/${s[DAY_PAGES[day]]}`, file: "routes/predictions.tsx" },
      { id: `predictions-${day}-type`, path: `${p}/${s[DAY_PAGES[day]]}/:type`, file: "routes/predictions.tsx" },
    ]),
    { id: "best-bets", path: `${p}/${s.bestBets}`, file: "routes/best-bets.tsx" },
    { id: "leagues", path: `${p}/${s.leagues}`, file: "routes/leagues.tsx" },
    { id: "country", path: `${p}/${s.countries}/:country`, file: "routes/country.tsx" },
    { id: "league", path: `${p}/${s.league}/${s.predictions}/:league`, file: "routes/league.tsx" },
    { id: "match", path: `${p}/${s.matches}/${s.predictions}/:match`, file: "routes/match.tsx" },
    { id: "pitchlab-machine", path: `${p}/${s.machine}`, file: "routes/machine.tsx" },
    { id: "best-leagues", path: `${p}/${s.leaguesStats}`, file: "routes/leagues-stats.tsx" },
    { id: "predictability", path: `${p}/${s.predictability}`, file: "routes/predictability.tsx" },
    { id: "faq", path: `${p}/${s.faq}`, file: "routes/faq.tsx" },
    { id: "contact", path: `${p}/${s.contact}`, file: "routes/contact.tsx" },
    { id: "privacy", path: `${p}/${s.privacy}`, file: "routes/legal.tsx" },
    { id: "terms", path: `${p}/${s.terms}`, file: "routes/legal.tsx" },
    { id: "cookiepolicy", path: `${p}/${s.cookiePolicy}`, file: "routes/legal.tsx" },
    { id: "login", path: `${p}/${s.login}`, file: "routes/auth/login.tsx" },
    { id: "register", path: `${p}/${s.register}`, file: "routes/auth/register.tsx" },
    { id: "forgot-password", path: `${p}/${s.forgotPassword}`, file: "routes/auth/forgot-password.tsx" },
    { id: "reset-password", path: `${p}/${s.resetPassword}`, file: "routes/auth/reset-password.tsx" },
    { id: "verify", path: `${p}/${s.verify}`, file: "routes/auth/verify.tsx" },
    { id: "apple", path: `${p}/${s.appleReturn}`, file: "routes/auth/apple.tsx" },
    { id: "profile", path: `${p}/${s.profile}`, file: "routes/user/profile.tsx" },
    { id: "unsubscribe", path: `${p}/${s.unsubscribe}`, file: "routes/user/unsubscribe.tsx" },
    { id: "favourites", path: `${p}/${s.favourites}`, file: "routes/favourites.tsx" },
    // Each area keeps its routes and slugs in its own file.
    ...statsRoutes(locale, p),
    ...trendsRoutes(locale, p),
    ...premiumRoutes(locale, p),
    ...previewsRoutes(locale, p),
    ...liveRoutes(locale, p),
    ...prematchRoutes(locale, p),
    ...alertsRoutes(locale, p),
    // After the alert settings: /vip/live-scanner/alert-settings is not a filter id.
    ...livescanRoutes(locale, p),
    ...botsRoutes(locale, p),
    ...liveBacktestRoutes(locale, p),
  ];
  return routes.map((r) => ({ ...r, id: `${r.id}.${locale}` }));
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const a = pattern.split("/").filter(Boolean);
  const b = pathname.split("/").filter(Boolean);
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.startsWith(":")) params[a[i]!.slice(1)] = decodeURIComponent(b[i]!);
    else if (a[i] !== b[i]) return null;
  }
  return params;
}

/** Which page (route id without locale) and params a path is, in which locale. */
export function parsePath(pathname: string): { locale: Locale; page: string; params: Record<string, string> } | null {
  const first = pathname.split("/")[1];
  const locale: Locale = isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
  for (const route of routePatterns(locale)) {
    const params = matchPattern(route.path, pathname);
    if (params) return { locale, page: route.id.slice(0, route.id.lastIndexOf(".")), params };
  }
  return null;
}

/** The same page in another locale: translated slugs, same parameters (ids kept). */
export function translatePath(pathname: string, target: Locale): string | null {
  const parsed = parsePath(pathname);
  if (!parsed) return null;
  const { locale, page, params } = parsed;
  // A page may exist in some locales only (match previews): then it has no address in the others.
  const route = routePatterns(target).find((r) => r.id === `${page}.${target}`);
  if (!route) return null;
  const out: Record<string, string> = { ...params };
  if (params.preview !== undefined) {
    const slug = translatePreviewSlug(params.preview, locale, target);
    if (slug === null) return null;
    out.preview = slug;
  }
  if (params.type !== undefined) {
    const code = categoryOfSlug(locale, params.type);
    if (code === null) return null;
    out.type = SLUGS[target].categories[code as (typeof CATEGORY_CODES)[number]];
  }
  if (params.country !== undefined) {
    const [before, after] = SLUGS[locale].countryTemplate.split("{countryName}") as [string, string];
    const id = idOfSlug(params.country);
    const name = params.country.slice(
      before.length,
      params.country.length - after.replace("{countryId}", String(id)).length,
    );
    out.country = SLUGS[target].countryTemplate.replace("{countryName}", name).replace("{countryId}", String(id));
  }
  return route.path.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(out[key] ?? ""));
}

/**
 * Where an English path under another locale's prefix (/de/auth/login, /ru/vip/football-trends: the addresses
 * before the slugs were translated) now lives in that locale, or null when the path is not such a thing.
 */
export function translatedSlugRedirect(pathname: string): string | null {
  const m = /^\/([a-z]{2})(\/.+)$/.exec(pathname);
  if (!m || !isLocale(m[1]) || m[1] === DEFAULT_LOCALE || parsePath(pathname)) return null;
  const english = parsePath(m[2]!);
  if (!english || english.locale !== DEFAULT_LOCALE) return null;
  const target = translatePath(m[2]!, m[1]);
  return target && target !== pathname ? target : null;
}
