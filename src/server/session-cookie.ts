/** The site's session cookie: HttpOnly, SameSite=Lax; persistent only with 'remember me'. */
export const SESSION_COOKIE = "pl_session";

export function sessionCookie(token: string, options: { rememberMe: boolean; expiresAt: Date; secure: boolean }): string {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (options.rememberMe) parts.push(`Expires=${options.expiresAt.toUTCString()}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** Bearer token for API clients, else the cookie. */
export function sessionTokenOf(headers: Headers): { token: string | null; viaCookie: boolean } {
  const auth = headers.get("authorization");
  const bearer = auth?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { token: bearer, viaCookie: false };
  return { token: readCookie(headers.get("cookie"), SESSION_COOKIE), viaCookie: true };
}
