import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

/** SPEC §2.4: the value-bet bot's slug is the same in every language. */
const VALUE_BET_BOT = "vip/value-bet-bot";

export function valueBetBotPath(locale: Locale): string {
  return `${locale === DEFAULT_LOCALE ? "" : `/${locale}`}/${VALUE_BET_BOT}`;
}

/** Routes of the bots' pages; `p` is the locale prefix ("" for English). */
export function valueBetsRoutes(_locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  return [{ id: "vip-value-bet-bot", path: `${p}/${VALUE_BET_BOT}`, file: "routes/value-bet-bot.tsx" }];
}
