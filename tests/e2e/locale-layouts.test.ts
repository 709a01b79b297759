import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALES } from "../../src/i18n/locales.ts";
import { translatePath } from "../../src/i18n/paths.ts";
import { launchBrowser } from "../support/browser.ts";
import { PUBLIC_PAGES, firstMatchPath } from "../support/public-pages.ts";

const baseUrl = inject("baseUrl");
/** Pages of the walk that need a query or another page's link. */
const MORE_PAGES = ["/vip/football-live-scanner?tab=explore"];

/** The path of a country page, from the leagues page. */
async function countryPath(): Promise<string | undefined> {
  const html = await (await fetch(`${baseUrl}/leagues`)).text();
  return /href="(\/countries\/[^"]+)"/.exec(html)?.[1];
}
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** One test per locale, each walking its pages on a 375 px phone: none may scroll sideways. */
describe.each(LOCALES)("layouts in %s", (locale) => {
  it("never scroll sideways on a 375 px phone", async () => {
    const match = await firstMatchPath(baseUrl);
    const country = await countryPath();
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await context.addCookies([{ name: "cookie_consent", value: "1", url: baseUrl }]);
    const page = await context.newPage();
    const overflowing: string[] = [];
    const pages = [...PUBLIC_PAGES, ...MORE_PAGES, ...(match ? [match] : []), ...(country ? [country] : [])];
    for (const english of pages) {
      const [bare, query] = english.split("?");
      const path = `${translatePath(bare!, locale)}${query ? `?${query}` : ""}`;
      expect(translatePath(bare!, locale), `${english} in ${locale}`).not.toBeNull();
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBeLessThan(400);
      // Parts made to scroll sideways (tab rows, wide tables) are allowed to; the page itself is not.
      const culprits = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter(
            (e) =>
              e.getBoundingClientRect().right > window.innerWidth + 1 &&
              !e.closest(".overflow-x-auto, .overflow-auto, .overflow-hidden"),
          )
          .slice(0, 2)
          .map((e) => `${e.tagName} "${(e.textContent ?? "").slice(0, 30)}"`),
      );
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) overflowing.push(`${path}: ${width}px ${culprits.join(", ")}`);
    }
    expect(overflowing).toEqual([]);
    await context.close();
  });
});
