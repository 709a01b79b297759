import { mkdirSync } from "node:fs";
import ExcelJS from "exceljs";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, premiumSessionToken, screenshots } from "../support/e2e-session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
  // Backtests read our probabilities: on a fresh server, wait for the predictions' back-fill.
  const deadline = Date.now() + 8 * 60_000;
  const phase = async () =>
    ((await (await fetch(`${baseUrl}/api/v1/health`)).json()) as { predictions: { phase: string } | null }).predictions
      ?.phase;
  while ((await phase()) !== "done") {
    if (Date.now() > deadline) throw new Error("the predictions' back-fill did not finish in time");
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}, 10 * 60_000);
afterAll(async () => browser?.close());

async function premiumContext(): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: "Europe/London",
    locale: "en-GB",
    acceptDownloads: true,
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
  await ctx.addCookies([{ name: "pl_session", value: await premiumSessionToken(baseUrl, "Pia"), url: baseUrl }]);
  return ctx;
}

describe("pre-match scanner", () => {
  it("creates a filter with three rules, backtests it for 12 months, opens the breakdown and downloads the Excel", async () => {
    const ctx = await premiumContext();
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/vip/pre-match-scanner-for-football?tab=my-filters`);
    await page.getByRole("link", { name: "New filter" }).first().click();
    await page.waitForURL(/\/new-filter$/);
    await page.getByLabel("Name").fill("Home favourites");
    await page.getByLabel("Desired outcome").selectOption("favorite_wins");
    await page.getByRole("button", { name: "Create filter" }).click();
    await page.waitForURL(/\/rules\/new-rule$/);

    // 1: the favourite's win odds (bookmaker average) below 2.2
    await page.locator("select[name=category]").selectOption("odds");
    await page.locator("select[name=stat]").selectOption("win");
    await page.locator("select[name=target]").selectOption("Favorite");
    await page.locator("select[name=comparator]").selectOption("LessThan");
    await page.locator("input[name=value]").fill("2.2");
    await page.getByRole("button", { name: "Add a rule" }).click();
    await page.waitForURL(/\/rules\/new-rule$/);
    await expect.poll(() => page.locator("ol li").count()).toBe(1);
    // 2: our final probability of the favourite's win at least 45 %
    await page.locator("select[name=category]").selectOption("probabilities");
    await page.locator("select[name=stat]").selectOption("final.win");
    await page.locator("select[name=target]").selectOption("Favorite");
    await page.locator("select[name=comparator]").selectOption("GreaterEqualThan");
    await page.locator("input[name=value]").fill("45");
    await page.getByRole("button", { name: "Add a rule" }).click();
    await expect.poll(() => page.locator("ol li").count()).toBe(2);
    // 3: the favourite won at least 40 % of its last 10 matches
    await page.locator("select[name=category]").selectOption("preMatchStats");
    await page.locator("select[name=stat]").selectOption("event");
    await page.locator("select[name=event]").selectOption("W");
    await page.locator("select[name=window]").selectOption("last10");
    await page.locator("select[name=target]").selectOption("Favorite");
    await page.locator("select[name=comparator]").selectOption("GreaterEqualThan");
    await page.locator("input[name=value]").fill("40");
    await page.getByRole("button", { name: "Add a rule" }).click();
    await page.waitForURL(/\/rules$/);
    await expect.poll(() => page.locator("ol li").count()).toBe(3);
    await screenshots(page, baseUrl, "prematch-rules");

    await page.getByRole("link", { name: "Backtest", exact: true }).click();
    await page.waitForURL(/\/new-backtesting\?filterId=\d+$/);
    await page.locator("select[name=interval]").selectOption("TwelveMonths");
    await page.getByRole("button", { name: "Run backtest" }).click();
    await page.waitForURL(/\/backtesting\/\d+\/breakdown-by-league$/);
    await expect.poll(() => page.getByText("Done", { exact: true }).count()).toBeGreaterThan(0);
    const picks = Number((await page.locator("dt:text-is('Picks') + dd").first().textContent())!.replace(/\D/g, ""));
    expect(picks).toBeGreaterThan(10);
    expect(await page.locator("section[aria-labelledby='bt-leagues'] tbody tr").count()).toBeGreaterThan(5);
    // The equity curve: one line, with values on its y axis and dates under it.
    await expect.poll(() => page.locator("[data-testid=equity-chart] svg[role='img'] polyline").count()).toBe(1);
    expect(await page.locator("[data-testid=equity-y-axis] span").count()).toBeGreaterThan(1);
    expect(await page.locator("[data-testid=equity-x-axis] span").count()).toBe(3);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download Excel" }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    expect(book.getWorksheet("Picks")!.actualRowCount).toBe(picks + 1);
    await screenshots(page, baseUrl, "prematch-backtest", { clipHeight: 2200 });

    // alert settings: the alerts module's Telegram and message settings, and the filter's lead time
    await page.goto(`${baseUrl}/vip/pre-match-scanner-for-football/alert-settings`);
    await expect.poll(() => page.locator("h1").first().textContent()).toBe("Alert settings");
    await expect.poll(() => page.getByText("Home favourites").count()).toBeGreaterThan(0);
    await screenshots(page, baseUrl, "prematch-alert-settings");

    // the tabs and the rule builder on a phone, in German
    await page.goto(`${baseUrl}/de/vip/vorspiel-scanner-fussball?tab=prematch-backtesting`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Pre-Match-Scanner");
    await screenshots(page, baseUrl, "prematch-scanner-de");
    expect(errors).toEqual([]);
    await ctx.close();
  }, 240_000);
});
