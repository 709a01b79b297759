import type { Pool, PoolClient } from "pg";

type Q = Pool | PoolClient;

export interface UserRow {
  id: number;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  username: string | null;
  image: string | null;
  languageCode: string;
  timezone: string | null;
  emailVerifiedAt: Date | null;
  newsletter: boolean;
  newsletterKey: string;
  telegramUsername: string | null;
  telegramNotificationsEnabled: boolean;
  telegramPreMatchNotificationsEnabled: boolean;
  valueBetNotificationsEnabled: boolean;
  notificationEvents: string[];
  preferences: Record<string, unknown>;
  createdAt: Date;
}

const USER_COLUMNS = `id, email, password_hash AS "passwordHash", first_name AS "firstName", last_name AS "lastName",
  username, image, language_code AS "languageCode", timezone, email_verified_at AS "emailVerifiedAt", newsletter,
  newsletter_key AS "newsletterKey", telegram_username AS "telegramUsername",
  telegram_notifications_enabled AS "telegramNotificationsEnabled",
  telegram_pre_match_notifications_enabled AS "telegramPreMatchNotificationsEnabled",
  value_bet_notifications_enabled AS "valueBetNotificationsEnabled", notification_events AS "notificationEvents",
  preferences, created_at AS "createdAt"`;

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  languageCode: string;
  timezone: string | null;
  newsletterKey: string;
  verified: boolean;
  image?: string | null;
}

/** null when the address is taken. */
export async function insertUser(q: Q, u: NewUser): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(
    `INSERT INTO users (email, password_hash, first_name, last_name, language_code, timezone, newsletter_key, image,
       email_verified_at, terms_accepted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END, now())
     ON CONFLICT (email) DO NOTHING RETURNING ${USER_COLUMNS}`,
    [
      u.email,
      u.passwordHash,
      u.firstName,
      u.lastName,
      u.languageCode,
      u.timezone,
      u.newsletterKey,
      u.image ?? null,
      u.verified,
    ],
  );
  return rows[0] ?? null;
}

export async function userById(q: Q, id: number): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function userByEmail(q: Q, email: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email]);
  return rows[0] ?? null;
}

const UPDATABLE: Record<string, string> = {
  firstName: "first_name",
  lastName: "last_name",
  username: "username",
  languageCode: "language_code",
  timezone: "timezone",
  newsletter: "newsletter",
  telegramUsername: "telegram_username",
  telegramNotificationsEnabled: "telegram_notifications_enabled",
  telegramPreMatchNotificationsEnabled: "telegram_pre_match_notifications_enabled",
  valueBetNotificationsEnabled: "value_bet_notifications_enabled",
  notificationEvents: "notification_events",
  passwordHash: "password_hash",
};

export type UserPatch = Partial<
  Pick<
    UserRow,
    | "firstName"
    | "lastName"
    | "username"
    | "languageCode"
    | "timezone"
    | "newsletter"
    | "telegramUsername"
    | "telegramNotificationsEnabled"
    | "telegramPreMatchNotificationsEnabled"
    | "valueBetNotificationsEnabled"
    | "notificationEvents"
    | "passwordHash"
  >
> & {
  /** merged into the stored preferences */
  preferences?: Record<string, unknown>;
};

