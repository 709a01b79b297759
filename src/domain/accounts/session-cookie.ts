import { readCookie, serializeCookie } from "../http/cookies.ts";

/** The site's session cookie: HttpOnly, SameSite=Lax; persistent only with 'remember me'. */
export const SESSION_COOKIE = "pl_session";

/**
 * A lifetime (Max-Age), not a date: a browser whose clock differs from the site's (a replayed or driven clock,
 * a visitor's wrong clock) would otherwise drop the cookie at once or keep it too long.
 */
export function sessionCookie(
  token: string,
  options: { rememberMe: boolean; maxAgeSeconds: number; secure: boolean },
): string {
  return serializeCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    maxAgeSeconds: options.rememberMe ? options.maxAgeSeconds : undefined,
    secure: options.secure,
  });
}

export function clearedSessionCookie(secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, "", { httpOnly: true, maxAgeSeconds: 0, secure });
}

/** Bearer token for API clients, else the cookie. */
export function sessionTokenOf(headers: Headers): { token: string | null; viaCookie: boolean } {
  const auth = headers.get("authorization");
  const bearer = auth?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { token: bearer, viaCookie: false };
  return { token: readCookie(headers.get("cookie"), SESSION_COOKIE), viaCookie: true };
}
