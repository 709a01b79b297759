import { useTranslation } from "react-i18next";
import { bookmakerShown } from "../../domain/bookmakers.ts";
import { Odds } from "../components/odds.tsx";
import { ScrollRegion } from "../components/scroll-region.tsx";
import { formatMoment } from "../format.ts";
import { usePreferences } from "../preferences.tsx";
import type { Loaded } from "./page-data.ts";
import { PriceChart } from "./price-chart.tsx";

/**
 * The 1X2 prices each sync saw, per bookmaker whose price moved: a chart, and every price seen as a table (oldest
 * first) behind a disclosure. The chart runs to the kick-off once the match has started, else to the last sync.
 */
export function PriceMovement({ page }: { page: Loaded }) {
  const { t } = useTranslation();
  const { bookmakerCountry, locale, timeZone } = usePreferences();
  const moved = page.priceHistory.filter(
    (s) => s.market === "1x2" && s.prices.length > 1 && bookmakerShown(s.bookmaker.code, bookmakerCountry),
  );
  if (moved.length === 0) return null;
  const title = t("matchPage.priceMovement");
  const series = moved.map((s) => ({
    bookmaker: s.bookmaker,
    seen: s.prices.map((p) => ({
      at: Date.parse(p.seenAt),
      home: p.prices.home ?? null,
      draw: p.prices.draw ?? null,
      away: p.prices.away ?? null,
    })),
  }));
  const started = page.fixture.status !== "upcoming";
  const until = started
    ? Date.parse(page.fixture.kickoff)
    : Math.max(...series.flatMap((s) => s.seen.map((p) => p.at)));
  return (
    <section className="space-y-2">
      <PriceChart series={series} until={until} />
      <details>
        <summary className="cursor-pointer text-sm text-pitch-800 underline dark:text-pitch-300">
          {t("matchPage.everyPriceSeen")}
        </summary>
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
                  <th key={l} scope="col" className="py-1 pl-3 text-right">
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
                    <td className="py-1 tabular-nums">{formatMoment(Date.parse(p.seenAt), locale, timeZone)}</td>
                    {["home", "draw", "away"].map((c) => (
                      <td key={c} className="py-1 pl-3 text-right">
                        <Odds value={(p.prices as Record<string, number | null | undefined>)[c]} />
                      </td>
                    ))}
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </section>
  );
}
