import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, data, useNavigation, useRevalidator } from "react-router";
import { ServiceError } from "../../services/errors.ts";
import { FixtureRow } from "../components/fixture-row.tsx";
import { formatDayHeading, localePrefix, readCookie } from "../format.ts";
import { createI18n } from "../i18n/i18n.ts";
import { type Locale, isLocale } from "../i18n/locales.ts";
import type { Route } from "./+types/home";

const DEFAULT_ZONE = "UTC";
const REFRESH_MS = 30_000;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.lang !== undefined && (!isLocale(params.lang) || params.lang === "en")) throw data(null, { status: 404 });
  const locale: Locale = isLocale(params.lang) ? params.lang : "en";
  const url = new URL(request.url);
  const cookieZone = readCookie(request.headers.get("Cookie"), "tz");
  const date = url.searchParams.get("date") ?? undefined;
  const load = (timeZone: string) => context.services.predictions.day({ date, timeZone });
  try {
    const timeZone = cookieZone ?? DEFAULT_ZONE;
    const day = await load(timeZone).catch((error) => {
      // A stale or foreign zone cookie must not break the page.
      if (error instanceof ServiceError && cookieZone && error.message.startsWith("unknown time zone")) return null;
      throw error;
    });
    const pipeline = await context.services.pipeline.status();
    const computing =
      pipeline && pipeline.phase !== "done" && pipeline.phase !== "failed" && pipeline.total > 0
        ? Math.floor(((pipeline.phase === "sweeping" ? 0 : 50) + (50 * pipeline.done) / pipeline.total) || 0)
        : null;
    return { locale, computing, ...(day ? { ...day, timeZone } : { ...(await load(DEFAULT_ZONE)), timeZone: DEFAULT_ZONE }) };
  } catch (error) {
    if (error instanceof ServiceError) throw data(error.message, { status: error.status });
    throw error;
  }
}

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  const t = createI18n(page.locale).t;
  return [
    { title: `${t("home.metaTitle")} | ${t("app.name")}` },
    { name: "description", content: t("app.tagline") },
  ];
}

/** The server renders in the zone of the `tz` cookie; the browser's own zone replaces it after the first visit. */
function useBrowserTimeZone(serverZone: string) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== serverZone) {
      // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie to render the visitor's day
      document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
      revalidator.revalidate();
    }
  }, [serverZone, revalidator]);
}

function useLiveRefresh(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, date, today, previous, next, groups, live, timeZone, computing } = loaderData;
  const navigation = useNavigation();
  useBrowserTimeZone(timeZone);
  useLiveRefresh(date === today || computing !== null);
  const base = `${localePrefix(locale)}/`;
  const dayLink = (d: string) => (d === today ? base : `${base}?date=${d}`);
  const matchCount = groups.reduce((n, g) => n + g.fixtures.length, 0);
  const navClass =
    "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-pitch-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800";

  return (
    <>
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:p-2">
        {t("app.skipToContent")}
      </a>
      <header className="bg-pitch-700 text-white shadow dark:bg-pitch-900">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
          <Link to={base} className="text-xl font-bold tracking-tight">
            {t("app.name")}
          </Link>
          <p className="hidden text-sm text-pitch-100 sm:block">{t("app.tagline")}</p>
        </div>
      </header>
      <main id="content" className="mx-auto max-w-5xl px-4 py-6">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">{t("home.title")}</h1>
            <p className="text-slate-600 dark:text-slate-400">
              {formatDayHeading(date, locale)} · {t("home.matchCount", { count: matchCount })}
              {live > 0 && (
                <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700 dark:bg-red-950 dark:text-red-300">
                  {t("home.liveCount", { count: live })}
                </span>
              )}
            </p>
          </div>
          <nav className="flex gap-2" aria-label={t("home.title")}>
            <Link to={dayLink(previous)} className={navClass} rel="nofollow">
              ← <span className="sr-only sm:not-sr-only">{t("home.previousDay")}</span>
            </Link>
            {date !== today && (
              <Link to={base} className={navClass}>
                {t("home.today")}
              </Link>
            )}
            <Link to={dayLink(next)} className={navClass} rel="nofollow">
              <span className="sr-only sm:not-sr-only">{t("home.nextDay")}</span> →
            </Link>
          </nav>
        </div>
        <p className="mb-4 text-xs text-slate-500 dark:text-slate-400">{t("home.timesIn", { zone: timeZone })}</p>
        {computing !== null && (
          <div role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <p>{t("home.computing", { percent: computing })}</p>
            <div className="mt-2 h-1.5 overflow-hidden rounded bg-amber-200 dark:bg-amber-900" aria-hidden="true">
              <div className="h-full bg-amber-500" style={{ width: `${computing}%` }} />
            </div>
          </div>
        )}
        <div aria-busy={navigation.state === "loading"} className={navigation.state === "loading" ? "opacity-60 transition-opacity" : ""}>
          {groups.length === 0 ? (
            <p className="rounded-xl bg-white p-8 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
              {t("home.noMatches")}
            </p>
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {groups.map((group) => (
                <section
                  key={group.league.id}
                  aria-labelledby={`league-${group.league.id}`}
                  className="overflow-hidden rounded-xl bg-white shadow-sm dark:bg-slate-900"
                >
                  <h2
                    id={`league-${group.league.id}`}
                    className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold dark:border-slate-800 dark:bg-slate-800/60"
                  >
                    <span className="text-slate-500 dark:text-slate-400">{group.league.country.name} · </span>
                    {group.league.name}
                  </h2>
                  <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                    {group.fixtures.map((fixture) => (
                      <FixtureRow key={fixture.id} fixture={fixture} locale={locale} timeZone={timeZone} />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </div>
      </main>
      <footer className="mx-auto max-w-5xl px-4 pb-8 text-xs text-slate-500 dark:text-slate-400">
        <p>
          {t("footer.credit").split("football-data.co.uk")[0]}
          <a href="https://www.football-data.co.uk/" className="underline" rel="noopener">
            football-data.co.uk
          </a>
        </p>
        <p>{t("footer.gambling")}</p>
      </footer>
    </>
  );
}
