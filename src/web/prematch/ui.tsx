import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Rule } from "../../domain/scanner/rules.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import { prematchPaths } from "../../i18n/routes-prematch.ts";
import type { BacktestView, FilterView, MatchBrief } from "../../services/prematch.ts";
import type { HistoryPick, LeagueBreakdown } from "../../services/scanner-filters.ts";
import { ScrollRegion } from "../components/scroll-region.tsx";
import { useEventName } from "../components/team-events.tsx";
import { usePreferences } from "../preferences.tsx";
import { leagueName } from "../../i18n/country-name.ts";

export const card = "rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900";
export const linkButton =
  "inline-block rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 dark:border-slate-700 dark:hover:bg-slate-800";
export const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900";

export function usePaths() {
  const { locale } = usePreferences();
  return prematchPaths(locale);
}

export function useFormat() {
  const { locale } = usePreferences();
  const tag = LOCALE_TAGS[locale];
  const n2 = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const pct = new Intl.NumberFormat(tag, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const int = new Intl.NumberFormat(tag);
  const pct2 = new Intl.NumberFormat(tag, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  });
  const plain = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: "short", timeStyle: "short", timeZone: "UTC" });
  return {
    num: (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? "–" : n2.format(x)),
    pct: (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? "–" : pct.format(x)),
    /** small signed percentages (closing line value) */
    pct2: (x: number | null | undefined) =>
      x === null || x === undefined || Number.isNaN(x) ? "–" : pct2.format(Math.abs(x) < 0.00005 ? 0 : x),
    int: (x: number | null | undefined) => (x === null || x === undefined ? "–" : int.format(x)),
    plain: (x: number) => plain.format(x),
    date: (iso: string | number) => date.format(new Date(iso)),
    dateTime: (iso: string | number) => `${dateTime.format(new Date(iso))} UTC`,
  };
}

/** Bookmakers by their brand; the average and the best price in words. */
export function bookmakerName(t: (key: string) => string, code: string): string {
  return code === "B365" ? "Bet365" : code === "PS" ? "Pinnacle" : t(`prematch.bookmakers.${code}`);
}

/** The label of a statistic of a rule's category (live statistics and the live minute have their own names). */
function useStatLabel() {
  const { t } = useTranslation();
  const eventName = useEventName();
  return (
    rule: Pick<Rule, "category" | "stat" | "venue" | "window" | "bookmaker" | "oddsMarket">,
    stat = rule.stat,
  ) => {
    if (rule.category === "preMatchStats" && !["rank", "points", "pointsGap", "played"].includes(stat)) {
      return `${eventName(stat)} (${t(`teamStats.venue.${rule.venue ?? "overall"}`)}, ${t(`teamStats.window.${rule.window ?? "season"}`)})`;
    }
    if (rule.category === "liveStats" || (rule.category === "time" && stat === "minute"))
      return t(`liveScanner.stats.${stat}`, { defaultValue: stat });
    const base = t(`prematch.stats.${stat}`, { defaultValue: stat });
    if (rule.category !== "odds") return base;
    if (rule.oddsMarket === "LiveMatch") return `${base} (${t("liveScanner.oddsMarkets.LiveMatch")})`;
    return `${base} (${bookmakerName(t, rule.bookmaker ?? "Avg")})`;
  };
}

/** A rule in words: "Favourite · Win odds (Bookmaker average) · less than 1.8", with its time condition for live rules. */
export function useRuleText() {
  const { t } = useTranslation();
  const statName = useStatLabel();
  const f = useFormat();
  return (rule: Rule) => {
    const first = `${t(`prematch.targets.${rule.target}`)} · ${statName(rule)}`;
    const numeric = rule.numeric
      ? ` ${t(`prematch.ops.${rule.numeric.op}`)} ${t(`prematch.targets.${rule.numeric.withTarget}`)} · ${statName(rule, rule.numeric.stat)}`
      : "";
    const time = rule.time
      ? ` · ${t(`liveScanner.timeConditions.${rule.time.kind}`)}${rule.time.minute !== undefined ? ` ${rule.time.minute}'` : ""}${rule.time.toMinute !== undefined ? `–${rule.time.toMinute}'` : ""}`
      : "";
    const window =
      rule.oddsMarket === "LiveMatch" && rule.firstMinute !== undefined
        ? ` (${rule.firstMinute}'–${rule.secondMinute ?? rule.firstMinute}')`
        : "";
    return `${first}${numeric}${window} ${t(`prematch.comparators.${rule.comparator}`)} ${f.plain(rule.value)}${time}`;
  };
}

