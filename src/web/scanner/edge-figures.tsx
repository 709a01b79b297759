import { useTranslation } from "react-i18next";
import type { EdgeFigureValues } from "../../domain/alerts/figures.ts";
import { useFormat } from "./ui.tsx";

/**
 * The edge figures of a filter or backtest: our model's mean probability at the picks and the hit rate's edge over
 * it with its 95% interval, and what the figures are ranked by (ROI at prices a bettor could take, or the edge where
 * no price is published). `modelPrices`: the prices are the in-play model's (replayed live backtests).
 */
export function EdgeFigures({ fig, modelPrices = false }: { fig: EdgeFigureValues; modelPrices?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const signed = (x: number) => `${x > 0 ? "+" : ""}${f.pct(x)}`;
  return (
    <div className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="edge-figures">
      {/* Results stored before edges were kept have none of these fields. */}
      {typeof fig.edge === "number" && typeof fig.meanProbability === "number" && (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">{t("goalFigures.meanProbability")}: </dt>
            <dd className="inline tabular-nums">{f.pct(fig.meanProbability)}</dd>
          </div>
          <div>
            <dt className="inline font-medium">{t("goalFigures.edge")}: </dt>
            <dd className="inline tabular-nums" data-testid="edge-value">
              {signed(fig.edge)}
              {fig.edgeLow !== null && fig.edgeHigh !== null && (
                <> ({t("goalFigures.edgeInterval", { low: signed(fig.edgeLow), high: signed(fig.edgeHigh) })})</>
              )}
            </dd>
          </div>
        </dl>
      )}
      {typeof fig.edge === "number" && <p>{t("goalFigures.edgeHelp", { count: fig.modelPicks })}</p>}
      <p data-testid="figure-basis">{t(fig.basis === "edge" ? "goalFigures.basisEdge" : "goalFigures.basisRoi")}</p>
      {modelPrices && fig.basis === "roi" && <p>{t("goalFigures.modelPrices")}</p>}
    </div>
  );
}
