import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { PickStreaks } from "../../domain/alerts/streaks.ts";
import { leagueName } from "../../i18n/country-name.ts";
import { matchPath } from "../../i18n/paths.ts";
import { usePreferences } from "../preferences.tsx";
import type { HistoryPick, LeagueBreakdown, MatchBrief } from "../../services/scanner/filter-history.ts";
import { ScrollRegion } from "../components/scroll-region.tsx";
import { PageHeader, card, linkButton, useFormat } from "./ui.tsx";

/** A match's kick-off and teams (a link to its match page), with its score once played and its league. */
export function MatchRow({ match }: { match: MatchBrief }) {
  const f = useFormat();
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const href = matchPath(locale, {
    id: match.fixtureId,
    localTeam: { name: match.home },
    visitorTeam: { name: match.away },
  });
  return (
    <>
      <td className="px-2 py-1.5 text-xs text-slate-600 sm:whitespace-nowrap dark:text-slate-400">
        {f.dateTime(match.kickoff)}
      </td>
      <td className="px-2 py-1.5">
        <Link className="font-medium hover:underline focus-visible:outline-2" to={href} data-testid="match-link">
          {match.home} – {match.away}
        </Link>
        {match.score && (
          <span className="ml-2 tabular-nums">
            {match.score.home}:{match.score.away}
          </span>
        )}
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {leagueName(t, { name: match.league, country: match.country })}
        </span>
      </td>
    </>
  );
}

/** A filter's picks (either scanner): match, odd, grade, and a button to clear one pick for the owner. */
export function PicksTable({ picks, canClear }: { picks: HistoryPick[]; canClear: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (picks.length === 0) return <p className="text-sm">{t("prematch.historyEmpty")}</p>;
  return (
    // relative: the visually hidden header is positioned inside the scrolling frame, not beside the page
    <ScrollRegion label={t("prematch.history")} className="relative">
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
          <tr>
            <th className="px-2 py-1">{t("prematch.kickoff")}</th>
            <th className="px-2 py-1">{t("prematch.match")}</th>
            <th className="px-2 py-1 text-right">{t("prematch.odds")}</th>
            <th className="px-2 py-1">{t("prematch.result")}</th>
            <th className="px-2 py-1">
              <span className="sr-only">{t("prematch.clearPick")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {picks.map((p) => (
            <tr key={p.id} className="border-t border-slate-100 dark:border-slate-800">
              {p.match ? <MatchRow match={p.match} /> : <td colSpan={2}>#{p.fixtureId}</td>}
              <td className="px-2 py-1.5 text-right tabular-nums">{f.num(p.odds)}</td>
              <td className="px-2 py-1.5">{p.grade ? t(`prematch.grades.${p.grade}`) : t("prematch.pending")}</td>
              <td className="px-2 py-1.5">
                {canClear && (
                  <Form method="post">
                    <button type="submit" name="pickId" value={p.id} className="text-xs underline">
                      {t("prematch.clearPick")}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** A filter's picks by league (either scanner): picks, won, success rate, ROI. */
export function BreakdownTable({ rows }: { rows: LeagueBreakdown[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (rows.length === 0) return <p className="text-sm">{t("prematch.historyEmpty")}</p>;
  return (
    <ScrollRegion label={t("prematch.breakdown")}>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
          <tr>
            <th className="px-2 py-1">{t("prematch.league")}</th>
            <th className="px-2 py-1 text-right">{t("prematch.figures.picks")}</th>
            <th className="px-2 py-1 text-right">{t("prematch.figures.winningPicks")}</th>
            <th className="px-2 py-1 text-right">{t("prematch.figures.successRate")}</th>
            <th className="px-2 py-1 text-right">{t("prematch.figures.roi")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.country}|${r.league}`} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="px-2 py-1.5 text-left font-medium">
                {leagueName(t, { name: r.league, country: r.country })}
              </th>
              <td className="px-2 py-1.5 text-right tabular-nums">{f.int(r.figures.picks)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{f.int(r.figures.won)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{f.pct(r.figures.successRate)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{f.pct(r.figures.roi)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The breakdown-by-league page of a filter, for both scanners (a live filter's with its streaks). */
export function BreakdownPage({
  name,
  rows,
  filterHref,
  historyHref,
  streaks,
}: {
  name: string;
  rows: LeagueBreakdown[];
  filterHref: string;
  historyHref: string;
  streaks?: PickStreaks | null;
}) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <PageHeader title={`${t("prematch.breakdown")} · ${name}`}>
        <Link className={linkButton} to={filterHref}>
          ← {name}
        </Link>
        <Link className={linkButton} to={historyHref}>
          {t("prematch.history")}
        </Link>
      </PageHeader>
      {streaks && <StreakFigures streaks={streaks} />}
      <div className={card}>
        <BreakdownTable rows={rows} />
      </div>
    </main>
  );
}

/** A live filter's longest winning and losing streaks and the current one (history, filter and breakdown pages). */
export function StreakFigures({ streaks, className = "mb-4" }: { streaks: PickStreaks; className?: string }) {
  const { t } = useTranslation();
  const current = streaks.current;
  const items: Array<[string, string]> = [
    [t("liveStreaks.longestWon"), String(streaks.longestWon)],
    [t("liveStreaks.longestLost"), String(streaks.longestLost)],
    current
      ? [t(current.grade === "won" ? "liveStreaks.currentWon" : "liveStreaks.currentLost"), String(current.length)]
      : [t("liveStreaks.title"), t("liveStreaks.currentNone")],
  ];
  return (
    <section className={`${card} ${className}`} aria-labelledby="live-streaks" data-testid="live-streaks">
      <h2 id="live-streaks" className="mb-2 font-semibold">
        {t("liveStreaks.title")}
      </h2>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {items.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm opacity-80">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs opacity-80">{t("liveStreaks.note")}</p>
    </section>
  );
}
