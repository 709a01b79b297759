import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LeagueAveragesRow } from "../../services/leagues.ts";
import { formatNumber, formatPercent } from "../format.ts";
import { leaguePath } from "../../i18n/paths.ts";
import { metaT, pageContext, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/leagues-stats";
import { countryName, leagueName } from "../../i18n/country-name.ts";
import { ScrollRegion } from "../components/scroll-region.tsx";

const COLUMNS = [
  { key: "goals", kind: "number" },
  { key: "homeGoals", kind: "number" },
  { key: "awayGoals", kind: "number" },
  { key: "firstHalfGoalShare", kind: "percent", label: "firstHalf" },
  { key: "secondHalf", kind: "percent" },
  { key: "over25", kind: "percent" },
  { key: "btts", kind: "percent" },
  { key: "corners", kind: "number" },
  { key: "yellowCards", kind: "number" },
  { key: "redCards", kind: "number" },
  { key: "matches", kind: "count" },
] as const;
type ColumnKey = (typeof COLUMNS)[number]["key"];

const columnValue = (row: LeagueAveragesRow, key: ColumnKey): number | null =>
  key === "secondHalf"
    ? row.firstHalfGoalShare === null
      ? null
      : 1 - row.firstHalfGoalShare
    : (row[key] as number | null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const sort = (COLUMNS.find((c) => c.key === url.searchParams.get("sort"))?.key ?? "goals") as ColumnKey;
  const rows = (await context.services.leagues.statistics()).sort(
    (a, b) => (columnValue(b, sort) ?? -1) - (columnValue(a, sort) ?? -1),
  );
  return { locale, sort, rows, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("leaguesStats.title"),
    description: t("leaguesStats.intro"),
  });
}

function GoalsChart({ rows }: { rows: LeagueAveragesRow[] }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const top = rows.filter((r) => r.goals !== null).slice(0, 12);
  const max = Math.max(...top.map((r) => r.goals!), 1);
  return (
    <figure className="mb-6 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <figcaption className="mb-2 text-sm font-semibold">{t("leaguesStats.chart")}</figcaption>
      <ul className="space-y-1">
        {top.map((r) => (
          <li
            key={r.leagueId}
            className="grid grid-cols-[10rem_1fr_3rem] items-center gap-2 text-xs sm:grid-cols-[14rem_1fr_3rem]"
          >
            <span className="truncate">{leagueName(t, { name: r.leagueName, country: r.countryName })}</span>
            <span className="h-3 rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
              <span className="block h-3 rounded bg-pitch-600" style={{ width: `${(100 * r.goals!) / max}%` }} />
            </span>
            <span className="text-right tabular-nums">{formatNumber(r.goals, locale)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

export default function LeaguesStats({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { rows, sort } = loaderData;
  const show = (row: LeagueAveragesRow, c: (typeof COLUMNS)[number]) => {
    const v = columnValue(row, c.key);
    if (v === null) return "–";
    return c.kind === "percent" ? formatPercent(v, locale) : c.kind === "count" ? String(v) : formatNumber(v, locale);
  };
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("leaguesStats.title")}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-400">{t("leaguesStats.intro")}</p>
      <GoalsChart rows={rows} />
      <ScrollRegion label={t("leaguesStats.title")} className="rounded-xl bg-white shadow-sm dark:bg-slate-900">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("leaguesStats.title")}</caption>
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                {t("leaguesStats.league")}
              </th>
              {COLUMNS.map((c) => {
                const label = t(`leaguesStats.${"label" in c ? c.label : c.key}`);
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={c.key === sort ? "descending" : undefined}
                    className="px-2 py-2 text-right"
                  >
                    <Link
                      to={`?sort=${c.key}`}
                      preventScrollReset
                      className={`hover:underline ${c.key === sort ? "font-bold text-slate-900 dark:text-white" : ""}`}
                      aria-label={t("leaguesStats.sortBy", { column: label })}
                    >
                      {label}
                      {c.key === sort && " ↓"}
                    </Link>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((row) => (
              <tr key={row.leagueId}>
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  <Link
                    to={leaguePath(locale, {
                      id: row.leagueId,
                      name: row.leagueName,
                      country: { name: row.countryName },
                    })}
                    className="hover:underline"
                  >
                    <span className="text-slate-600 dark:text-slate-400">{countryName(t, row.countryName)} · </span>
                    {row.leagueName}
                  </Link>
                </th>
                {COLUMNS.map((c) => (
                  <td
                    key={c.key}
                    className={`px-2 py-1.5 text-right tabular-nums ${c.key === sort ? "font-semibold" : ""}`}
                  >
                    {show(row, c)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </main>
  );
}
