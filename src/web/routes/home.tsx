import { useState } from "react";
import { fromService } from "../service-errors.server.ts";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { FixtureRow, LeagueCard } from "../components/fixture-row.tsx";
import { ShowMore } from "../components/show-more.tsx";
import { LiveLine } from "../components/live/live-stats.tsx";
import { useLivePoll } from "../components/live/use-live-poll.ts";
import { formatDayHeading } from "../format.ts";
import { homePath } from "../../i18n/paths.ts";
import { readCookie } from "../../domain/http/cookies.ts";
import { useBrowserTimeZone, useLiveRefresh } from "../live-refresh.ts";
import { pageContext, metaT, seo } from "../page-context.ts";
import { PAGE_SIZE, firstFixtures, shownCount } from "../paging.ts";
import { saveOnAccount, usePreferences, writeCookie } from "../preferences.tsx";
import type { Route } from "./+types/home";

const FILTERS = ["all", "live", "upcoming", "finished"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  const date = url.searchParams.get("date") ?? undefined;
  const show = FILTERS.find((f) => f === url.searchParams.get("show")) ?? "all";
  const day = await fromService(() => context.services.predictions.day({ date, timeZone }));
  const keep = (status: string) =>
    show === "all" || (show === "live" ? status === "live" || status === "halftime" : status === show);
  const filtered = day.groups
    .map((g) => ({
      ...g,
      // The page shows the best bet only: the other picks would only weigh on the HTML.
      fixtures: g.fixtures
        .filter((f) => keep(f.status))
        .map((f) => ({ ...f, predictions: f.predictions ? { ...f.predictions, picks: [] } : null })),
    }))
    .filter((g) => g.fixtures.length > 0);
  // `show` is the status filter here, so the page size has its own parameter.
  const shown = shownCount(url, "limit");
  const total = filtered.reduce((n, g) => n + g.fixtures.length, 0);
  const groups = firstFixtures(filtered, shown);
  const hideDescription =
    readCookie(request.headers.get("Cookie"), "hide_home_desc") === "1" ||
    (context.user?.preferences as { showHomeUpperDescription?: boolean } | undefined)?.showHomeUpperDescription ===
      false;
  const pipeline = await context.services.pipeline.status();
  const computing =
    pipeline && pipeline.phase !== "done" && pipeline.phase !== "failed" && pipeline.total > 0
      ? Math.floor((pipeline.phase === "sweeping" ? 0 : 50) + (50 * pipeline.done) / pipeline.total || 0)
      : null;
  // Live fixtures of the page show their counters and live odds (polled below while any is live).
  const onPage = new Set(
    groups.flatMap((g) => g.fixtures.filter((f) => f.status === "live" || f.status === "halftime").map((f) => f.id)),
  );
  const liveScores = onPage.size > 0 ? await context.services.live.livescores() : [];
  return {
    locale,
    timeZone,
    computing,
    origin: url.origin,
    pathname: url.pathname,
    ...day,
    groups,
    total,
    shown,
    show,
    hideDescription,
    liveScores,
  };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("home.metaTitle"),
    description: t("app.tagline"),
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { signedIn } = usePreferences();
  const { locale, date, today, previous, next, groups, total, shown, live, timeZone, computing, show } = loaderData;
  const liveScores = useLivePoll(
    "/api/v1/fixtures/livescores",
    loaderData.liveScores,
    loaderData.liveScores.length > 0,
    10_000,
  );
  const liveById = new Map(liveScores.map((entry) => [entry.fixture.id, entry.state]));
  const [hideDescription, setHideDescription] = useState(loaderData.hideDescription);
  const navigation = useNavigation();
  useBrowserTimeZone(timeZone);
  useLiveRefresh(date === today || computing !== null);
  const base = homePath(locale);
  const query = (d: string, s: string, limit = PAGE_SIZE) => {
    const params = new URLSearchParams();
    if (d !== today) params.set("date", d);
    if (s !== "all") params.set("show", s);
    if (limit > PAGE_SIZE) params.set("limit", String(limit));
    const q = params.toString();
    return q ? `${base}?${q}` : base;
  };
  const dayLink = (d: string) => query(d, show);
  const navClass =
    "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-pitch-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800";

  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      {!hideDescription && (
        <section
          aria-labelledby="about"
          className="relative mb-6 rounded-xl bg-pitch-700 p-5 pr-12 text-white dark:bg-pitch-900"
        >
          <h2 id="about" className="mb-1 text-lg font-semibold">
            {t("home.descriptionTitle")}
          </h2>
          <p className="text-pitch-50">{t("home.description")}</p>
          <button
            type="button"
            onClick={() => {
              writeCookie("hide_home_desc", "1");
              if (signedIn) saveOnAccount({ preferences: { showHomeUpperDescription: false } });
              setHideDescription(true);
            }}
            className="absolute top-3 right-3 flex size-8 items-center justify-center rounded-full hover:bg-white/10"
          >
            <span aria-hidden="true">✕</span>
            <span className="sr-only">{t("home.hideDescription")}</span>
          </button>
        </section>
      )}
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("home.title")}</h1>
          <p className="text-slate-600 dark:text-slate-400">
            {formatDayHeading(date, locale)} · {t("home.matchCount", { count: total })}
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
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <nav aria-label={t("home.filterLabel")}>
          <ul className="flex flex-wrap gap-1">
            {(["all", "live", "upcoming", "finished"] as const).map((f) => (
              <li key={f}>
                <Link
                  to={query(date, f)}
                  aria-current={f === show ? "page" : undefined}
                  className={`block rounded-full px-3 py-1 text-sm ${f === show ? "bg-pitch-700 text-white" : "bg-white hover:bg-slate-50 dark:bg-slate-900 dark:hover:bg-slate-800"}`}
                >
                  {t(`home.filter${f[0]!.toUpperCase()}${f.slice(1)}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("home.timesIn", { zone: timeZone })}</p>
      </div>
      {computing !== null && (
        <div
          role="status"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>{t("home.computing", { percent: computing })}</p>
          <div className="mt-2 h-1.5 overflow-hidden rounded bg-amber-200 dark:bg-amber-900" aria-hidden="true">
            <div className="h-full bg-amber-500" style={{ width: `${computing}%` }} />
          </div>
        </div>
      )}
      <div
        aria-busy={navigation.state === "loading"}
        className={navigation.state === "loading" ? "opacity-60 transition-opacity" : ""}
      >
        {groups.length === 0 ? (
          <p className="rounded-xl bg-white p-8 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
            {t("home.noMatches")}
          </p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {groups.map((group) => (
              <LeagueCard key={group.league.id} league={group.league}>
                {group.fixtures.map((fixture) => {
                  const state = liveById.get(fixture.id);
                  if (!state || state.homeScore === null || state.awayScore === null)
                    return <FixtureRow key={fixture.id} fixture={fixture} />;
                  const now = {
                    ...fixture,
                    status: state.status,
                    minute: state.minute,
                    score: { home: state.homeScore, away: state.awayScore },
                  };
                  return (
                    <FixtureRow key={fixture.id} fixture={now}>
                      <LiveLine state={state} />
                    </FixtureRow>
                  );
                })}
              </LeagueCard>
            ))}
          </div>
        )}
        {shown < total && <ShowMore to={query(date, show, shown + PAGE_SIZE)} left={total - shown} />}
      </div>
    </main>
  );
}
