import { useTranslation } from "react-i18next";
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

/** The profit curve as a small line chart (the last value is said in words for screen readers). */
export function Equity({ points }: { points: number[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (points.length < 2) return null;
  const w = 600;
  const h = 120;
  const lo = Math.min(0, ...points);
  const hi = Math.max(0, ...points);
  const span = hi - lo || 1;
  const x = (i: number) => (i / (points.length - 1)) * w;
  const y = (v: number) => h - ((v - lo) / span) * h;
  const path = points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const last = points.at(-1)!;
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-semibold">
        {t("liveBacktest.equity")}: <span className="tabular-nums">{f.num(last)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${w} ${h}`}
        className="h-28 w-full"
        role="img"
        aria-label={`${t("liveBacktest.equity")}: ${f.num(last)}`}
        preserveAspectRatio="none"
      >
        <line
          x1={0}
          x2={w}
          y1={y(0)}
          y2={y(0)}
          className="stroke-slate-300 dark:stroke-slate-600"
          strokeDasharray="4 4"
        />
        <polyline
          points={path}
          fill="none"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          className={last >= 0 ? "stroke-pitch-700 dark:stroke-pitch-500" : "stroke-red-700 dark:stroke-red-400"}
        />
      </svg>
    </figure>
  );
}
