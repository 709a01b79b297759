import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ScannerKind } from "../../domain/scanner/schema.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import type { BacktestView } from "../../services/scanner/backtest-views.ts";
import type { FilterView } from "../../services/scanner/filter-views.ts";
import { usePreferences } from "../preferences.tsx";
import { useScannerPaths } from "./paths.ts";
import { OutcomeText } from "./outcome-options.tsx";

export const card = "rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900";
export const linkButton =
  "inline-block rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 dark:border-slate-700 dark:hover:bg-slate-800";
export const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900";

/** A select never narrower than its longest choice ("Highest first" is not cut): for short lists of words. */
export const fitSelectClass = `${selectClass} min-w-fit`;

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

/** A filter in a list (either scanner): its name, outcome, rule count and owner. */
export function FilterCard({
  kind,
  filter,
  children,
}: {
  kind: ScannerKind;
  filter: Pick<FilterView, "id" | "name" | "desiredOutcome" | "ruleCount" | "mine" | "owner">;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const paths = useScannerPaths(kind);
  return (
    <article className={`${card} flex min-w-0 flex-col gap-2`}>
      {/* A member's name without spaces must wrap, not widen everyone's list (overflow-wrap: anywhere). */}
      <h3 className="text-lg font-semibold wrap-anywhere">
        <Link to={paths.filter(filter.id)} className="hover:underline">
          {filter.name}
        </Link>
      </h3>
      <p className="text-sm text-slate-600 wrap-anywhere dark:text-slate-400">
        <OutcomeText outcome={filter.desiredOutcome} /> · {t("prematch.ruleCount", { count: filter.ruleCount })}
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
    // Titles carry filter names, which members write without spaces at times.
    <header className="mb-4 space-y-2 wrap-anywhere">
      <h1 className="text-2xl font-bold">{title}</h1>
      {intro && <p className="text-slate-600 dark:text-slate-400">{intro}</p>}
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </header>
  );
}
