import type { MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import { AFFILIATE } from "../domain/premium/affiliate.ts";
import type { Services } from "../services/index.ts";

/** Holds the id of the affiliate whose tracking link brought the visitor. */
export const VIA_COOKIE = "pl_via";

/** A page visit with `?via=<affiliateId>` counts a click and remembers the affiliate for 60 days. */
export function affiliateTracking(services: Services, secure: boolean): MiddlewareHandler {
  return async (c, next) => {
    const via = c.req.method === "GET" ? c.req.query("via") : undefined;
    if (via !== undefined) {
      const affiliateId = await services.affiliates.click(via);
      if (affiliateId) setCookie(c, VIA_COOKIE, String(affiliateId), { path: "/", httpOnly: true, sameSite: "Lax", secure, maxAge: AFFILIATE.cookieDays * 86_400 });
    }
    await next();
  };
}
