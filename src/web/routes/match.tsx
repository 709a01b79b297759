import { useTranslation } from "react-i18next";
import { fromService, isServiceError } from "../service-errors.server.ts";
import { Link, data, redirect } from "react-router";
import { BackButton } from "../components/back-button.tsx";
import { FollowMatchButton } from "../components/follow-match-button.tsx";
import { FavouriteButton } from "../components/favourite-button.tsx";
import { VoteBox } from "../components/vote-box.tsx";
import { StatusCell } from "../components/fixture-row.tsx";
import { StandingsTable } from "../components/standings-table.tsx";
import { TabLinks } from "../components/tabs.tsx";
import { TeamCrest } from "../components/team-crest.tsx";
import { formatDayHeading, formatKickoff } from "../format.ts";
import { ensureVoter, voterOf } from "../../domain/community/voter.ts";
import { idOfSlug, leaguePath, matchPath } from "../../i18n/paths.ts";
import { notFound, pageContext, metaT, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import { PreMatchEvents } from "../components/pre-match-events.tsx";
import type { Route } from "./+types/match";
import type { LiveState } from "../../domain/live/state.ts";
import type { FixtureView } from "../../services/fixtures.ts";
import { countryName } from "../../i18n/country-name.ts";
import { LivePanel } from "../components/live/live-panel.tsx";
import { useMatchLive } from "../components/live/use-match-live.ts";
import { readPageForm } from "../form-input.server.ts";
import { FixtureList } from "../match/fixture-list.tsx";
import { JsonLd } from "../match/json-ld.tsx";
import { OddsTab } from "../match/odds-tab.tsx";
import { PredictionsTab } from "../match/predictions-tab.tsx";
import { RecordTable } from "../match/record-table.tsx";
import { StatsTab } from "../match/stats-tab.tsx";

const TABS = [
  "predictions",
  "live",
  "odds",
  "similar",
  "ranking",
  "last-matches",
  "match-stats",
  "match-data",
  "pre-match-stats",
] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  const id = idOfSlug(params.match);
  if (id === null) notFound();
  const tab = TABS.find((t) => t === url.searchParams.get("tab")) ?? "predictions";
  const page = await fromService(() => context.services.predictions.matchPage(id, context.access.premium));
  const votes = await context.services.community.votes(id, voterOf(context.user?.id, request.headers.get("Cookie")));
  // One address per match: a stale or hand-typed slug is sent to the canonical one.
  const canonical = matchPath(locale, page.fixture);
  if (url.pathname !== canonical) throw redirect(`${canonical}${url.search}`, 301);
  // Both teams' 100+ events, walk-forward (only matches that ended before kick-off), on the pre-match tab only.
  const teamEvents =
    tab === "pre-match-stats"
      ? await fromService(() => context.services.teamStats.preMatchColumns(id, context.access.premium))
      : null;
  // The Live tab: the state, events and chart now (null before kick-off: nothing from after now). While the match
  // is played the header shows the same state on every tab, so it is read then too.
  const live =
    tab === "live" || page.fixture.status === "live" || page.fixture.status === "halftime"
      ? await context.services.live
          .fixture(id)
          .catch((error) => (isServiceError(error) && error.status === 404 ? null : Promise.reject(error)))
      : null;
  // The prices seen over time, on the odds tab only.
  const priceHistory = tab === "odds" ? await context.services.predictions.priceHistory(id) : [];
  // Why a match has no prediction: "computing" only while the predictions are computed (or before their first run
  // has reported); once a run is done, the match came in after it ("later"); or the last run failed.
  const pipeline = page.probabilities ? undefined : await context.services.pipeline.status();
  const noPrediction: "computing" | "later" | "failed" | null =
    pipeline === undefined
      ? null
      : pipeline === null || (pipeline.phase !== "done" && pipeline.phase !== "failed")
        ? "computing"
        : pipeline.phase === "failed"
          ? "failed"
          : "later";
  return {
    locale,
    tab,
    timeZone,
    ...page,
    votes,
    teamEvents,
    live,
    priceHistory,
    noPrediction,
    origin: url.origin,
    pathname: url.pathname,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = idOfSlug(params.match);
  if (id === null) notFound();
  const choice = String((await readPageForm(request)).get("choice") ?? "");
  const { voter, setCookie } = ensureVoter(context.user?.id, request.headers.get("Cookie"), () => crypto.randomUUID());
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  try {
    await context.services.community.vote(id, voter, choice, { ip: context.clientIp });
    return data({ voteError: null }, { headers });
  } catch (error) {
    if (isServiceError(error) && error.status === 409) {
      // The service's message key: vote.already or vote.closed.
      return data({ voteError: error.key }, { status: 409, headers });
    }
    if (isServiceError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  const f = page.fixture;
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("matchPage.title", { home: f.localTeam.name, away: f.visitorTeam.name }),
    description: t("matchPage.description", {
      home: f.localTeam.name,
      away: f.visitorTeam.name,
      league: f.league.name,
    }),
  });
}

/**
 * The fixture as the header shows it, brought up to the polled live state (minute, score, status) once the match
 * has kicked off, so that the header and the Live tab never disagree.
 */
function withLiveState<F extends Pick<FixtureView, "status" | "minute" | "score">>(
  fixture: F,
  state: LiveState | undefined,
): F {
  if (!state || state.status === "upcoming") return fixture;
  const score =
    state.homeScore !== null && state.awayScore !== null
      ? { home: state.homeScore, away: state.awayScore }
      : fixture.score;
  return { ...fixture, status: state.status, minute: state.minute, score };
}

export default function Match({ loaderData: page, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, timeZone } = usePreferences();
  const playedNow = page.fixture.status === "live" || page.fixture.status === "halftime";
  // One live state for the header and the Live tab (one poll): both show the same minute and score.
  const live = useMatchLive(page.fixture.id, page.live, page.tab === "live" || playedNow);
  const f = withLiveState(page.fixture, live?.state);
  const box = "rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900";
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <JsonLd page={page} />
      <BackButton />
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        <Link to={leaguePath(locale, f.league)} className="hover:underline">
          {countryName(t, f.league.country.name)} · {f.league.name}
        </Link>
      </p>
      <section className={`${box} mb-4`} aria-labelledby="match-title">
        <h1 id="match-title" className="sr-only">
          {t("matchPage.title", { home: f.localTeam.name, away: f.visitorTeam.name })}
        </h1>
        <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 text-center sm:gap-4">
          <div className="flex flex-col items-center gap-2">
            <TeamCrest name={f.localTeam.name} />
            <div className="flex max-w-full flex-wrap items-center justify-center gap-1">
              <p className="min-w-0 break-words text-sm font-semibold sm:text-base">{f.localTeam.name}</p>
              <FavouriteButton kind="team" team={f.localTeam} />
            </div>
          </div>
          <div className="max-w-[7rem] sm:max-w-none">
            {f.score ? (
              <p className="text-3xl font-bold tabular-nums">
                {f.score.home} – {f.score.away}
              </p>
            ) : (
              <p className="text-xl font-semibold tabular-nums">{formatKickoff(f.kickoff, locale, timeZone)}</p>
            )}
            {f.status !== "upcoming" && (
              <div className="mt-1 text-sm">
                <StatusCell fixture={f} />
              </div>
            )}
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {formatDayHeading(f.kickoff.slice(0, 10), locale)}
            </p>
          </div>
          <div className="flex flex-col items-center gap-2">
            <TeamCrest name={f.visitorTeam.name} />
            <div className="flex max-w-full flex-wrap items-center justify-center gap-1">
              <p className="min-w-0 break-words text-sm font-semibold sm:text-base">{f.visitorTeam.name}</p>
              <FavouriteButton kind="team" team={f.visitorTeam} />
            </div>
          </div>
        </div>
        <div className="mt-3 flex justify-center">
          <FollowMatchButton fixture={f} />
        </div>
      </section>
      <VoteBox tally={page.votes} open={f.status === "upcoming"} error={actionData?.voteError} />
      <TabLinks
        label={t("matchPage.tabs")}
        current={page.tab}
        tabs={TABS.map((id) => ({
          id,
          label: id === "live" ? t("live.tab") : t(`matchPage.tab_${id.replace(/-/g, "_")}`),
        }))}
      />
      <section className={box}>
        {page.tab === "predictions" && <PredictionsTab page={page} />}
        {page.tab === "live" && <LivePanel fixtureId={f.id} current={live} />}
        {page.tab === "odds" && <OddsTab page={page} />}
        {page.tab === "similar" && <FixtureList fixtures={page.similars} />}
        {page.tab === "ranking" && (
          <>
            {f.status !== "upcoming" && (
              <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t("match.rankingAtKickoff")}</p>
            )}
            <StandingsTable rows={page.standings} highlight={[f.localTeam.id, f.visitorTeam.id]} />
          </>
        )}
        {page.tab === "last-matches" && (
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <h2 className="mb-2 font-semibold">{f.localTeam.name}</h2>
              <FixtureList fixtures={page.lastMatches.localTeam} />
            </div>
            <div>
              <h2 className="mb-2 font-semibold">{f.visitorTeam.name}</h2>
              <FixtureList fixtures={page.lastMatches.visitorTeam} />
            </div>
          </div>
        )}
        {page.tab === "match-stats" && <StatsTab page={page} />}
        {page.tab === "match-data" && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">{t("matchPage.competition")}</dt>
            <dd>
              {countryName(t, f.league.country.name)} · {f.league.name}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">{t("matchPage.season")}</dt>
            <dd>{f.league.season}</dd>
            <dt className="text-slate-600 dark:text-slate-400">{t("matchPage.kickoff")}</dt>
            <dd>
              {formatDayHeading(f.kickoff.slice(0, 10), locale)} {formatKickoff(f.kickoff, locale, timeZone)} (
              {timeZone})
            </dd>
            {f.halfTimeScore && (
              <>
                <dt className="text-slate-600 dark:text-slate-400">{t("matchPage.halfTimeScore")}</dt>
                <dd className="tabular-nums">
                  {f.halfTimeScore.home} – {f.halfTimeScore.away}
                </dd>
              </>
            )}
            {page.referee && (
              <>
                <dt className="text-slate-600 dark:text-slate-400">{t("matchPage.referee")}</dt>
                <dd>{page.referee}</dd>
              </>
            )}
          </dl>
        )}
        {page.tab === "pre-match-stats" && page.seasonStats && (
          <div className="grid gap-6 md:grid-cols-2">
            <RecordTable title={f.localTeam.name} rows={page.seasonStats.localTeam} />
            <RecordTable title={f.visitorTeam.name} rows={page.seasonStats.visitorTeam} />
          </div>
        )}
        {page.tab === "pre-match-stats" && page.teamEvents && <PreMatchEvents fixture={f} events={page.teamEvents} />}
      </section>
    </main>
  );
}
