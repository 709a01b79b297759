import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, premiumSessionToken, waitForTimelines } from "../support/e2e-session.ts";

/**
 * The live backtest page's rule builder: a member builds a live rule set by choosing category, statistic, team,
 * comparison, value and time condition (no JSON), backtests it and sees the figures; the builder explains Model
 * and Final probabilities, what a time rule compares and what "When" adds, and what adding a rule does. The page
 * works without JavaScript too (its forms post to the server), and fits 375 px and 1280 px.
 */

const baseUrl = inject("baseUrl");
const PATH = "/vip/live-scanner-backtest";
const SHOTS = "/tmp/shots-builder";
let browser: Browser;
let premiumToken = "";

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  premiumToken = await premiumSessionToken(baseUrl, "Bea");
  await waitForTimelines(baseUrl, premiumToken, "ThirtyDays");
}, 10 * 60_000);
afterAll(async () => browser?.close());

async function contextFor(width = 1280, javaScriptEnabled = true): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: "Europe/London",
    locale: "en-GB",
    javaScriptEnabled,
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
  await ctx.addCookies([{ name: "pl_session", value: premiumToken, url: baseUrl }]);
  return ctx;
}

const ruleItems = (page: Page) => page.getByTestId("builder-rules").locator("li");
const builder = (page: Page) => page.getByTestId("builder-add");
const panel = (page: Page) => page.getByTestId("live-backtest-panel");

/** The page's scripts ran: choices made before hydration would be reset by it (the builder's selects depend on each other). */
async function hydrated(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() =>
    Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
  );
}

/** Adds a rule with the builder and waits until the list holds `count` rules. */
async function addRule(
  page: Page,
  rule: { category: string; stat: string; target?: string; comparator: string; value: string; when?: string },
  count: number,
) {
  const form = builder(page);
  await form.locator('[name="category"]').selectOption({ label: rule.category });
  await form.locator('[name="stat"]').selectOption({ label: rule.stat });
  if (rule.target) await form.locator('[name="target"]').selectOption({ label: rule.target });
  await form.locator('[name="comparator"]').selectOption({ label: rule.comparator });
  await form.locator('[name="value"]').fill(rule.value);
  if (rule.when) await form.locator('[name="timeKind"]').selectOption({ label: rule.when });
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect.poll(() => ruleItems(page).count()).toBe(count);
  // After the redirect with the new set, the next choices wait for the page's scripts again.
  if (await page.evaluate(() => typeof window !== "undefined" && "__reactRouterRouteModules" in window))
    await page.waitForLoadState("networkidle");
}

