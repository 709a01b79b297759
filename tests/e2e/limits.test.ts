import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("registration limit on the page", () => {
  it("mistyped forms cost nothing; over the limit the form says, in the page's language, how many minutes to wait", async () => {
    // an address of its own (the e2e server trusts X-Forwarded-For)
    const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
    const page = await context.newPage();
    const submit = async (email: string, confirm: string) => {
      await page.goto(`${baseUrl}/de/auth/register`);
      await page.fill('input[name="firstName"]', "Lim");
      await page.fill('input[name="lastName"]', "It");
      await page.fill('input[name="email"]', email);
      await page.fill('input[name="password"]', "a long enough password");
      await page.fill('input[name="confirmPassword"]', confirm);
      await page.check('input[name="terms"]');
      await page.getByRole("button", { name: "Registrieren", exact: true }).click();
      await page.waitForLoadState("networkidle");
    };
    const stamp = Date.now();
    // three mistyped forms: refused on their fields, no registration spent
    for (let i = 0; i < 3; i++) {
      await submit(`typo${i}-${stamp}@example.com`, "another password");
      await expect.poll(() => page.locator("#confirmPassword-error").count()).toBe(1);
      await expect.poll(() => page.locator("#confirmPassword-error").textContent()).not.toBe("");
    }
    // ten valid registrations are the hour's allowance, whatever was mistyped before
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${baseUrl}/api/v1/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({
          firstName: "Lim",
          lastName: "It",
          email: `ok${i}-${stamp}@example.com`,
          password: "a long enough password",
          confirmPassword: "a long enough password",
          terms: true,
          languageCode: "de",
        }),
      });
      expect(response.status, `registration ${i + 1}`).toBe(200);
    }
    await submit(`over-${stamp}@example.com`, "a long enough password");
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toMatch(/^Zu viele Versuche\. Bitte versuchen Sie es in \d+ Minuten? erneut\.$/);
    await context.close();
  });
});
