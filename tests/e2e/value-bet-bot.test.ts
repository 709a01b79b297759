import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { premiumSessionToken, screenshots } from "../support/e2e-session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

const gradedPicks = async () =>
  ((await (await fetch(`${baseUrl}/api/v1/bots/value-bets/record`)).json()) as { data: { total: { picks: number } } })
    .data.total.picks;

/** The bot replays the history once the predictions' back-fill is done: on a fresh server that takes a while. */
async function waitForTrackRecord(): Promise<void> {
  await expect.poll(gradedPicks, { timeout: 8 * 60_000, interval: 2000 }).toBeGreaterThan(0);
}

describe("value-bet bot", () => {
  it(
    "shows its public track record to a visitor and keeps the picks to come for members",
    async () => {
      await waitForTrackRecord();
      const ctx = await browser.newContext({ viewport: { width: 375, height: 900 }, locale: "en-GB" });
      const page = await ctx.newPage();
      await page.goto(`${baseUrl}/vip/value-bet-bot`);
      await expect.poll(() => page.getByRole("heading", { name: "Value-bet bot" }).count()).toBe(1);
      // The figures on the page are the API's (matches that end meanwhile add graded picks: compare fresh copies).
      await expect
        .poll(
          async () => {
            const picks = await gradedPicks();
            await page.reload();
            return page.getByText(new Intl.NumberFormat("en-GB").format(picks), { exact: true }).count();
          },
          { timeout: 2 * 60_000 },
        )
        .toBeGreaterThan(0);
      expect(await page.getByRole("img", { name: /Cumulative profit/ }).count()).toBe(1);
      expect(await page.getByText("This is a PREMIUM functionality", { exact: false }).count()).toBe(1);
      expect(await page.getByTestId("value-pick").count()).toBe(0);
      await screenshots(page, baseUrl, "value-bet-bot-visitor", { clipHeight: 1600 });
      await page.goto(`${baseUrl}/de/vip/value-bet-bot`);
      await expect.poll(() => page.getByRole("heading", { name: "Value-Bet-Bot" }).count()).toBe(1);
      await ctx.close();
    },
    10 * 60_000,
  );

  it(
    "lists the picks of the next 48 hours to a member, or says there is none yet",
    async () => {
      const token = await premiumSessionToken(baseUrl, "Value");
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-GB" });
      await ctx.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
      const page = await ctx.newPage();
      await page.goto(`${baseUrl}/vip/value-bet-bot`);
      const api = (await (
        await fetch(`${baseUrl}/api/v1/bots/value-bets`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { data: unknown[] };
      if (api.data.length > 0) await expect.poll(() => page.getByTestId("value-pick").count()).toBe(api.data.length);
      else
        await expect
          .poll(() => page.getByText("No value bet in the matches of the next 48 hours yet", { exact: false }).count())
          .toBe(1);
      expect(await page.getByText("This is a PREMIUM functionality", { exact: false }).count()).toBe(0);
      await screenshots(page, baseUrl, "value-bet-bot-member", { clipHeight: 1600 });
      await ctx.close();
    },
    5 * 60_000,
  );
});
