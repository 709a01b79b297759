import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { Services } from "../services/index.ts";
import type { User } from "../services/accounts.ts";
import type { Access } from "../domain/premium/access.ts";
import { sessionTokenOf } from "../domain/accounts/session-cookie.ts";
import { errorAnswer } from "./api/contract.ts";

export interface RequestVars {
  user: User | null;
  sessionToken: string | null;
  clientIp: string | null;
  /** premium and add-ons of the caller, from the account's subscription */
  access: Access;
}

function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket
    return c.req.header("x-test-client-ip") ?? null;
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Apple posts its sign-in answer cross-site; the OAuth state cookie protects that path. */
const CSRF_EXEMPT = new Set(["/apple"]);

/**
 * Resolves the caller once per request (session cookie or bearer token) and refuses cross-site changes made
 * with the cookie (CSRF): an unsafe request that carries the session cookie must come from this origin.
 */
export function requestContext(
  services: Services,
  options: { trustProxy: boolean },
): MiddlewareHandler<{ Variables: RequestVars }> {
  return async (c, next) => {
    // Mounted on the site and on the API app: resolve once.
    if (c.get("clientIp") !== undefined) return next();
    const { token, viaCookie } = sessionTokenOf(c.req.raw.headers);
    if (token && viaCookie && UNSAFE.has(c.req.method) && !CSRF_EXEMPT.has(c.req.path) && !sameOrigin(c)) {
      return errorAnswer(c, 403, "apiErrors.crossSite");
    }
    const user = token ? await services.accounts.bySession(token) : null;
    c.set("user", user);
    c.set("access", await services.access.of(user));
    c.set("sessionToken", user ? token : null);
    c.set("clientIp", clientIp(c, options.trustProxy));
    await next();
  };
}

function sameOrigin(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = c.req.header("origin") ?? c.req.header("referer");
  if (!origin) return false;
  const host = c.req.header("x-forwarded-host") ?? c.req.header("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
