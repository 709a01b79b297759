import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

/** Each browser comes from its own address (the server trusts the proxy header here), so rate limits of earlier runs do not apply. */
const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}, 10.0.0.1` });

/** The link of the newest message to an address, read from the local mailbox page's JSON view. */
async function mailedLink(to: string, subject: RegExp): Promise<string> {
  const list = await (await fetch(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(to)}`)).text();
  const name = /href="\/dev\/mailbox\/([\w.-]+\.json)">([^<]+)</.exec(list);
  expect(name?.[2]).toMatch(subject);
  const mail = (await (await fetch(`${baseUrl}/dev/mailbox/${name![1]}?format=json`)).json()) as { text: string };
  return /https?:\/\/\S+/.exec(mail.text)![0];
}

/** Fills and sends the registration form that is open in the page. */
async function signUp(page: Page, firstName: string, email: string) {
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a long enough password");
  await page.getByLabel("Confirm password").fill("a long enough password");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect.poll(() => page.getByText("Almost done!").count()).toBe(1);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

describe("account flow", () => {
  it("registers, verifies through the mailed link, logs in, follows the redirect target and logs out", async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const context = await browser.newContext({
      viewport: { width: 375, height: 800 },
      locale: "en-GB",
      extraHTTPHeaders: fromNewAddress(),
    });
    const page = await context.newPage();

    // A protected page while logged out: login, remembering the target.
    await page.goto(`${baseUrl}/user/profile`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/auth/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/user/profile");

    await page.goto(`${baseUrl}/auth/register`);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect.poll(() => page.getByText("Field required").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText("You must accept the terms and conditions").count()).toBe(1);
    await shot(page, "register-errors-375");

    await signUp(page, "Erika", email);

    // Logging in before the activation says so, with the resend button.
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.getByText("Your email has not been verified").count()).toBe(1);
    await expect.poll(() => page.getByRole("button", { name: "Send an activation link again" }).count()).toBe(1);

    const link = await mailedLink(email, /Activate your Pitchlab account/);
    await page.goto(link);
    await expect.poll(() => page.getByText("Your account is active").count()).toBe(1);
    await page.goto(link);
    await expect.poll(() => page.getByText("This activation link is not valid anymore.").count()).toBe(1);

    await page.goto(`${baseUrl}/auth/login?redirectTo=${encodeURIComponent("/user/profile")}`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.getByText("Wrong e-mail address or password.").count()).toBe(1);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/user/profile");
    await expect.poll(() => page.getByRole("heading", { name: "Your profile" }).count()).toBe(1);
    await expect.poll(() => page.getByRole("banner").getByText("Erika").count()).toBe(1);
    await shot(page, "profile-375");

    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "pl_session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    // A favourite match from the home page shows on the favourites page.
    await page.goto(`${baseUrl}/`);
    const star = page.getByRole("button", { name: /^Favourite match: / }).first();
    const label = (await star.getAttribute("aria-label"))!;
    const home = /^Favourite match: (.+) – /.exec(label)![1]!;
    // The star turns on at once; the account is saved by a request that a full navigation would cancel.
    const saved = page.waitForResponse(
      (r) => r.request().method() === "PUT" && r.url().includes("/favourites/matches"),
    );
    await star.click();
    expect((await saved).status()).toBeLessThan(300);
    await expect
      .poll(() => page.getByRole("button", { name: label }).first().getAttribute("aria-pressed"))
      .toBe("true");
    await page.goto(`${baseUrl}/favourites`);
    await expect.poll(() => page.getByRole("main").getByText(home).count()).toBeGreaterThan(0);
    await shot(page, "favourites-375");
    await page.goto(`${baseUrl}/user/profile`);

    await page.getByRole("button", { name: "Log out" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await expect.poll(() => page.getByRole("banner").getByText("Log in").count()).toBe(1);
    await context.close();
  });

  it("changes the language on the profile and shows the profile in that language", async () => {
    const email = `e2e-lang-${Date.now()}@example.com`;
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: "en-GB",
      extraHTTPHeaders: fromNewAddress(),
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth/register`);
    await signUp(page, "Lang", email);
    await page.goto(await mailedLink(email, /Activate/));
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await page.goto(`${baseUrl}/user/profile`);
    await shot(page, "profile-1280");
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("button", { name: "Save" }).nth(1).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/de/benutzer/profil");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("de");
    await context.close();
  });
});
