import type { Locale } from "./locales.ts";
import { localePrefix } from "./locales.ts";

/** SPEC §2.4: the value-bet bot's slug is the same in every language. */
const VALUE_BET_BOT = "vip/value-bet-bot";

/** The private Telegram group's page, translated like the other VIP pages. */
const TELEGRAM_GROUP: Record<Locale, string> = {
  en: "vip/telegram-group",
  de: "vip/telegram-gruppe",
  el: "vip/omada-telegram",
  es: "vip/grupo-telegram",
  fr: "vip/groupe-telegram",
  it: "vip/gruppo-telegram",
  pl: "vip/grupa-telegram",
  pt: "vip/grupo-telegram",
  ro: "vip/grup-telegram",
  ru: "vip/gruppa-telegram",
  tr: "vip/telegram-grubu",
};

export function valueBetBotPath(locale: Locale): string {
  return `${localePrefix(locale)}/${VALUE_BET_BOT}`;
}

export function telegramGroupPath(locale: Locale): string {
  return `${localePrefix(locale)}/${TELEGRAM_GROUP[locale]}`;
}

/** Routes of the bots' pages; `p` is the locale prefix ("" for English). */
export function botsRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  return [
    { id: "vip-value-bet-bot", path: `${p}/${VALUE_BET_BOT}`, file: "routes/value-bet-bot.tsx" },
    { id: "vip-telegram-group", path: `${p}/${TELEGRAM_GROUP[locale]}`, file: "routes/telegram-group.tsx" },
  ];
}
