import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { siteToday } from "../support/site-clock.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

async function openPage(width: number, path = "/"): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: "Europe/London",
    locale: "en-GB",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`${baseUrl}${path}`);
  return { page, errors };
}

describe("home page", () => {
  it("shows today's replayed fixtures with a live or upcoming one, in the visitor's zone", async () => {
    const { page, errors } = await openPage(1280);
    await expect.poll(() => page.textContent("main"), { timeout: 20_000 }).toContain("Times in Europe/London");
    // On a day whose matches are all over, the visitor walks forward to the next one with matches to come.
    for (let day = 0; day < 7; day++) {
      if (
        (await page.locator('li[data-status="live"], li[data-status="halftime"], li[data-status="upcoming"]').count()) >
        0
      )
        break;
      await page.getByRole("link", { name: /Next day/ }).click();
      await page.waitForLoadState("networkidle");
    }
    const fixture = page
      .locator('li[data-status="live"], li[data-status="halftime"], li[data-status="upcoming"]')
      .first();
    await fixture.waitFor();
    const text = (await fixture.textContent()) ?? "";
    expect(text).toMatch(/(\d{2}:\d{2})|(\d+')|HT/);
    await expect.poll(() => page.locator("section h2").count()).toBeGreaterThan(0);
    await page.screenshot({ path: "test-results/home-desktop.png", fullPage: false });
    expect(errors).toEqual([]);
  });

  it("shows the best bet of each fixture once the predictions are computed", { timeout: 300_000 }, async () => {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const status = (await (await fetch(`${baseUrl}/api/v1/predictions/status`)).json()) as {
        data: { phase: string } | null;
      };
      if (status.data?.phase === "done") break;
      if (Date.now() > deadline) throw new Error("predictions were not computed in time");
      await new Promise((r) => setTimeout(r, 1000));
    }
    const { page, errors } = await openPage(1280);
    const best = page.locator('[title="Best bet"]').first();
    await best.waitFor();
    expect(await best.textContent()).toMatch(/Best bet: .+\d+%/);
    await page.screenshot({ path: "test-results/home-predictions-desktop.png", fullPage: false });
    expect(errors).toEqual([]);
  });

  it("lists 40 matches of a busy day first, and more on demand, keeping the day in the address", async () => {
    // The suite's site stands on a Friday; the Saturday after it is a busy day (every weekend of the season has more than 40 matches).
    const saturday = new Date(Date.parse(`${siteToday()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(new Date(`${saturday}T12:00:00Z`).getUTCDay()).toBe(6);
    const { page, errors } = await openPage(1280, `/?date=${saturday}`);
    const rows = page.locator("main li[data-status]");
    const heading = (await page.locator("main h1 + p").textContent()) ?? "";
    const total = Number(/(\d+) matches/.exec(heading)?.[1] ?? 0);
    expect(total).toBeGreaterThan(40);
    expect(await rows.count()).toBe(40);
    await page.getByRole("link", { name: /^Show more/ }).click();
    await expect.poll(() => rows.count()).toBe(Math.min(total, 80));
    const url = new URL(page.url());
    // The Saturday is not the default day (today), so the link keeps it.
    expect([url.searchParams.get("date"), url.searchParams.get("limit")]).toEqual([saturday, "80"]);
    expect(errors).toEqual([]);
  });

  it("works on a phone-sized screen", async () => {
    const { page, errors } = await openPage(375);
    await page.locator("main h1").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: "test-results/home-mobile.png", fullPage: false });
    expect(errors).toEqual([]);
  });

  it("is served in another locale under its prefix", async () => {
    const { page } = await openPage(1280, "/de");
    expect(await page.getAttribute("html", "lang")).toBe("de");
    expect(await page.textContent("h1")).toBe("Fußballspiele");
    // Country names follow the language too, and the countries are sorted in its order.
    await page.goto(`${baseUrl}/de/ligen`);
    const countries = await page.locator("main h2").allTextContents();
    expect(countries).toContain("Deutschland");
    expect(countries).not.toContain("Germany");
    expect(countries).toEqual([...countries].sort((a, b) => a.localeCompare(b, "de")));
  });

  it("answers an unknown path with the not-found page", async () => {
    const { page } = await openPage(1280, "/no-such-page/at-all");
    expect(await page.textContent("h1")).toBe("This page could not be found");
    expect(await page.title()).toBe("This page could not be found · Pitchlab");
    // In another language, the title is translated too (it is in the server's HTML, before any script runs).
    const german = await (await fetch(`${baseUrl}/de/gibt-es-nicht`)).text();
    expect(/<title>([^<]*)<\/title>/.exec(german)?.[1]).toBe("Diese Seite wurde nicht gefunden · Pitchlab");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("heading", { name: "Football matches" }).waitFor();
  });
});
