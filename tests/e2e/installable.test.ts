import { randomBytes } from "node:crypto";
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

async function visitor(width = 1280) {
  return browser.newContext({
    viewport: { width, height: 900 },
    locale: "en-GB",
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("installable site", () => {
  it("links a web app manifest from every page, in the page's language, with its icons", async () => {
    const context = await visitor();
    const page = await context.newPage();
    for (const [path, lang, start] of [
      ["/", "en", "/"],
      ["/de/fussball-prognosen-heute", "de", "/de"],
      ["/el/logariasmos/syndesi", "el", "/el"],
    ] as const) {
      const answer = await page.goto(`${baseUrl}${path}`);
      expect(answer?.status(), path).toBe(200);
      const href = await page.locator("head link[rel=manifest]").getAttribute("href");
      expect(href, path).toBeTruthy();
      expect(await page.locator("head meta[name=theme-color]").getAttribute("content")).toBe("#136639");
      const response = await fetch(new URL(href!, baseUrl));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
      const manifest = (await response.json()) as {
        name: string;
        short_name: string;
        lang: string;
        start_url: string;
        display: string;
        theme_color: string;
        background_color: string;
        icons: Array<{ src: string; sizes: string; type: string }>;
      };
      expect(manifest).toMatchObject({
        name: "Pitchlab",
        short_name: "Pitchlab",
        lang,
        start_url: start,
        display: "standalone",
        theme_color: "#136639",
        background_color: "#f1f5f9",
      });
      expect(manifest.icons.map((i) => `${i.type} ${i.sizes}`).sort()).toEqual([
        "image/png 192x192",
        "image/png 512x512",
        "image/svg+xml any",
      ]);
    }
    // The icons are files of the site: an SVG and PNGs of the sizes the manifest says.
    const svg = await fetch(`${baseUrl}/favicon.svg`);
    expect(svg.status).toBe(200);
    expect(await svg.text()).toContain("<svg");
    for (const size of [192, 512]) {
      const icon = await fetch(`${baseUrl}/icons/icon-${size}.png`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get("content-type")).toBe("image/png");
      expect(pngSize(Buffer.from(await icon.arrayBuffer()))).toEqual({ width: size, height: size });
    }
    const touch = await fetch(
      new URL((await page.locator("link[rel=apple-touch-icon]").getAttribute("href"))!, baseUrl),
    );
    expect(pngSize(Buffer.from(await touch.arrayBuffer()))).toEqual({ width: 180, height: 180 });
    // A language that does not exist is a bad request, said in words.
    const bad = await fetch(`${baseUrl}/manifest.webmanifest?lang=xx`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: { lang: string } }).fields.lang).toContain("en, de");
    await context.close();
  });

  it("answers /apple with a message and the way to the login page, also for Apple's form post", async () => {
    const context = await visitor();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const answer = await page.goto(`${baseUrl}/apple`);
    expect(answer?.status()).toBe(200);
    await expect.poll(() => page.getByRole("heading", { name: "Signing in with Apple", level: 1 }).count()).toBe(1);
    const message =
      "Sign in with Apple is not set up on this site. Log in with your e-mail address and password instead.";
    expect(await page.getByRole("alert").filter({ hasText: "Apple" }).textContent()).toBe(message);
    await screenshots(page, baseUrl, "apple-return");
    await page.getByRole("link", { name: "Go to the login page" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/auth/login");

    // Apple's answer arrives as a cross-site form post (response_mode=form_post).
    const posted = await fetch(`${baseUrl}/apple`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://appleid.apple.com" },
      body: new URLSearchParams({ code: "c0de", state: "st4te", id_token: "a.b.c" }),
      redirect: "manual",
    });
    // Without Apple's keys there is nothing to finish: the browser is sent to the page, which says so.
    expect(posted.status).toBe(303);
    const shown = await fetch(new URL(posted.headers.get("location")!, baseUrl));
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("Sign in with Apple is not set up on this site.");
    expect(html).toContain('href="/auth/login"');

    // The same post from a browser's page elsewhere lands on the page with the message.
    await page.goto("about:blank");
    await page.setContent(
      `<form method="post" action="${baseUrl}/apple"><input name="code" value="c0de"><input name="state" value="st4te"><input name="id_token" value="a.b.c"><button>Return</button></form>`,
    );
    await page.getByRole("button", { name: "Return" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/apple");
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Apple" }).textContent()).toBe(message);

    // In German, under its translated address.
    await page.goto(`${baseUrl}/de/apple-anmeldung`);
    await expect.poll(() => page.getByRole("heading", { name: "Anmeldung mit Apple", level: 1 }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Zur Anmeldeseite" }).getAttribute("href")).toBe("/de/konto/anmelden");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the public filters list within a phone's width when a member names a filter without spaces", async () => {
    const token = await premiumSessionToken(baseUrl, "Wren");
    // One of its own per run: a kept data directory still lists the filters of earlier runs.
    const name = `Overs${randomBytes(4).toString("hex")}${"x".repeat(62)}Goals`;
    expect(name).toHaveLength(80);
    const created = await fetch(`${baseUrl}/api/v1/prematch/filters`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "x-forwarded-for": freshAddress(),
      },
      body: JSON.stringify({ name }),
    });
    expect(created.status).toBe(200);

    const context = await visitor(375);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/vip/pre-match-scanner-for-football`);
    // Newest first: the long name is on the first page of the list, whole.
    await expect.poll(() => page.getByRole("link", { name, exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshots(page, baseUrl, "users-filters-long-name");
    await context.close();
  });

  it("tells an iPhone member on the alert settings page how to add the site to the Home Screen", async () => {
    const context = await visitor();
    await context.addCookies([{ name: "pl_session", value: await premiumSessionToken(baseUrl, "Iris"), url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/vip/live-scanner/alert-settings`);
    const note = page.getByRole("region", { name: "Alerts on an iPhone" });
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.locator("li").allTextContents()).toEqual([
      "Open Pitchlab in Safari.",
      "Tap Share, then “Add to Home Screen”.",
      "Open Pitchlab from its new icon, sign in and allow notifications when the site asks.",
    ]);
    await screenshots(page, baseUrl, "alert-settings-iphone", { clipHeight: 1600 });
    await page.goto(`${baseUrl}/tr/vip/canli-tarayici/uyari-ayarlari`);
    await expect.poll(() => page.getByRole("region", { name: "iPhone'da uyarılar" }).count()).toBe(1);
    await context.close();
  });
});
