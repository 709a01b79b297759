import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALES, type Locale } from "../../src/i18n/locales.ts";
import { translatePath } from "../../src/i18n/paths.ts";
import { liveBacktestPath } from "../../src/i18n/routes-livebacktest.ts";
import { livescanPaths } from "../../src/i18n/routes-livescan.ts";
import { prematchPaths } from "../../src/i18n/routes-prematch.ts";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, signedInAccount } from "../support/e2e-session.ts";
import { firstMatchPath } from "../support/public-pages.ts";

/**
 * The pages the bettor-UX work changed, walked by a premium member in all 11 languages at 375 and 1280 px: the
 * trends table, the live backtest's rule builder, a pre-match and a live filter's pages (upcoming matches with odds,
 * streaks), the live breakdown, and a match page (its header's minute). On each: no element wider than the
 * viewport outside a scrolling region, and no axe (WCAG 2 A/AA) violation. Screenshots go to test-results/walk.
 */
const baseUrl = inject("baseUrl");
const SHOTS = "test-results/walk";
let browser: Browser;
let token = "";
const ids = { prematch: 0, live: 0 };
let match = "";

const RULE = { category: "liveStats", stat: "shotsOnGoal", target: "Home", comparator: "GreaterEqualThan", value: 2 };

const api = async (path: string, body: unknown) => {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      "x-forwarded-for": freshAddress(),
    },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data;
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  token = (await signedInAccount(baseUrl, "Walker", true)).token;
  ids.prematch = (
    await api("/prematch/filters", {
      name: "Walk favourites",
      desiredOutcome: "favorite_wins",
      rules: [{ category: "odds", stat: "win", target: "Favorite", comparator: "LessThan", value: 1.8 }],
    })
  ).id;
  ids.live = (await api("/live-filters", { name: "Walk shots", desiredOutcome: "goal_after", rules: [RULE] })).id;
  match = (await firstMatchPath(baseUrl)) ?? "";
  expect(match).not.toBe("");
}, 120_000);
afterAll(async () => browser?.close());

function pagesOf(locale: Locale): Array<[string, string]> {
  const rules = encodeURIComponent(JSON.stringify([RULE]));
  return [
    ["trends", translatePath("/vip/football-trends", locale)!],
    ["live-backtest", `${liveBacktestPath(locale)}?rules=${rules}&outcome=goal_after`],
    ["prematch-filter", prematchPaths(locale).filter(ids.prematch)],
    ["live-filter", livescanPaths(locale).filter(ids.live)],
    ["live-breakdown", livescanPaths(locale).breakdown(ids.live)],
    ["match", translatePath(match, locale)!],
  ];
}

describe.each(LOCALES)("%s", (locale) => {
  it(`fits 375 and 1280 px and passes axe on every changed page (${locale})`, async () => {
    const ctx = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
    });
    await ctx.addCookies([
      { name: "pl_session", value: token, url: baseUrl },
      { name: "cookie_consent", value: "necessary", url: baseUrl },
    ]);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    for (const [name, path] of pagesOf(locale)) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), `${locale} ${name}: ${path}`).toBeLessThan(400);
      await page.locator("h1").first().waitFor();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const wide = await page.evaluate((w) => {
          const out: string[] = [];
          for (const el of document.querySelectorAll("main *")) {
            const r = el.getBoundingClientRect();
            let scrolls = false;
            for (let p = el.parentElement; p; p = p.parentElement) {
              const o = getComputedStyle(p).overflowX;
              if (o === "auto" || o === "scroll" || o === "hidden") scrolls = true;
            }
            if (!scrolls && r.width > 0 && (r.right > w + 1 || r.left < -1))
              out.push(`${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
          }
          return out.slice(0, 5);
        }, width);
        expect(wide, `${locale} ${name} at ${width}px`).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/${name}-${locale}-${width}.png`, fullPage: false });
      }
      const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`),
        `${locale} ${name}`,
      ).toEqual([]);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
