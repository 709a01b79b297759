import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { StandingRow } from "../../services/leagues.ts";
import { teamPath } from "../../i18n/team-paths.ts";
import { usePreferences } from "../preferences.tsx";
import { ScrollRegion } from "./scroll-region.tsx";

export function StandingsTable({ rows, highlight = [] }: { rows: StandingRow[]; highlight?: number[] }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  if (rows.length === 0)
    return <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("home.noMatches")}</p>;
  const cell = "px-2 py-1.5 text-right tabular-nums";
  return (
    <ScrollRegion label={t("league.ranking")}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t("league.ranking")}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-2 py-2 text-right">
              #
            </th>
            <th scope="col" className="px-2 py-2 text-left">
              {t("league.team")}
            </th>
            <th scope="col" className={cell}>
              <abbr title={t("league.playedLong")}>{t("league.played")}</abbr>
            </th>
            <th scope="col" className={cell}>
              <abbr title={t("league.wonLong")}>{t("league.won")}</abbr>
            </th>
            <th scope="col" className={cell}>
              <abbr title={t("league.drawnLong")}>{t("league.drawn")}</abbr>
            </th>
            <th scope="col" className={cell}>
              <abbr title={t("league.lostLong")}>{t("league.lost")}</abbr>
            </th>
            <th scope="col" className={`${cell} hidden sm:table-cell`}>
              {t("league.goals")}
            </th>
            <th scope="col" className={cell}>
              <abbr title={t("league.pointsLong")}>{t("league.points")}</abbr>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row, i) => (
            <tr
              key={row.teamId}
              className={highlight.includes(row.teamId) ? "bg-pitch-50 font-semibold dark:bg-pitch-900/40" : ""}
            >
              <td className={cell}>{i + 1}</td>
              <td className="px-2 py-1.5">
                <Link to={teamPath(locale, { id: row.teamId, name: row.teamName })} className="hover:underline">
                  {row.teamName}
                </Link>
              </td>
              <td className={cell}>{row.played}</td>
              <td className={cell}>{row.won}</td>
              <td className={cell}>{row.drawn}</td>
              <td className={cell}>{row.lost}</td>
              <td className={`${cell} hidden sm:table-cell`}>
                {row.goalsFor}:{row.goalsAgainst}
              </td>
              <td className={`${cell} font-semibold`}>{row.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
