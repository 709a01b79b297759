import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALES, type Locale } from "../../src/i18n/locales.ts";
import { translatePath } from "../../src/i18n/paths.ts";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress } from "../support/e2e-session.ts";
import { cutSelects, widerThanViewport } from "../support/layout.ts";
import { firstMatchPath } from "../support/public-pages.ts";

const baseUrl = inject("baseUrl");
/** Each test walks 11 languages, some at two widths, on a machine that may be busy. */
const WALK_MS = 900_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function context(width: number, cookies: Record<string, string> = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
  await ctx.addCookies(
    Object.entries({ cookie_consent: "1", ...cookies }).map(([name, value]) => ({ name, value, url: baseUrl })),
  );
  return ctx;
}

async function open(page: Page, english: string, locale: Locale, query = ""): Promise<void> {
  const path = translatePath(english, locale);
  expect(path, `${english} in ${locale}`).not.toBeNull();
  const response = await page.goto(`${baseUrl}${path}${query}`, { waitUntil: "domcontentloaded" });
  expect(response?.status(), `${path}${query}`).toBeLessThan(400);
}

async function fitsTheViewport(page: Page, what: string): Promise<void> {
  const { width, culprits } = await widerThanViewport(page);
  expect({ what, width, culprits }).toEqual({ what, width: page.viewportSize()!.width, culprits: [] });
}

describe("words that fit on a phone and a desktop, in every language", () => {
  it(
    "keeps each vote button's words inside the button at 375 px",
    async () => {
      const match = await firstMatchPath(baseUrl);
      expect(match, "a match today").toBeDefined();
      const ctx = await context(375);
      const page = await ctx.newPage();
      for (const locale of LOCALES) {
        await open(page, match!, locale);
        const buttons = page.locator("section[aria-labelledby=vote-title] button[name=choice]");
        expect(await buttons.count()).toBe(3);
        const spilled = await buttons.evaluateAll((all) =>
          all
            .filter((b) => {
              const box = b.closest("section")!.getBoundingClientRect();
              return b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > box.right + 1;
            })
            .map((b) => b.textContent),
        );
        expect(spilled, locale).toEqual([]);
        await fitsTheViewport(page, `${match} in ${locale}`);
      }
      await ctx.close();
    },
    WALK_MS,
  );

  it(
    "shows every main link at 1280 and 1024 px, in the row or under More",
    async () => {
      for (const width of [1280, 1024]) {
        const ctx = await context(width);
        const page = await ctx.newPage();
        for (const locale of LOCALES) {
          await open(page, "/", locale);
          const nav = page.locator("header nav").first();
          // The row is measured once the page runs; wait for More or for a row that needs none.
          await expect
            .poll(() => nav.evaluate((n) => !n.querySelector(":scope > ul")!.classList.contains("flex-wrap")))
            .toBe(true);
          const row = await nav.evaluate((n) => {
            const list = n.querySelector(":scope > ul")!;
            const edge = list.getBoundingClientRect().right;
            const links = [...list.querySelectorAll(":scope > li > a")].filter((a) => a.getClientRects().length > 0);
            return {
              oneLine: new Set(links.map((a) => Math.round(a.getBoundingClientRect().top))).size <= 1,
              inside: links.every((a) => a.getBoundingClientRect().right <= edge + 1),
              shown: links.length,
            };
          });
          expect(row.oneLine && row.inside, `${locale} at ${width}px`).toBe(true);
          // The invisible ruler holds every link and the More button.
          const all = (await nav.locator("ul[aria-hidden] > li").count()) - 1;
          const more = nav.locator("details > summary");
          if (row.shown < all) {
            await more.click();
            await expect.poll(() => nav.locator("details a:visible").count()).toBe(all - row.shown);
            await fitsTheViewport(page, `the More menu in ${locale} at ${width}px`);
          } else expect(await more.count()).toBe(0);
          await fitsTheViewport(page, `/ in ${locale} at ${width}px`);
        }
        await ctx.close();
      }
    },
    WALK_MS,
  );

  it(
    "shows the explore list's sort choices in full at 375 and 1280 px",
    async () => {
      for (const width of [375, 1280]) {
        const ctx = await context(width);
        const page = await ctx.newPage();
        for (const locale of LOCALES) {
          await open(page, "/vip/football-live-scanner", locale, "?tab=explore");
          const sorts = "select[name=sortBy], select[name=sortOrder]";
          expect(await page.locator(sorts).count()).toBe(2);
          expect(await cutSelects(page, sorts), `${locale} at ${width}px`).toEqual([]);
          await fitsTheViewport(page, `explore in ${locale} at ${width}px`);
        }
        await ctx.close();
      }
    },
    WALK_MS,
  );
});

describe("numbers and words of one language", () => {
  /** A decimal written with a point: "2.29" but not a German date ("27.11.2026"). */
  const POINT_DECIMAL = /(?<![\d.])\d+\.\d+(?![\d.])/g;

  it(
    "writes every decimal of a German match page with a comma, odds and lines included",
    async () => {
      const match = await firstMatchPath(baseUrl);
      expect(match, "a match today").toBeDefined();
      const ctx = await context(375);
      const page = await ctx.newPage();
      await open(page, match!, "de");
      // biome-ignore lint/performance/useDomNodeTextContent: the text as read, with a space between its cells
      const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
      expect(text.match(POINT_DECIMAL) ?? [], "decimals with a point").toEqual([]);
      expect(text).toMatch(/\d,\d %/);
      expect(text).toContain("Über/Unter 2,5");
      // Its odds, the bookmaker's and our fair ones, with the same comma as its percentages.
      const odds = await page.locator("main [data-odds]").allTextContents();
      expect(odds.length).toBeGreaterThan(0);
      for (const price of odds) expect(price).toMatch(/^\d+,\d{2}$/);
      await fitsTheViewport(page, `${match} in de`);
      // The same page in English keeps its points.
      await open(page, match!, "en");
      for (const price of await page.locator("main [data-odds]").allTextContents())
        expect(price).toMatch(/^\d+\.\d{2}$/);
      await ctx.close();
    },
    WALK_MS,
  );

  it(
    "names the closing line value in German on the value-bet bot's page",
    async () => {
      const ctx = await context(1280);
      const page = await ctx.newPage();
      await open(page, "/vip/value-bet-bot", "de");
      const html = await page.content();
      expect(html).not.toMatch(/closing line value/i);
      expect(html).toContain("Schlussquoten-Vorteil");
      await ctx.close();
    },
    WALK_MS,
  );
});
