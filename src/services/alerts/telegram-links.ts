import type { BotName } from "../../data/telegram/sender.ts";
import { deepLink, isBotName } from "../../data/telegram/sender.ts";
import { inTransaction } from "../../db/client.ts";
import * as q from "../../db/queries/alerts.ts";
import * as tg from "../../db/queries/telegram-chats.ts";
import { DEFAULT_LOCALE } from "../../i18n/locales.ts";
import { translate } from "../../i18n/messages.server.ts";
import { ServiceError } from "../errors.ts";
import { hashToken, newToken } from "../tokens.ts";

import { type AlertsDeps, LINK_TOKEN_HOURS, localeOf } from "./shared.ts";

/** Whether Telegram can be linked here, and how: the real Bot API, the offline store, or not at all. */
export function mode(d: AlertsDeps): "bot-api" | "offline" | "off" {
  const { telegram } = d;
  return telegram?.mode ?? "off";
}

/** The user's linked chats and a fresh t.me deep link per available bot (24 h, one use). */
export async function links(d: AlertsDeps, user: { id: number }) {
  const { ctx, telegram } = d;
  const chats = await tg.telegramChatsOf(ctx.pool, user.id);
  const now = ctx.clock.now();
  const out: Array<{
    bot: BotName;
    available: boolean;
    linked: boolean;
    username: string | null;
    linkedAt: string | null;
    link: string | null;
  }> = [];
  for (const bot of ["live", "prematch", "valuebet"] as const) {
    const chat = chats.find((c) => c.bot === bot) ?? null;
    const available = telegram?.available(bot) ?? false;
    let link: string | null = null;
    if (available) {
      const token = newToken();
      // A new link revokes the bot's earlier one: one valid token per user and bot, however often this is asked.
      await inTransaction(ctx.pool, (tx) =>
        tg.insertLinkToken(tx, {
          tokenHash: hashToken(token),
          userId: user.id,
          bot,
          expiresAt: new Date(now.getTime() + LINK_TOKEN_HOURS * 3_600_000),
        }),
      );
      link = deepLink(await telegram!.username(bot), token);
    }
    out.push({
      bot,
      available,
      linked: chat !== null,
      username: chat?.username ?? null,
      linkedAt: chat?.linkedAt.toISOString() ?? null,
      link,
    });
  }
  return out;
}

/**
 * A /start <token> received by a bot: links the chat to the token's user and turns that bot's alerts on.
 * Answers the text the bot replies with (in the user's language when linked).
 */
export async function handleStart(
  d: AlertsDeps,
  start: {
    bot: string;
    chatId: number;
    username: string | null;
    payload: string;
  },
): Promise<{ linked: boolean; userId: number | null; reply: string }> {
  const { ctx } = d;
  if (!isBotName(start.bot) || !Number.isSafeInteger(start.chatId)) throw new ServiceError(400, "alerts.invalidStart");
  const now = ctx.clock.now();
  const userId = start.payload ? await tg.takeLinkToken(ctx.pool, hashToken(start.payload), start.bot, now) : null;
  if (userId === null)
    return { linked: false, userId: null, reply: translate(DEFAULT_LOCALE, "alerts.telegram.startInvalid") };
  const language = await inTransaction(ctx.pool, async (client) => {
    await tg.linkChat(client, { userId, bot: start.bot, chatId: start.chatId, username: start.username, at: now });
    await tg.enableTelegramFor(client, userId, start.bot, start.username);
    const [r] = await q.lockRecipients(client, [userId]);
    return r?.languageCode ?? DEFAULT_LOCALE;
  });
  return { linked: true, userId, reply: translate(localeOf(language), `alerts.telegram.linked.${start.bot}`) };
}

/** A /start as a chat sends it: linked or not, the bot answers in the chat (the offline store keeps it). */
export async function receiveStart(
  d: AlertsDeps,
  start: { bot: BotName; chatId: number; username: string | null; payload: string },
) {
  const { telegram } = d;
  const result = await handleStart(d, start);
  if (telegram?.available(start.bot)) await telegram.sendMessage(start.bot, start.chatId, result.reply);
  return result;
}

export async function unlink(d: AlertsDeps, user: { id: number }, bot: string): Promise<{ removed: number }> {
  const { ctx } = d;
  if (!isBotName(bot)) throw new ServiceError(400, "alerts.unknownBot");
  return { removed: await tg.unlinkChat(ctx.pool, user.id, bot) };
}

/** Whether a bot reads its updates by long polling here (a real bot with a token). */
export function pollable(d: AlertsDeps, bot: BotName): boolean {
  const { telegram } = d;
  return telegram?.mode === "bot-api" && telegram.available(bot);
}

/** One long poll per bot with a token (the job loops on it); offline, /start comes from the dev page. */
export async function poll(d: AlertsDeps, bot: BotName, timeoutSeconds: number): Promise<number> {
  const { telegram } = d;
  if (telegram?.mode !== "bot-api" || !telegram.available(bot)) return 0;
  return telegram.pollUpdates(bot, async (start) => (await handleStart(d, start)).reply, timeoutSeconds);
}
