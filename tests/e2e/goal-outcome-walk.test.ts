import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, premiumSessionToken, waitForTimelines } from "../support/e2e-session.ts";

/**
 * The classic in-play goal filter as a member builds it: "level after 70', at least 10 shots on target in total →
 * at least one more goal". Built in the rule builder, backtested over 12 months on the filter's page (hit rate,
 * edge over our model and model-priced ROI, each labelled), then activated. The alert and its grading after the
 * match are checked on a driven clock in tests/db/goal-outcome-alerts.test.ts.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let token = "";
const NAME = `Late goal ${Date.now().toString(36)}`;
const RULES = [
  { id: "a", category: "time", stat: "minute", target: "Match", comparator: "GreaterEqualThan", value: 70 },
  { id: "b", category: "liveStats", stat: "drawing", target: "Home", comparator: "EqualTo", value: 1 },
  {
    id: "c",
    category: "liveStats",
    stat: "total.shotsOnGoal",
    target: "Match",
    comparator: "GreaterEqualThan",
    value: 10,
  },
];

interface BacktestAnswer {
  analysed: number;
  withoutTimeline: number;
  prices: string;
  figures: { picks: number; successRate: number | null; edge: number | null; basis: string; roi: number | null };
}

async function apiBacktest(): Promise<{ status: number; data?: BacktestAnswer }> {
  const response = await fetch(`${baseUrl}/api/v1/live-filters/backtest`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "x-forwarded-for": freshAddress(),
    },
    body: JSON.stringify({
      rules: RULES.map(({ id: _id, ...rule }) => rule),
      desiredOutcome: "goal_after",
      interval: "TwelveMonths",
    }),
  });
  return { status: response.status, ...((await response.json()) as { data?: BacktestAnswer }) };
}

beforeAll(async () => {
  mkdirSync("test-results", { recursive: true });
  browser = await launchBrowser();
  token = await premiumSessionToken(baseUrl, "Gail");
  await waitForTimelines(baseUrl, token, "TwelveMonths", {
    rules: RULES.map(({ id: _id, ...rule }) => rule),
    desiredOutcome: "goal_after",
  });
}, 10 * 60_000);
afterAll(async () => browser?.close());

async function contextFor(width: number): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: "Europe/London",
    locale: "en-GB",
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
  await ctx.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
  return ctx;
}

/** The page's scripts ran: the builder's selects depend on each other, and hydration would reset earlier choices. */
async function hydrated(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() =>
    Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
  );
}

async function addRule(page: Page, count: number, fill: () => Promise<void>) {
  await hydrated(page);
  await fill();
  await page.getByRole("button", { name: "Add a rule" }).click();
  await expect.poll(() => page.locator("main ol li").count()).toBe(count);
}

async function runBacktest(page: Page) {
  await hydrated(page);
  const panel = page.getByTestId("live-backtest-panel");
  await panel.getByLabel("Period").selectOption("TwelveMonths");
  await panel.getByRole("button", { name: "Run backtest" }).click();
  await page.getByTestId("live-backtest-summary").waitFor({ timeout: 120_000 });
  return panel;
}

describe("a goal filter, built, backtested and activated in the browser", () => {
  let filterUrl = "";

  it("builds level after 70', 10 shots on target in total → goal after, in the rule builder", async () => {
    const ctx = await contextFor(1280);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/vip/live-scanner/new-filter`);
    await hydrated(page);
    await page.getByLabel("Name").fill(NAME);
    await page.getByLabel("Desired outcome").selectOption("goal_after");
    await page.getByRole("button", { name: "Create filter" }).click();
    await page.waitForURL(/\/rules\/new-rule$/);
    await addRule(page, 1, async () => {
      await page.locator("select[name=category]").selectOption("time");
      await page.locator("select[name=stat]").selectOption("minute");
      await page.locator("select[name=comparator]").selectOption("GreaterEqualThan");
      await page.locator("input[name=value]").fill("70");
    });
    await addRule(page, 2, async () => {
      await page.locator("select[name=category]").selectOption("liveStats");
      await page.locator("select[name=stat]").selectOption("drawing");
      await page.locator("select[name=target]").selectOption("Home");
      await page.locator("select[name=comparator]").selectOption("EqualTo");
      await page.locator("input[name=value]").fill("1");
    });
    await addRule(page, 3, async () => {
      await page.locator("select[name=category]").selectOption("liveStats");
      await page.locator("select[name=stat]").selectOption("total.shotsOnGoal");
      await page.locator("select[name=comparator]").selectOption("GreaterEqualThan");
      await page.locator("input[name=value]").fill("10");
    });
    const filterId = Number(/live-scanner\/(\d+)\//.exec(page.url())![1]);
    const stored = (await (await fetch(`${baseUrl}/api/v1/live-filters/${filterId}`)).json()) as {
      data: { desiredOutcome: string };
    };
    expect(stored.data.desiredOutcome).toBe("goal_after");
    await page.getByRole("button", { name: "Activate" }).click();
    await page.waitForURL(new RegExp(`/vip/live-scanner/${filterId}$`));
    filterUrl = page.url();
    await expect.poll(() => page.locator("h1").textContent()).toBe(NAME);
    await expect.poll(() => page.locator("main").textContent()).toContain("At least one more goal after the alert");
    await expect.poll(() => page.getByText("This filter is inactive: it alerts nothing.").count()).toBe(0);
    const active = (await (await fetch(`${baseUrl}/api/v1/live-filters/${filterId}`)).json()) as {
      data: { active: boolean; rules: unknown[] | null };
    };
    expect(active.data.active).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("backtests it over 12 months: hit rate, edge and model-priced ROI, labelled, as the API answers", async () => {
    const api = await apiBacktest();
    expect(api.data!.prices).toBe("model");
    expect(api.data!.figures.basis).toBe("roi");
    expect(api.data!.figures.picks).toBeGreaterThan(0);
    for (const width of [1280, 375]) {
      const ctx = await contextFor(width);
      const page = await ctx.newPage();
      await page.goto(filterUrl);
      const panel = await runBacktest(page);
      const text = (await panel.textContent()) ?? "";
      expect(text).toContain("Success rate");
      expect(text).toContain(`Picks${api.data!.figures.picks.toLocaleString("en-GB")}`);
      expect(text).toContain("Edge over our model");
      expect(text).toContain("Our model's probability (mean)");
      expect(await panel.getByTestId("figure-basis").textContent()).toContain("Ranked by ROI");
      expect(text).toContain("In-play prices of replayed matches come from our in-play model");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/goal-outcome-backtest-${width}.png`, fullPage: true });
      await ctx.close();
    }
  });
});
