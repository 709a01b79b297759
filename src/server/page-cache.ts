import { promisify } from "node:util";
import { brotliCompress, constants, gunzip, gzip } from "node:zlib";
import type { Context } from "hono";
import { isValidTimeZone } from "../domain/time/zones.ts";
import { LOCALES } from "../i18n/locales.ts";
import { routePatterns } from "../i18n/paths.ts";
import { inlineHashes, newNonce, pageCsp } from "./security-headers.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The public pages a visitor's request may be answered from the cache for (ids of routePatterns): pages whose
 * output is the same for every visitor (the trends page shows visitors the free events only).
 */
const CACHED_PAGES =
  /^(home|predictions-(today|tomorrow|yesterday)(-type)?|best-bets|leagues|country|league|match|best-leagues|team|vip-trends)\./;

/** Path patterns of the cached pages in every locale, as regular expressions (":param" is one segment). */
export function cachedPagePatterns(): Array<{ id: string; pattern: RegExp }> {
  return LOCALES.flatMap((locale) => routePatterns(locale))
    .filter((r) => CACHED_PAGES.test(r.id))
    .map((r) => ({
      id: r.id,
      pattern: new RegExp(`^${r.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[a-zA-Z]+/g, "[^/]+")}/?$`),
    }));
}

/**
 * The cookies a cached page may depend on, normalised (anything else never reaches the render). Together
 * with the origin, path and query they are the cache key.
 */
export function renderCookies(header: string | null): string {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name) cookies.set(name, rest.join("="));
  }
  const out: string[] = [];
  const theme = cookies.get("theme");
  if (theme === "light" || theme === "dark") out.push(`theme=${theme}`);
  const odds = cookies.get("odds_format");
  if (odds && /^\d{1,2}$/.test(odds)) out.push(`odds_format=${odds}`);
  const country = cookies.get("bookmaker_country");
  if (country && /^-?\d{1,4}$/.test(country)) out.push(`bookmaker_country=${country}`);
  let tz = cookies.get("tz");
  try {
    tz = tz ? decodeURIComponent(tz) : undefined;
  } catch {
    tz = undefined;
  }
  if (tz && tz.length < 64 && isValidTimeZone(tz)) out.push(`tz=${encodeURIComponent(tz)}`);
  if (cookies.has("cookie_consent")) out.push("cookie_consent=1");
  if (cookies.get("hide_home_desc") === "1") out.push("hide_home_desc=1");
  return out.join("; ");
}

interface Entry {
  key: string;
  status: number;
  headers: Array<[string, string]>;
  br: Buffer;
  gzip: Buffer;
  /** the data version it was rendered for */
  version: string;
  storedAt: number;
  bytes: number;
}

export interface PageCacheOptions {
  /** the data version now: a cached page of another version is refreshed */
  version: () => string;
  /** bytes kept at most (least recently used pages go first) */
  maxBytes?: number;
  /** a page older than this is rendered again before answering instead of served stale */
  maxStaleMs?: number;
  now?: () => number;
}

export interface PageCacheStats {
  hits: number;
  stale: number;
  misses: number;
  renders: number;
  entries: number;
  bytes: number;
}

/**
 * Rendered, compressed HTML of the public pages for visitors without a session, keyed by origin, path, query
 * and the preference cookies that change the output. A page of an older data version is answered at once and
 * rendered again in the background (one render per page at a time, however many visitors ask), so a live score
 * is at most one render behind; a page not asked for a while is rendered before it is answered.
 */
