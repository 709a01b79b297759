import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { previewPath, previewsListPath } from "../../src/i18n/routes-previews.ts";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, premiumSessionToken } from "../support/e2e-session.ts";
import { widerThanViewport } from "../support/layout.ts";
import { siteNow } from "../support/site-clock.ts";

const baseUrl = inject("baseUrl");
/** Where the screenshots go: PAGES_SHOTS_DIR, else test-results/pages-ux. */
const SHOTS = process.env.PAGES_SHOTS_DIR ?? "test-results/pages-ux";
/** A fresh server may still be writing its predictions and previews: the tests wait for them. */
const SLOW_MS = 900_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

async function context(width: number, cookies: Record<string, string> = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: "Europe/Berlin",
    locale: "en-GB",
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
  const entries = Object.entries(cookies);
  if (entries.length > 0) await ctx.addCookies(entries.map(([name, value]) => ({ name, value, url: baseUrl })));
  return ctx;
}

/** Both widths: no element wider than the viewport, and a screenshot of each for a person to look at. */
async function fitsAndShoot(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    const { culprits } = await widerThanViewport(page);
    expect({ name, width, culprits }).toEqual({ name, width, culprits: [] });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function waitForPreviews(): Promise<string> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/v1/_content`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshAddress() },
      body: JSON.stringify({
        path: "/previews/en",
        where: { kickoff: { $gt: new Date(siteNow()).toISOString() } },
        sortBy: [{ field: "kickoff" }],
        only: ["slug"],
        limit: 1,
      }),
    });
    const body = (await response.json()) as { data?: Array<{ slug: string }> };
    if (body.data?.[0]) return body.data[0].slug;
    if (Date.now() > deadline) throw new Error("no upcoming preview was written");
    await new Promise((r) => setTimeout(r, 5000));
  }
}

describe("pages ux: preview kick-off times", () => {
  it(
    "shows kick-off times in the reader's zone, named, and the article's local time names the league's zone",
    async () => {
      const slug = await waitForPreviews();
      const ctx = await context(1280);
      const page = await ctx.newPage();
      // The first visit renders in UTC; the browser's zone (Europe/Berlin) then replaces it, as on the home page.
      await page.goto(`${baseUrl}${previewsListPath("en")}`);
      await expect.poll(() => page.getByTestId("previews-zone").textContent()).toBe("Times in Europe/Berlin");
      await fitsAndShoot(page, "previews-list");

      await page.goto(`${baseUrl}${previewPath("en", slug)}`);
      const header = page.locator("article header");
      await expect.poll(() => header.textContent()).toContain("Times in Europe/Berlin");
      // The kick-off itself carries its zone's short name (CET in November).
      const kickoff = (await header.locator("time").first().textContent()) ?? "";
      expect(kickoff).toMatch(/\d\d:\d\d (CET|GMT\+1)/);
      // Its hour is the reader's: the same instant as the machine-readable one, in Berlin.
      const iso = (await header.locator("time").first().getAttribute("datetime"))!;
      const berlin = new Intl.DateTimeFormat("en-GB", {
        hour: "2-digit",
        minute: "2-digit",
        timeZone: "Europe/Berlin",
      }).format(new Date(iso));
      expect(kickoff).toContain(berlin);
      // The text's "local time" says which zone it is.
      const body = (await page.locator("article").textContent()) ?? "";
      if (body.includes("local time")) expect(body).toMatch(/local time \([A-Z]{3,4}|local time \(GMT[+-]\d/);
      await fitsAndShoot(page, "preview-article");
      await ctx.close();
    },
    SLOW_MS,
  );
});

type LiveBody = { data: { fixture: Record<string, unknown>; state: Record<string, unknown>; chart: unknown } };

describe("pages ux: the match page's minute", () => {
  it(
    "moves the header's minute with the Live tab's, from one poll, and shows decided markets as won/lost",
    async () => {
      const now = siteNow();
      const fixtures = (
        (await (
          await fetch(
            `${baseUrl}/api/v1/fixtures/web?from=${new Date(now - 86_400_000).toISOString()}&to=${new Date(now + 2 * 86_400_000).toISOString()}`,
          )
        ).json()) as { data: Array<{ id: number; status: string; kickoff: string }> }
      ).data;
      const finished = fixtures.find((f) => f.status === "finished");
      const upcoming = fixtures.find((f) => f.status === "upcoming");
      expect(finished, "a finished match").toBeDefined();
      expect(upcoming, "an upcoming match").toBeDefined();
      // A real state of a played match, turned into the upcoming match being played (no match is played while the
      // suite runs): the page's poll is answered with it, minute after minute.
      const played = (await (await fetch(`${baseUrl}/api/v1/fixtures/${finished!.id}/live`)).json()) as LiveBody;
      let minute = 23;
      const liveBody = () => {
        const state = {
          ...played.data.state,
          fixtureId: upcoming!.id,
          status: "live",
          second: minute * 60 - 30,
          minute,
          homeScore: 2,
          awayScore: 1,
          odds: {
            minute,
            home: 1.4,
            draw: 4.5,
            away: 7.5,
            overUnder: [0.5, 1.5, 2.5, 3.5, 4.5].map((line) =>
              line < 3 ? { line, over: null, under: null } : { line, over: line === 3.5 ? 1.9 : 4.2, under: 1.8 },
            ),
            bttsYes: null,
            bttsNo: null,
            margin: 0.05,
            probabilities: { home: 0.7, draw: 0.2, away: 0.1, bttsYes: 1 },
            goals: { home: 0.8, away: 0.5, firstHalf: null },
          },
        };
        return JSON.stringify({ data: { ...played.data, state, chart: null } });
      };
      const ctx = await context(1280);
      const page = await ctx.newPage();
      let polls = 0;
      await page.route(`**/api/v1/fixtures/${upcoming!.id}/live`, async (route) => {
        polls++;
        await route.fulfill({ status: 200, contentType: "application/json", body: liveBody() });
      });
      // Any slug is sent to the match's own address, the query kept.
      // A busy server (a restarted one re-computes its predictions) may miss the first load: one more try.
      const go = () =>
        page.goto(`${baseUrl}/matches/predictions/x_${upcoming!.id}?tab=live`, { waitUntil: "domcontentloaded" });
      await go().catch(go);
      const header = page.locator("section[aria-labelledby=match-title]");
      // The Live tab's own line of score and minute (its event list has minutes of its own).
      const panel = page.locator("[data-live-status] p[role=status]");
      // Before kick-off the tab asks every 30 s; once the answer says "live", every 5 s.
      await expect.poll(() => header.textContent(), { timeout: 60_000 }).toContain("23'");
      expect(await panel.textContent()).toContain("23'");
      expect(await header.textContent()).toContain("2 – 1");
      minute = 24;
      await expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain("24'");
      expect(await panel.textContent()).toContain("24'");
      const pollsThen = polls;
      minute = 25;
      await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toContain("25'");
      expect(await header.textContent()).toContain("25'");
      // One poll feeds both: no more requests than the interval gives.
      expect(polls - pollsThen).toBeLessThanOrEqual(3);
      // Decided markets: 3 goals settle the over lines 0.5–2.5 and both teams to score.
      expect(await page.locator("[data-settled]").count()).toBe(8);
      expect(await page.locator("[data-settled=won]").count()).toBe(4);
      await fitsAndShoot(page, "match-live");
      await ctx.close();
    },
    SLOW_MS,
  );
});

describe("pages ux: the premium trends page", () => {
  it(
    "shows one light page of rows with their count and a next-page link that keeps the filters, and refuses bad input without a 500",
    async () => {
      const token = await premiumSessionToken(baseUrl, "Pages");
      const cookie = `pl_session=${token}`;
      const path = "/vip/football-trends";
      const get = (query: string) => fetch(`${baseUrl}${path}${query}`, { headers: { cookie } });
      // The trends are computed once per couple of minutes: the first answer may wait for them.
      const first = await get("");
      expect(first.status).toBe(200);
      const html = await first.text();
      console.log(`unfiltered premium trends page: ${html.length} characters of HTML`);
      expect(html.length).toBeLessThan(400_000);
      expect((html.match(/<tr[^>]*data-event=/g) ?? []).length).toBeLessThanOrEqual(100);
      for (const query of [
        "?page=999999",
        "?page=99999999999999999999",
        "?page=-1",
        "?page=abc",
        "?page=1&page=2",
        "?country=%00",
        "?page=%00",
        "?kind=%00x",
        "?league=1&league=2&league=x",
        "?tab=TopTrends&page=5",
      ]) {
        const response = await get(query);
        expect(response.status, query).toBeLessThan(500);
      }
      const ctx = await context(1280, { pl_session: token });
      const page = await ctx.newPage();
      await page.goto(`${baseUrl}${path}?venue=home`);
      const count = page.getByTestId("trends-count");
      await expect.poll(() => count.textContent()).toMatch(/^Trends 1–\d+ of [\d,]+$/);
      const more = page.getByTestId("trends-more");
      if ((await more.count()) > 0) {
        const href = (await more.getAttribute("href")) ?? "";
        expect(href).toContain("venue=home");
        expect(href).toContain("page=2");
        await more.click();
        await page.waitForURL(/page=2/);
        await expect.poll(() => count.textContent()).toMatch(/^Trends 101–\d+ of [\d,]+$/);
        for (const venue of await page
          .locator("tr[data-event]")
          .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-venue"))))
          expect(venue).toBe("home");
      }
      await page.goto(`${baseUrl}${path}`);
      await expect.poll(() => count.textContent()).toMatch(/of/);
      await fitsAndShoot(page, "trends");
      await ctx.close();
    },
    SLOW_MS,
  );
});
