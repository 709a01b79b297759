import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FREE_TREND_EVENTS } from "../../src/domain/stats/trends.ts";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, premiumSessionToken, screenshots } from "../support/e2e-session.ts";
import { siteNow } from "../support/site-clock.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

function context(width = 1280): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: "Europe/London",
    locale: "en-GB",
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
}

/** A fixture kicking off in the next two days (the replay clock makes one every day). */
async function upcomingFixture(): Promise<{ id: number; league: { id: number } }> {
  const now = siteNow();
  const response = await fetch(
    `${baseUrl}/api/v1/fixtures/web?from=${new Date(now).toISOString()}&to=${new Date(now + 2 * 86_400_000).toISOString()}`,
  );
  const { data } = (await response.json()) as { data: Array<{ id: number; status: string; league: { id: number } }> };
  return data.find((f) => f.status === "upcoming")!;
}

/** A premium member signed in by the session cookie. */
async function premiumContext(): Promise<BrowserContext> {
  const ctx = await context();
  await ctx.addCookies([{ name: "pl_session", value: await premiumSessionToken(baseUrl, "Tess"), url: baseUrl }]);
  return ctx;
}

describe("team statistics", () => {
  it("opens a team page from the ranking, with 100+ events per venue and window", async () => {
    const fixture = await upcomingFixture();
    const ctx = await context();
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/matches/predictions/m_${fixture.id}?tab=ranking`);
    const teamLink = page.locator("table a[href^='/team/']").first();
    const name = (await teamLink.textContent())!;
    await teamLink.click();
    await page.waitForURL(/\/team\/[\w-]+_\d+$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe(`${name}: statistics`);
    expect(await page.locator("tr[data-event]").count()).toBeGreaterThan(100);
    const id = /_(\d+)$/.exec(page.url())![1];
    const started = performance.now();
    const stats = await fetch(`${baseUrl}/api/v1/teams/${id}/stats`);
    console.log(
      `GET /api/v1/teams/${id}/stats: ${Math.round(performance.now() - started)} ms, ${(await stats.text()).length} bytes`,
    );
    expect(await page.locator("tr[data-event='O25'] td").count()).toBe(3);
    await page.getByRole("link", { name: "Last 5", exact: true }).click();
    await page.waitForURL(/\?tab=last5/);
    await expect.poll(() => page.locator('nav a[aria-current="page"]').last().textContent()).toBe("Last 5");
    await screenshots(page, baseUrl, "team-page", { clipHeight: 1600 });
    // the same page in German, translated slug and words
    await page.goto(`${baseUrl}${new URL(page.url()).pathname.replace(/^\/team\//, "/de/mannschaft/")}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(`${name}: Statistiken`);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("shows both teams' events on the match page's pre-match tab", async () => {
    const fixture = await upcomingFixture();
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/matches/predictions/m_${fixture.id}?tab=pre-match-stats`);
    await expect.poll(() => page.getByRole("heading", { name: "100+ events before kick-off" }).count()).toBe(1);
    expect(await page.locator("tr[data-event='GG'] td").count()).toBe(4);
    await screenshots(page, baseUrl, "match-pre-match-events", { clipHeight: 1600 });
    await ctx.close();
  });
});

describe("trends", () => {
  it("shows visitors the free events only, with the premium lock, on both tabs", async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const cold = performance.now();
    await page.goto(`${baseUrl}/vip/trends`);
    console.log(
      `/vip/trends (redirect, page, trends of the next 48 hours computed): ${Math.round(performance.now() - cold)} ms`,
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe("/vip/football-trends");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Football trends");
    const events = await page
      .locator("tr[data-event]")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-event")));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(FREE_TREND_EVENTS).toContain(event);
    expect(
      await page
        .getByText(
          "This is a PREMIUM functionality. Subscribe now to use this and many other exclusive functionalities",
        )
        .count(),
    ).toBeGreaterThan(0);
    expect(await page.getByRole("link", { name: "Go Premium" }).first().getAttribute("href")).toBe(
      "/vip/football-betting-tools",
    );
    await screenshots(page, baseUrl, "trends-all", { clipHeight: 1600 });
    await page.getByRole("link", { name: "Top trends", exact: true }).click();
    await page.waitForURL(/\?tab=TopTrends/);
    await expect.poll(() => page.locator('nav a[aria-current="page"]').last().textContent()).toBe("Top trends");
    await screenshots(page, baseUrl, "trends-top", { clipHeight: 1600 });
    const started = performance.now();
    const answer = await fetch(`${baseUrl}/api/v1/trends?tab=TopTrends`);
    console.log(
      `GET /api/v1/trends?tab=TopTrends (computed before by the page, cached): ${Math.round(performance.now() - started)} ms`,
    );
    const api = (await answer.json()) as { data: { items: Array<{ trend: { event: string } }>; lockedCount: number } };
    expect(api.data.items.length).toBeGreaterThan(0);
    for (const item of api.data.items) expect(FREE_TREND_EVENTS).toContain(item.trend.event);
    expect(api.data.lockedCount).toBeGreaterThan(0);
    await ctx.close();
  });

  it("shows premium members every event, in Italian too", async () => {
    const ctx = await premiumContext();
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/vip/football-trends?tab=TopTrends`);
    await page.locator("h1").waitFor();
    const events = await page
      .locator("tr[data-event]")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-event")));
    expect(events.some((e) => !FREE_TREND_EVENTS.includes(e!))).toBe(true);
    expect(await page.getByText(/This is a PREMIUM functionality/).count()).toBe(0);
    await page.goto(`${baseUrl}/it/vip/football-trends`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Tendenze calcio");
    await ctx.close();
  });
});

describe("best teams by market", () => {
  it("is denied to visitors, on the page and by the API", async () => {
    const ctx = await context(375);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/vip/best-teams`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/vip/betting-market-statistics");
    await expect
      .poll(() => page.getByText("You do not have permission to access this page, become a PREMIUM member").count())
      .toBe(1);
    expect(await page.locator("table").count()).toBe(0);
    await screenshots(page, baseUrl, "best-teams-denied", { clipHeight: 1600 });
    expect((await fetch(`${baseUrl}/api/v1/teams/best`)).status).toBe(401);
    await ctx.close();
  });

  it("lets a premium member toggle events, see the teams and reset the filter", async () => {
    const ctx = await premiumContext();
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/vip/betting-market-statistics`);
    await expect.poll(() => page.getByRole("checkbox", { name: "Over 2.5" }).getAttribute("aria-checked")).toBe("true");
    expect(await page.getByText("Filter changed").count()).toBe(0);
    await expect.poll(() => page.locator("tr[data-event='O25']").count()).toBeGreaterThan(0);
    await page.getByRole("checkbox", { name: "Both teams score (GG)" }).click();
    await page.waitForURL(/events=O25%2CGG/);
    await expect.poll(() => page.getByText("Filter changed").count()).toBe(1);
    await expect.poll(() => page.locator("tr[data-event='GG']").count()).toBeGreaterThan(0);
    await screenshots(page, baseUrl, "best-teams", { clipHeight: 1600 });
    // choosing a selected event removes it
    await page.getByRole("checkbox", { name: "Over 2.5" }).click();
    await page.waitForURL(/events=GG$/);
    await expect
      .poll(() => page.getByRole("checkbox", { name: "Over 2.5" }).getAttribute("aria-checked"))
      .toBe("false");
    await page.getByRole("link", { name: "Reset filter" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expect.poll(() => page.getByText("Filter changed").count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