export function createPageCache(options: PageCacheOptions) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxStaleMs = options.maxStaleMs ?? 120_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | Response>>();
  const patterns = cachedPagePatterns();
  const stats = { hits: 0, stale: 0, misses: 0, renders: 0 };
  let bytes = 0;

  function remember(entry: Entry) {
    const old = entries.get(entry.key);
    if (old) {
      bytes -= old.bytes;
      entries.delete(entry.key);
    }
    entries.set(entry.key, entry);
    bytes += entry.bytes;
    for (const [key, e] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(key);
      bytes -= e.bytes;
    }
  }

  /**
   * Renders a page with a nonce of its own; a cacheable answer (200, HTML, route data or JSON, no cookie set)
   * becomes an entry whose CSP names the hashes of the scripts that carried that nonce (the app's own). Any
   * other HTML answer leaves with a CSP naming the render's nonce.
   */
  async function render(
    key: string,
    version: string,
    produce: (nonce: string) => Promise<Response>,
  ): Promise<Entry | Response> {
    stats.renders++;
    const nonce = newNonce();
    const response = await produce(nonce);
    const type = response.headers.get("Content-Type") ?? "";
    const html = type.startsWith("text/html") && !response.headers.has("Content-Security-Policy");
    const cacheable =
      response.status === 200 &&
      !response.headers.has("Set-Cookie") &&
      /^(text\/html|text\/x-script|application\/json)/.test(type);
    if (!cacheable) {
      if (!html || response.headers.get("Content-Encoding")) return response;
      const text = await response.text();
      const headers = new Headers(response.headers);
      headers.set(
        "Content-Security-Policy",
        pageCsp({ nonce, styles: inlineHashes(text, nonce).styles }, { captcha: csp.captcha }),
      );
      return new Response(text, { status: response.status, statusText: response.statusText, headers });
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Array<[string, string]> = [];
    for (const [name, value] of response.headers) {
      if (!["content-length", "content-encoding", "transfer-encoding", "vary"].includes(name))
        headers.push([name, value]);
    }
    if (html)
      headers.push([
        "content-security-policy",
        pageCsp(inlineHashes(body.toString("utf8"), nonce), { captcha: csp.captcha }),
      ]);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gzipAsync(body, { level: 6 }),
    ]);
    const entry: Entry = {
      key,
      status: 200,
      headers,
      br,
      gzip: gz,
      version,
      storedAt: now(),
      bytes: br.length + gz.length + key.length,
    };
    remember(entry);
    return entry;
  }

  function renderOnce(
    key: string,
    version: string,
    produce: (nonce: string) => Promise<Response>,
  ): Promise<Entry | Response> {
    let pending = rendering.get(key);
    if (!pending) {
      pending = render(key, version, produce).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  async function answer(c: Context, entry: Entry): Promise<Response> {
    const accepted = (c.req.header("accept-encoding") ?? "").toLowerCase();
    const headers = new Headers(entry.headers);
    headers.set("Vary", "Accept-Encoding, Cookie");
    let body: Buffer;
    if (/\bbr\b/.test(accepted)) {
      body = entry.br;
      headers.set("Content-Encoding", "br");
    } else if (/\bgzip\b/.test(accepted)) {
      body = entry.gzip;
      headers.set("Content-Encoding", "gzip");
    } else {
      body = await gunzipAsync(entry.gzip);
    }
    headers.set("Content-Length", String(body.length));
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status: entry.status, headers });
  }

  const csp = { captcha: false };

  return {
    /** Whether the CSP of cached pages lets the captcha's Google scripts in. */
    configure(settings: { captcha: boolean }) {
      csp.captcha = settings.captcha;
    },

    /** The page id (`match.en`, …) when this path (or its route data, `.data`) is one of the cached pages. */
    cachedPageOf(pathname: string): string | null {
      const path = pathname.endsWith(".data") ? pathname.slice(0, -5) || "/" : pathname;
      const page = path === "/_root" ? "/" : path;
      return patterns.find((p) => p.pattern.test(page))?.id ?? null;
    },

    isCachedPath(pathname: string): boolean {
      return this.cachedPageOf(pathname) !== null;
    },

    keyOf(url: URL, cookieHeader: string | null): string {
      const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `${url.origin}${url.pathname}?${new URLSearchParams(params)}#${renderCookies(cookieHeader)}`;
    },

    /**
     * Answers from the cache: `render(cookies, nonce)` produces the page for a request that carries only the
     * normalised cookies of the key, its inline scripts carrying `nonce`.
     */
    async serve(c: Context, render: (cookies: string, nonce: string) => Promise<Response>): Promise<Response> {
      const url = new URL(c.req.url);
      const cookies = c.req.header("cookie") ?? null;
      const key = this.keyOf(url, cookies);
      const version = options.version();
      const produce = (nonce: string) => render(renderCookies(cookies), nonce);
      const entry = entries.get(key);
      if (entry) {
        // most recently used last
        entries.delete(key);
        entries.set(key, entry);
        if (entry.version === version) {
          stats.hits++;
          return answer(c, entry);
        }
        if (now() - entry.storedAt < maxStaleMs) {
          stats.stale++;
          void renderOnce(key, version, produce).catch(() => {});
          return answer(c, entry);
        }
      }
      stats.misses++;
      const result = await renderOnce(key, version, produce);
      return result instanceof Response ? result.clone() : answer(c, result);
    },

    stats(): PageCacheStats {
      return { ...stats, entries: entries.size, bytes };
    },

    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
