import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createPageCache, renderCookies } from "../../src/server/page-cache.ts";

/** A site whose "render" counts itself and prints what it saw, behind the page cache. */
function site(options: { version: () => string; now?: () => number; status?: number }) {
  const cache = createPageCache({ version: options.version, now: options.now, maxStaleMs: 60_000 });
  let renders = 0;
  const app = new Hono();
  app.get("*", (c) =>
    cache.serve(c, async (cookies, nonce) => {
      renders++;
      await new Promise((r) => setTimeout(r, 20));
      // the app's script carries the render's nonce; the one in the body was injected into the markup
      const html = `<!DOCTYPE html><html><head><script nonce="${nonce}">window.x=${renders}</script></head><body>render ${renders} ${c.req.path} [${cookies}] <script>alert(1)</script>${"x".repeat(3000)}</body></html>`;
      return new Response(html, {
        status: options.status ?? 200,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    }),
  );
  return { app, cache, renders: () => renders };
}

const get = (app: Hono, path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { "accept-encoding": "br, gzip", ...headers } });

describe("page cache", () => {
  it("knows the cached pages in every locale, and their route data", () => {
    const cache = createPageCache({ version: () => "1" });
    for (const path of [
      "/",
      "/football-predictions-today",
      "/football-predictions-today/both-teams-to-score",
      "/leagues",
      "/de/",
      "/de",
      "/_root.data",
      "/leagues.data",
      "/team/arsenal_12",
      "/de/mannschaft/arsenal_12",
      "/vip/football-trends",
      "/de/vip/fussball-trends",
    ]) {
      expect(cache.isCachedPath(path), path).toBe(true);
    }
    for (const path of [
      "/auth/login",
      "/user/profile",
      "/favourites",
      "/contact",
      "/api/v1/health",
      "/robots.txt",
      "/vip/betting-market-statistics",
      "/vip/football-live-scanner",
    ]) {
      expect(cache.isCachedPath(path), path).toBe(false);
    }
  });

  it("keys by the cookies that change the page and nothing else", () => {
    expect(
      renderCookies(
        "pl_session=abc; theme=dark; tz=Europe%2FBerlin; odds_format=2; _ga=1; cookie_consent=yes; bookmaker_country=44",
      ),
    ).toBe("theme=dark; odds_format=2; bookmaker_country=44; tz=Europe%2FBerlin; cookie_consent=1");
    // made-up values never reach the key (no unbounded keys, no odd input to the render)
    expect(renderCookies("theme=<x>; tz=Mars%2FOlympus; odds_format=abc")).toBe("");
  });

  it("renders a page once for many visitors at once, compressed as asked, with a CSP naming the hashes of its own scripts", async () => {
    const { app, renders } = site({ version: () => "v1" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(app, "/leagues")));
    expect(renders()).toBe(1);
    const first = answers[0]!;
    expect(first.headers.get("content-encoding")).toBe("br");
    const html = brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString();
    expect(html).toContain("render 1 /leagues");
    // the hash of the app's own script only (it carried the render's nonce), not of the injected one
    const csp = first.headers.get("content-security-policy") ?? "";
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(csp).toContain(`script-src 'self' ${sha("window.x=1")};`);
    expect(csp).not.toContain(sha("alert(1)"));
    const gz = await get(app, "/leagues", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    const plain = await get(app, "/leagues", { "accept-encoding": "" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
    expect(renders()).toBe(1);
  });

  it("keeps separate pages per path, query and preference", async () => {
    const { app, renders } = site({ version: () => "v1" });
    await get(app, "/leagues");
    await get(app, "/leagues", { cookie: "theme=dark" });
    await get(app, "/leagues?page=2");
    await get(app, "/leagues", { cookie: "tracking=1" });
    expect(renders()).toBe(3);
    const dark = await get(app, "/leagues", { cookie: "theme=dark; other=1", "accept-encoding": "gzip" });
    expect(gunzipSync(Buffer.from(await dark.arrayBuffer())).toString()).toContain("[theme=dark]");
  });

  it("refreshes a page of an older data version in the background, and renders a long-unasked one first", async () => {
    let version = "minute-1";
    let clock = 0;
    const { app, renders } = site({ version: () => version, now: () => clock });
    await get(app, "/leagues");
    version = "minute-2";
    clock = 5_000;
    const stale = await get(app, "/leagues", { "accept-encoding": "gzip" });
    expect(gunzipSync(Buffer.from(await stale.arrayBuffer())).toString()).toContain("render 1");
    // The background render is stored once compressed, which takes longer on a busy machine: ask until it is served.
    const body = async () =>
      gunzipSync(
        Buffer.from(await (await get(app, "/leagues", { "accept-encoding": "gzip" })).arrayBuffer()),
      ).toString();
    await expect.poll(async () => (await body()).includes("render 2"), { timeout: 10_000, interval: 20 }).toBe(true);
    // Asked again while it was being refreshed, the page was rendered once in the background, not once per request.
    expect(renders()).toBe(2);
    version = "minute-9";
    clock = 500_000;
    const late = await get(app, "/leagues", { "accept-encoding": "gzip" });
    expect(gunzipSync(Buffer.from(await late.arrayBuffer())).toString()).toContain("render 3");
  });

  it("never stores an answer that is not a plain 200 page", async () => {
    const { app, renders } = site({ version: () => "v1", status: 404 });
    expect((await get(app, "/leagues")).status).toBe(404);
    expect((await get(app, "/leagues")).status).toBe(404);
    expect(renders()).toBe(2);
  });
});