export function RuleList({
  rules,
  filterId,
  editable,
  ruleHref,
}: {
  rules: Rule[];
  filterId: number;
  editable: boolean;
  ruleHref?: (ruleId: string) => string;
}) {
  const { t } = useTranslation();
  const text = useRuleText();
  const paths = usePaths();
  const href = ruleHref ?? ((ruleId: string) => paths.rule(filterId, ruleId));
  if (rules.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("prematch.noRules")}</p>;
  return (
    <ol className="space-y-2">
      {rules.map((r, i) => (
        <li
          key={r.id}
          className="flex items-start gap-2 rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700"
        >
          <span
            className="mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-pitch-700 text-xs font-bold text-white"
            aria-hidden="true"
          >
            {i + 1}
          </span>
          {editable ? (
            <Link to={href(r.id)} className="hover:underline">
              {text(r)}
            </Link>
          ) : (
            <span>{text(r)}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A filter in a list (either scanner): its name, outcome, rule count and owner. */
export function FilterCard({
  filter,
  href,
  children,
}: {
  filter: Pick<FilterView, "id" | "name" | "desiredOutcome" | "ruleCount" | "mine" | "owner">;
  href?: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <article className={`${card} flex flex-col gap-2`}>
      <h3 className="text-lg font-semibold">
        <Link to={href ?? paths.filter(filter.id)} className="hover:underline">
          {filter.name}
        </Link>
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t(`prematch.outcomes.${filter.desiredOutcome}`)} · {t("prematch.ruleCount", { count: filter.ruleCount })}
        {!filter.mine && <> · {t("prematch.owner", { name: filter.owner })}</>}
      </p>
      {children}
    </article>
  );
}

export function StatusBadge({ backtest }: { backtest: Pick<BacktestView, "status" | "queuePosition"> }) {
  const { t } = useTranslation();
  const tone =
    backtest.status === "Done"
      ? "bg-pitch-100 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-50"
      : backtest.status === "EndedWithError"
        ? "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100"
        : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100";
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {t(`prematch.statuses.${backtest.status}`)}
      {backtest.status === "Todo" &&
        backtest.queuePosition !== null &&
        ` · ${t("prematch.queuePosition", { position: backtest.queuePosition + 1 })}`}
    </span>
  );
}

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

/** The equity curve as an SVG line with a zero line; a described image for screen readers. */
export function EquityChart({ points, label }: { points: Array<[number, number]>; label: string }) {
  if (points.length < 2) return null;
  const w = 600;
  const h = 200;
  const pad = 8;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(0, ...ys);
  const maxY = Math.max(0, ...ys);
  const x = (v: number) => pad + ((v - minX) / Math.max(1, maxX - minX)) * (w - 2 * pad);
  const y = (v: number) => h - pad - ((v - minY) / Math.max(1e-9, maxY - minY)) * (h - 2 * pad);
  const d = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(" ");
  const last = ys[ys.length - 1]!;
  return (
    <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label} className="h-48 w-full" preserveAspectRatio="none">
      <line
        x1={pad}
        x2={w - pad}
        y1={y(0)}
        y2={y(0)}
        className="stroke-slate-400"
        strokeDasharray="4 4"
        strokeWidth="1"
      />
      <path
        d={d}
        fill="none"
        className={last >= 0 ? "stroke-pitch-600" : "stroke-red-600"}
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** Label / value rows. */
export function FigureList({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 border-b border-slate-100 py-1 dark:border-slate-800">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PageHeader({ title, intro, children }: { title: string; intro?: string; children?: React.ReactNode }) {
  return (
    <header className="mb-4 space-y-2">
      <h1 className="text-2xl font-bold">{title}</h1>
      {intro && <p className="text-slate-600 dark:text-slate-400">{intro}</p>}
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </header>
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