describe("live backtest rule builder", () => {
  it("builds a live rule set without JSON, explains its choices, backtests it and shows the figures", async () => {
    const ctx = await contextFor();
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}${PATH}`);
    await hydrated(page);
    expect(await page.locator("textarea").count()).toBe(0);
    expect(await page.getByTestId("builder-rules").textContent()).toContain("No rule yet");
    expect(await page.getByTestId("help-after-add").textContent()).toContain(
      "Adding a rule puts it at the end of the list and empties this form",
    );
    // Nothing to run before the first rule, said so.
    expect(await panel(page).getByRole("button", { name: "Run backtest" }).isDisabled()).toBe(true);
    expect(await panel(page).getByRole("alert").textContent()).toBe("Add at least one rule to backtest the filter.");

    // The help of the probabilities, of a time rule and of "When".
    const form = builder(page);
    await form.locator('[name="category"]').selectOption({ label: "Our probabilities (%)" });
    const probabilities = (await form.getByTestId("help-probabilities").textContent()) ?? "";
    expect(probabilities).toContain("Model: our rating model's probability");
    expect(probabilities).toContain("Final: the model blended with the bookmakers' opening pre-match prices");
    await form.locator('[name="category"]').selectOption({ label: "Match time" });
    expect(await form.getByTestId("help-time-compare").textContent()).toContain("compares the match minute");
    expect(await form.getByTestId("help-time-when").textContent()).toContain(
      "When adds a condition on the match clock",
    );
    await page.screenshot({ path: `${SHOTS}/builder-help-1280.png`, fullPage: true });

    await addRule(
      page,
      { category: "Live statistics", stat: "Shots on target", target: "Home team", comparator: "at least", value: "1" },
      1,
    );
    expect(await ruleItems(page).first().textContent()).toMatch(/Home team · Shots on target at least 1/);
    // The builder starts over for the next rule; the list and the address carry the first.
    expect(await builder(page).locator('[name="value"]').inputValue()).toBe("");
    expect(new URL(page.url()).searchParams.get("rules")).toContain("shotsOnGoal");
    await addRule(
      page,
      {
        category: "Match time",
        stat: "Minute",
        comparator: "at least",
        value: "0",
        when: "During the 2nd half",
      },
      2,
    );
    expect(await ruleItems(page).nth(1).textContent()).toContain("During the 2nd half");

    await panel(page).getByLabel("Desired outcome").selectOption("home");
    await panel(page).getByLabel("Period").selectOption("ThirtyDays");
    await panel(page).getByRole("button", { name: "Run backtest" }).click();
    await page.getByTestId("live-backtest-summary").waitFor({ timeout: 120_000 });
    expect(await page.getByTestId("live-backtest-summary").textContent()).toMatch(
      /[\d,]+ matches? replayed in [\d,]+ ms/,
    );
    const text = (await panel(page).textContent()) ?? "";
    for (const label of ["Picks", "Success rate", "Mean odd", "ROI", "Won / lost / void"])
      expect(text).toContain(label);
    // Second half only: every pick is in minutes 46–90.
    const minutes = await page
      .getByTestId("live-backtest-pick")
      .evaluateAll((trs) => trs.map((tr) => Number(/(\d+)'/.exec(tr.children[2]?.textContent ?? "")?.[1])));
    expect(minutes.every((m) => m >= 46 && m <= 90)).toBe(true);

    // A rule is removed from the list.
    await page.getByRole("button", { name: "Remove rule 2" }).click();
    await expect.poll(() => ruleItems(page).count()).toBe(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("says what is wrong in the form, never a 500: rules that cannot be read, a rule the scanner refuses", async () => {
    const ctx = await contextFor();
    const page = await ctx.newPage();
    const bad = await page.goto(`${baseUrl}${PATH}?rules=${encodeURIComponent("[{")}`);
    expect(bad?.status()).toBe(200);
    expect(await page.getByTestId("builder-rules").getByRole("alert").textContent()).toBe(
      "The rules in the page's address cannot be read; build them again with the form.",
    );
    const unknown = JSON.stringify([
      { category: "liveStats", stat: "nothing", target: "Home", comparator: "GreaterThan", value: 1 },
    ]);
    const refused = await page.goto(`${baseUrl}${PATH}?rules=${encodeURIComponent(unknown)}`);
    expect(refused?.status()).toBe(200);
    expect((await page.getByTestId("builder-rules").getByRole("alert").textContent())?.length).toBeGreaterThan(0);
    expect(await ruleItems(page).count()).toBe(0);
    await ctx.close();
  });

  it("works without JavaScript: rules are added and backtested by form posts", async () => {
    const ctx = await contextFor(1280, false);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}${PATH}`);
    await addRule(
      page,
      { category: "Live statistics", stat: "Shots on target", target: "Home team", comparator: "at least", value: "1" },
      1,
    );
    await panel(page).getByLabel("Period").selectOption("ThirtyDays");
    await panel(page).getByRole("button", { name: "Run backtest" }).click();
    await page.getByTestId("live-backtest-summary").waitFor({ timeout: 120_000 });
    expect(await panel(page).textContent()).toContain("Success rate");
    // The page still holds the rule and the period it ran.
    expect(await ruleItems(page).count()).toBe(1);
    expect(await panel(page).getByLabel("Period").inputValue()).toBe("ThirtyDays");
    await ctx.close();
  });

  it("fits 375 px and 1280 px with rules, help and results", async () => {
    const rules = JSON.stringify([
      {
        id: "r1",
        category: "liveStats",
        stat: "shotsOnGoal",
        target: "Home",
        comparator: "GreaterEqualThan",
        value: 1,
      },
      {
        id: "r2",
        category: "time",
        stat: "minute",
        target: "Match",
        comparator: "GreaterEqualThan",
        value: 0,
        time: { kind: "During2ndHalf" },
      },
    ]);
    for (const width of [375, 1280]) {
      const ctx = await contextFor(width);
      const page = await ctx.newPage();
      await page.goto(`${baseUrl}${PATH}?rules=${encodeURIComponent(rules)}&outcome=home`);
      await expect.poll(() => ruleItems(page).count()).toBe(2);
      await hydrated(page);
      await builder(page).locator('[name="category"]').selectOption({ label: "Match time" });
      await panel(page).getByRole("button", { name: "Run backtest" }).click();
      await page.getByTestId("live-backtest-summary").waitFor({ timeout: 120_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}px`).toBeLessThanOrEqual(width);
      const wide = await page.evaluate(
        (w) =>
          [...document.querySelectorAll("main *")]
            .filter((el) => !el.closest(".overflow-x-auto") && el.getBoundingClientRect().right > w + 1)
            .map((el) => `${el.tagName}.${el.className}`)
            .slice(0, 5),
        width,
      );
      expect(wide, `${width}px`).toEqual([]);
      const cookies = page.getByRole("button", { name: "OK", exact: true });
      if ((await cookies.count()) > 0) await cookies.click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/live-backtest-builder-${width}.png`, fullPage: true });
      await ctx.close();
    }
  });
});
