import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, premiumSessionToken, screenshots } from "../support/e2e-session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

describe("private Telegram group", () => {
  it(
    "a member starts the value-bet bot, then gets a personal invite, the same one when asking again",
    async () => {
      const token = await premiumSessionToken(baseUrl, "Tia");
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: "en-GB",
        extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
      });
      await context.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/vip/telegram-group`);
      await expect.poll(() => page.getByRole("heading", { name: "Private Telegram group", level: 1 }).count()).toBe(1);
      // Until the bot knows the member, there is nothing to invite.
      expect(await page.getByRole("button", { name: "Get my invite link" }).isDisabled()).toBe(true);
      await screenshots(page, baseUrl, "telegram-group");

      // Offline, the deep link opens the dev Telegram page, which plays the /start.
      await page.getByRole("link", { name: "Open the value-bet bot" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/dev/telegram");
      await page.getByLabel(/Telegram username/).fill("tia_fan");
      await page.getByRole("button", { name: "Send /start" }).click();
      await expect.poll(() => page.getByRole("status").textContent()).toContain("Chat linked");

      await page.goto(`${baseUrl}/vip/telegram-group`);
      await expect.poll(() => page.getByText("Done: the bot knows you.").count()).toBe(1);
      await page.getByRole("button", { name: "Get my invite link" }).click();
      const invite = page.getByTestId("group-invite");
      await expect.poll(() => invite.count()).toBe(1);
      const link = await invite.textContent();
      expect(link).toMatch(/^https:\/\/t\.me\/\+/);
      await page.reload();
      expect(await page.getByTestId("group-invite").textContent()).toBe(link);
      await context.close();
    },
    5 * 60_000,
  );

  it("refuses a visitor: 401 from the API, the premium denial on the page (in German at its German address)", async () => {
    expect(
      (
        await fetch(`${baseUrl}/api/v1/bots/telegram-group/invite`, {
          method: "POST",
          headers: { "x-forwarded-for": freshAddress() },
        })
      ).status,
    ).toBe(401);
    const context = await browser.newContext({ viewport: { width: 375, height: 900 }, locale: "en-GB" });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/de/vip/telegram-gruppe`);
    await expect.poll(() => page.getByRole("heading", { name: "Private Telegram-Gruppe", level: 1 }).count()).toBe(1);
    // The denial block of every premium page, with its Go Premium button.
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "PREMIUM" }).count()).toBe(1);
    await context.close();
  });
});
