import type { Context } from "hono";
import { LOCALES, type Locale, isLocale } from "../i18n/locales.ts";
import { translate } from "../i18n/messages.server.ts";
import { homePath } from "../i18n/paths.ts";
import { errorAnswer } from "./api/contract.ts";
import type { RequestVars } from "./request-context.ts";
import { preferredLocale } from "./seo.ts";

/** The site's colours (app.css): the header's pitch green and the light page background. */
const THEME_COLOR = "#136639";
const BACKGROUND_COLOR = "#f1f5f9";

/**
 * The language of the installed app: the page's (`?lang=`, which every page's <link rel="manifest"> names), else
 * the signed-in member's, else the language the visitor chose (the i18n_redirected cookie), else the browser's.
 */
function manifestLocale(c: Context<{ Variables: RequestVars }>): Locale {
  const asked = c.req.query("lang");
  if (isLocale(asked)) return asked;
  const member = c.get("user")?.languageCode;
  if (isLocale(member)) return member;
  const chosen = /(?:^|;\s*)i18n_redirected=([a-z]{2})/.exec(c.req.header("Cookie") ?? "")?.[1];
  return isLocale(chosen) ? chosen : preferredLocale(c.req.header("Accept-Language"));
}

/**
 * The web app manifest (GET /manifest.webmanifest): what makes Pitchlab installable, which an iPhone needs for
 * Web Push (Safari delivers it only to a site added to the Home Screen). One `id` for every language, so that
 * an install in German and one in English are the same app; the start page is the home page of its language.
 */
export function webManifest(c: Context<{ Variables: RequestVars }>) {
  const asked = c.req.query("lang");
  if (asked !== undefined && !isLocale(asked))
    return errorAnswer(c as never, 400, "apiErrors.invalidInput", undefined, {
      lang: { key: "apiErrors.validation.oneOf", params: { values: LOCALES.join(", ") } },
    });
  const locale = manifestLocale(c);
  const body = {
    id: "/",
    name: translate(locale, "app.name"),
    short_name: translate(locale, "app.name"),
    description: translate(locale, "app.tagline"),
    lang: locale,
    dir: "ltr",
    start_url: homePath(locale),
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
  c.header("Content-Type", "application/manifest+json; charset=utf-8");
  c.header("Cache-Control", "public, max-age=3600");
  if (asked === undefined) c.header("Vary", "Cookie, Accept-Language");
  return c.body(JSON.stringify(body));
}
