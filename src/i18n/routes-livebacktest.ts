import type { Locale } from "./locales.ts";
import { prefix } from "./paths.ts";

/**
 * The live-filter backtest page (issue 12 point 6), a VIP page with a translated slug. It stands beside the live
 * scanner's pages (not under /vip/live-scanner/, where a filter id sits) so that its path never reads as a filter.
 * Its action is what the backtest panel posts to from any page.
 */
export const LIVE_BACKTEST_SLUGS: Record<Locale, string> = {
  en: "vip/live-scanner-backtest",
  de: "vip/live-scanner-historischer-test",
  el: "vip/istoriki-dokimi-zontanou-saroti",
  es: "vip/prueba-historica-escaner-en-vivo",
  fr: "vip/test-historique-scanner-live",
  it: "vip/test-storico-scanner-live",
  pl: "vip/test-historyczny-skanera-na-zywo",
  pt: "vip/teste-historico-scanner-ao-vivo",
  ro: "vip/test-istoric-scanner-live",
  ru: "vip/istoricheskiy-test-live-skanera",
  tr: "vip/canli-tarayici-gecmis-testi",
};

export function liveBacktestPath(locale: Locale): string {
  return `${prefix(locale)}/${LIVE_BACKTEST_SLUGS[locale]}`;
}

/** Routes of the live backtest; `p` is the locale prefix ("" for English). */
export function liveBacktestRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  return [
    { id: "vip-live-backtest", path: `${p}/${LIVE_BACKTEST_SLUGS[locale]}`, file: "routes/scanner/live/backtest.tsx" },
  ];
}
