import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALES, type Locale } from "../../src/i18n/locales.ts";
import { translatePath } from "../../src/i18n/paths.ts";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, premiumSessionToken } from "../support/e2e-session.ts";
import { cutSelects, widerThanViewport } from "../support/layout.ts";
import { firstMatchPath, firstPredictedMatchPath } from "../support/public-pages.ts";

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
  // The first pages of a run may wait on the prediction back-fill of a fresh server: one more try.
  const go = () => page.goto(`${baseUrl}${path}${query}`, { waitUntil: "domcontentloaded" });
  const response = await go().catch(go);
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

  // A match that has its prediction (on a fresh server the back-fill may still be on its way to some). The wait
  // for a percentage reads "42,5 %" with the no-break space Intl puts before the sign in German.
  it(
    "writes every decimal of a German match page with a comma, odds and lines included",
    async () => {
      let match: string | undefined;
      await expect
        .poll(async () => (match = await firstPredictedMatchPath(baseUrl)), { timeout: 600_000, interval: 5_000 })
        .toBeDefined();
      const ctx = await context(375);
      const page = await ctx.newPage();
      await expect
        .poll(
          async () => {
            await open(page, match!, "de");
            return /\d[\s\u00a0\u202f]%/.test((await page.locator("main").textContent()) ?? "");
          },
          { timeout: 120_000, interval: 5_000 },
        )
        .toBe(true);
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
      expect(html).not.toMatch(/closing[- ]line[- ]value/i);
      expect(html).toContain("Schlussquoten-Vorteil");
      await ctx.close();
    },
    WALK_MS,
  );
});

describe("the premium trends on a phone, and their filter", () => {
  it(
    "fits 375 px in every language, with the rarity of each trend in view",
    async () => {
      const ctx = await context(375, { pl_session: await premiumSessionToken(baseUrl, "Trends") });
      const page = await ctx.newPage();
      for (const locale of LOCALES) {
        // One country\'s trends keep the page light (all of them weigh about 1.4 MB for a member).
        await open(page, "/vip/football-trends", locale, "?country=England");
        const rows = page.locator("tr[data-event]");
        expect(await rows.count(), locale).toBeGreaterThan(0);
        // Each row's rarity is on screen: in its own column from 640 px, under the trend on a phone.
        const hidden = await rows.evaluateAll(
          (all) =>
            all.filter((row) => {
              const cell = row.querySelector("td span.sm\\:hidden") ?? row.querySelector("td:last-child");
              const box = cell!.getBoundingClientRect();
              return box.width === 0 || box.right > window.innerWidth;
            }).length,
        );
        expect(hidden, locale).toBe(0);
        await fitsTheViewport(page, `trends in ${locale}`);
      }
      await ctx.close();
    },
    WALK_MS,
  );

  it(
    "narrows the trends by country, league, kind and venue, in an address that can be shared",
    async () => {
      const ctx = await context(1280, { pl_session: await premiumSessionToken(baseUrl, "Trends") });
      const page = await ctx.newPage();
      // One country: all of a member's trends make a page heavy enough to fail on a busy machine.
      await open(page, "/vip/football-trends", "en", "?country=England");
      const all = await page.locator("tr[data-event]").count();
      const form = page.getByRole("form", { name: "Filter the trends" });
      expect(await form.getByLabel("Country").inputValue()).toBe("England");
      await form.getByLabel("Kind of trend").selectOption("consecutive");
      await form.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/country=England.*kind=consecutive/);
      const rows = page.locator("tr[data-event]");
      // Wait for the filtered list itself (the old rows stay until the new page renders), then count it.
      await expect
        .poll(async () => [...new Set(await rows.evaluateAll((r) => r.map((e) => e.getAttribute("data-kind"))))])
        .toEqual(["consecutive"]);
      expect(await rows.count()).toBeGreaterThan(0);
      expect(await rows.count()).toBeLessThanOrEqual(all);
      // The address alone gives the same list: one league, home trends only.
      const league = (await rows.first().getAttribute("data-league"))!;
      const shared = `${page.url().split("?")[0]}?league=${league}&venue=home`;
      await page.goto(shared);
      const leagues = await page
        .locator("tr[data-event]")
        .evaluateAll((r) => r.map((e) => e.getAttribute("data-league")));
      const venues = await page
        .locator("tr[data-event]")
        .evaluateAll((r) => r.map((e) => e.getAttribute("data-venue")));
      expect(new Set(leagues)).toEqual(new Set(leagues.length ? [league] : []));
      expect(new Set(venues)).toEqual(new Set(venues.length ? ["home"] : []));
      expect(await page.getByLabel("Where").inputValue()).toBe("home");
      // The other tab keeps the filter.
      await page.getByRole("link", { name: "Top trends" }).click();
      await page.waitForURL(/tab=TopTrends/);
      expect(page.url()).toContain(`league=${league}`);
      // A league that is not a number is refused (the first value of a repeated parameter is the one read).
      expect((await page.goto(`${shared.split("?")[0]}?league=abc&venue=home`))?.status()).toBe(400);
      await ctx.close();
    },
    WALK_MS,
  );
});

