import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { E2E_PASSWORD, freshAddress, screenshots } from "../support/e2e-session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

/** An activated account made through the API and the local mailbox. */
async function activatedAccount(email: string): Promise<void> {
  const register = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": freshAddress() },
    body: JSON.stringify({
      firstName: "Vera",
      lastName: "Premium",
      email,
      password: E2E_PASSWORD,
      confirmPassword: E2E_PASSWORD,
      terms: true,
      languageCode: "en",
    }),
  });
  expect(register.status).toBe(200);
  const list = await (await fetch(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
  const name = /href="\/dev\/mailbox\/([\w.-]+\.json)"/.exec(list)![1];
  const mail = (await (await fetch(`${baseUrl}/dev/mailbox/${name}?format=json`)).json()) as { text: string };
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  expect((await fetch(`${baseUrl}${link.pathname}${link.search}`)).status).toBe(200);
}

async function logIn(page: Page, email: string, target: string) {
  await page.goto(`${baseUrl}/auth/login?redirectTo=${encodeURIComponent(target)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(target);
}

describe("premium", () => {
  it("buys a plan in the sandbox and unlocks the Premium room and the premium predictions", async () => {
    const email = `e2e-premium-${Date.now()}@example.com`;
    await activatedAccount(email);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: "en-GB",
      extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // The return pages claim no payment that was not made: a visitor is asked to sign in.
    await page.goto(`${baseUrl}/payments/success`);
    await expect.poll(() => page.getByRole("heading", { name: "Sign in to see your payment" }).count()).toBe(1);
    await page.goto(`${baseUrl}/payments/addons`);
    await expect.poll(() => page.getByRole("heading", { name: "Sign in to see your payment" }).count()).toBe(1);

    // Locked before paying: the room says why, the premium category shows the lock.
    await logIn(page, email, "/vip");
    await expect
      .poll(() => page.getByText("You do not have permission to access this page, become a PREMIUM member").count())
      .toBe(1);
    await page.goto(`${baseUrl}/football-predictions-today/under-over-1-5`);
    await expect.poll(() => page.getByText(/This is a PREMIUM functionality/).count()).toBe(1);
    // …and a free user who paid nothing is told so.
    await page.goto(`${baseUrl}/payments/success`);
    await expect.poll(() => page.getByRole("heading", { name: "No payment found" }).count()).toBe(1);
    await page.goto(`${baseUrl}/vip`);

    // The crown opens the premium menu on hover.
    await page.getByRole("banner").getByRole("button", { name: "Premium" }).hover();
    await expect.poll(() => page.getByRole("link", { name: "Plans and prices" }).count()).toBe(1);
    await page.getByRole("link", { name: "Plans and prices" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/vip/football-betting-tools");
    await expect.poll(() => page.getByRole("heading", { name: "3-month plan" }).count()).toBe(1);
    await screenshots(page, baseUrl, "vip-plans");

    // Buy the 3-month plan: the sandbox checkout, then Pay.
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "3-month plan" }) })
      .getByRole("button", { name: "Buy" })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/payments\/sandbox\/cs_sandbox_/);
    await expect.poll(() => page.getByText("3-month plan").count()).toBe(1);
    await screenshots(page, baseUrl, "sandbox-checkout");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/payments/success");
    await expect.poll(() => page.getByRole("heading", { name: "You're PREMIUM" }).count()).toBe(1);
    await expect.poll(() => page.getByText(/^PREMIUM until /).count()).toBe(1);
    await screenshots(page, baseUrl, "payment-success");

    await page.getByRole("link", { name: "Go to the Premium room" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Premium room" }).count()).toBe(1);
    await expect.poll(() => page.getByText(/PREMIUM: \d+ days left/).count()).toBe(1);
    await expect(page.getByText("You do not have permission").count()).resolves.toBe(0);
    await screenshots(page, baseUrl, "vip-room");

    // The premium category is no longer locked.
    await page.goto(`${baseUrl}/football-predictions-today/under-over-1-5`);
    await page.locator("h1").first().waitFor();
    expect(await page.getByText(/This is a PREMIUM functionality/).count()).toBe(0);

    // Auto-renew off, with confirmation, on the payments page; the receipt is there.
    await page.goto(`${baseUrl}/user/payments`);
    await expect.poll(() => page.getByRole("link", { name: /^Receipt/ }).count()).toBe(1);
    await page.getByRole("button", { name: "Turn auto-renewal off" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => page.getByText("Auto-renewal is off.").count()).toBe(1);
    await screenshots(page, baseUrl, "user-payments");

    // The plans page shows the member the plan he has.
    await page.goto(`${baseUrl}/vip/football-betting-tools`);
    await expect
      .poll(() =>
        page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: "3-month plan" }) })
          .getByText("Your plan", { exact: true })
          .count(),
      )
      .toBe(1);

    // A cancelled checkout offers to retry.
    await page.goto(`${baseUrl}/payments/cancel?plan=1`);
    await expect.poll(() => page.getByRole("heading", { name: "Payment canceled." }).count()).toBe(1);
    await expect.poll(() => page.getByRole("button", { name: "Retry the purchase" }).count()).toBe(1);

    await page.goto(`${baseUrl}/affiliates`);
    await expect.poll(() => page.getByRole("heading", { name: "Affiliate programme" }).count()).toBe(1);
    await screenshots(page, baseUrl, "affiliates");
    expect(errors).toEqual([]);
    await context.close();
  });
});
