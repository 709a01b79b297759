import { useTranslation } from "react-i18next";
import { fromService, isServiceError } from "../service-errors.server.ts";
import { Link, data, redirect } from "react-router";
import { BackButton } from "../components/back-button.tsx";
import { FollowMatchButton } from "../components/follow-match-button.tsx";
import { FavouriteButton } from "../components/favourite-button.tsx";
import { VoteBox } from "../components/vote-box.tsx";
import { FixtureRow, LeagueCard, StatusCell, outcomeLabel } from "../components/fixture-row.tsx";
import { Odds } from "../components/odds.tsx";
import { StandingsTable } from "../components/standings-table.tsx";
import { TabLinks } from "../components/tabs.tsx";
import { TeamCrest } from "../components/team-crest.tsx";
import { formatDayHeading, formatKickoff, formatPercent } from "../format.ts";
import { ensureVoter, voterOf } from "../../domain/community/voter.ts";
import { idOfSlug, leaguePath, matchPath } from "../../i18n/paths.ts";
import { notFound, pageContext, metaT, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import { bookmakerShown } from "../../domain/bookmakers.ts";
import { PreMatchEvents } from "../components/pre-match-events.tsx";
import type { Route } from "./+types/match";
import type { MarketKey } from "../../domain/predictions/markets.ts";
import { countryName } from "../../i18n/country-name.ts";
import { ScrollRegion } from "../components/scroll-region.tsx";
import { LivePanel } from "../components/live/live-panel.tsx";
import { readPageForm } from "../form-input.server.ts";

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
  // The Live tab: the state, events and chart now (null before kick-off: nothing from after now).
  const live =
    tab === "live"
      ? await context.services.live
          .fixture(id)
          .catch((error) => (isServiceError(error) && error.status === 404 ? null : Promise.reject(error)))
      : null;
  return { locale, tab, timeZone, ...page, votes, teamEvents, live, origin: url.origin, pathname: url.pathname };
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

type Loaded = Route.ComponentProps["loaderData"];

function JsonLd({ page }: { page: Loaded }) {
  const f = page.fixture;
  const event = {
    "@context": "https://schema.org",
    "@type": "SportsEvent",
    name: `${f.localTeam.name} – ${f.visitorTeam.name}`,
    sport: "Soccer",
    startDate: f.kickoff,
    eventStatus: "https://schema.org/EventScheduled",
    homeTeam: { "@type": "SportsTeam", name: f.localTeam.name },
    awayTeam: { "@type": "SportsTeam", name: f.visitorTeam.name },
    competitor: [
      { "@type": "SportsTeam", name: f.localTeam.name },
      { "@type": "SportsTeam", name: f.visitorTeam.name },
    ],
    location: { "@type": "Place", name: f.league.country.name },
    superEvent: { "@type": "SportsEvent", name: `${f.league.name} ${f.league.season}` },
    url: `${page.origin}${page.pathname}`,
  };
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own data, with "<" escaped
      dangerouslySetInnerHTML={{ __html: JSON.stringify(event).replace(/</g, "\\u003c") }}
    />
  );
}

