import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { screenshots } from "../support/e2e-session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

/** What a visitor reads and clicks, per language (the translated paths of SPEC §2.4). */
const WORDS = {
  en: {
    home: "/",
    scanner: "/vip/pre-match-scanner-for-football",
    scannerName: "Pre-match scanner",
    crown: "Premium",
    menu: "Menu",
    premiumGroup: "Premium services",
    plans: "Plans and prices",
    plansPath: "/vip/football-betting-tools",
    browserLocale: "en-GB",
  },
  de: {
    home: "/de",
    scanner: "/de/vip/vorspiel-scanner-fussball",
    scannerName: "Pre-Match-Scanner",
    crown: "Premium-Inhalt",
    menu: "Menü",
    premiumGroup: "Premium-Dienste",
    plans: "Tarife und Preise",
    plansPath: "/de/vip/fussball-wett-tools",
    browserLocale: "de-DE",
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

function context(width: number, words: Words): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: "Europe/London",
    locale: words.browserLocale,
  });
}

/** Opens the premium links: the crown's dropdown on a desktop, the drawer's premium group on a phone. */
async function premiumLinks(page: Page, width: number, words: Words) {
  if (width >= 1024) {
    await page.getByRole("banner").getByRole("button", { name: words.crown, exact: true }).hover();
    return page.getByRole("banner");
  }
  await page.getByRole("banner").getByRole("button", { name: words.menu, exact: true }).click();
  const drawer = page.getByRole("dialog", { name: words.menu });
  await drawer.locator("summary").filter({ hasText: words.premiumGroup }).click();
  return drawer;
}

describe("the pre-match scanner is found by clicks", () => {
  for (const locale of ["en", "de"] as const) {
    for (const width of [1280, 375]) {
      it(`from the home page's ${width >= 1024 ? "crown menu" : "phone drawer"} (${locale}, ${width} px)`, async () => {
        const words = WORDS[locale];
        const ctx = await context(width, words);
        const page = await ctx.newPage();
        await page.goto(`${baseUrl}${words.home}`);
        await page.locator("h1").first().waitFor();
        const links = await premiumLinks(page, width, words);
        const link = links.getByRole("link", { name: words.scannerName, exact: true });
        await expect.poll(() => link.count()).toBe(1);
        expect(await link.getAttribute("href")).toBe(words.scanner);
        await page.screenshot({ path: `test-results/navigation-menu-${locale}-${width}.png` });
        await link.click();
        await expect.poll(() => new URL(page.url()).pathname).toBe(words.scanner);
        await expect.poll(() => page.getByRole("heading", { level: 1, name: words.scannerName }).count()).toBe(1);
        if (locale === "en" && width === 1280) await screenshots(page, baseUrl, "navigation-prematch-scanner");
        await ctx.close();
      });
    }
  }
});

describe("the plans page", () => {
  it("does not promise free users the premium-only backtesting, and links the scanners", async () => {
    const words = WORDS.en;
    const ctx = await context(1280, words);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole("banner").getByRole("button", { name: words.crown, exact: true }).hover();
    await page.getByRole("banner").getByRole("link", { name: words.plans }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(words.plansPath);
    const table = page.getByRole("table");
    await table.waitFor();
    expect(await table.getByText(/with backtesting/i).count()).toBe(0);

    /** The free and premium cells of the line whose head matches `head`. */
    const cells = async (head: RegExp) => {
      const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: head }) });
      await expect.poll(() => row.count()).toBe(1);
      return (await row.getByRole("cell").allTextContents()).map((text) => text.trim());
    };
    // Backtesting (refused by the server to free users): not included for free, included for premium.
    expect(await cells(/^Backtesting of filters/)).toEqual(["—Not included", "✓Included"]);
    // The filters: 1 for free users, 40 for members, 150 with the add-on (the server's limits).
    expect(await cells(/^Pre-match scanner filters/)).toEqual(["1", "40 (150)"]);
    expect(await cells(/^Live scanner filters/)).toEqual(["1", "40 (150)"]);

    await table.getByRole("link", { name: /^Pre-match scanner filters/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(words.scanner);
    await page.goBack();
    await page.getByRole("table").waitFor();
    await screenshots(page, baseUrl, "navigation-plans");
    await ctx.close();
  });

  it("German: the free column promises no backtesting either", async () => {
    const ctx = await context(375, WORDS.de);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}${WORDS.de.plansPath}`);
    const table = page.getByRole("table");
    await table.waitFor();
    expect(await table.getByText(/mit Backtesting/i).count()).toBe(0);
    const row = table
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: /^Backtesting von Filtern/ }) });
    expect(await row.getByRole("cell").allTextContents()).toEqual(["—Nicht enthalten", "✓Inklusive"]);
    await ctx.close();
  });
});

describe("the FAQ", () => {
  it("answers what the scanners are and links both", async () => {
    const ctx = await context(375, WORDS.en);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/faq`);
    await page.getByText("What are the live scanner and the pre-match scanner?").click();
    await page.screenshot({ path: "test-results/navigation-faq-375.png", fullPage: true });
    await expect
      .poll(() => page.getByRole("main").getByRole("link", { name: "Live scanner", exact: true }).count())
      .toBe(1);
    await page.getByRole("main").getByRole("link", { name: "Pre-match scanner", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(WORDS.en.scanner);
    await ctx.close();
  });
});
