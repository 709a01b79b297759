import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { FixtureView } from "../../services/index.ts";
import type { FixturePredictions, JudgedPick } from "../../services/predictions.ts";
import { formatKickoff, formatNumber, formatPercent } from "../format.ts";
import type { Locale } from "../../i18n/locales.ts";
import { leaguePath, matchPath } from "../../i18n/paths.ts";
import { usePreferences } from "../preferences.tsx";
import { Odds } from "./odds.tsx";
import { FavouriteButton } from "./favourite-button.tsx";
import { leagueNameParts } from "../../i18n/country-name.ts";

export type FixtureWithPredictions = FixtureView & { predictions?: FixturePredictions | null };

/** Betting notation: O25 reads "O 2.5" ("O 2,5" in German); 1, X, 2, GG, NG, 1X as they are. */
export function outcomeLabel(outcome: string, locale: Locale): string {
  const m = /^(HT_|2H_|C_|H_|A_)?([OU])(\d+)$/.exec(outcome);
  if (!m) return outcome.replace(/^(HT_|2H_)/, "");
  return `${m[2]} ${formatNumber(Number(m[3]) / 10, locale, 1)}`;
}

export function StatusCell({ fixture }: { fixture: FixtureView }) {
  const { t } = useTranslation();
  const { locale, timeZone } = usePreferences();
  if (fixture.status === "live") {
    return (
      <span className="flex items-center gap-1 font-semibold text-red-700 dark:text-red-400">
        <span
          className="inline-block size-2 animate-pulse rounded-full bg-red-600 dark:bg-red-400"
          aria-hidden="true"
        />
        <span className="sr-only">{t("match.live")}</span>
        {t("match.minute", { minute: fixture.minute })}
      </span>
    );
  }
  if (fixture.status === "halftime")
    return <span className="font-semibold text-amber-700 dark:text-amber-400">{t("match.halfTime")}</span>;
  if (fixture.status === "finished")
    return <span className="text-slate-600 dark:text-slate-400">{t("match.fullTime")}</span>;
  return (
    <time dateTime={fixture.kickoff} className="tabular-nums text-slate-600 dark:text-slate-300">
      {formatKickoff(fixture.kickoff, locale, timeZone)}
    </time>
  );
}

export function PickBadge({ pick, showOdds = false }: { pick: JudgedPick | null | undefined; showOdds?: boolean }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  if (!pick) return <span className="hidden w-20 sm:block" />;
  const verdict = pick.won === true ? "won" : pick.won === false ? "lost" : null;
  return (
    <span
      className={`flex w-20 flex-col items-center rounded-md px-2 py-1 text-xs ${
        verdict === "won"
          ? "bg-pitch-100 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-100"
          : verdict === "lost"
            ? "bg-slate-100 text-slate-600 line-through dark:bg-slate-800 dark:text-slate-400"
            : "bg-slate-100 dark:bg-slate-800"
      }`}
      title={t("match.bestBet")}
    >
      <span className="sr-only">{t("match.bestBet")}: </span>
      <span className="font-semibold">{outcomeLabel(pick.outcome, locale)}</span>
      <span className="tabular-nums text-slate-600 dark:text-slate-400">{formatPercent(pick.probability, locale)}</span>
      {showOdds && pick.odds !== null && <Odds value={pick.odds} className="font-medium" />}
      {verdict && <span className="sr-only">{t(verdict === "won" ? "match.pickWon" : "match.pickLost")}</span>}
    </span>
  );
}

export function FixtureRow({
  fixture,
  pick,
  showOdds = false,
  children,
}: {
  fixture: FixtureWithPredictions;
  pick?: JudgedPick | null;
  showOdds?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const live = fixture.status === "live" || fixture.status === "halftime";
  const score = fixture.score;
  const homeWon = score !== null && score.home > score.away;
  const awayWon = score !== null && score.away > score.home;
  const shown = pick === undefined ? fixture.predictions?.best : pick;
  return (
    <li
      className="grid grid-cols-[3.5rem_1fr_auto_auto_auto] items-center gap-x-2 px-4 py-2.5 text-sm sm:grid-cols-[4.5rem_1fr_auto_auto_auto] sm:gap-x-3"
      data-status={fixture.status}
      data-fixture-id={fixture.id}
    >
      <StatusCell fixture={fixture} />
      <Link
        to={matchPath(locale, fixture)}
        className="min-w-0 rounded hover:underline focus-visible:outline-2 focus-visible:outline-pitch-600"
      >
        <span className={`block truncate ${homeWon ? "font-semibold" : ""}`}>{fixture.localTeam.name}</span>
        <span className={`block truncate ${awayWon ? "font-semibold" : ""}`}>{fixture.visitorTeam.name}</span>
      </Link>
      <PickBadge pick={shown} showOdds={showOdds} />
      {score ? (
        <div className={`w-5 text-right font-semibold tabular-nums ${live ? "text-red-700 dark:text-red-400" : ""}`}>
          <span className="sr-only">
            {t("match.scoreLabel", {
              home: fixture.localTeam.name,
              homeGoals: score.home,
              away: fixture.visitorTeam.name,
              awayGoals: score.away,
            })}
          </span>
          <span className="block" aria-hidden="true">
            {score.home}
          </span>
          <span className="block" aria-hidden="true">
            {score.away}
          </span>
        </div>
      ) : (
        <span className="w-5 text-right text-xs text-slate-400" aria-hidden="true">
          –
        </span>
      )}
      <FavouriteButton kind="match" fixture={fixture} className="-mr-2" />
      {children && <div className="col-span-5 mt-1">{children}</div>}
    </li>
  );
}

function LeagueTitle({ league }: { league: FixtureView["league"] }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const name = leagueNameParts(t, league);
  return (
    <Link to={leaguePath(locale, league)} className="hover:underline">
      <span className="text-slate-600 dark:text-slate-400">{name.country} · </span>
      {name.league}
    </Link>
  );
}

export function LeagueCard({ league, children }: { league: FixtureView["league"]; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={`league-${league.id}`}
      className="overflow-hidden rounded-xl bg-white shadow-sm dark:bg-slate-900"
    >
      <h2
        id={`league-${league.id}`}
        className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold dark:border-slate-800 dark:bg-slate-800/60"
      >
        <LeagueTitle league={league} />
      </h2>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">{children}</ul>
    </section>
  );
}
