import { mkdirSync } from "node:fs";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runningEmbeddedUrl } from "../../src/db/embedded.ts";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, premiumSessionToken, screenshots } from "../support/e2e-session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

describe("live filter streaks", () => {
  it("the history page shows the longest winning and losing streak and the current one, in kick-off order", async () => {
    const token = await premiumSessionToken(baseUrl, "Stella");
    const headers = {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "x-forwarded-for": freshAddress(),
    };
    const created = await fetch(`${baseUrl}/api/v1/live-filters`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "Streaky",
        desiredOutcome: "home",
        rules: [
          { category: "liveStats", stat: "shotsOnGoal", target: "Home", comparator: "GreaterEqualThan", value: 3 },
        ],
      }),
    });
    expect(created.status).toBe(200);
    const filterId = ((await created.json()) as { data: { id: number } }).data.id;
    const me = (await (await fetch(`${baseUrl}/api/v1/users/me`, { headers })).json()) as { data: { id: number } };

    // Graded picks written where the scanner would write them, newest kick-off first: the streaks follow the
    // kick-offs, not the order of the rows. In kick-off order: won, won, void, won, lost, lost.
    const grades = ["won", "won", "void", "won", "lost", "lost"];
    const pool = new pg.Pool({ connectionString: (await runningEmbeddedUrl(".data/e2e"))!, max: 1 });
    try {
      const fixtures = (
        await pool.query(
          "SELECT f.id, h.name AS home, a.name AS away, f.kickoff FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id WHERE f.ft_home IS NOT NULL ORDER BY f.kickoff DESC LIMIT 6",
        )
      ).rows.reverse();
      expect(fixtures.length).toBe(6);
      for (let i = grades.length - 1; i >= 0; i--) {
        const f = fixtures[i];
        const content = { home: f.home, away: f.away, kickoff: f.kickoff.toISOString(), minute: 60 };
        await pool.query(
          "INSERT INTO alert_picks (source, filter_id, fixture_id, user_id, filter_name, outcome, odds, content, delivery, status, graded_at, created_at) VALUES ('live', $1, $2, $3, 'Streaky', 'home', 2.1, $4, 'sent', $5, now(), now())",
          [filterId, f.id, me.data.id, JSON.stringify(content), grades[i]],
        );
      }
    } finally {
      await pool.end();
    }

    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: "en-GB",
      extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
    });
    await context.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/vip/live-filters/${filterId}/history`);
    const streaks = page.getByTestId("live-streaks");
    await expect.poll(() => streaks.getByRole("heading", { name: "Streaks" }).count()).toBe(1);
    const figure = (label: string) =>
      streaks.locator("div", { has: page.getByText(label, { exact: true }) }).locator("dd");
    expect(await figure("Longest winning streak").textContent()).toBe("3");
    expect(await figure("Longest losing streak").textContent()).toBe("2");
    expect(await figure("Current losing streak").textContent()).toBe("2");
    await screenshots(page, baseUrl, "live-filter-streaks");

    await page.goto(`${baseUrl}/de/vip/live-filters/${filterId}/history`);
    await expect.poll(() => page.getByText("Längste Gewinnserie").count()).toBe(1);
    await screenshots(page, baseUrl, "live-filter-streaks-de");
    await context.close();
  });
});
