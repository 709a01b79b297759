/** Account rules shared by services and pages. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 60;

/** A session without "remember me" ends with the browser and, at the latest, after a day. */
export const SESSION_HOURS = 24;
export const REMEMBER_ME_DAYS = 30;

export const VERIFY_LINK_HOURS = 48;
export const RESET_LINK_HOURS = 1;

/** Failed logins for one e-mail address before the captcha is asked for. */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;

/**
 * Sliding-window rate limits: at most `hits` per `seconds`. Failed logins are counted three ways, so that one
 * address guessing passwords blocks neither the other people on that address nor the account's owner
 * elsewhere: per account and address, per account, and per address. The captcha (when configured) lets a
 * person through the account and address limits.
 */
export const RATE_LIMITS = {
  loginFailuresPair: { hits: 10, seconds: 15 * 60 },
  loginFailuresAccount: { hits: 50, seconds: 15 * 60 },
  loginFailuresAddress: { hits: 100, seconds: 15 * 60 },
  /** valid registrations per address */
  register: { hits: 10, seconds: 60 * 60 },
  /** password-reset mails per address */
  reset: { hits: 10, seconds: 60 * 60 },
  /** activation mails per e-mail address (a GET of the API can send one: it spends no address's bucket) */
  activation: { hits: 3, seconds: 60 * 60 },
  contact: { hits: 10, seconds: 60 * 60 },
  /** content queries (POST /api/v1/_content, open to visitors) per address */
  content: { hits: 60, seconds: 60 },
  /** costly requests (backtests, backtest Excel files, the data export) per member */
  costly: { hits: 30, seconds: 60 },
} as const;

/** Costly requests one member may have running at once (in one process); more answer 429. */
export const COSTLY_AT_ONCE = 2;
/** What a member refused for running too many at once is told to wait, in seconds. */
export const COSTLY_BUSY_RETRY_SECONDS = 5;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** Named team groups a user may have besides the generic one. */
export const MAX_TEAM_GROUPS = 10;

/** Favourite matches and stored fixtures are dropped 24 h after their timestamp (SPEC §4). */
export const FAVOURITE_MATCH_TTL_MS = 86_400_000;

/** Match events a followed fixture can notify (SPEC §3 notification preferences). */
export const MATCH_EVENTS = [
  "goals",
  "started",
  "half_time",
  "full_time",
  "red_cards",
  "after_extra_time",
  "after_penalty",
] as const;
export type MatchEvent = (typeof MATCH_EVENTS)[number];

export function wantsEvent(preferences: readonly string[], event: MatchEvent): boolean {
  return preferences.includes("all") || preferences.includes(event);
}

/** What a page shows as the user's name: first name, else username, else nothing (the login label). */
export function displayName(user: { firstName: string; username: string | null }): string | null {
  return user.firstName.trim() || user.username?.trim() || null;
}
