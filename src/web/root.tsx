import "./context.ts";
import { I18nextProvider, useTranslation } from "react-i18next";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { useMemo } from "react";
import "./app.css";
import { MESSAGES } from "../i18n/messages.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { localeOfPath } from "../i18n/locales.ts";
import { homePath } from "../i18n/paths.ts";
import { useNonce } from "./nonce.ts";
import { PreferencesProvider, readPreferenceCookies } from "./preferences.tsx";
import type { Route } from "./+types/root";
import { personTimeZone } from "../domain/time/zones.ts";

/** Until the visitor picks a theme, follow the system; runs before paint so there is no flash. */
const THEME_SCRIPT = `(function(){try{var m=document.cookie.match(/(?:^|; )theme=(light|dark)/);var d=m?m[1]==="dark":matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.add(d?"dark":"light")}catch(e){}})();`;

export const links = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The icon an iPhone puts on the Home Screen (it does not read the manifest's).
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = context.user;
  const locale = localeOfPath(url.pathname);
  const cookies = request.headers.get("Cookie") ?? "";
  const prefs = readPreferenceCookies(cookies);
  // The server renders in the profile's zone for a signed-in user who chose one (src/server/time-zone.ts).
  const zone = personTimeZone(user?.timezone, prefs.timeZone);
  return {
    ...prefs,
    timeZone: zone.zone,
    timeZoneFromProfile: zone.fromProfile,
    origin: url.origin,
    messages: MESSAGES[locale],
    cookieConsent: /(?:^|;\s*)cookie_consent=/.test(cookies),
    /** what the shell shows of the signed-in user; never more */
    auth: context.services.accounts.publicConfig(),
    user: user ? { id: user.id, firstName: user.firstName, username: user.username, image: user.image } : null,
    premium: context.access.premium,
    siteLinks: context.services.siteLinks,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = localeOfPath(useLocation().pathname);
  const prefs = useRouteLoaderData<typeof loader>("root");
  const i18n = useMemo(() => createI18n(locale, prefs?.messages), [locale, prefs?.messages]);
  const themeClass = prefs?.theme ?? undefined;
  const nonce = useNonce();
  return (
    <html lang={locale} className={themeClass} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {!themeClass && (
          <script
            nonce={nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no user input
            dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }}
          />
        )}
        {/* Installable (src/server/manifest.ts), starting on the home page of the page's language. */}
        <link rel="manifest" href={`/manifest.webmanifest?lang=${locale}`} />
        <meta name="theme-color" content="#136639" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-100 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <I18nextProvider i18n={i18n}>
          <PreferencesProvider
            initial={{
              locale,
              oddsFormat: prefs?.oddsFormat ?? 1,
              theme: prefs?.theme ?? null,
              timeZone: prefs?.timeZone ?? "UTC",
              timeZoneFromProfile: prefs?.timeZoneFromProfile ?? false,
              bookmakerCountry: prefs?.bookmakerCountry ?? -1,
              signedIn: Boolean(prefs?.user),
            }}
          >
            {children}
          </PreferencesProvider>
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

function refusalOf(value: unknown): { key: string; params?: Record<string, string | number> } | null {
  if (typeof value === "string" && /^[a-zA-Z]+\.[\w.]+$/.test(value)) return { key: value };
  if (value && typeof value === "object" && typeof (value as { key?: unknown }).key === "string")
    return value as { key: string; params?: Record<string, string | number> };
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const locale = localeOfPath(useLocation().pathname);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? t("errors.notFoundTitle") : t("errors.errorTitle");
  // A page's refusal of its input (400): its message key, and the values the message names (badPageInput).
  const refusal = isRouteErrorResponse(error) && error.status === 400 ? refusalOf(error.data) : null;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      {/* React places the title in the head: a 404 has a title of its own, in the page's language. */}
      <title>{`${title} · ${t("app.name")}`}</title>
      <p className="text-6xl font-bold text-pitch-600">{isRouteErrorResponse(error) ? error.status : 500}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {!notFound && (
        <p className="text-slate-600 dark:text-slate-400">
          {refusal ? t(refusal.key, refusal.params) : t("errors.errorText")}
        </p>
      )}
      <Link
        to={homePath(locale)}
        className="rounded-lg bg-pitch-700 px-4 py-2 font-medium text-white hover:bg-pitch-900 focus-visible:outline-2"
      >
        {t("errors.goHome")}
      </Link>
    </main>
  );
}
