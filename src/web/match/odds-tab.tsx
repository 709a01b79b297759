import { useTranslation } from "react-i18next";
import { bookmakerShown } from "../../domain/bookmakers.ts";
import { Odds } from "../components/odds.tsx";
import { ScrollRegion } from "../components/scroll-region.tsx";
import { usePreferences } from "../preferences.tsx";
import type { Loaded } from "./page-data.ts";
import { PriceMovement } from "./price-movement.tsx";

export function OddsTab({ page }: { page: Loaded }) {
  const { t } = useTranslation();
  const { bookmakerCountry } = usePreferences();
  const odds = page.odds.filter((o) => bookmakerShown(o.bookmaker.code, bookmakerCountry));
  if (odds.length === 0)
    return <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("matchPage.noOdds")}</p>;
  const markets = [
    { id: "1x2", title: "1X2", cols: ["home", "draw", "away"], labels: ["1", "X", "2"] },
    { id: "ou25", title: t("categories.3"), cols: ["over", "under"], labels: ["O 2.5", "U 2.5"] },
    { id: "ah", title: t("matchPage.asianHandicap"), cols: ["home", "away"], labels: ["1", "2"] },
  ];
  return (
    <div className="space-y-6">
      {markets.map((m) => {
        const rows = odds.filter((o) => o.market === m.id);
        if (rows.length === 0) return null;
        return (
          <ScrollRegion key={m.id} label={m.title}>
            <table className="w-full text-sm">
              <caption className="mb-1 text-left font-semibold">{m.title}</caption>
              <thead className="text-xs text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-1 text-left">
                    {t("matchPage.bookmaker")}
                  </th>
                  {m.id === "ah" && (
                    <th scope="col" className="py-1 text-right">
                      {t("matchPage.line")}
                    </th>
                  )}
                  {m.labels.map((l) => (
                    <th key={l} scope="col" className="py-1 text-right">
                      {l}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {rows.map((o) => (
                  <tr key={`${o.bookmaker.code}-${o.moment}`}>
                    <td className="py-1">
                      {o.bookmaker.name}
                      {o.moment === "closing" && (
                        <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">
                          ({t("matchPage.closing")})
                        </span>
                      )}
                    </td>
                    {m.id === "ah" && <td className="py-1 text-right tabular-nums">{o.line}</td>}
                    {m.cols.map((c) => (
                      <td key={c} className="py-1 text-right">
                        <Odds value={(o.prices as Record<string, number | null | undefined>)[c]} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        );
      })}
      <PriceMovement page={page} />
    </div>
  );
}
