/** The Telegram bots and the offline store's reader, for the dev page and the jobs (which reach data only through services). */
export { BOTS, isBotName } from "../data/telegram/sender.ts";
export { readOfflineStore } from "../data/telegram/offline.ts";
