import { createBotApiSender } from "./bot-api.ts";
import { createOfflineSender } from "./offline.ts";
import type { BotName, TelegramSender } from "./sender.ts";

export * from "./sender.ts";

/**
 * Telegram as configured: with at least one bot token, the real Bot API for the bots that have one (the others
 * are unavailable); without any token, the offline dev store when `offlineDir` is given (outside production);
 * else nothing (null: alerts go by push and in-app only).
 */
export function createTelegram(options: {
  tokens: Partial<Record<BotName, string | undefined>>;
  apiRoot?: string;
  offlineDir: string | null;
}): TelegramSender | null {
  const tokens = Object.fromEntries(Object.entries(options.tokens).filter(([, t]) => Boolean(t))) as Partial<
    Record<BotName, string>
  >;
  if (Object.keys(tokens).length > 0)
    return createBotApiSender(tokens, options.apiRoot ? { apiRoot: options.apiRoot } : {});
  return options.offlineDir ? createOfflineSender(options.offlineDir) : null;
}
