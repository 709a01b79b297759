import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { PUBLIC_PAGES, firstMatchPath } from "../support/public-pages.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("security headers", () => {
  it("sends a CSP, nosniff, no framing and a referrer policy on pages, API answers and files", async () => {
    for (const path of ["/", "/api/v1/health", "/robots.txt", "/favicon.svg"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
    }
  });

  it("names a fresh nonce per page answer, which every script the app emits carries", async () => {
    const EXECUTABLE = /<script\b(?![^>]*type="application\/ld\+json")([^>]*)>/g;
    const nonces: string[] = [];
    // a page the cache never keeps (a live answer), twice, and one in another locale
    for (const path of ["/contact", "/contact", "/de/kontakt"]) {
      const page = await fetch(`${baseUrl}${path}`);
      expect(page.status, path).toBe(200);
      const csp = page.headers.get("content-security-policy") ?? "";
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1] ?? "";
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // nothing else lets an inline script run: no 'unsafe-inline', no hash
      expect(scriptSrc.split(" "), path).toEqual(["'self'", `'nonce-${nonce}'`]);
      const html = await page.text();
      const scripts = [...html.matchAll(EXECUTABLE)];
      expect(scripts.length, path).toBeGreaterThan(2);
      for (const [tag, attributes] of scripts) expect(attributes, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    // A page from the page cache names the hashes of its own scripts (those that carried its render's nonce).
    const cached = await fetch(`${baseUrl}/`);
    const csp = cached.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it("does not run an inline script injected into a page's markup (live and cached pages)", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
          `${e.violatedDirective} ${e.blockedURI}`,
        ),
      );
    });
    // The server's answer with a script added to its body, as markup injection would; its headers unchanged.
    await page.route(`${baseUrl}/**`, async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const html = (await response.text()).replace("<body", "<script>window.__injected = true</script><body");
      await route.fulfill({ response, body: html });
    });
    for (const path of ["/contact", "/"]) {
      violations.length = 0;
      await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
      // the app's own scripts ran (hydration), the injected one did not
      await page.waitForFunction(() =>
        Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
      );
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected ?? false), path).toBe(
        false,
      );
      await expect
        .poll(() => violations.filter((v) => v.startsWith("script-src")).length, { message: path })
        .toBeGreaterThan(0);
    }
    await context.close();
  });

  it("every public page runs under its CSP without a single violation (with and without a theme cookie)", {
    timeout: 600_000,
  }, async () => {
    const match = await firstMatchPath(baseUrl);
    const paths = [...PUBLIC_PAGES, "/de/", "/ru/ligi", ...(match ? [match, `${match}?tab=odds`] : [])];
    const violations: string[] = [];
    for (const theme of [null, "dark"] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (theme) await context.addCookies([{ name: "theme", value: theme, url: baseUrl }]);
      const page = await context.newPage();
      page.on("console", (message) => {
        if (/content security policy/i.test(message.text()))
          violations.push(`${page.url()} (${theme ?? "no theme"}): ${message.text()}`);
      });
      await page.exposeFunction("reportCspViolation", (text: string) =>
        violations.push(`${page.url()} (${theme ?? "no theme"}): ${text}`),
      );
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) =>
          (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
            `${e.violatedDirective} ${e.blockedURI}`,
          ),
        );
      });
      let checked = 0;
      for (const path of paths) {
        const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
        expect(response?.headers()["content-security-policy"], path).toMatch(/script-src 'self' ('nonce-|'sha256-)/);
        // hydrated: React Router's scripts ran (they would not under a refused inline script)
        await page.waitForFunction(() =>
          Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
        );
        checked++;
      }
      expect(checked).toBe(paths.length);
      await context.close();
    }
    expect(violations).toEqual([]);
  });
});
