import { useTranslation } from "react-i18next";
import { bookmakerShown } from "../../domain/bookmakers.ts";
import { localDate } from "../../domain/time/zones.ts";
import { Odds } from "../components/odds.tsx";
import { ScrollRegion } from "../components/scroll-region.tsx";
import { formatDayHeading, formatKickoff } from "../format.ts";
import { usePreferences } from "../preferences.tsx";
import type { Loaded } from "./page-data.ts";

/** The 1X2 prices each sync saw, per bookmaker, oldest first; shown only for the bookmakers whose price moved. */
export function PriceMovement({ page }: { page: Loaded }) {
  const { t } = useTranslation();
  const { bookmakerCountry, locale, timeZone } = usePreferences();
  const moved = page.priceHistory.filter(
    (s) => s.market === "1x2" && s.prices.length > 1 && bookmakerShown(s.bookmaker.code, bookmakerCountry),
  );
  if (moved.length === 0) return null;
  const title = t("matchPage.priceMovement");
  return (
    <ScrollRegion label={title}>
      <table className="w-full text-sm">
        <caption className="mb-1 text-left font-semibold">{title} (1X2)</caption>
        <thead className="text-xs text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-1 text-left">
              {t("matchPage.bookmaker")}
            </th>
            <th scope="col" className="py-1 text-left">
              {t("matchPage.seenAt")}
            </th>
            {["1", "X", "2"].map((l) => (
              <th key={l} scope="col" className="py-1 text-right">
                {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {moved.flatMap((s) =>
            s.prices.map((p, i) => (
              <tr key={`${s.bookmaker.code}-${p.seenAt}`}>
                <td className="py-1">{i === 0 ? s.bookmaker.name : ""}</td>
                <td className="py-1 tabular-nums">
                  {formatDayHeading(localDate(Date.parse(p.seenAt), timeZone), locale)}{" "}
                  {formatKickoff(p.seenAt, locale, timeZone)}
                </td>
                {["home", "draw", "away"].map((c) => (
                  <td key={c} className="py-1 text-right">
                    <Odds value={(p.prices as Record<string, number | null | undefined>)[c]} />
                  </td>
                ))}
              </tr>
            )),
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
