import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation, useRevalidator } from "react-router";
import { FixtureRow, LeagueCard } from "../components/fixture-row.tsx";
import { formatDayHeading } from "../format.ts";
import { homePath } from "../i18n/paths.ts";
import { createI18n } from "../i18n/i18n.ts";
import { fromService, pageContext, seo } from "../page-context.ts";
import type { Route } from "./+types/home";

const REFRESH_MS = 30_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  const date = url.searchParams.get("date") ?? undefined;
  const day = await fromService(() => context.services.predictions.day({ date, timeZone }));
  const pipeline = await context.services.pipeline.status();
  const computing =
    pipeline && pipeline.phase !== "done" && pipeline.phase !== "failed" && pipeline.total > 0
      ? Math.floor(((pipeline.phase === "sweeping" ? 0 : 50) + (50 * pipeline.done) / pipeline.total) || 0)
      : null;
  return { locale, timeZone, computing, origin: url.origin, pathname: url.pathname, ...day };
}

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  const t = createI18n(page.locale).t;
  return seo({ locale: page.locale, origin: page.origin, pathname: page.pathname, title: t("home.metaTitle"), description: t("app.tagline") });
}

/** The server renders in the zone of the `tz` cookie; the browser's own zone replaces it after the first visit. */
export function useBrowserTimeZone(serverZone: string) {
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

export function useLiveRefresh(active: boolean) {
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
  const base = homePath(locale);
  const dayLink = (d: string) => (d === today ? base : `${base}?date=${d}`);
  const matchCount = groups.reduce((n, g) => n + g.fixtures.length, 0);
  const navClass =
    "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-pitch-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800";

  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("home.title")}</h1>
          <p className="text-slate-600 dark:text-slate-400">
            {formatDayHeading(date, locale)} · {t("home.matchCount", { count: matchCount })}
            {live > 0 && (
              <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-300">
                {t("home.liveCount", { count: live })}
              </span>
            )}
          </p>
        </div>
        <nav className="flex gap-2" aria-label={t("home.dayNavigation")}>
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
      <p className="mb-4 text-xs text-slate-600 dark:text-slate-400">{t("home.timesIn", { zone: timeZone })}</p>
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
          <p className="rounded-xl bg-white p-8 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">{t("home.noMatches")}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {groups.map((group) => (
              <LeagueCard key={group.league.id} league={group.league}>
                {group.fixtures.map((fixture) => (
                  <FixtureRow key={fixture.id} fixture={fixture} />
                ))}
              </LeagueCard>
            ))}
          </div>
        )}
      </div>
    </main>
  );
}
