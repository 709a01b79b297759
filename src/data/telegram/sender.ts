/** The three Telegram bots of SPEC §7.4: live scanner, pre-match scanner, value bets (the trend bot speaks through it). */
export const BOTS = ["live", "prematch", "valuebet"] as const;
export type BotName = (typeof BOTS)[number];

export const isBotName = (value: unknown): value is BotName =>
  typeof value === "string" && (BOTS as readonly string[]).includes(value);

export interface SentMessage {
  messageId: number;
}

export interface InviteLink {
  inviteLink: string;
}

/** A /start from a private chat, as the bot receives it. */
export interface StartCommand {
  bot: BotName;
  chatId: number;
  username: string | null;
  /** what follows /start (the deep link's payload); '' for a bare /start */
  payload: string;
}

/**
 * A refusal of the Bot API. `permanent`: sending again cannot work (the user blocked the bot, the chat is gone,
 * a bad request); otherwise retry, not before `retryAfterSeconds` when Telegram says so (429).
 */
export class TelegramError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** the chat no longer accepts the bot: unlink it */
    readonly chatGone: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/**
 * What the application asks of Telegram. `bot-api`: the real Bot API through grammY (a token per bot);
 * `offline`: the development store shown at /dev/telegram. Every method throws TelegramError on a refusal.
 */
export interface TelegramSender {
  readonly mode: "bot-api" | "offline";
  /** Whether this bot can send (a token is set, or the offline store is on). */
  available(bot: BotName): boolean;
  /** The bot's @username (without @), for the t.me deep links. */
  username(bot: BotName): Promise<string>;
  /** A text message; `html` uses Telegram's HTML parse mode. */
  sendMessage(bot: BotName, chatId: number, text: string, options?: { html?: boolean }): Promise<SentMessage>;
  sendDocument(
    bot: BotName,
    chatId: number,
    file: { name: string; data: Uint8Array },
    caption?: string,
  ): Promise<SentMessage>;
  /** A one-time invite to a group: `memberLimit` 1 for a personal link. */
  createChatInviteLink(
    bot: BotName,
    groupChatId: number,
    options: { memberLimit: number; name?: string; expireDate?: Date },
  ): Promise<InviteLink>;
  banChatMember(bot: BotName, groupChatId: number, userId: number): Promise<void>;
  unbanChatMember(bot: BotName, groupChatId: number, userId: number): Promise<void>;
  /**
   * Waits for updates (long polling, at most `timeoutSeconds`) and hands every /start of a private chat to
   * `onStart`; returns how many updates were read. Offline, /start is simulated on the dev page instead: 0.
   */
  pollUpdates(
    bot: BotName,
    onStart: (start: StartCommand) => Promise<string | null>,
    timeoutSeconds: number,
  ): Promise<number>;
}

/** The deep link a user opens to link the chat: t.me/<bot>?start=<token>. */
export function deepLink(username: string, token: string): string {
  return `https://t.me/${encodeURIComponent(username)}?start=${encodeURIComponent(token)}`;
}
