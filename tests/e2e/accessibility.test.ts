import AxeBuilder from "@axe-core/playwright";
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

describe("accessibility", () => {
  it("has no serious or critical axe violation: light on a phone, dark on a desktop", { timeout: 600_000 }, async () => {
    const match = await firstMatchPath(baseUrl);
    const paths = match ? [...PUBLIC_PAGES, match, `${match}?tab=odds`, `${match}?tab=ranking`] : PUBLIC_PAGES;
    const found: string[] = [];
    // Layout problems show on a phone, colour problems in either theme: two runs cover both.
    for (const [theme, width] of [["light", 375], ["dark", 1280]] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addCookies([
        { name: "theme", value: theme, url: baseUrl },
        { name: "cookie_consent", value: "1", url: baseUrl },
      ]);
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(`${baseUrl}${path}`);
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
          found.push(`${theme} ${width}px ${path}: ${v.id} at ${v.nodes.slice(0, 2).map((n) => n.target.join(" ")).join(" | ")}`);
        }
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
