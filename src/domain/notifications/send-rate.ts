/**
 * Telegram's sending limits, kept by one bot's sender (pure: the caller passes the time). Telegram answers 429
 * past about 30 messages a second per bot token, more than one message a second to one chat in a burst, or 20 a
 * minute to one group; it then names how long to wait (`retry_after`), which pauses the whole bot.
 *
 * A sliding window of the last sends rather than a token bucket: a bucket of 30 that refills 30 a second lets 60
 * through in one second (a full bucket, then its refill); the window never lets more than the limit into any
 * window of its length, which is what Telegram counts.
 */

export interface SendLimits {
  /** messages per `windowMs` per bot token */
  perBot: number;
  windowMs: number;
  /** least time between two messages to one chat */
  chatGapMs: number;
  /** messages per minute to one group (a negative chat id) */
  perGroupMinute: number;
}

export const TELEGRAM_LIMITS: SendLimits = { perBot: 30, windowMs: 1000, chatGapMs: 1000, perGroupMinute: 20 };

const MINUTE_MS = 60_000;

/** Times of the last sends, at most `limit` of them; answers when one more may go. */
class Window {
  private readonly times: number[] = [];
  constructor(
    private readonly limit: number,
    private readonly spanMs: number,
  ) {}

  nextAt(now: number): number {
    if (this.times.length < this.limit) return now;
    return Math.max(now, this.times[this.times.length - this.limit]! + this.spanMs);
  }

  add(at: number): void {
    this.times.push(at);
    if (this.times.length > this.limit) this.times.shift();
  }

  idleSince(now: number): boolean {
    return this.times.length === 0 || this.times[this.times.length - 1]! + this.spanMs <= now;
  }
}

export interface SendRate {
  /** How long a message to `chatId` must wait from `now` (0: it may go now). */
  waitMs(chatId: number, now: number): number;
  /** A message to `chatId` went out at `now`. */
  sent(chatId: number, now: number): void;
  /** Telegram answered 429: nothing of this bot goes before `now + ms`. */
  pause(now: number, ms: number): void;
}

/** One bot's limits: its own window, each chat's, and a pause after a 429. */
export function createSendRate(limits: SendLimits = TELEGRAM_LIMITS): SendRate {
  const bot = new Window(limits.perBot, limits.windowMs);
  const chats = new Map<number, Window>();
  const groups = new Map<number, Window>();
  let pausedUntil = 0;
  const windowOf = (map: Map<number, Window>, chatId: number, make: () => Window) => {
    const found = map.get(chatId);
    if (found) return found;
    const made = make();
    map.set(chatId, made);
    return made;
  };
  const chatWindow = (chatId: number) => windowOf(chats, chatId, () => new Window(1, limits.chatGapMs));
  const groupWindow = (chatId: number) => windowOf(groups, chatId, () => new Window(limits.perGroupMinute, MINUTE_MS));
  // Chats that have been quiet for a minute are forgotten: a bot with many users does not keep them all.
  const forget = (now: number) => {
    for (const [id, w] of chats) if (w.idleSince(now)) chats.delete(id);
    for (const [id, w] of groups) if (w.idleSince(now)) groups.delete(id);
  };
  return {
    waitMs(chatId, now) {
      let at = Math.max(now, pausedUntil, bot.nextAt(now), chatWindow(chatId).nextAt(now));
      if (chatId < 0) at = Math.max(at, groupWindow(chatId).nextAt(now));
      return at - now;
    },
    sent(chatId, now) {
      bot.add(now);
      chatWindow(chatId).add(now);
      if (chatId < 0) groupWindow(chatId).add(now);
      if (chats.size > 10_000) forget(now);
    },
    pause(now, ms) {
      pausedUntil = Math.max(pausedUntil, now + ms);
    },
  };
}

/**
 * Which queued message goes next: each chat's queue is in order and only its head may go, so the chat's
 * order holds; among the heads, the one that may go soonest (the lowest id on a tie, the oldest). `waitOf` says
 * how long a chat's next message must wait. Null when every queue is empty.
 */
export function nextToSend<K, T extends { id: number }>(
  queues: ReadonlyMap<K, readonly T[]>,
  waitOf: (chat: K) => number,
): { chat: K; item: T; waitMs: number } | null {
  let best: { chat: K; item: T; waitMs: number } | null = null;
  for (const [chat, queue] of queues) {
    const item = queue[0];
    if (!item) continue;
    const waitMs = waitOf(chat);
    if (!best || waitMs < best.waitMs || (waitMs === best.waitMs && item.id < best.item.id))
      best = { chat, item, waitMs };
  }
  return best;
}
