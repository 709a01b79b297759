import { useTranslation } from "react-i18next";
import { fromService } from "../service-errors.server.ts";
import { FixtureRow, LeagueCard } from "../components/fixture-row.tsx";
import { FavouriteButton } from "../components/favourite-button.tsx";
import { StandingsTable } from "../components/standings-table.tsx";
import { TabLinks } from "../components/tabs.tsx";
import { formatNumber, formatPercent } from "../format.ts";
import { usePreferences } from "../preferences.tsx";
import { idOfSlug } from "../../i18n/paths.ts";
import { notFound, pageContext, metaT, seo } from "../page-context.ts";
import type { Route } from "./+types/league";
import { countryName } from "../../i18n/country-name.ts";

const TABS = ["matches", "ranking", "stats"] as const;
const DAY_MS = 86_400_000;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const id = idOfSlug(params.league);
  if (id === null) notFound();
  const tab = TABS.find((t) => t === url.searchParams.get("tab")) ?? "matches";
  const page = await fromService(() => context.services.leagues.league(id));
  const now = context.services.clock.now().getTime();
  const fixtures =
    tab === "matches"
      ? await context.services.predictions.inRange({
          from: new Date(now - 7 * DAY_MS),
          to: new Date(now + 7 * DAY_MS),
          leagueIds: [id],
          includePremium: context.access.premium,
        })
      : [];
  return { locale, tab, ...page, fixtures, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("league.title", { league: page.league.name, country: countryName(t, page.league.country.name) }),
  });
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export default function League({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { league, season, tab, standings, averages, fixtures } = loaderData;
  const { locale } = usePreferences();
  const num = (v: number | null | undefined, digits = 2) => formatNumber(v, locale, digits);
  const pct = (v: number | null | undefined) => formatPercent(v, locale);
  const upcoming = fixtures.filter((f) => f.status !== "finished");
  const results = fixtures.filter((f) => f.status === "finished").reverse();
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <p className="text-sm text-slate-600 dark:text-slate-400">{countryName(t, league.country.name)}</p>
      <div className="flex items-start gap-2">
        <h1 className="text-2xl font-bold">
          {t("league.title", { league: league.name, country: countryName(t, league.country.name) })}
        </h1>
        <FavouriteButton kind="league" league={league} className="mt-0.5" />
      </div>
      {season && <p className="mb-4 text-slate-600 dark:text-slate-400">{t("league.season", { season })}</p>}
      <TabLinks
        label={t("league.tabs")}
        current={tab}
        tabs={TABS.map((id) => ({ id, label: t(`league.tab_${id}`) }))}
      />
      {tab === "matches" && (
        <div className="space-y-4">
          {[
            { title: t("league.upcoming"), list: upcoming },
            { title: t("league.results"), list: results },
          ].map(({ title, list }) => (
            <section key={title}>
              <h2 className="mb-2 font-semibold">{title}</h2>
              {list.length === 0 ? (
                <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
                  {t("home.noMatches")}
                </p>
              ) : (
                <LeagueCard league={list[0]!.league}>
                  {list.map((fixture) => (
                    <FixtureRow key={fixture.id} fixture={fixture} />
                  ))}
                </LeagueCard>
              )}
            </section>
          ))}
        </div>
      )}
      {tab === "ranking" && (
        <section className="overflow-hidden rounded-xl bg-white shadow-sm dark:bg-slate-900">
          <StandingsTable rows={standings} />
        </section>
      )}
      {tab === "stats" && averages && (
        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-3 dark:bg-slate-900">
          <Stat label={t("league.statMatches")} value={String(averages.matches)} />
          <Stat label={t("league.statGoals")} value={num(averages.goals)} />
          <Stat label={t("league.statHomeGoals")} value={num(averages.homeGoals)} />
          <Stat label={t("league.statAwayGoals")} value={num(averages.awayGoals)} />
          <Stat label={t("league.statOver25")} value={pct(averages.over25)} />
          <Stat label={t("league.statBtts")} value={pct(averages.btts)} />
          <Stat label={t("league.statHomeWins")} value={pct(averages.homeWins)} />
          <Stat label={t("league.statDraws")} value={pct(averages.draws)} />
          <Stat label={t("league.statAwayWins")} value={pct(averages.awayWins)} />
          <Stat label={t("league.statCorners")} value={num(averages.corners, 1)} />
          <Stat label={t("league.statYellow")} value={num(averages.yellowCards, 1)} />
          <Stat label={t("league.statFirstHalf")} value={pct(averages.firstHalfGoalShare)} />
        </dl>
      )}
    </main>
  );
}
