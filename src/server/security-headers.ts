import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

export interface SecurityOptions {
  /** `PUBLIC_URL` is https: browsers must come back over https only (HSTS) */
  https: boolean;
  /** reCAPTCHA is configured: its script and frame come from Google */
  captcha: boolean;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The hashes of a page's inline scripts and styles, in the order they appear, without repeats. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes) || body === "") continue;
    scripts.add(sha256(body));
  }
  for (const [, body = ""] of html.matchAll(INLINE_STYLE)) if (body !== "") styles.add(sha256(body));
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The Content-Security-Policy of an HTML page: scripts and styles only from this origin or with the hash of
 * an inline element the page itself carries (React Router's context and module scripts, the theme script, the
 * inlined stylesheet). Hashes rather than per-request nonces, so a cached page keeps a valid policy.
 */
export function pageCsp(html: string, options: Pick<SecurityOptions, "captcha">): string {
  const { scripts, styles } = inlineHashes(html);
  const google = options.captcha ? ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scripts, ...google],
    "style-src": ["'self'", ...styles],
    // style="" attributes set by components (widths of bars); they cannot run code
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": options.captcha ? ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"] : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // forms post here; some answers redirect to a payment or sign-in provider
    "form-action": ["'self'", "https:"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Anything that is not a page (JSON, files) runs nothing and is framed by nobody. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

const isHtml = (contentType: string | null) => contentType?.toLowerCase().startsWith("text/html") ?? false;

/**
 * Security headers on every response: nosniff, no framing, a referrer policy, HSTS behind https, and for
 * anything that is not a page a CSP that allows nothing. Mount it first, so it covers static files too.
 */
export function securityHeaders(options: SecurityOptions): MiddlewareHandler {
  const fixed = secureHeaders({
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginResourcePolicy: "same-origin",
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    xXssProtection: "0",
  });
  return async (c, next) => {
    await fixed(c, next);
    if (!c.res.headers.has("Content-Security-Policy")) c.res.headers.set("Content-Security-Policy", NON_PAGE_CSP);
  };
}

/**
 * The CSP of an HTML page, from the hashes of its own inline scripts and styles. Mount it inside the
 * compression, where the page is still text.
 */
export function pageSecurityPolicy(options: SecurityOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!isHtml(c.res.headers.get("Content-Type")) || c.res.headers.get("Content-Encoding") || c.res.headers.has("Content-Security-Policy")) return;
    const html = await c.res.text();
    const headers = new Headers(c.res.headers);
    headers.set("Content-Security-Policy", pageCsp(html, options));
    c.res = new Response(html, { status: c.res.status, statusText: c.res.statusText, headers });
  };
}
