import { Bot, BotError, GrammyError, HttpError, InputFile } from "grammy";
import { type BotName, type StartCommand, TelegramError, type TelegramSender } from "./sender.ts";

/** How long one Bot API call may take; the outbox lease is longer, so a slow call is never sent twice. */
export const TELEGRAM_TIMEOUT_SECONDS = 15;

function refusal(error: unknown): TelegramError {
  if (error instanceof GrammyError) {
    const retryAfter = error.parameters.retry_after ?? null;
    const code = error.error_code;
    // 403: blocked by the user or kicked; 400 "chat not found": the chat is gone. 429 and 5xx: try again later.
    const chatGone = code === 403 || (code === 400 && /chat not found|user is deactivated/i.test(error.description));
    const permanent = code !== 429 && code < 500;
    return new TelegramError(`Telegram answered ${code}: ${error.description}`, permanent, chatGone, retryAfter);
  }
  if (error instanceof HttpError) return new TelegramError(`Telegram unreachable: ${error.message}`, false, false);
  return new TelegramError(error instanceof Error ? error.message : String(error), false, false);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw refusal(error);
  }
}

/** The real Bot API through grammY, one Bot per configured token; `apiRoot` points it at a stand-in in tests. */
export function createBotApiSender(
  tokens: Partial<Record<BotName, string>>,
  options: { apiRoot?: string } = {},
): TelegramSender {
  const bots = new Map<BotName, Bot>();
  const offsets = new Map<BotName, number>();
  // The update handler of each bot: grammY's /start command in private chats, handing over to the current poll.
  const onStarts = new Map<BotName, (start: StartCommand) => Promise<string | null>>();
  for (const [name, token] of Object.entries(tokens) as Array<[BotName, string | undefined]>) {
    if (!token) continue;
    const b = new Bot(token, {
      client: { timeoutSeconds: TELEGRAM_TIMEOUT_SECONDS, ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}) },
    });
    b.chatType("private").command("start", async (ctx) => {
      const onStart = onStarts.get(name);
      if (!onStart) return;
      const reply = await onStart({
        bot: name,
        chatId: ctx.chat.id,
        username: ctx.from?.username ?? null,
        payload: ctx.match.trim(),
      });
      if (reply) await ctx.reply(reply, { link_preview_options: { is_disabled: true } });
    });
    bots.set(name, b);
  }
  const bot = (name: BotName) => {
    const found = bots.get(name);
    if (!found) throw new TelegramError(`no token for the ${name} bot`, true, false);
    return found;
  };
  const ready = async (name: BotName) => {
    const b = bot(name);
    if (!b.isInited()) await call(() => b.init());
    return b;
  };

  return {
    mode: "bot-api",
    available: (name) => bots.has(name),
    async username(name) {
      return (await ready(name)).botInfo.username;
    },
    async sendMessage(name, chatId, text, opts = {}) {
      const sent = await call(() =>
        bot(name).api.sendMessage(chatId, text, {
          link_preview_options: { is_disabled: true },
          ...(opts.html ? { parse_mode: "HTML" as const } : {}),
        }),
      );
      return { messageId: sent.message_id };
    },
    async sendDocument(name, chatId, file, caption) {
      const sent = await call(() =>
        bot(name).api.sendDocument(chatId, new InputFile(file.data, file.name), caption ? { caption } : {}),
      );
      return { messageId: sent.message_id };
    },
    async createChatInviteLink(name, groupChatId, opts) {
      const link = await call(() =>
        bot(name).api.createChatInviteLink(groupChatId, {
          member_limit: opts.memberLimit,
          ...(opts.name ? { name: opts.name.slice(0, 32) } : {}),
          ...(opts.expireDate ? { expire_date: Math.floor(opts.expireDate.getTime() / 1000) } : {}),
        }),
      );
      return { inviteLink: link.invite_link };
    },
    async banChatMember(name, groupChatId, userId) {
      await call(() => bot(name).api.banChatMember(groupChatId, userId));
    },
    async unbanChatMember(name, groupChatId, userId) {
      await call(() => bot(name).api.unbanChatMember(groupChatId, userId, { only_if_banned: true }));
    },
    async pollUpdates(name, onStart, timeoutSeconds) {
      const b = await ready(name);
      const offset = offsets.get(name);
      const updates = await call(() =>
        b.api.getUpdates({
          ...(offset !== undefined ? { offset } : {}),
          timeout: timeoutSeconds,
          allowed_updates: ["message"],
        }),
      );
      onStarts.set(name, onStart);
      let failure: unknown = null;
      for (const update of updates) {
        // Confirmed with the next call's offset: an update whose handling fails is not read again, and a
        // /start is harmless to miss (the user taps the link again).
        offsets.set(name, update.update_id + 1);
        await b.handleUpdate(update).catch((error: unknown) => {
          failure ??= error instanceof BotError ? error.error : error;
        });
      }
      // The other updates were handled; the first failure reaches the job's log.
      if (failure) throw failure;
      return updates.length;
    },
  };
}
