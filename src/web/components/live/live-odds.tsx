import { useTranslation } from "react-i18next";
import type { LiveOdds } from "../../../domain/live/state.ts";
import { Odds } from "../odds.tsx";

/** A selection decided in play (its price is gone): won or lost, rather than a bare "–". */
function Settled({ won }: { won: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`text-xs font-semibold ${won ? "text-emerald-700 dark:text-emerald-400" : "text-slate-600 dark:text-slate-400"}`}
      data-settled={won ? "won" : "lost"}
    >
      {won ? t("liveMarkets.won") : t("liveMarkets.lost")}
    </span>
  );
}

/**
 * Live odds: 1X2, over/under lines and both teams to score. A market the score has already decided (an over line
 * passed, both teams having scored) says which side won; a price left out for being beyond the cap stays "–".
 */
export function LiveOddsTable({ odds, goals }: { odds: LiveOdds | null; goals: number }) {
  const { t } = useTranslation();
  if (!odds) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("live.noOdds")}</p>;
  // Both teams have scored when "yes" is certain (the model's probability is 1 then).
  const bothScored = odds.probabilities.bttsYes > 0.999;
  const cell = "rounded-md bg-slate-100 px-2 py-1 text-center dark:bg-slate-800";
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-3 gap-2">
        {(["home", "draw", "away"] as const).map((k, i) => (
          <div key={k} className={cell}>
            <dt className="text-xs text-slate-600 dark:text-slate-400">{["1", "X", "2"][i]}</dt>
            <dd className="font-semibold">
              <Odds value={odds[k]} />
            </dd>
          </div>
        ))}
      </dl>
      <table className="w-full">
        <caption className="mb-1 text-left text-xs font-semibold text-slate-600 dark:text-slate-400">
          {t("live.overUnder")}
        </caption>
        <thead className="text-xs text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="text-left font-normal">
              {t("live.lineLabel")}
            </th>
            <th scope="col" className="text-right font-normal">
              {t("live.overLabel")}
            </th>
            <th scope="col" className="text-right font-normal">
              {t("live.underLabel")}
            </th>
          </tr>
        </thead>
        <tbody>
          {odds.overUnder.map((line) => (
            <tr key={line.line}>
              <th scope="row" className="py-0.5 text-left font-normal tabular-nums">
                {line.line}
              </th>
              <td className="py-0.5 text-right">
                <span className="sr-only">{t("live.over", { line: line.line })}: </span>
                {goals > line.line ? <Settled won={true} /> : <Odds value={line.over} />}
              </td>
              <td className="py-0.5 text-right">
                <span className="sr-only">{t("live.under", { line: line.line })}: </span>
                {goals > line.line ? <Settled won={false} /> : <Odds value={line.under} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid grid-cols-[1fr_auto_auto] items-center gap-2">
        <dt className="text-xs font-semibold text-slate-600 dark:text-slate-400">{t("live.btts")}</dt>
        <dd className={cell}>
          <span className="text-xs text-slate-600 dark:text-slate-400">{t("live.yes")} </span>
          {bothScored ? <Settled won={true} /> : <Odds value={odds.bttsYes} />}
        </dd>
        <dd className={cell}>
          <span className="text-xs text-slate-600 dark:text-slate-400">{t("live.no")} </span>
          {bothScored ? <Settled won={false} /> : <Odds value={odds.bttsNo} />}
        </dd>
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("live.oddsNote")}</p>
    </div>
  );
}
