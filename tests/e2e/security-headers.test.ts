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
  it("sends a hash-based CSP, nosniff, no framing and a referrer policy on pages, API answers and files", async () => {
    const page = await fetch(`${baseUrl}/`);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    for (const path of ["/", "/api/v1/health", "/robots.txt", "/favicon.svg"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
    }
  });

  it("every public page runs under its CSP without a single violation (with and without a theme cookie)", { timeout: 600_000 }, async () => {
    const match = await firstMatchPath(baseUrl);
    const paths = [...PUBLIC_PAGES, "/de/", "/ru/ligi", ...(match ? [match, `${match}?tab=odds`] : [])];
    const violations: string[] = [];
    for (const theme of [null, "dark"] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (theme) await context.addCookies([{ name: "theme", value: theme, url: baseUrl }]);
      const page = await context.newPage();
      page.on("console", (message) => {
        if (/content security policy/i.test(message.text())) violations.push(`${page.url()} (${theme ?? "no theme"}): ${message.text()}`);
      });
      await page.exposeFunction("reportCspViolation", (text: string) => violations.push(`${page.url()} (${theme ?? "no theme"}): ${text}`));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) =>
          (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      let checked = 0;
      for (const path of paths) {
        const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
        expect(response?.headers()["content-security-policy"], path).toMatch(/'sha256-/);
        // hydrated: React Router's scripts ran (they would not under a refused inline script)
        await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules));
        checked++;
      }
      expect(checked).toBe(paths.length);
      await context.close();
    }
    expect(violations).toEqual([]);
  });
});
