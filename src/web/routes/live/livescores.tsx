import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { countryName } from "../../../i18n/country-name.ts";
import { leaguePath, matchPath } from "../../../i18n/paths.ts";
import type { LiveScore } from "../../../services/live.ts";
import { CountersTable, LiveLine } from "../../components/live/live-stats.tsx";
import { useLivePoll } from "../../components/live/use-live-poll.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/livescores";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const live = await context.services.live.livescores();
  return { locale, live, configured: context.services.live.configured, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("live.metaTitle"),
    description: t("live.metaDescription"),
  });
}

function byLeague(live: LiveScore[]) {
  const groups = new Map<number, { league: LiveScore["fixture"]["league"]; fixtures: LiveScore[] }>();
  for (const entry of live) {
    const group = groups.get(entry.fixture.league.id) ?? { league: entry.fixture.league, fixtures: [] };
    group.fixtures.push(entry);
    groups.set(entry.fixture.league.id, group);
  }
  return [...groups.values()];
}

function Minute({ state }: { state: LiveScore["state"] }) {
  const { t } = useTranslation();
  if (state.status === "halftime")
    return <span className="font-semibold text-amber-700 dark:text-amber-400">{t("match.halfTime")}</span>;
  return (
    <span className="flex items-center gap-1 font-semibold text-red-700 dark:text-red-400">
      <span className="inline-block size-2 animate-pulse rounded-full bg-red-600 dark:bg-red-400" aria-hidden="true" />
      <span className="sr-only">{t("match.live")}</span>
      {t("match.minute", { minute: state.minute })}
    </span>
  );
}

function LiveRow({ entry }: { entry: LiveScore }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { fixture, state } = entry;
  const teams = { id: fixture.id, localTeam: fixture.homeTeam, visitorTeam: fixture.awayTeam };
  return (
    <li data-fixture-id={fixture.id}>
      <details className="group">
        <summary className="grid cursor-pointer list-none grid-cols-[3.5rem_1fr_auto_1rem] items-center gap-x-2 px-4 py-2.5 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-pitch-600 sm:grid-cols-[4.5rem_1fr_auto_1rem] dark:hover:bg-slate-800/60">
          <Minute state={state} />
          <span className="min-w-0">
            <span className="block truncate">{fixture.homeTeam.name}</span>
            <span className="block truncate">{fixture.awayTeam.name}</span>
          </span>
          <span className="w-5 text-right font-semibold tabular-nums text-red-700 dark:text-red-400">
            <span className="sr-only">
              {t("match.scoreLabel", {
                home: fixture.homeTeam.name,
                homeGoals: state.homeScore,
                away: fixture.awayTeam.name,
                awayGoals: state.awayScore,
              })}
            </span>
            <span className="block" aria-hidden="true">
              {state.homeScore}
            </span>
            <span className="block" aria-hidden="true">
              {state.awayScore}
            </span>
          </span>
          <span className="text-slate-400 transition-transform group-open:rotate-90" aria-hidden="true">
            ›
          </span>
          <span className="col-span-4 mt-1">
            <LiveLine state={state} />
          </span>
        </summary>
        <div className="border-t border-slate-100 px-4 py-3 dark:border-slate-800">
          <CountersTable
            state={state}
            home={fixture.homeTeam.name}
            away={fixture.awayTeam.name}
            caption={t("live.statsOf", { home: fixture.homeTeam.name, away: fixture.awayTeam.name })}
          />
          <p className="mt-2 text-right text-sm">
            <Link
              to={`${matchPath(locale, teams)}?tab=live`}
              className="font-medium text-pitch-700 hover:underline dark:text-pitch-100"
            >
              {t("live.tab")} →
            </Link>
          </p>
        </div>
      </details>
    </li>
  );
}

export default function Livescores({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const live = useLivePoll("/api/v1/fixtures/livescores", loaderData.live, true);
  const groups = byLeague(live);
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <div className="mb-4">
        <h1 className="text-2xl font-bold">{t("live.title")}</h1>
        <p className="text-slate-600 dark:text-slate-400">{t("live.intro")}</p>
        <p className="mt-1 text-sm" role="status" aria-live="polite">
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-300">
            {t("live.liveNow", { count: live.length })}
          </span>{" "}
          <span className="text-xs text-slate-600 dark:text-slate-400">{t("live.updating")}</span>
        </p>
      </div>
      {groups.length === 0 ? (
        <div className="rounded-xl bg-white p-8 text-center shadow-sm dark:bg-slate-900" data-testid="live-empty">
          <p className="text-slate-700 dark:text-slate-200">
            {t(loaderData.configured ? "live.none" : "live.notConfigured")}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t(loaderData.configured ? "live.noneHint" : "live.notConfiguredHint")}
          </p>
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {groups.map((group) => (
            <section
              key={group.league.id}
              aria-labelledby={`live-league-${group.league.id}`}
              className="overflow-hidden rounded-xl bg-white shadow-sm dark:bg-slate-900"
            >
              <h2
                id={`live-league-${group.league.id}`}
                className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold dark:border-slate-800 dark:bg-slate-800/60"
              >
                <Link to={leaguePath(locale, group.league)} className="hover:underline">
                  <span className="text-slate-600 dark:text-slate-400">
                    {countryName(t, group.league.country.name)} ·{" "}
                  </span>
                  {group.league.name}
                </Link>
              </h2>
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {group.fixtures.map((entry) => (
                  <LiveRow key={entry.fixture.id} entry={entry} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
