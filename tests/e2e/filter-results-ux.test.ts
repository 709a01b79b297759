import { mkdirSync } from "node:fs";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runningEmbeddedUrl } from "../../src/db/embedded.ts";
import { livescanPaths } from "../../src/i18n/routes-livescan.ts";
import { prematchPaths } from "../../src/i18n/routes-prematch.ts";
import { launchBrowser } from "../support/browser.ts";
import { callApi, freshAddress, signedInAccount, waitForTimelines } from "../support/e2e-session.ts";
import { siteNow } from "../support/site-clock.ts";

/**
 * What a bettor reads on the filter and backtest pages: the leagues whose data a backtest lacks, the equity curve's
 * axes at the real stake, the upcoming matches with their odds and links, the live filter's streaks, one clock, and
 * the premium notice instead of "no match".
 */
const baseUrl = inject("baseUrl");
const SHOTS = "/tmp/shots-results";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

const api = (path: string, token: string | null, body?: unknown) => callApi(baseUrl, path, token, body);

async function contextOf(token: string | null, width = 1280): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    locale: "en-GB",
    timezoneId: "Europe/London",
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
  if (token) await ctx.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
  return ctx;
}

/** Screenshots at 375 and 1280 px (no reload: a backtest's result stays), with no element wider than the viewport. */
async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const wide = await page.evaluate((w) => {
      const out: string[] = [];
      for (const el of document.querySelectorAll("body *")) {
        const r = el.getBoundingClientRect();
        // Inside a scrolling region an element may be wider: the region scrolls, not the page.
        if (r.right > w + 1 && !el.closest("[data-scroll-region], .overflow-x-auto, [role=region]"))
          out.push(`${el.tagName}.${el.className}`);
      }
      return { scroll: document.documentElement.scrollWidth, out: out.slice(0, 5) };
    }, width);
    expect(wide.scroll, `${name} at ${width}px`).toBeLessThanOrEqual(width);
    expect(wide.out, `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

const ODDS_RULES = [
  { category: "odds", stat: "win", target: "Home", comparator: "LessThan", value: 4 },
  { category: "preMatchStats", stat: "W", target: "Home", comparator: "GreaterEqualThan", value: 0, window: "season" },
  { category: "preMatchStats", stat: "W", target: "Away", comparator: "GreaterEqualThan", value: 0, window: "season" },
];
const EXTRA_LEAGUE =
  /United States|USA|Argentina|Brazil|Mexico|Poland|Romania|China|Japan|Switzerland|Norway|Russia|Sweden|Austria|Ireland|Denmark|Finland/;

describe("filter and backtest results", () => {
  it("a pre-match backtest names the leagues without prices, and its equity curve has axes at the real stake", async () => {
    const owner = await signedInAccount(baseUrl, "Gaia", true);
    const filter = await api("/prematch/filters", owner.token, {
      name: "Short home",
      desiredOutcome: "home",
      rules: ODDS_RULES,
    });
    expect(filter.status).toBe(200);
    const backtest = await api("/prematch/backtests", owner.token, { filterId: filter.body.data.id });
    expect(backtest.status).toBe(200);
    const id = backtest.body.data.id as number;
    // The API's answer has the field, per league, computed from the data.
    let read = await api(`/prematch/backtests/${id}`, owner.token);
    for (let i = 0; i < 30 && read.body.data.status !== "Done"; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      read = await api(`/prematch/backtests/${id}`, owner.token);
    }
    const result = read.body.data.result as { dataGaps: Array<{ country: string; missing: string[] }> };
    expect(result.dataGaps.length).toBeGreaterThan(0);
    expect(result.dataGaps.every((g) => g.missing.includes("prices"))).toBe(true);

    const ctx = await contextOf(owner.token);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}${prematchPaths("en").backtesting(id)}`);
    const gaps = page.getByTestId("data-gaps");
    await gaps.waitFor();
    expect(await gaps.getByRole("heading").textContent()).toBe("Some leagues lack data this filter needs");
    expect(await page.getByTestId("data-gap").count()).toBe(result.dataGaps.length);
    const first = (await page.getByTestId("data-gap").first().textContent())!;
    expect(first).toMatch(/: no pre-match prices$/);
    expect(await gaps.textContent()).toMatch(EXTRA_LEAGUE);
    expect(await gaps.textContent()).toContain("An odds rule never picks in these leagues");

    // Axes: profit values on the left, dates below; the stake said is the backtest's (10), not "a unit".
    const chart = page.getByTestId("equity-chart");
    expect(await chart.locator("figcaption").textContent()).toMatch(/^Net profit at a stake of 10\.00 per pick: /);
    expect(await page.getByTestId("equity-y-axis").locator("span").count()).toBeGreaterThanOrEqual(2);
    const dates = await page.getByTestId("equity-x-axis").locator("span").allTextContents();
    expect(dates).toHaveLength(3);
    for (const d of dates) expect(d).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await page.getByText(/at a stake of 10\.00 on every pick with odds/).count()).toBe(1);
    expect(await page.getByText(/unit stake/).count()).toBe(0);
    await shoot(page, "prematch-backtest");

    // In German: the same notice, translated, with the league names of the helpers.
    await page.goto(`${baseUrl}${prematchPaths("de").backtesting(id)}`);
    await page.getByTestId("data-gaps").waitFor();
    expect(await page.getByTestId("data-gaps").getByRole("heading").textContent()).toBe(
      "In einigen Ligen fehlen Daten, die dieser Filter braucht",
    );
    expect(await page.getByTestId("data-gap").first().textContent()).toMatch(/: keine Vorspielquoten$/);
    await ctx.close();
  });

  it("the upcoming matches show the odds of the outcome and link to their match pages; the stamp is the site's day", async () => {
    const owner = await signedInAccount(baseUrl, "Umberto", true);
    const filter = await api("/prematch/filters", owner.token, {
      name: "Upcoming odds",
      desiredOutcome: "home",
      rules: ODDS_RULES,
    });
    expect(filter.status).toBe(200);
    const id = filter.body.data.id as number;
    const ctx = await contextOf(owner.token);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}${prematchPaths("en").filter(id)}`);
    const upcoming = page.getByTestId("upcoming-matches");
    await upcoming.waitFor();
    // The site's moment is a Friday after the weekend's prices are published: an odds rule matches, with prices.
    const odds = await upcoming.getByTestId("upcoming-odds").allTextContents();
    expect(odds.length).toBeGreaterThan(0);
    expect(odds.some((o) => /^\d+\.\d\d$/.test(o.trim()))).toBe(true);
    const link = upcoming.getByTestId("match-link").first();
    expect(await link.getAttribute("href")).toMatch(/^\/[a-z0-9-]+\/.+/);
    expect(await upcoming.textContent()).toContain("Odds: the opening price of");
    // One clock: the filter is dated by the site's clock (the replay), not the machine's.
    const siteDay = new Intl.DateTimeFormat("en-GB", { dateStyle: "short", timeZone: "UTC" }).format(
      new Date(siteNow()),
    );
    expect(await page.locator("main").textContent()).toContain(siteDay);
    await shoot(page, "prematch-filter-upcoming");
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    await ctx.close();

    // Another member, free: the matches are premium, said so with the way to premium, never "none".
    const free = await signedInAccount(baseUrl, "Franca", false);
    const other = await contextOf(free.token);
    const otherPage = await other.newPage();
    await otherPage.goto(`${baseUrl}${prematchPaths("en").filter(id)}`);
    const notice = otherPage.getByTestId("upcoming-premium");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("The matches this filter picks are shown to premium members.");
    expect(await notice.getByRole("link", { name: "Go Premium" }).count()).toBe(1);
    expect(await otherPage.getByText("No match of the next 7 days").count()).toBe(0);
    await shoot(otherPage, "prematch-filter-premium-notice");
    await other.close();
  });

  it("a live filter shows its streaks on its page and its breakdown page, and its backtest names the leagues without shots", async () => {
    const owner = await signedInAccount(baseUrl, "Lorenzo", true);
    const created = await api("/live-filters", owner.token, {
      name: "Shots streaks",
      desiredOutcome: "home",
      rules: [{ category: "liveStats", stat: "shotsOnGoal", target: "Home", comparator: "GreaterEqualThan", value: 3 }],
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    const me = await api("/users/me", owner.token);
    const grades = ["won", "lost", "won", "won"];
    const pool = new pg.Pool({ connectionString: (await runningEmbeddedUrl(".data/e2e"))!, max: 1 });
    try {
      const fixtures = (
        await pool.query(
          // One match per kick-off: the streaks follow the kick-offs, and equal ones have no order.
          "SELECT DISTINCT ON (f.kickoff) f.id, h.name AS home, a.name AS away, f.kickoff FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id WHERE f.ft_home IS NOT NULL ORDER BY f.kickoff DESC, f.id LIMIT 4",
        )
      ).rows.reverse();
      for (let i = 0; i < grades.length; i++) {
        const f = fixtures[i];
        const content = { home: f.home, away: f.away, kickoff: f.kickoff.toISOString(), minute: 60 };
        await pool.query(
          "INSERT INTO alert_picks (source, filter_id, fixture_id, user_id, filter_name, outcome, odds, content, delivery, status, graded_at, created_at) VALUES ('live', $1, $2, $3, 'Shots streaks', 'home', 2.1, $4, 'sent', $5, now(), now())",
          [id, f.id, me.body.data.id, JSON.stringify(content), grades[i]],
        );
      }
    } finally {
      await pool.end();
    }
    const ctx = await contextOf(owner.token);
    const page = await ctx.newPage();
    const figure = (label: string) =>
      page
        .getByTestId("live-streaks")
        .locator("div", { has: page.getByText(label, { exact: true }) })
        .locator("dd");
    for (const path of [livescanPaths("en").filter(id), livescanPaths("en").breakdown(id)]) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByTestId("live-streaks").waitFor();
      expect(await figure("Longest winning streak").textContent(), path).toBe("2");
      expect(await figure("Longest losing streak").textContent(), path).toBe("1");
      expect(await figure("Current winning streak").textContent(), path).toBe("2");
    }
    await shoot(page, "live-breakdown-streaks");

    // The backtest of its shots rule: the leagues without shot counters are named.
    await waitForTimelines(baseUrl, owner.token, "ThreeMonths");
    await page.goto(`${baseUrl}${livescanPaths("en").filter(id)}`);
    await page.getByRole("button", { name: "Run backtest" }).click();
    await page.getByTestId("live-backtest-summary").waitFor({ timeout: 120_000 });
    const gaps = page.getByTestId("data-gaps");
    await gaps.waitFor();
    expect(await page.getByTestId("data-gap").first().textContent()).toMatch(/: no data on shots on target$/);
    expect(await gaps.textContent()).toMatch(EXTRA_LEAGUE);
    expect(await gaps.textContent()).toContain("A rule on missing data never picks in these leagues.");
    if (await page.getByTestId("equity-chart").count()) {
      expect(await page.getByTestId("equity-chart").locator("figcaption").textContent()).toMatch(
        /^Profit in units \(a stake of 1 per pick\): /,
      );
      expect(await page.getByTestId("equity-x-axis").locator("span").count()).toBe(3);
    }
    await shoot(page, "live-filter-backtest-gaps");
    await ctx.close();
  });
});
