import { useTranslation } from "react-i18next";
import type { MarketKey } from "../../domain/predictions/markets.ts";
import { outcomeLabel } from "../components/fixture-row.tsx";
import { Odds } from "../components/odds.tsx";
import { formatPercent } from "../format.ts";
import { usePreferences } from "../preferences.tsx";
import type { Loaded } from "./page-data.ts";

export function PredictionsTab({ page }: { page: Loaded }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const pct = (p: number | undefined) => formatPercent(p, locale, 1);
  const picks = page.fixture.predictions?.picks ?? [];
  const final = page.probabilities?.final;
  // "Being computed" only while the predictions are computed; otherwise the page says why there is none.
  if (!final)
    return (
      <p className="p-6 text-center text-slate-600 dark:text-slate-300" data-no-prediction>
        {page.noPrediction === "failed"
          ? t("matchPrediction.failed")
          : page.noPrediction === "later"
            ? t("matchPrediction.none")
            : t("matchPage.noPredictions")}
      </p>
    );
  const groups: Array<{ title: string; keys: MarketKey[] }> = [
    { title: "1X2", keys: ["1", "X", "2"] },
    { title: t("categories.4"), keys: ["1X", "12", "X2"] },
    { title: t("categories.2"), keys: ["GG", "NG"] },
    { title: t("categories.3"), keys: ["O25", "U25"] },
    { title: t("matchPage.halfTime1x2"), keys: ["HT_1", "HT_X", "HT_2"] },
  ];
  return (
    <div className="space-y-6">
      <ul className="grid gap-3 sm:grid-cols-2">
        {picks
          .filter((p) => p.kind !== 0)
          .map((pick) => (
            <li
              key={pick.kind}
              className="flex items-center justify-between rounded-lg bg-slate-50 p-3 dark:bg-slate-800"
            >
              <div>
                <p className="text-xs text-slate-600 dark:text-slate-400">{t(`categories.${pick.kind}`)}</p>
                <p className="font-semibold">
                  {outcomeLabel(pick.outcome, locale)}
                  {pick.won === true && (
                    <span className="ml-2 text-pitch-600 dark:text-pitch-100">✓ {t("match.pickWon")}</span>
                  )}
                  {pick.won === false && (
                    <span className="ml-2 text-slate-500 dark:text-slate-400">✗ {t("match.pickLost")}</span>
                  )}
                </p>
              </div>
              <div className="text-right text-sm">
                <p className="font-semibold tabular-nums">{pct(pick.probability)}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {t("matchPage.fairOdds")} <Odds value={pick.fairOdds} /> · {t("matchPage.bookmaker")}{" "}
                  <Odds value={pick.odds} />
                </p>
              </div>
            </li>
          ))}
      </ul>
      <div className="grid gap-4 sm:grid-cols-2">
        {groups.map((g) => (
          <section key={g.title}>
            <h3 className="mb-1 text-sm font-semibold">{g.title}</h3>
            <dl className="flex gap-2">
              {g.keys.map((k) => (
                <div
                  key={k}
                  className="flex-1 rounded-md border border-slate-200 p-2 text-center dark:border-slate-700"
                >
                  <dt className="text-xs text-slate-600 dark:text-slate-400">{outcomeLabel(k, locale)}</dt>
                  <dd className="font-semibold tabular-nums">{pct(final[k])}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {page.fixture.predictions && page.fixture.predictions.marketWeight > 0
          ? t("matchPage.marketInformed")
          : t("matchPage.modelOnly")}
      </p>
    </div>
  );
}
