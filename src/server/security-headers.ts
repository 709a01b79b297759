import { createHash, randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
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

/** A fresh nonce for one rendered page (128 random bits, base64). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Whether a tag's attributes carry nonce="<nonce>" (an element the app emitted for this render). */
function carriesNonce(attributes: string, nonce: string): boolean {
  const match = /\snonce\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  return match !== null && (match[1] ?? match[2] ?? match[3]) === nonce;
}

/**
 * The hashes of a page's inline scripts that carry the render's nonce (what the app itself emitted: React
 * Router's context and module scripts, React's streaming scripts, the theme script), and of its inline styles,
 * in the order they appear, without repeats. A script injected into the markup has no nonce: it is not hashed.
 */
export function inlineHashes(html: string, nonce: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes) || body === "" || !carriesNonce(attributes, nonce)) continue;
    scripts.add(sha256(body));
  }
  for (const [, body = ""] of html.matchAll(INLINE_STYLE)) if (body !== "") styles.add(sha256(body));
  return { scripts: [...scripts], styles: [...styles] };
}

/** What a page's inline scripts may be: the render's nonce (a live answer) or the hashes of its own scripts (a cached page). */
export interface PageScripts {
  nonce?: string;
  scripts?: string[];
  styles: string[];
}

/**
 * The Content-Security-Policy of an HTML page: scripts from this origin or inline scripts the app emitted,
 * named by the per-response nonce (a live answer) or, for a page kept by the page cache, by the hashes of the
 * scripts that carried its render's nonce; never 'unsafe-inline', never the hash of a script the app did not
 * emit. Styles from this origin or with the hash of an inline <style> (the inlined stylesheet); style cannot
 * run code.
 */
export function pageCsp(page: PageScripts, options: Pick<SecurityOptions, "captcha">): string {
  const google = options.captcha ? ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(page.nonce ? [`'nonce-${page.nonce}'`] : []), ...(page.scripts ?? []), ...google],
    "style-src": ["'self'", ...page.styles],
    // style="" attributes set by components (widths of bars); they cannot run code
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": options.captcha
      ? ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"]
      : ["'none'"],
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

/** The nonce of this request's page (set by pageSecurityPolicy; undefined outside it). */
export function cspNonceOf(c: Context): string | undefined {
  return c.get("cspNonce" as never) as string | undefined;
}

/**
 * The CSP of an HTML page: a fresh nonce per request (cspNonceOf, handed to React Router's render) and the
 * hashes of its inline styles. Mount it inside the compression, where the page is still text.
 */
export function pageSecurityPolicy(options: SecurityOptions): MiddlewareHandler {
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce" as never, nonce as never);
    await next();
    if (
      !isHtml(c.res.headers.get("Content-Type")) ||
      c.res.headers.get("Content-Encoding") ||
      c.res.headers.has("Content-Security-Policy")
    )
      return;
    const html = await c.res.text();
    const headers = new Headers(c.res.headers);
    headers.set("Content-Security-Policy", pageCsp({ nonce, styles: inlineHashes(html, nonce).styles }, options));
    c.res = new Response(html, { status: c.res.status, statusText: c.res.statusText, headers });
  };
}
