import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runningEmbeddedUrl } from "../../src/db/embedded.ts";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress } from "../support/e2e-session.ts";
import { siteNow } from "../support/site-clock.ts";

/**
 * The match page's price movement. The replay's syncs record no history (real mode's do, see
 * tests/db/real-mode-weekend.test.ts): the rows syncs would have written are put in the site's database for a
 * fixture of the weekend (its prices are published), and removed after.
 */
const baseUrl = inject("baseUrl");
const H = 3_600_000;
let browser: Browser;
let pool: pg.Pool;
let fixtureId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
  pool = new pg.Pool({
    connectionString: (await runningEmbeddedUrl(process.env.E2E_DATA_DIR ?? ".data/e2e"))!,
    max: 1,
  });
  const now = siteNow();
  const { rows } = await pool.query<{ id: number }>(
    `SELECT f.id FROM fixtures f
      WHERE f.kickoff > $1 AND f.kickoff < $2
        AND EXISTS (SELECT 1 FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id
                     WHERE o.fixture_id = f.id AND o.market = '1x2' AND NOT o.closing AND b.code = 'B365')
      ORDER BY f.kickoff, f.id LIMIT 1`,
    [new Date(now + 30 * H), new Date(now + 60 * H)],
  );
  fixtureId = rows[0]!.id;
  const seen = (hoursAgo: number) => new Date(now - hoursAgo * H);
  const history: Array<[string, Date, number, number, number]> = [
    ["B365", seen(50), 2.1, 3.4, 3.6],
    ["B365", seen(26), 2.05, 3.4, 3.75],
    ["B365", seen(2), 1.91, 3.5, 4.1],
    ["BW", seen(50), 2.15, 3.3, 3.5],
    ["BW", seen(5), 2.0, 3.4, 3.8],
  ];
  for (const [code, at, home, draw, away] of history)
    await pool.query(
      `INSERT INTO odds_history (fixture_id, bookmaker_id, market, seen_at, price_home, price_draw, price_away)
       SELECT $1, id, '1x2', $3, $4, $5, $6 FROM bookmakers WHERE code = $2`,
      [fixtureId, code, at, home, draw, away],
    );
});

afterAll(async () => {
  await pool?.query("DELETE FROM odds_history WHERE fixture_id = $1", [fixtureId]);
  await pool?.end();
  await browser?.close();
});

describe("the match page's price movement", () => {
  it("draws each bookmaker's 1X2 prices over time, says them in words, and lists every price seen", async () => {
    const found: string[] = [];
    for (const [theme, width] of [
      ["light", 375],
      ["dark", 1280],
    ] as const) {
      const ctx = await browser.newContext({
        viewport: { width, height: 900 },
        extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
      });
      await ctx.addCookies([
        { name: "theme", value: theme, url: baseUrl },
        { name: "cookie_consent", value: "1", url: baseUrl },
      ]);
      const page = await ctx.newPage();
      await page.goto(`${baseUrl}/matches/predictions/match_${fixtureId}?tab=odds`);
      const chart = page.getByTestId("price-chart");
      await chart.waitFor();
      // Bet365 first: its three lines, from the first price seen to the newest.
      const drawing = chart.getByRole("img");
      expect(await drawing.getAttribute("aria-label")).toMatch(
        /^Price movement at Bet365 from .+ to .+: 1 2\.10 → 1\.91, X 3\.40 → 3\.50, 2 3\.60 → 4\.10$/,
      );
      expect(await chart.locator("polyline").count()).toBe(3);
      for (const line of await chart.locator("polyline").all()) {
        // a step per change: a price held, then the next one, ending at the chart's right edge
        expect((await line.getAttribute("points"))!.split(" ").length).toBeGreaterThanOrEqual(4);
      }
      await chart.getByLabel("Bookmaker").selectOption({ label: "Bet-at-home / bwin" });
      expect(await drawing.getAttribute("aria-label")).toMatch(/1 2\.15 → 2\.00, X 3\.30 → 3\.40, 2 3\.50 → 3\.80$/);
      expect(await chart.getByTestId("price-chart-legend").textContent()).toContain("2.15 → 2.00");
      // Every price seen, as a table behind the disclosure: five rows of two bookmakers.
      await page.getByText("Every price seen").click();
      expect(await page.locator("details table tbody tr").count()).toBe(5);
      await chart.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/price-chart-${width}.png` });
      const { violations } = await new AxeBuilder({ page }).include('[data-testid="price-chart"]').analyze();
      for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical"))
        found.push(`${theme} ${width}px: ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
      await ctx.close();
    }
    expect(found).toEqual([]);
  });
});
