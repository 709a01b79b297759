import { useTranslation } from "react-i18next";
import { fromService } from "../service-errors.server.ts";
import { Link, redirect, useNavigation } from "react-router";
import { VENUES, WINDOWS } from "../../domain/stats/team-events.ts";
import { FavouriteButton } from "../components/favourite-button.tsx";
import { FixtureRow, LeagueCard } from "../components/fixture-row.tsx";
import { TabLinks } from "../components/tabs.tsx";
import { TeamCrest } from "../components/team-crest.tsx";
import { EventsTable } from "../components/team-events.tsx";
import { countryPath, idOfSlug, leaguePath } from "../../i18n/paths.ts";
import { teamPath } from "../../i18n/team-paths.ts";
import { metaT, notFound, pageContext, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/team";
import { countryName } from "../../i18n/country-name.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const id = idOfSlug(params.team);
  if (id === null) notFound();
  const window = WINDOWS.find((w) => w === url.searchParams.get("tab")) ?? "season";
  const seasonParam = url.searchParams.get("season");
  const seasonId = seasonParam && /^\d{1,9}$/.test(seasonParam) ? Number(seasonParam) : undefined;
  const page = await fromService(() => context.services.teamStats.team(id, seasonId, context.access.premium));
  const canonical = teamPath(locale, page.team);
  if (url.pathname !== canonical) throw redirect(`${canonical}${url.search}`, 301);
  // The page shows one window: send only its splits.
  return { locale, window, ...page, stats: page.stats[window], origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("teamStats.title", { team: page.team.name }),
    description: t("teamStats.description", { team: page.team.name }),
  });
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { team, season, seasons, stats, window, lastMatches, next } = loaderData;
  const busy = useNavigation().state === "loading";
  const box = "rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900";
  const current = seasons[0]?.seasonId;
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        <Link to={countryPath(locale, team.country)} className="hover:underline">
          {countryName(t, team.country.name)}
        </Link>
        {season && (
          <>
            {" · "}
            <Link
              to={leaguePath(locale, {
                id: season.leagueId,
                name: season.leagueName,
                country: { name: season.countryName },
              })}
              className="hover:underline"
            >
              {season.leagueName}
            </Link>
          </>
        )}
      </p>
      <div className="mb-4 flex items-center gap-3">
        <TeamCrest name={team.name} size={48} />
        <h1 className="min-w-0 text-2xl font-bold">{t("teamStats.title", { team: team.name })}</h1>
        <FavouriteButton kind="team" team={team} />
      </div>
      {seasons.length > 1 && (
        <nav aria-label={t("teamStats.seasons")} className="mb-4 flex flex-wrap gap-2 text-sm">
          {seasons.slice(0, 8).map((s) => (
            <Link
              key={s.seasonId}
              to={s.seasonId === current ? `?tab=${window}` : `?season=${s.seasonId}&tab=${window}`}
              aria-current={s.seasonId === season?.seasonId ? "page" : undefined}
              className={`rounded-full border px-3 py-1 ${
                s.seasonId === season?.seasonId
                  ? "border-pitch-600 bg-pitch-50 font-semibold text-pitch-700 dark:bg-pitch-900/40 dark:text-pitch-100"
                  : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
              }`}
            >
              {s.seasonName} <span className="text-xs text-slate-500 dark:text-slate-400">{s.leagueName}</span>
            </Link>
          ))}
        </nav>
      )}
      {(next || lastMatches.length > 0) && (
        <div className="mb-4 grid gap-4 md:grid-cols-2">
          {next && (
            <div>
              <h2 className="mb-2 font-semibold">{t("teamStats.nextMatch")}</h2>
              <LeagueCard league={next.league}>
                <FixtureRow fixture={next} />
              </LeagueCard>
            </div>
          )}
          {lastMatches.length > 0 && (
            <div>
              <h2 className="mb-2 font-semibold">{t("teamStats.lastMatches")}</h2>
              <LeagueCard league={lastMatches[0]!.league}>
                {lastMatches.map((f) => (
                  <FixtureRow key={f.id} fixture={f} />
                ))}
              </LeagueCard>
            </div>
          )}
        </div>
      )}
      <TabLinks
        label={t("teamStats.windowTabs")}
        current={window}
        keep={{ season: season && season.seasonId !== current ? season.seasonId : null }}
        tabs={WINDOWS.map((w) => ({ id: w, label: t(`teamStats.window.${w}`) }))}
      />
      <section className={`${box} ${busy ? "opacity-60" : ""}`} aria-busy={busy}>
        {stats.overall.totals.matches === 0 ? (
          <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("teamStats.noMatches")}</p>
        ) : (
          <EventsTable
            caption={`${t("teamStats.title", { team: team.name })} · ${t(`teamStats.window.${window}`)}`}
            columns={VENUES.map((v) => ({ id: v, label: t(`teamStats.venue.${v}`), split: stats[v] }))}
          />
        )}
      </section>
    </main>
  );
}