export async function updateUser(q: Q, id: number, patch: UserPatch): Promise<UserRow | null> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    values.push(value);
    if (key === "preferences") sets.push(`preferences = preferences || $${values.length}::jsonb`);
    else if (UPDATABLE[key]) sets.push(`${UPDATABLE[key]} = $${values.length}`);
  }
  if (sets.length === 0) return userById(q, id);
  const { rows } = await q.query<UserRow>(
    `UPDATE users SET ${sets.join(", ")} WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    values,
  );
  return rows[0] ?? null;
}

export async function markVerified(q: Q, id: number): Promise<void> {
  await q.query("UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1", [id]);
}

/**
 * Deletes an account and what it owns. Its votes are keyed by a voter text (`voter`, the account's "user:<id>"),
 * not by a foreign key, so they are removed here explicitly and the tallies no longer count them; run it in a
 * transaction so that both go or neither.
 */
export async function deleteUser(q: Q, id: number, voter: string): Promise<void> {
  await q.query("DELETE FROM votes WHERE voter = $1", [voter]);
  await q.query("DELETE FROM users WHERE id = $1", [id]);
}

export async function unsubscribeNewsletter(q: Q, id: number, key: string): Promise<boolean> {
  const result = await q.query("UPDATE users SET newsletter = false WHERE id = $1 AND newsletter_key = $2", [id, key]);
  return (result.rowCount ?? 0) === 1;
}

// Social identities

export async function userIdOfIdentity(q: Q, provider: string, subject: string): Promise<number | null> {
  const { rows } = await q.query<{ userId: number }>(
    'SELECT user_id AS "userId" FROM user_identities WHERE provider = $1 AND subject = $2',
    [provider, subject],
  );
  return rows[0]?.userId ?? null;
}

export async function linkIdentity(q: Q, provider: string, subject: string, userId: number): Promise<void> {
  await q.query("INSERT INTO user_identities (provider, subject, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [
    provider,
    subject,
    userId,
  ]);
}

export async function identitiesOf(q: Q, userId: number): Promise<string[]> {
  const { rows } = await q.query<{ provider: string }>(
    "SELECT provider FROM user_identities WHERE user_id = $1 ORDER BY provider",
    [userId],
  );
  return rows.map((r) => r.provider);
}

// Sessions

export async function insertSession(
  q: Q,
  tokenHash: string,
  userId: number,
  rememberMe: boolean,
  expiresAt: Date,
): Promise<void> {
  await q.query("INSERT INTO sessions (token_hash, user_id, remember_me, expires_at) VALUES ($1, $2, $3, $4)", [
    tokenHash,
    userId,
    rememberMe,
    expiresAt,
  ]);
}

export async function sessionUser(
  q: Q,
  tokenHash: string,
  now: Date,
): Promise<(UserRow & { rememberMe: boolean }) | null> {
  const { rows } = await q.query<UserRow & { rememberMe: boolean }>(
    `SELECT ${USER_COLUMNS}, s.remember_me AS "rememberMe" FROM users
       JOIN (SELECT user_id, remember_me FROM sessions WHERE token_hash = $1 AND expires_at > $2) s ON s.user_id = users.id`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

export async function deleteSession(q: Q, tokenHash: string): Promise<void> {
  await q.query("DELETE FROM sessions WHERE token_hash = $1", [tokenHash]);
}

export async function deleteSessionsOf(q: Q, userId: number, except?: string): Promise<void> {
  await q.query("DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2", [userId, except ?? null]);
}

export async function deleteExpiredSessions(q: Q, now: Date): Promise<number> {
  const a = await q.query("DELETE FROM sessions WHERE expires_at <= $1", [now]);
  const b = await q.query("DELETE FROM user_tokens WHERE expires_at <= $1", [now]);
  return (a.rowCount ?? 0) + (b.rowCount ?? 0);
}

// One-time tokens

export async function insertUserToken(
  q: Q,
  tokenHash: string,
  userId: number,
  purpose: string,
  expiresAt: Date,
): Promise<void> {
  await q.query("INSERT INTO user_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)", [
    tokenHash,
    userId,
    purpose,
    expiresAt,
  ]);
}

/** Marks the token used and returns true if it was valid: unused, unexpired, of this user and purpose. */
export async function consumeUserToken(
  q: Q,
  tokenHash: string,
  userId: number,
  purpose: string,
  now: Date,
): Promise<boolean> {
  const result = await q.query(
    `UPDATE user_tokens SET used_at = $5 WHERE token_hash = $1 AND user_id = $2 AND purpose = $3
       AND used_at IS NULL AND expires_at > $4`,
    [tokenHash, userId, purpose, now, now],
  );
  return (result.rowCount ?? 0) === 1;
}

export async function userTokenValid(
  q: Q,
  tokenHash: string,
  userId: number,
  purpose: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await q.query(
    "SELECT 1 FROM user_tokens WHERE token_hash = $1 AND user_id = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $4",
    [tokenHash, userId, purpose, now],
  );
  return rows.length === 1;
}

export async function revokeUserTokens(q: Q, userId: number, purpose: string, now: Date): Promise<void> {
  await q.query("UPDATE user_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL", [
    userId,
    purpose,
    now,
  ]);
}

// Rate limits

/** Counts one hit in the current window; the counts of that window (with the hit) and of the one before. */
export async function takeRateLimitHit(
  q: Q,
  key: string,
  current: Date,
  previous?: Date,
): Promise<{ previous: number; current: number }> {
  const { rows } = await q.query<{ current: number; previous: number }>(
    `WITH hit AS (
       INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1 RETURNING hits)
     SELECT (SELECT hits FROM hit) AS current,
       coalesce((SELECT hits FROM rate_limits WHERE key = $1 AND window_start = $3), 0) AS previous`,
    [key, current, previous ?? new Date(0)],
  );
  return rows[0]!;
}

/** The hits of a key in the current window and in the one before. */
export async function rateLimitWindows(
  q: Q,
  key: string,
  previous: Date,
  current: Date,
): Promise<{ previous: number; current: number }> {
  const { rows } = await q.query<{ window_start: Date; hits: number }>(
    "SELECT window_start, hits FROM rate_limits WHERE key = $1 AND window_start IN ($2, $3)",
    [key, previous, current],
  );
  const hits = (at: Date) => rows.find((r) => r.window_start.getTime() === at.getTime())?.hits ?? 0;
  return { previous: hits(previous), current: hits(current) };
}

/** Takes back one hit of the current window, or with `all` forgets both windows. */
export async function unhitRateLimit(q: Q, key: string, current: Date, previous?: Date, all = false): Promise<void> {
  if (all)
    await q.query("DELETE FROM rate_limits WHERE key = $1 AND window_start IN ($2, $3)", [
      key,
      current,
      previous ?? current,
    ]);
  else
    await q.query("UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND window_start = $2 AND hits > 0", [
      key,
      current,
    ]);
}

export async function deleteOldRateLimits(q: Q, before: Date): Promise<void> {
  await q.query("DELETE FROM rate_limits WHERE window_start < $1", [before]);
}

// Filter notification settings

export async function filterNotificationSettings(
  q: Q,
  userId: number,
  type: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await q.query<{ settings: Record<string, unknown> }>(
    "SELECT settings FROM filter_notification_settings WHERE user_id = $1 AND type = $2",
    [userId, type],
  );
  return rows[0]?.settings ?? null;
}

export async function saveFilterNotificationSettings(
  q: Q,
  userId: number,
  type: string,
  settings: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `INSERT INTO filter_notification_settings (user_id, type, settings) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, type) DO UPDATE SET settings = excluded.settings`,
    [userId, type, settings],
  );
}
