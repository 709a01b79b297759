import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { freeSessionToken, freshAddress, premiumSessionToken, waitForTimelines } from "../support/e2e-session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
let premiumToken = "";

const RULES = [
  { id: "r1", category: "liveStats", stat: "shotsOnGoal", target: "Home", comparator: "GreaterEqualThan", value: 2 },
  {
    id: "r2",
    category: "time",
    stat: "minute",
    target: "Match",
    comparator: "GreaterEqualThan",
    value: 0,
    time: { kind: "During2ndHalf" },
  },
];

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
  premiumToken = await premiumSessionToken(baseUrl, "Lia");
  await waitForTimelines(baseUrl, premiumToken, "ThirtyDays", { rules: RULES, desiredOutcome: "home" });
}, 10 * 60_000);
afterAll(async () => browser?.close());

async function contextFor(token: string, width = 1280): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: "Europe/London",
    locale: "en-GB",
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
  await ctx.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
  return ctx;
}

async function openWithRules(page: Page, path = "/vip/live-scanner-backtest") {
  await page.goto(`${baseUrl}${path}?rules=${encodeURIComponent(JSON.stringify(RULES))}&outcome=home`);
  await page.locator("h1").waitFor();
}

const panel = (page: Page) => page.getByTestId("live-backtest-panel");

describe("live filter backtest", () => {
  it("runs a filter over the last 3 months and shows its figures, breakdown and picks, with the keyboard", async () => {
    const ctx = await contextFor(premiumToken);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await openWithRules(page);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Backtest a live filter");
    await expect.poll(() => panel(page).textContent()).toContain("Choose a period and run the backtest");
    await page.getByLabel("Period").selectOption("ThreeMonths");
    await page.getByLabel("Desired outcome").selectOption("home");
    const run = page.getByRole("button", { name: "Run backtest" });
    await run.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("live-backtest-summary").waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("live-backtest-summary").textContent()).toMatch(
      /[\d,]+ matches replayed in [\d,]+ ms/,
    );
    const text = (await panel(page).textContent()) ?? "";
    for (const label of [
      "Picks",
      "Success rate",
      "Mean odd",
      "Mean winning odd",
      "ROI",
      "By league",
      "Live odd",
      "Score at pick",
    ])
      expect(text).toContain(label);
    const rows = page.getByTestId("live-backtest-pick");
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(50);
    const more = page.getByRole("button", { name: "Show more picks" });
    if ((await more.count()) > 0) {
      const before = await rows.count();
      await more.click();
      await expect.poll(() => rows.count()).toBeGreaterThan(before);
    }
    const first = (await rows.first().textContent()) ?? "";
    expect(first).toMatch(/(\d+'|Half time)/);
    expect(first).toMatch(/Won|Lost|Void/);
    expect(await page.getByTestId("live-backtest-league").count()).toBeGreaterThan(0);
    // The second half only: every pick is in minutes 46–90.
    const minutes = await rows.evaluateAll((trs) =>
      trs.map((tr) => Number(/(\d+)'/.exec(tr.children[2]?.textContent ?? "")?.[1])),
    );
    expect(minutes.every((m) => m >= 46 && m <= 90)).toBe(true);
    // Chosen leagues: the first league only.
    await page.getByText("Leagues: All leagues").click();
    await page.locator("fieldset input[type=checkbox]").first().check();
    await run.click();
    await expect.poll(async () => page.getByTestId("live-backtest-league").count()).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("says what is wrong in the user's language: rules that cannot be read, no rule; and shows the empty state", async () => {
    const ctx = await contextFor(premiumToken);
    const page = await ctx.newPage();
    // The rules come from the builder or the address; an address whose rules cannot be read is said on the page.
    await page.goto(`${baseUrl}/vip/live-scanner-backtest?rules=${encodeURIComponent("[{")}`);
    await expect
      .poll(() => page.getByTestId("builder-rules").getByRole("alert").textContent())
      .toBe("The rules in the page's address cannot be read; build them again with the form.");
    await expect
      .poll(() => panel(page).getByRole("alert").textContent())
      .toBe("Add at least one rule to backtest the filter.");
    expect(await page.getByRole("button", { name: "Run backtest" }).isDisabled()).toBe(true);
    // A rule that never holds: no pick, said so.
    const never = [
      { id: "r", category: "liveStats", stat: "corners", target: "Home", comparator: "GreaterThan", value: 40 },
    ];
    await page.goto(`${baseUrl}/vip/live-scanner-backtest?rules=${encodeURIComponent(JSON.stringify(never))}`);
    await page.getByRole("button", { name: "Run backtest" }).click();
    await expect.poll(() => panel(page).textContent()).toContain("The filter would not have picked any of the");

    const german = await ctx.newPage();
    await openWithRules(german, "/de/vip/live-scanner-historischer-test");
    expect(await german.locator("h1").textContent()).toBe("Live-Filter testen");
    await german.getByRole("button", { name: "Test starten" }).click();
    await expect
      .poll(() => german.getByTestId("live-backtest-summary").textContent())
      .toMatch(/Spiele in [\d.]+ ms nachgespielt/);
    await ctx.close();
  });

  it("is for premium members: a free member is told so", async () => {
    const ctx = await contextFor(await freeSessionToken(baseUrl, "Fred"));
    const page = await ctx.newPage();
    await openWithRules(page);
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain("You do not have permission to access this page, become a PREMIUM member");
    expect(await page.getByTestId("live-backtest-panel").count()).toBe(0);
    await ctx.close();
  });

  it("fits 375 px and 1280 px, light and dark, with results", async () => {
    for (const theme of ["light", "dark"] as const) {
      for (const width of [375, 1280]) {
        const ctx = await contextFor(premiumToken, width);
        await ctx.addCookies([{ name: "theme", value: theme, url: baseUrl }]);
        const page = await ctx.newPage();
        await openWithRules(page);
        await page.getByRole("button", { name: "Run backtest" }).click();
        await page.getByTestId("live-backtest-summary").waitFor({ timeout: 60_000 });
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${width}px ${theme}`,
        ).toBeLessThanOrEqual(width);
        await page.screenshot({
          path: `test-results/live-backtest-${width}-${theme}.png`,
          fullPage: true,
          clip: { x: 0, y: 0, width, height: 2200 },
        });
        await ctx.close();
      }
    }
  });
});
