import { useTranslation } from "react-i18next";
import type { FixtureView } from "../../services/index.ts";
import type { FixturePredictions } from "../../services/predictions.ts";
import type { Locale } from "../i18n/locales.ts";
import { formatKickoff } from "../format.ts";

function StatusCell({ fixture, locale, timeZone }: { fixture: FixtureView; locale: Locale; timeZone: string }) {
  const { t } = useTranslation();
  if (fixture.status === "live") {
    return (
      <span className="flex items-center gap-1 font-semibold text-red-600 dark:text-red-400">
        <span className="inline-block size-2 animate-pulse rounded-full bg-red-600 dark:bg-red-400" aria-hidden="true" />
        <span className="sr-only">{t("match.live")}</span>
        {t("match.minute", { minute: fixture.minute })}
      </span>
    );
  }
  if (fixture.status === "halftime") return <span className="font-semibold text-amber-600 dark:text-amber-400">{t("match.halfTime")}</span>;
  if (fixture.status === "finished") return <span className="text-slate-500 dark:text-slate-400">{t("match.fullTime")}</span>;
  return (
    <time dateTime={fixture.kickoff} className="tabular-nums text-slate-600 dark:text-slate-300">
      {formatKickoff(fixture.kickoff, locale, timeZone)}
    </time>
  );
}

type FixtureWithPredictions = FixtureView & { predictions?: FixturePredictions | null };

/** Betting notation: O25 reads "O 2.5"; 1, X, 2, GG, NG as they are. */
export function outcomeLabel(outcome: string): string {
  const m = /^(HT_|2H_|C_)?([OU])(\d+)$/.exec(outcome);
  if (!m) return outcome;
  return `${m[2]} ${(Number(m[3]) / 10).toFixed(1)}`;
}

function BestBet({ fixture }: { fixture: FixtureWithPredictions }) {
  const { t } = useTranslation();
  const best = fixture.predictions?.best;
  if (!best) return <span className="hidden sm:block" />;
  const verdict = best.won === true ? "won" : best.won === false ? "lost" : null;
  return (
    <span
      className={`hidden w-20 flex-col items-center rounded-md px-2 py-1 text-xs sm:flex ${
        verdict === "won"
          ? "bg-pitch-100 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-100"
          : verdict === "lost"
            ? "bg-slate-100 text-slate-500 line-through dark:bg-slate-800 dark:text-slate-400"
            : "bg-slate-100 dark:bg-slate-800"
      }`}
      title={t("match.bestBet")}
    >
      <span className="sr-only">{t("match.bestBet")}: </span>
      <span className="font-semibold">{outcomeLabel(best.outcome)}</span>
      <span className="tabular-nums text-slate-500 dark:text-slate-400">{Math.round(best.probability * 100)}%</span>
      {verdict && <span className="sr-only">{t(verdict === "won" ? "match.pickWon" : "match.pickLost")}</span>}
    </span>
  );
}

export function FixtureRow({ fixture, locale, timeZone }: { fixture: FixtureWithPredictions; locale: Locale; timeZone: string }) {
  const { t } = useTranslation();
  const live = fixture.status === "live" || fixture.status === "halftime";
  const score = fixture.score;
  const homeWon = score !== null && score.home > score.away;
  const awayWon = score !== null && score.away > score.home;
  return (
    <li
      className="grid grid-cols-[4rem_1fr_auto] items-center gap-3 px-4 py-2.5 text-sm sm:grid-cols-[5rem_1fr_auto_auto]"
      data-status={fixture.status}
      data-fixture-id={fixture.id}
    >
      <StatusCell fixture={fixture} locale={locale} timeZone={timeZone} />
      <div className="min-w-0">
        <p className={`truncate ${homeWon ? "font-semibold" : ""}`}>{fixture.localTeam.name}</p>
        <p className={`truncate ${awayWon ? "font-semibold" : ""}`}>{fixture.visitorTeam.name}</p>
      </div>
      <BestBet fixture={fixture} />
      {score ? (
        <div className={`text-right font-semibold tabular-nums ${live ? "text-red-600 dark:text-red-400" : ""}`}>
          <span className="sr-only">
            {t("match.scoreLabel", {
              home: fixture.localTeam.name,
              homeGoals: score.home,
              away: fixture.visitorTeam.name,
              awayGoals: score.away,
            })}
          </span>
          <p aria-hidden="true">{score.home}</p>
          <p aria-hidden="true">{score.away}</p>
        </div>
      ) : (
        <span className="text-xs text-slate-400" aria-hidden="true">
          –
        </span>
      )}
    </li>
  );
}
