import type { Pool, PoolClient } from "pg";

/** The users' Telegram chats per bot, the one-time tokens that link them, and the Telegram flags they turn on. */

type Q = Pool | PoolClient;

export interface TelegramChat {
  userId: number;
  bot: string;
  chatId: number;
  username: string | null;
  linkedAt: Date;
}

export async function telegramChatsOf(q: Q, userId: number): Promise<TelegramChat[]> {
  const { rows } = await q.query<TelegramChat>(
    `SELECT user_id AS "userId", bot, chat_id AS "chatId", username, linked_at AS "linkedAt" FROM telegram_chats WHERE user_id = $1 ORDER BY bot`,
    [userId],
  );
  return rows.map((r) => ({ ...r, chatId: Number(r.chatId) }));
}

/** Links the chat to the user for that bot; a chat linked to another account before moves over. */
export async function linkChat(
  q: Q,
  c: { userId: number; bot: string; chatId: number; username: string | null; at: Date },
): Promise<void> {
  await q.query("DELETE FROM telegram_chats WHERE bot = $1 AND chat_id = $2 AND user_id <> $3", [
    c.bot,
    c.chatId,
    c.userId,
  ]);
  await q.query(
    `INSERT INTO telegram_chats (user_id, bot, chat_id, username, linked_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, bot) DO UPDATE SET chat_id = excluded.chat_id, username = excluded.username, linked_at = excluded.linked_at`,
    [c.userId, c.bot, c.chatId, c.username, c.at],
  );
}

export async function unlinkChat(q: Q, userId: number, bot: string): Promise<number> {
  const result = await q.query("DELETE FROM telegram_chats WHERE user_id = $1 AND bot = $2", [userId, bot]);
  return result.rowCount ?? 0;
}

export async function unlinkChatId(q: Q, bot: string, chatId: number): Promise<void> {
  await q.query("DELETE FROM telegram_chats WHERE bot = $1 AND chat_id = $2", [bot, chatId]);
}

/**
 * The user's one link token of a bot: the earlier ones are revoked. `q` must be a transaction: a lock per user
 * and bot makes concurrent requests take turns, so that two of them never leave two valid tokens.
 */
export async function insertLinkToken(
  q: PoolClient,
  t: { tokenHash: string; userId: number; bot: string; expiresAt: Date },
): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext('telegram_link_tokens:' || $2::text), $1::int)", [
    t.userId,
    t.bot,
  ]);
  await q.query("DELETE FROM telegram_link_tokens WHERE user_id = $1 AND bot = $2", [t.userId, t.bot]);
  await q.query("INSERT INTO telegram_link_tokens (token_hash, user_id, bot, expires_at) VALUES ($1, $2, $3, $4)", [
    t.tokenHash,
    t.userId,
    t.bot,
    t.expiresAt,
  ]);
}

/** Uses a link token once: its user, or null when unknown, expired or of another bot. */
export async function takeLinkToken(q: Q, tokenHash: string, bot: string, now: Date): Promise<number | null> {
  const { rows } = await q.query<{ userId: number; expiresAt: Date; bot: string }>(
    `DELETE FROM telegram_link_tokens WHERE token_hash = $1 RETURNING user_id AS "userId", expires_at AS "expiresAt", bot`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row || row.bot !== bot || row.expiresAt.getTime() <= now.getTime()) return null;
  return row.userId;
}

/** Turns on the Telegram flag that matches the bot, and keeps the Telegram username when the account has none. */
export async function enableTelegramFor(q: Q, userId: number, bot: string, username: string | null): Promise<void> {
  const flag =
    bot === "live"
      ? "telegram_notifications_enabled"
      : bot === "prematch"
        ? "telegram_pre_match_notifications_enabled"
        : null;
  await q.query(
    `UPDATE users SET telegram_username = COALESCE(telegram_username, $2)${flag ? `, ${flag} = true` : ""} WHERE id = $1`,
    [userId, username],
  );
}
