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

/** Serious or critical axe violations of the pages, light on a phone and dark on a desktop. */
async function violations(paths: string[]): Promise<string[]> {
  const found: string[] = [];
  // Layout problems show on a phone, colour problems in either theme: two runs cover both.
  for (const [theme, width] of [
    ["light", 375],
    ["dark", 1280],
  ] as const) {
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
        found.push(
          `${theme} ${width}px ${path}: ${v.id} at ${v.nodes
            .slice(0, 2)
            .map((n) => n.target.join(" "))
            .join(" | ")}`,
        );
      }
    }
    await context.close();
  }
  return found;
}

/** One test per page, so that each has the time a slow machine needs, not a share of one budget. */
describe("accessibility: no serious or critical axe violation", () => {
  it.each(PUBLIC_PAGES)("%s", async (path) => {
    expect(await violations([path])).toEqual([]);
  });
  it("a match page and its tabs", async () => {
    const match = await firstMatchPath(baseUrl);
    expect(match, "today has a match").toBeDefined();
    expect(await violations([match!, `${match}?tab=odds`, `${match}?tab=ranking`])).toEqual([]);
  });
});
