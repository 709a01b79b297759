import { useTranslation } from "react-i18next";
import type { RecordLine } from "../../domain/predictions/bet-record.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import { formatDayHeading, formatPercent } from "../format.ts";
import { usePreferences } from "../preferences.tsx";

/** A finished pick's mark: a tick or a cross for the eyes, the word for everyone. */
export function ResultMark({ won }: { won: boolean | null | undefined }) {
  const { t } = useTranslation();
  if (won === undefined || won === null) return null;
  return (
    <span
      data-result={won ? "won" : "lost"}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
        won
          ? "bg-pitch-100 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-50"
          : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100"
      }`}
    >
      <span aria-hidden="true">{won ? "✓" : "✗"}</span>
      {t(won ? "betOfTheDayRecord.won" : "betOfTheDayRecord.lost")}
    </span>
  );
}

/** ROI with its sign, in the visitor's locale ("+12.5%", "−3,1 %"). */
function formatRoi(roi: number | null, locale: keyof typeof LOCALE_TAGS): string {
  if (roi === null) return "–";
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(roi);
}

/** The Bet of the Day's record over the days before the page's day: per bet, settled bets, won, hit rate, ROI. */
export function BetRecord({ record }: { record: { from: string; to: string; double: RecordLine; risk: RecordLine } }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const lines = [
    ["double", record.double],
    ["risk", record.risk],
  ] as const;
  const cell = "px-3 py-2 text-right tabular-nums";
  return (
    <section aria-labelledby="bet-record" className="mt-8">
      <h2 id="bet-record" className="mb-1 text-lg font-semibold">
        {t("betOfTheDayRecord.title")}
      </h2>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        {formatDayHeading(record.from, locale)} – {formatDayHeading(record.to, locale)}
      </p>
      <div className="overflow-x-auto rounded-xl bg-white shadow-sm dark:bg-slate-900">
        <table className="w-full text-sm">
          <thead className="text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("betOfTheDayRecord.bet")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t("betOfTheDayRecord.bets")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t("betOfTheDayRecord.wonCount")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t("betOfTheDayRecord.hitRate")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t("valuebets.roi")}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map(([key, line]) => (
              <tr key={key} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {t(key === "double" ? "bestBets.double" : "bestBets.risk")}
                </th>
                <td className={cell}>{line.bets}</td>
                <td className={cell}>{line.won}</td>
                <td className={cell}>{formatPercent(line.hitRate, locale)}</td>
                <td
                  className={`${cell} font-semibold ${
                    line.roi === null
                      ? ""
                      : line.roi >= 0
                        ? "text-pitch-700 dark:text-pitch-500"
                        : "text-red-700 dark:text-red-400"
                  }`}
                >
                  {formatRoi(line.roi, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("betOfTheDayRecord.note")}</p>
    </section>
  );
}
