import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { leagueName } from "../../i18n/country-name.ts";
import type { HistoryPick, LeagueBreakdown, MatchBrief } from "../../services/scanner/filter-history.ts";
import { ScrollRegion } from "../components/scroll-region.tsx";
import { PageHeader, card, linkButton, useFormat } from "./ui.tsx";

export function MatchRow({ match }: { match: MatchBrief }) {
  const f = useFormat();
  const { t } = useTranslation();
  return (
    <>
      <td className="whitespace-nowrap px-2 py-1.5 text-xs text-slate-600 dark:text-slate-400">
        {f.dateTime(match.kickoff)}
      </td>
      <td className="px-2 py-1.5">
        <span className="font-medium">
          {match.home} – {match.away}
        </span>
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

/** The breakdown-by-league page of a filter, for both scanners. */
export function BreakdownPage({
  name,
  rows,
  filterHref,
  historyHref,
}: {
  name: string;
  rows: LeagueBreakdown[];
  filterHref: string;
  historyHref: string;
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
      <div className={card}>
        <BreakdownTable rows={rows} />
      </div>
    </main>
  );
}
