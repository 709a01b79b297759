import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatOdds } from "../../domain/odds-format.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import { Odds } from "../components/odds.tsx";
import { YAxisLabels } from "../components/y-axis-labels.tsx";
import { formatMoment } from "../format.ts";
import { usePreferences } from "../preferences.tsx";
import { OUTCOMES, type Outcome, type SeenPrices, priceChartGeometry } from "./price-chart-geometry.ts";

export interface PriceSeries {
  bookmaker: { code: string; name: string };
  seen: SeenPrices[];
}

const W = 600;
const H = 180;
const LABELS: Record<Outcome, string> = { home: "1", draw: "X", away: "2" };
/** Colour and dash per outcome, so that the lines differ without colour too. */
const STYLE: Record<Outcome, { stroke: string; dash?: string; swatch: string }> = {
  home: { stroke: "stroke-pitch-700 dark:stroke-emerald-400", swatch: "border-pitch-700 dark:border-emerald-400" },
  draw: {
    stroke: "stroke-slate-500 dark:stroke-slate-300",
    dash: "6 4",
    swatch: "border-dashed border-slate-500 dark:border-slate-300",
  },
  away: {
    stroke: "stroke-amber-600 dark:stroke-amber-400",
    dash: "2 3",
    swatch: "border-dotted border-amber-600 dark:border-amber-400",
  },
};

/**
 * The 1X2 prices of one bookmaker over time, a line per outcome; a choice of bookmaker when several moved. The
 * labels are HTML around the drawing (they keep their size on a phone) and the lines are said in words.
 */
export function PriceChart({ series, until }: { series: PriceSeries[]; until: number }) {
  const { t } = useTranslation();
  const { oddsFormat, locale, timeZone } = usePreferences();
  const [code, setCode] = useState(series[0]?.bookmaker.code);
  const selectId = useId();
  const shown = series.find((s) => s.bookmaker.code === code) ?? series[0];
  const g = shown ? priceChartGeometry(shown.seen, until, W, H) : null;
  if (!shown || !g) return null;
  const when = (at: number) => formatMoment(at, locale, timeZone);
  const odds = (v: number | null | undefined) => (v == null ? "–" : formatOdds(v, oddsFormat, LOCALE_TAGS[locale]));
  const first = (o: Outcome) => shown.seen.find((s) => s[o] !== null)?.[o];
  const last = (o: Outcome) => shown.seen.findLast((s) => s[o] !== null)?.[o];
  // The right end: the kick-off once passed, else the last sync (the drawing runs a little further).
  const end = Math.max(until, shown.seen.at(-1)!.at);
  const endShare = (end - g.from) / (g.to - g.from);
  const label = t("matchPage.priceChartLabel", {
    bookmaker: shown.bookmaker.name,
    from: when(g.from),
    to: when(end),
    moves: OUTCOMES.map((o) => `${LABELS[o]} ${odds(first(o))} → ${odds(last(o))}`).join(", "),
  });
  return (
    <figure className="space-y-2" data-testid="price-chart">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm font-semibold">
        <span>{t("matchPage.priceMovement")} (1X2)</span>
        {series.length > 1 && (
          <span className="flex items-center gap-2 font-normal">
            <label htmlFor={selectId}>{t("matchPage.bookmaker")}</label>
            <select
              id={selectId}
              value={shown.bookmaker.code}
              onChange={(e) => setCode(e.target.value)}
              className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            >
              {series.map((s) => (
                <option key={s.bookmaker.code} value={s.bookmaker.code}>
                  {s.bookmaker.name}
                </option>
              ))}
            </select>
          </span>
        )}
      </figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" data-testid="price-chart-legend">
        {OUTCOMES.map((o) => (
          <li key={o} className="flex items-center gap-1.5">
            <span className={`inline-block w-5 border-t-2 ${STYLE[o].swatch}`} aria-hidden="true" />
            <span className="font-semibold">{LABELS[o]}</span>
            <Odds value={first(o)} /> → <Odds value={last(o)} className="font-semibold" />
          </li>
        ))}
      </ul>
      <div className="flex gap-1 text-[0.7rem] text-slate-600 dark:text-slate-400">
        <YAxisLabels ticks={g.ticks} top={g.top} format={odds} className="h-44 w-10" />
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${W} ${H}`}
            className="h-44 w-full border-b border-l border-slate-300 dark:border-slate-600"
            role="img"
            aria-label={label}
            preserveAspectRatio="none"
          >
            {g.ticks.map((v) => (
              <line
                key={v}
                x1={0}
                x2={W}
                y1={(g.top(v) / 100) * H}
                y2={(g.top(v) / 100) * H}
                vectorEffect="non-scaling-stroke"
                className="stroke-slate-200 dark:stroke-slate-700"
              />
            ))}
            {OUTCOMES.map((o) => (
              <polyline
                key={o}
                points={g.lines[o]}
                fill="none"
                strokeWidth={2}
                strokeDasharray={STYLE[o].dash}
                vectorEffect="non-scaling-stroke"
                className={STYLE[o].stroke}
              />
            ))}
          </svg>
          <div className="relative mt-1 h-4 tabular-nums" aria-hidden="true">
            <span className="absolute left-0 whitespace-nowrap">{when(g.from)}</span>
            <span className="absolute -translate-x-full whitespace-nowrap" style={{ left: `${endShare * 100}%` }}>
              {when(end)}
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
}
