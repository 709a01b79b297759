import { Hono } from "hono";
import type { Services } from "../services/index.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale } from "../i18n/locales.ts";
import {
  countryPath,
  homePath,
  leaguePath,
  matchPath,
  pagePath,
  predictionsPath,
  translatedSlugRedirect,
} from "../i18n/paths.ts";
import { CATEGORY_CODES } from "../i18n/slugs.ts";
import { isPreviewLocale, previewPath, previewsListPath } from "../i18n/routes-previews.ts";

const YEAR = 365 * 24 * 3600;

/** The first supported language of an Accept-Language header, by quality. */
export function preferredLocale(header: string | undefined): Locale {
  const ranked = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { lang: tag!.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => x.lang && !Number.isNaN(x.q))
    .sort((a, b) => b.q - a.q);
  return (ranked.find((x) => isLocale(x.lang))?.lang as Locale | undefined) ?? DEFAULT_LOCALE;
}

function urlset(origin: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${origin}${p}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** SPEC §2.1 locale rules, trailing-slash redirects, robots.txt and a sitemap per locale. */
export function createSeoRoutes(services: Services) {
  const app = new Hono();

  app.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
      return c.redirect(`${url.pathname.replace(/\/+$/, "") || "/"}${url.search}`, 301);
    }
    // An English slug under another locale's prefix (an old link) leads to the page's translated address.
    const translated = c.req.method === "GET" || c.req.method === "HEAD" ? translatedSlugRedirect(url.pathname) : null;
    if (translated) return c.redirect(`${translated}${url.search}`, 301);
    if (url.pathname === "/" && c.req.method === "GET") {
      const cookie = /(?:^|;\s*)i18n_redirected=([a-z]{2})/.exec(c.req.header("Cookie") ?? "")?.[1];
      const locale = isLocale(cookie) ? cookie : preferredLocale(c.req.header("Accept-Language"));
      if (!cookie) c.header("Set-Cookie", `i18n_redirected=${locale}; Path=/; Max-Age=${YEAR}; SameSite=Lax`);
      if (locale !== DEFAULT_LOCALE) return c.redirect(`${homePath(locale)}${url.search}`, 302);
    }
    return next();
  });

  app.get("/robots.txt", (c) => {
    const origin = new URL(c.req.url).origin;
    const disallow = LOCALES.map((l) => `Disallow: ${pagePath(l, "favourites")}`).join("\n");
    return c.text(`User-agent: *\n${disallow}\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`);
  });

  app.get("/sitemap.xml", (c) => {
    const origin = new URL(c.req.url).origin;
    const items = LOCALES.map((l) => `  <sitemap><loc>${origin}/sitemap-${l}.xml</loc></sitemap>`).join("\n");
    c.header("Content-Type", "application/xml");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`,
    );
  });

  app.get("/:file{sitemap-[a-z]{2}\\.xml}", async (c) => {
    const locale = c.req.param("file").slice(8, 10);
    if (!isLocale(locale)) return c.notFound();
    const origin = new URL(c.req.url).origin;
    const countries = await services.leagues.countriesWithLeagues({ recent: true });
    const now = services.clock.now().getTime();
    const fixtures = await services.fixtures.inRange({
      from: new Date(now - 86_400_000),
      to: new Date(now + 2 * 86_400_000),
    });
    const paths = [
      homePath(locale),
      ...(["today", "tomorrow", "yesterday"] as const).flatMap((day) =>
        CATEGORY_CODES.map((code) => predictionsPath(locale, day, code === 0 ? undefined : code)),
      ),
      ...(
        [
          "bestBets",
          "leagues",
          "machine",
          "leaguesStats",
          "predictability",
          "faq",
          "contact",
          "terms",
          "privacy",
          "cookiePolicy",
        ] as const
      ).map((page) => pagePath(locale, page)),
      ...countries.flatMap((country) => [
        countryPath(locale, country),
        ...country.leagues.map((league) => leaguePath(locale, { ...league, country })),
      ]),
      ...fixtures.map((f) => matchPath(locale, f)),
      // Match previews exist in five languages: each in its own language's sitemap only.
      ...(isPreviewLocale(locale)
        ? [
            previewsListPath(locale),
            ...(await services.previews.sitemap(locale)).map((p) => previewPath(locale, p.slug)),
          ]
        : []),
    ];
    c.header("Content-Type", "application/xml");
    return c.body(urlset(origin, paths));
  });

  return app;
}
