import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { freeSessionToken, premiumSessionToken } from "../support/e2e-session.ts";

const baseUrl = inject("baseUrl");
const PAGE = "/statistical-filter-football-matches";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

function context(width: number, colorScheme: "light" | "dark" = "light"): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width, height: 900 },
    colorScheme,
    timezoneId: "Europe/London",
    locale: "en-GB",
  });
}

async function noHorizontalOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function dismissCookies(page: Page) {
  const ok = page.getByRole("button", { name: "OK", exact: true });
  if (await ok.count()) await ok.click();
}

describe("advanced statistical filter", () => {
  it("shows the week's matches on a phone and a desktop, light and dark, without horizontal scrolling", async () => {
    for (const width of [375, 1280]) {
      for (const scheme of ["light", "dark"] as const) {
        const ctx = await context(width, scheme);
        const page = await ctx.newPage();
        await page.goto(`${baseUrl}${PAGE}?dates=week`);
        await expect.poll(() => page.getByRole("heading", { name: "Advanced statistical filter" }).count()).toBe(1);
        const results = page.getByTestId("advanced-filter-results");
        const empty = page.getByText("Sorry, there are no available matches.");
        await expect.poll(async () => (await results.count()) + (await empty.count())).toBe(1);
        await noHorizontalOverflow(page, width);
        await dismissCookies(page);
        await page.screenshot({ path: `test-results/advanced-filter-${width}-${scheme}.png`, fullPage: true });
        await ctx.close();
      }
    }
  });

  it("builds its query by the rules: empty and zero values omitted, goals 4 sent as 10; reset clears the filter", async () => {
    const ctx = await context(375);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}${PAGE}`);
    await page.waitForLoadState("networkidle");
    const resetAll = page.getByRole("button", { name: "Reset all" });
    await expect.poll(() => resetAll.isDisabled()).toBe(true);
    await page.locator('select[name="event"]').selectOption("GG");
    await page.getByLabel("Dates").selectOption("week");
    await page.getByLabel("Home team, last 10").fill("40");
    await page.getByLabel("Away team, last 10").fill("0");
    await page.getByText("Average goals per match").click();
    await page.getByLabel("Home team · scored · last 5 matches – At most").selectOption("4");
    await noHorizontalOverflow(page, 375);
    await page.locator("main details").first().screenshot({ path: "test-results/advanced-filter-goals-375-light.png" });
    await expect.poll(() => resetAll.isDisabled()).toBe(false);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => page.url()).toContain("event=GG");
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      event: "GG",
      minOdd: "1",
      maxOdd: "4",
      homePercentage: "40",
      maxHomeScoredLast5: "10",
      dates: "week",
    });
    const results = page.getByTestId("advanced-filter-results");
    const empty = page.getByText("Sorry, there are no available matches.");
    await expect.poll(async () => (await results.count()) + (await empty.count())).toBe(1);
    await resetAll.click();
    await expect.poll(() => page.locator('select[name="event"]').inputValue()).toBe("");
    await expect.poll(() => page.getByLabel("Home team, last 10").inputValue()).toBe("");
    await expect.poll(() => resetAll.isDisabled()).toBe(true);
    // premium events are offered but locked for a visitor
    expect(await page.locator('option[value="CO85"]').isDisabled()).toBe(true);
    await ctx.close();
  });

  it("lets a premium member group leagues, use the group in the filter and save a configuration", async () => {
    const token = await premiumSessionToken(baseUrl, "Vip");
    const ctx = await context(1280, "dark");
    await ctx.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/vip/leagues-groups`);
    await expect.poll(() => page.getByText("You have no league groups yet.").count()).toBe(1);
    await page.getByLabel("Group name").fill("Top flights");
    const top = (
      (await (await fetch(`${baseUrl}/api/v1/leagues/topleagues`)).json()) as {
        data: Array<{ league: { id: number } }>;
      }
    ).data;
    for (const { league } of top.slice(0, 2))
      await page.locator(`input[name="leagueId"][value="${league.id}"]`).check();
    await page.getByRole("button", { name: "Create group" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Top flights" }).count()).toBe(1);
    await page.screenshot({ path: "test-results/league-group-1280-dark.png", fullPage: true });
    await page.goto(`${baseUrl}/vip/leagues-groups`);
    await expect.poll(() => page.getByRole("link", { name: "Top flights" }).count()).toBe(1);
    await noHorizontalOverflow(page, 1280);
    await page.screenshot({ path: "test-results/league-groups-1280-dark.png", fullPage: true });

    await page.goto(`${baseUrl}${PAGE}?dates=week`);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("League group").selectOption({ label: "Top flights" });
    await expect
      .poll(() =>
        page.locator('select[name="leagueIds"]').evaluate((s: HTMLSelectElement) => [...s.selectedOptions].length),
      )
      .toBe(2);
    await page.locator('select[name="event"]').selectOption("CO85");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => page.url()).toContain("event=CO85");
    expect(new URL(page.url()).searchParams.get("leagueIds")?.split(",")).toHaveLength(2);
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.getByText("The configuration name is required!").count()).toBe(1);
    await page.getByLabel("Configuration name").fill("Corners in the top flights");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.getByRole("link", { name: "Corners in the top flights" }).count()).toBe(1);
    await page.screenshot({ path: "test-results/advanced-filter-premium-1280-dark.png", fullPage: true });
    await ctx.close();

    const phone = await context(375);
    await phone.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
    const small = await phone.newPage();
    await small.goto(`${baseUrl}/vip/leagues-groups`);
    await expect.poll(() => small.getByRole("link", { name: "Top flights" }).count()).toBe(1);
    await noHorizontalOverflow(small, 375);
    await small.screenshot({ path: "test-results/league-groups-375-light.png", fullPage: true });
    await phone.close();
  });

  it("has a translated page in every language, linked by hreflang", async () => {
    const html = await (await fetch(`${baseUrl}/de/statistik-filter-fussballspiele`)).text();
    expect(html).toContain("Erweiterter Statistikfilter");
    expect(html).toMatch(/hrefLang="ru-RU" href="[^"]+\/ru\/statisticheskiy-filtr-futbolnykh-matchey"/i);
    const greek = await fetch(`${baseUrl}/el/vip/omades-protathlimaton`, { redirect: "manual" });
    expect(greek.status).toBe(302);
  });

  it("shows a free member the same denial block as the other premium pages, with Go Premium", async () => {
    const token = await freeSessionToken(baseUrl, "Free");
    const page = await (await browser.newContext()).newPage();
    await page.context().addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
    await page.goto(`${baseUrl}/vip/leagues-groups`);
    const denial = page.getByRole("alert").filter({ hasText: "become a PREMIUM member" });
    await denial.waitFor();
    expect(await denial.getByRole("link", { name: "Go Premium" }).getAttribute("href")).toBe(
      "/vip/football-betting-tools",
    );
    await page.context().close();
  });

  it("sends a visitor from the league groups to login and refuses the premium endpoint", async () => {
    const response = await fetch(`${baseUrl}/vip/leagues-groups`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("redirectTo=%2Fvip%2Fleagues-groups");
    const premium = await fetch(
      `${baseUrl}/api/v1/fixtures/advanced-filters/premium?dateFormat=extended&platform=website`,
    );
    expect(premium.status).toBe(401);
  });
});
