import { useTranslation } from "react-i18next";
import { fromService } from "../service-errors.server.ts";
import { Link } from "react-router";
import type { JudgedPick } from "../../services/predictions.ts";
import { BetRecord, ResultMark } from "../components/bet-record.tsx";
import { Odds } from "../components/odds.tsx";
import { StatusCell, outcomeLabel } from "../components/fixture-row.tsx";
import { formatDayHeading, formatPercent } from "../format.ts";
import { matchPath } from "../../i18n/paths.ts";
import { pageContext, metaT, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/best-bets";
import { leagueName } from "../../i18n/country-name.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  const params = { timeZone, date: url.searchParams.get("date") ?? undefined };
  const predictions = context.services.predictions;
  const [bets, record, next] = await fromService(() =>
    Promise.all([predictions.daily(params), predictions.betOfTheDayRecord(params), predictions.nextBetDay(params)]),
  );
  return { locale, origin: url.origin, pathname: url.pathname, ...bets, record, next };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("bestBets.title"),
    description: t("bestBets.rule"),
  });
}

type Loaded = Route.ComponentProps["loaderData"];

function BetCard({ pick, fixtures }: { pick: JudgedPick & { fixtureId: number }; fixtures: Loaded["fixtures"] }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const fixture = fixtures.find((f) => f.id === pick.fixtureId);
  if (!fixture) return null;
  const kind = pick.kind === 0 ? pick.fromKind! : pick.kind;
  return (
    <li className="flex items-center gap-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <div className="w-14 text-sm">
        <StatusCell fixture={fixture} />
      </div>
      <div className="min-w-0 flex-1">
        <Link to={matchPath(locale, fixture)} className="font-medium hover:underline">
          {fixture.localTeam.name} – {fixture.visitorTeam.name}
        </Link>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {leagueName(t, fixture.league)} · {t(`categories.${kind}`)}
        </p>
      </div>
      {fixture.status === "finished" && fixture.score && (
        <p className="font-bold tabular-nums" data-testid="final-score">
          <span className="sr-only">{t("match.fullTime")} </span>
          {fixture.score.home}–{fixture.score.away}
        </p>
      )}
      <div className="text-right">
        <p className="font-semibold">{outcomeLabel(pick.outcome, locale)}</p>
        <ResultMark won={pick.won} />
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {formatPercent(pick.probability, locale)} · <Odds value={pick.odds} />
        </p>
      </div>
    </li>
  );
}

export default function BestBets({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { date, double, totalOdds, risk, fixtures, record, next, pathname } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("bestBets.title")}</h1>
      <p className="mb-6 text-slate-600 dark:text-slate-400">{formatDayHeading(date, locale)}</p>
      <section aria-labelledby="double" className="mb-8">
        <div className="mb-2 flex items-baseline justify-between">
          <h2 id="double" className="text-lg font-semibold">
            {t("bestBets.double")}
          </h2>
          {totalOdds !== null && (
            <p className="text-sm">
              {t("bestBets.totalOdd")}: <Odds value={totalOdds} className="font-bold" />
            </p>
          )}
        </div>
        {double.length === 0 ? (
          <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
            {t("home.noMatches")}
          </p>
        ) : (
          <ul className="space-y-2">
            {double.map((pick) => (
              <BetCard key={pick.fixtureId} pick={pick} fixtures={fixtures} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="risk">
        <h2 id="risk" className="mb-2 text-lg font-semibold">
          {t("bestBets.risk")}
        </h2>
        {risk ? (
          <ul>
            <BetCard pick={risk} fixtures={fixtures} />
          </ul>
        ) : (
          <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
            {t("home.noMatches")}
          </p>
        )}
      </section>
      {next && (
        <p className="mt-6">
          <Link
            to={`${pathname}?date=${next}`}
            className="inline-block rounded-lg bg-pitch-700 px-4 py-2 font-medium text-white hover:bg-pitch-900 focus-visible:outline-2"
          >
            {t("betOfTheDayRecord.next", { day: formatDayHeading(next, locale) })} →
          </Link>
        </p>
      )}
      <BetRecord record={record} />
      <p className="mt-6 text-xs text-slate-600 dark:text-slate-400">{t("bestBets.rule")}</p>
    </main>
  );
}
