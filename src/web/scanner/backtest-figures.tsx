import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { YAxisLabels } from "../components/y-axis-labels.tsx";
import type { DataNeed } from "../../domain/scanner/data-gaps.ts";
import { leagueName } from "../../i18n/country-name.ts";
import type { LiveBacktestView } from "../../services/scanner/live-backtest.ts";
import { useFormat } from "./ui.tsx";

/** A live backtest's picks by league and its profit curve. */

export function Breakdown({ result }: { result: LiveBacktestView }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section aria-labelledby="live-backtest-breakdown">
      <h3 id="live-backtest-breakdown" className="mb-1 font-semibold">
        {t("liveBacktest.breakdown")}
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[30rem] text-left text-sm">
          <thead className="text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-2">
                {t("liveBacktest.league")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                {t("liveBacktest.matches")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                {t("liveBacktest.picks")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                {t("liveBacktest.successRate")}
              </th>
              <th scope="col" className="py-1 text-right">
                {t("valuebets.roi")}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.leagues
              .filter((l) => l.figures.picks > 0)
              .map((l) => (
                <tr
                  key={l.leagueId}
                  className="border-t border-slate-200 dark:border-slate-700"
                  data-testid="live-backtest-league"
                >
                  <td className="py-1.5 pr-2">{leagueName(t, l)}</td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{f.int(l.analysed)}</td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{f.int(l.figures.picks)}</td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{f.pct(l.figures.successRate)}</td>
                  <td className="py-1.5 text-right tabular-nums">{f.pct(l.figures.roi)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The profit curve of live picks, in units (a stake of 1 per pick), dated by the picks' kick-offs. */
export function Equity({ points, dates }: { points: number[]; dates: string[] }) {
  const { t } = useTranslation();
  return <EquityAxes values={points} dates={dates} caption={t("resultsUx.equity.units")} />;
}

/** Round steps for an axis: 1, 2 or 5 times a power of ten. */
function niceStep(span: number, ticks: number): number {
  const raw = span / ticks || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const m = raw / power;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * power;
}

/**
 * A profit curve with its axes: profit values (locale numbers) on the left, the dates of the first, middle and last
 * points below. The labels are HTML around the drawing, so that they keep their size on any screen width; the curve
 * is said in words for screen readers.
 */
export function EquityAxes({ values, dates, caption }: { values: number[]; dates: string[]; caption: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (values.length < 2) return null;
  const step = niceStep(Math.max(0, ...values) - Math.min(0, ...values), 4);
  const lo = Math.floor(Math.min(0, ...values) / step) * step;
  const hi = Math.ceil(Math.max(0, ...values) / step) * step || step;
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Math.round(v / step) * step);
  const w = 600;
  const h = 160;
  const x = (i: number) => (i / (values.length - 1)) * w;
  const top = (v: number) => ((hi - v) / (hi - lo)) * 100;
  const path = values.map((v, i) => `${x(i).toFixed(1)},${((top(v) / 100) * h).toFixed(1)}`).join(" ");
  const last = values.at(-1)!;
  const dated = dates.length === values.length;
  const marks = dated ? [0, Math.floor((values.length - 1) / 2), values.length - 1] : [];
  const label = t("resultsUx.equity.label", {
    caption,
    end: f.num(last),
    from: dated ? f.date(dates[0]!) : "",
    to: dated ? f.date(dates.at(-1)!) : "",
  });
  return (
    <figure className="space-y-1" data-testid="equity-chart">
      <figcaption className="text-sm font-semibold">
        {caption}: <span className="tabular-nums">{f.num(last)}</span>
      </figcaption>
      <div className="flex gap-1 text-[0.7rem] text-slate-600 dark:text-slate-400">
        <YAxisLabels ticks={ticks} top={top} format={f.plain} className="w-12" testId="equity-y-axis" />
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${w} ${h}`}
            className="h-40 w-full border-b border-l border-slate-300 dark:border-slate-600"
            role="img"
            aria-label={label}
            preserveAspectRatio="none"
          >
            {ticks.map((v) => (
              <line
                key={v}
                x1={0}
                x2={w}
                y1={(top(v) / 100) * h}
                y2={(top(v) / 100) * h}
                vectorEffect="non-scaling-stroke"
                className={
                  v === 0 ? "stroke-slate-400 dark:stroke-slate-500" : "stroke-slate-200 dark:stroke-slate-700"
                }
                strokeDasharray={v === 0 ? "4 4" : undefined}
              />
            ))}
            <polyline
              points={path}
              fill="none"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
              className={last >= 0 ? "stroke-pitch-700 dark:stroke-pitch-500" : "stroke-red-700 dark:stroke-red-400"}
            />
          </svg>
          {dated && (
            <div className="relative mt-1 h-4" aria-hidden="true" data-testid="equity-x-axis">
              {marks.map((i, k) => (
                <span
                  key={i}
                  className={`absolute whitespace-nowrap ${k === 0 ? "" : k === 1 ? "-translate-x-1/2" : "-translate-x-full"}`}
                  style={{ left: `${(i / (values.length - 1)) * 100}%` }}
                >
                  {f.date(dates[i]!)}
                </span>
              ))}
            </div>
          )}
        </div>
      </div>
    </figure>
  );
}

/** What a league of a backtest lacks, in words: prices (pre-match or in-play) or an in-play counter. */
function needLabel(t: TFunction, need: DataNeed, kind: "preMatch" | "live"): string {
  if (need === "prices") return t(`resultsUx.gaps.prices.${kind}`);
  return t("resultsUx.gaps.counter", { counter: t(`resultsUx.counters.${need}`) });
}

/**
 * The leagues of a backtest where no match has what the filter needs (computed by the service from the data), with
 * what it means: no pick on such a rule there, and picks without a price have no ROI.
 */
export function DataGaps({
  gaps,
  kind,
}: {
  gaps: Array<{ leagueId: number; name: string; country: string; missing: DataNeed[] }>;
  kind: "preMatch" | "live";
}) {
  const { t } = useTranslation();
  if (gaps.length === 0) return null;
  const prices = gaps.some((g) => g.missing.includes("prices"));
  const counters = gaps.some((g) => g.missing.some((m) => m !== "prices"));
  return (
    <section
      aria-labelledby={`data-gaps-${kind}`}
      data-testid="data-gaps"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h3 id={`data-gaps-${kind}`} className="font-semibold">
        {t("resultsUx.gaps.title")}
      </h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 wrap-anywhere">
        {gaps.map((g) => (
          <li key={g.leagueId} data-testid="data-gap">
            <span className="font-medium">{leagueName(t, g)}</span>:{" "}
            {g.missing.map((m) => needLabel(t, m, kind)).join(", ")}
          </li>
        ))}
      </ul>
      {prices && <p className="mt-1">{t(`resultsUx.gaps.pricesMeaning.${kind}`)}</p>}
      {counters && <p className="mt-1">{t("resultsUx.gaps.countersMeaning")}</p>}
    </section>
  );
}