function PredictionsTab({ page }: { page: Loaded }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const pct = (p: number | undefined) => formatPercent(p, locale, 1);
  const picks = page.fixture.predictions?.picks ?? [];
  const final = page.probabilities?.final;
  if (!final)
    return <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("matchPage.noPredictions")}</p>;
  const groups: Array<{ title: string; keys: MarketKey[] }> = [
    { title: "1X2", keys: ["1", "X", "2"] },
    { title: t("categories.4"), keys: ["1X", "12", "X2"] },
    { title: t("categories.2"), keys: ["GG", "NG"] },
    { title: t("categories.3"), keys: ["O25", "U25"] },
    { title: t("matchPage.halfTime1x2"), keys: ["HT_1", "HT_X", "HT_2"] },
  ];
  return (
    <div className="space-y-6">
      <ul className="grid gap-3 sm:grid-cols-2">
        {picks
          .filter((p) => p.kind !== 0)
          .map((pick) => (
            <li
              key={pick.kind}
              className="flex items-center justify-between rounded-lg bg-slate-50 p-3 dark:bg-slate-800"
            >
              <div>
                <p className="text-xs text-slate-600 dark:text-slate-400">{t(`categories.${pick.kind}`)}</p>
                <p className="font-semibold">
                  {outcomeLabel(pick.outcome)}
                  {pick.won === true && (
                    <span className="ml-2 text-pitch-600 dark:text-pitch-100">✓ {t("match.pickWon")}</span>
                  )}
                  {pick.won === false && (
                    <span className="ml-2 text-slate-500 dark:text-slate-400">✗ {t("match.pickLost")}</span>
                  )}
                </p>
              </div>
              <div className="text-right text-sm">
                <p className="font-semibold tabular-nums">{pct(pick.probability)}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {t("matchPage.fairOdds")} <Odds value={pick.fairOdds} /> · {t("matchPage.bookmaker")}{" "}
                  <Odds value={pick.odds} />
                </p>
              </div>
            </li>
          ))}
      </ul>
      <div className="grid gap-4 sm:grid-cols-2">
        {groups.map((g) => (
          <section key={g.title}>
            <h3 className="mb-1 text-sm font-semibold">{g.title}</h3>
            <dl className="flex gap-2">
              {g.keys.map((k) => (
                <div
                  key={k}
                  className="flex-1 rounded-md border border-slate-200 p-2 text-center dark:border-slate-700"
                >
                  <dt className="text-xs text-slate-600 dark:text-slate-400">{outcomeLabel(k)}</dt>
                  <dd className="font-semibold tabular-nums">{pct(final[k])}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {page.fixture.predictions && page.fixture.predictions.marketWeight > 0
          ? t("matchPage.marketInformed")
          : t("matchPage.modelOnly")}
      </p>
    </div>
  );
}

function OddsTab({ page }: { page: Loaded }) {
  const { t } = useTranslation();
  const { bookmakerCountry } = usePreferences();
  const odds = page.odds.filter((o) => bookmakerShown(o.bookmaker.code, bookmakerCountry));
  if (odds.length === 0)
    return <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("matchPage.noOdds")}</p>;
  const markets = [
    { id: "1x2", title: "1X2", cols: ["home", "draw", "away"], labels: ["1", "X", "2"] },
    { id: "ou25", title: t("categories.3"), cols: ["over", "under"], labels: ["O 2.5", "U 2.5"] },
    { id: "ah", title: t("matchPage.asianHandicap"), cols: ["home", "away"], labels: ["1", "2"] },
  ];
  return (
    <div className="space-y-6">
      {markets.map((m) => {
        const rows = odds.filter((o) => o.market === m.id);
        if (rows.length === 0) return null;
        return (
          <ScrollRegion key={m.id} label={m.title}>
            <table className="w-full text-sm">
              <caption className="mb-1 text-left font-semibold">{m.title}</caption>
              <thead className="text-xs text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-1 text-left">
                    {t("matchPage.bookmaker")}
                  </th>
                  {m.id === "ah" && (
                    <th scope="col" className="py-1 text-right">
                      {t("matchPage.line")}
                    </th>
                  )}
                  {m.labels.map((l) => (
                    <th key={l} scope="col" className="py-1 text-right">
                      {l}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {rows.map((o) => (
                  <tr key={`${o.bookmaker.code}-${o.moment}`}>
                    <td className="py-1">
                      {o.bookmaker.name}
                      {o.moment === "closing" && (
                        <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">
                          ({t("matchPage.closing")})
                        </span>
                      )}
                    </td>
                    {m.id === "ah" && <td className="py-1 text-right tabular-nums">{o.line}</td>}
                    {m.cols.map((c) => (
                      <td key={c} className="py-1 text-right">
                        <Odds value={(o.prices as Record<string, number | null | undefined>)[c]} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        );
      })}
    </div>
  );
}

function FixtureList({ fixtures }: { fixtures: Loaded["similars"] }) {
  const { t } = useTranslation();
  if (fixtures.length === 0)
    return <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("home.noMatches")}</p>;
  return (
    <LeagueCard league={fixtures[0]!.league}>
      {fixtures.map((f) => (
        <FixtureRow key={f.id} fixture={f} />
      ))}
    </LeagueCard>
  );
}

function StatsTab({ page }: { page: Loaded }) {
  const { t } = useTranslation();
  const [home, away] = [page.stats.find((s) => s.side === "H"), page.stats.find((s) => s.side === "A")];
  if (!home || !away)
    return <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("matchPage.noStats")}</p>;
  const rows: Array<[string, keyof typeof home]> = [
    [t("matchPage.shots"), "shots"],
    [t("matchPage.shotsOnTarget"), "shotsOnTarget"],
    [t("matchPage.corners"), "corners"],
    [t("matchPage.fouls"), "fouls"],
    [t("matchPage.yellowCards"), "yellowCards"],
    [t("matchPage.redCards"), "redCards"],
  ];
  return (
    <dl className="space-y-2">
      {rows.map(([label, key]) => (
        <div key={key} className="grid grid-cols-[3rem_1fr_3rem] items-center text-sm">
          <dd className="font-semibold tabular-nums">{home[key] ?? "–"}</dd>
          <dt className="text-center text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="text-right font-semibold tabular-nums">{away[key] ?? "–"}</dd>
        </div>
      ))}
    </dl>
  );
}

function RecordTable({
  title,
  rows,
}: {
  title: string;
  rows: Array<{
    venue: string;
    played: number;
    won: number;
    drawn: number;
    lost: number;
    goalsFor: number;
    goalsAgainst: number;
  }>;
}) {
  const { t } = useTranslation();
  const total = rows.reduce(
    (a, r) => ({
      played: a.played + r.played,
      won: a.won + r.won,
      drawn: a.drawn + r.drawn,
      lost: a.lost + r.lost,
      goalsFor: a.goalsFor + r.goalsFor,
      goalsAgainst: a.goalsAgainst + r.goalsAgainst,
    }),
    { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 },
  );
  const lines = [
    { id: "overall", label: t("matchPage.overall"), r: total },
    ...["home", "away"].map((venue) => ({
      id: venue,
      label: t(`matchPage.${venue}`),
      r: rows.find((x) => x.venue === venue) ?? { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 },
    })),
  ];
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left font-semibold">{title}</caption>
      <thead className="text-xs text-slate-600 dark:text-slate-400">
        <tr>
          <th scope="col" className="text-left" />
          <th scope="col" className="text-right">
            {t("league.played")}
          </th>
          <th scope="col" className="text-right">
            {t("league.won")}
          </th>
          <th scope="col" className="text-right">
            {t("league.drawn")}
          </th>
          <th scope="col" className="text-right">
            {t("league.lost")}
          </th>
          <th scope="col" className="text-right">
            {t("league.goals")}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ id, label, r }) => (
          <tr key={id}>
            <th scope="row" className="py-1 text-left font-normal">
              {label}
            </th>
            <td className="text-right tabular-nums">{r.played}</td>
            <td className="text-right tabular-nums">{r.won}</td>
            <td className="text-right tabular-nums">{r.drawn}</td>
            <td className="text-right tabular-nums">{r.lost}</td>
            <td className="text-right tabular-nums">
              {r.goalsFor}:{r.goalsAgainst}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Match({ loaderData: page, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, timeZone } = usePreferences();
  const f = page.fixture;
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
        {page.tab === "live" && <LivePanel fixtureId={f.id} initial={page.live} />}
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
