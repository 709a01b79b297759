import { readCookie, serializeCookie } from "../http/cookies.ts";

/** A voter is the account when signed in, else the browser: a random id in an HttpOnly cookie (400 days). */
export const VOTER_COOKIE = "voter";
const VOTER_ID = /^[\w-]{16,64}$/;
const VOTER_COOKIE_DAYS = 400;

/** Who is asking, for reading a tally: null for a browser that never voted. */
export function voterOf(userId: number | null | undefined, cookieHeader: string | null | undefined): string | null {
  if (userId) return `user:${userId}`;
  const id = readCookie(cookieHeader, VOTER_COOKIE);
  return id && VOTER_ID.test(id) ? id : null;
}

/** Who votes: a browser without a (valid) voter cookie gets a new id and the Set-Cookie header that keeps it. */
export function ensureVoter(
  userId: number | null | undefined,
  cookieHeader: string | null | undefined,
  newId: () => string,
): { voter: string; setCookie: string | null } {
  const known = voterOf(userId, cookieHeader);
  if (known) return { voter: known, setCookie: null };
  const voter = newId();
  return {
    voter,
    setCookie: serializeCookie(VOTER_COOKIE, voter, { httpOnly: true, maxAgeSeconds: VOTER_COOKIE_DAYS * 86_400 }),
  };
}
