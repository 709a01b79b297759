import type { MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import { AFFILIATE } from "../domain/premium/affiliate.ts";
import type { Services } from "../services/index.ts";
import type { RequestVars } from "./request-context.ts";

/** Holds the id of the affiliate whose tracking link brought the visitor. */
export const VIA_COOKIE = "pl_via";

/** Files (robots.txt, sitemap.xml, favicon, a route's .data) and development tools are no page visits. */
export function isPagePath(path: string): boolean {
  return (
    !/\.[a-z0-9]+$/i.test(path) &&
    !path.startsWith("/dev/") &&
    !path.startsWith("/api/") &&
    !path.startsWith("/.well-known/")
  );
}

/**
 * A page visit with `?via=<affiliateId>` counts a click (once per visitor and day) and remembers the affiliate
 * for 60 days.
 */
export function affiliateTracking(services: Services, secure: boolean): MiddlewareHandler<{ Variables: RequestVars }> {
  return async (c, next) => {
    const via = c.req.method === "GET" && isPagePath(c.req.path) ? c.req.query("via") : undefined;
    if (via !== undefined) {
      const affiliateId = await services.affiliates.click(via, c.get("clientIp"));
      if (affiliateId)
        setCookie(c, VIA_COOKIE, String(affiliateId), {
          path: "/",
          httpOnly: true,
          sameSite: "Lax",
          secure,
          maxAge: AFFILIATE.cookieDays * 86_400,
        });
    }
    await next();
  };
}
