import "./context.ts";
import { I18nextProvider } from "react-i18next";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { useMemo } from "react";
import "./app.css";
import { MESSAGES } from "../i18n/messages.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { localeOfPath } from "../i18n/locales.ts";
import { ErrorContent } from "./components/shell/error-page.tsx";
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

export async function loader({ request, context }: Route.LoaderArgs) {
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
    /** the bell's badge; loaders run again after every action, so marking alerts read updates it */
    unread: user ? await context.services.alerts.inbox.unread(user) : 0,
    siteLinks: context.services.siteLinks,
    /** real mode: when the data providers were last read (the footer says so); null in replay mode */
    dataUpdatedAt: (await context.services.footballData?.updatedAt()) ?? null,
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

/** Only when the shell itself failed: the pages' own errors keep the shell (routes/shell.tsx). */
export function ErrorBoundary() {
  return <ErrorContent fullScreen />;
}