describe("what a phone shows around the predictions", () => {
  it(
    "marks the premium prediction kinds with a crown in the phone drawer",
    async () => {
      const ctx = await context(375);
      const page = await ctx.newPage();
      for (const locale of ["en", "de", "el"] as const) {
        await open(page, "/", locale);
        const drawer = page.getByRole("dialog");
        // The menu button opens the drawer once the page runs.
        await expect
          .poll(async () => {
            if ((await drawer.count()) === 0) await page.locator("header button[aria-expanded]").first().click();
            return drawer.count();
          })
          .toBe(1);
        await drawer.locator("details > summary").first().click();
        await drawer.locator("details details > summary").first().click();
        const links = drawer.locator("details details a");
        await expect.poll(() => links.count()).toBeGreaterThan(10);
        const marked = await links.evaluateAll((all) =>
          all.filter((a) => a.textContent?.includes("♛")).map((a) => a.getAttribute("href")),
        );
        // Over/under 1.5 and 3.5, halves and corners are premium (kinds 6 to 18); 1X2 is not.
        expect(marked.length, locale).toBeGreaterThan(5);
        const premiumLabel = await links.filter({ hasText: "♛" }).first().locator(".sr-only").textContent();
        expect(premiumLabel?.trim().length, locale).toBeGreaterThan(3);
        expect(await links.filter({ hasText: "1X2" }).first().textContent()).not.toContain("♛");
        await fitsTheViewport(page, `the drawer in ${locale}`);
      }
      await ctx.close();
    },
    WALK_MS,
  );

  it(
    "shows the generator's result above its 120 choices on a phone",
    async () => {
      const ctx = await context(375);
      const page = await ctx.newPage();
      for (const locale of ["en", "de", "el"] as const) {
        await open(page, "/football-prediction-generator", locale);
        await page.locator("form button[type=submit]").last().click();
        await page.waitForURL(/run=1/);
        const result = page.locator("#machine-result");
        await result.waitFor();
        const [resultTop, formTop] = await Promise.all([
          result.evaluate((e) => e.getBoundingClientRect().top),
          page.locator("form:has(input[name=event])").evaluate((e) => e.getBoundingClientRect().top),
        ]);
        expect(resultTop, locale).toBeLessThan(formTop);
        expect(resultTop, `${locale}: the result on the first screen`).toBeLessThan(900);
        await fitsTheViewport(page, `the generator in ${locale}`);
      }
      await ctx.close();
    },
    WALK_MS,
  );

  it(
    "lists each league of a country with its matches of the next 7 days and the next one",
    async () => {
      const ctx = await context(375);
      const page = await ctx.newPage();
      await open(page, "/leagues", "en");
      const href = (await page.locator("main a[href^='/countries/'][href*='england']").first().getAttribute("href"))!;
      for (const locale of LOCALES) {
        await open(page, href, locale);
        const leagues = page.locator("li[data-league]");
        expect(await leagues.count(), locale).toBeGreaterThan(0);
        expect(await page.getByTestId("coming-count").count(), locale).toBe(await leagues.count());
        await fitsTheViewport(page, `${href} in ${locale}`);
      }
      // England has matches this week: its first league links to its next match.
      await page.goto(`${baseUrl}${href}`);
      const next = page.locator("li[data-league] a[href^='/matches/predictions/']");
      expect(await next.count()).toBeGreaterThan(0);
      await ctx.close();
    },
    WALK_MS,
  );
});
