import { mkdirSync } from "node:fs";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runningEmbeddedUrl } from "../../src/db/embedded.ts";
import { livescanPaths } from "../../src/i18n/routes-livescan.ts";
import { prematchPaths } from "../../src/i18n/routes-prematch.ts";
import { launchBrowser } from "../support/browser.ts";
import { callApi, freshAddress, screenshots, signedInAccount } from "../support/e2e-session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

const api = (path: string, token: string | null, body?: unknown) => callApi(baseUrl, path, token, body);

async function contextOf(token: string | null, width = 1280): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    locale: "en-GB",
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
  if (token) await ctx.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
  return ctx;
}

/** The site's header (with its menu) and footer are there around the page's main content. */
async function expectShell(page: Page) {
  expect(await page.getByRole("banner").count()).toBe(1);
  expect(await page.getByRole("contentinfo").count()).toBe(1);
}

const RULES = [
  { category: "odds", stat: "win", target: "Home", comparator: "LessThan", value: 2.2 },
  { category: "preMatchStats", stat: "W", target: "Home", comparator: "GreaterEqualThan", value: 0, window: "season" },
  { category: "odds", stat: "draw", target: "Match", comparator: "GreaterThan", value: 3 },
];

describe("bettor UX", () => {
  it("keeps the site's shell on a refused page and says why, with the way forward, in the member's language", async () => {
    const owner = await signedInAccount(baseUrl, "Otto", true);
    const free = await signedInAccount(baseUrl, "Fritz", false);
    const preMatch = await api("/prematch/filters", owner.token, {
      name: "Owner's favourites",
      desiredOutcome: "home",
      rules: RULES,
    });
    expect(preMatch.status).toBe(200);
    const preMatchId = preMatch.body.data.id as number;
    const live = await api("/live-filters", owner.token, { name: "Owner's live filter" });
    expect(live.status).toBe(200);
    const liveId = live.body.data.id as number;
    const backtest = await api("/prematch/backtests", owner.token, { filterId: preMatchId });
    expect(backtest.status).toBe(200);
    const backtestId = backtest.body.data.id as number;

    const ctx = await contextOf(free.token);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const en = prematchPaths("en");
    for (const path of [
      en.history(preMatchId),
      en.breakdown(preMatchId),
      en.backtesting(backtestId),
      livescanPaths("en").history(liveId),
      livescanPaths("en").breakdown(liveId),
    ]) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response!.status(), path).toBe(403);
      await expect.poll(() => page.getByRole("heading", { name: "This page is for PREMIUM members" }).count()).toBe(1);
      await expectShell(page);
      expect(await page.locator("main").textContent()).toMatch(
        /You do not have permission to access this page, become a PREMIUM member|backtesting/i,
      );
      expect(await page.getByRole("main").getByRole("link", { name: "Go Premium" }).getAttribute("href")).toBe(
        "/vip/football-betting-tools",
      );
    }
    await page.goto(`${baseUrl}${en.history(preMatchId)}`);
    await page.getByRole("heading", { name: "This page is for PREMIUM members" }).waitFor();
    await screenshots(page, baseUrl, "ux-refused-history");

    // In German, with the German plans page.
    await page.goto(`${baseUrl}${prematchPaths("de").history(preMatchId)}`);
    await expect
      .poll(() => page.getByRole("heading", { name: "Diese Seite ist PREMIUM-Mitgliedern vorbehalten" }).count())
      .toBe(1);
    await expectShell(page);
    const premiumLink = page.getByRole("main").getByRole("link", { name: "Premium werden" });
    expect(await premiumLink.getAttribute("href")).toMatch(/^\/de\/vip\//);
    await screenshots(page, baseUrl, "ux-refused-history-de");
    const plans = (await premiumLink.getAttribute("href"))!;
    await premiumLink.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(plans);
    expect(errors).toEqual([]);
    await ctx.close();

    // A visitor is sent to sign in, and comes back to the page afterwards.
    const visitor = await (await contextOf(null)).newPage();
    await visitor.goto(`${baseUrl}${livescanPaths("en").breakdown(liveId)}`);
    await expect.poll(() => new URL(visitor.url()).pathname).toBe("/auth/login");
    expect(new URL(visitor.url()).searchParams.get("redirectTo")).toBe(livescanPaths("en").breakdown(liveId));
    await visitor.context().close();
  }, 400_000);

  it("shows the unread count on the bell, capped at 99+, and drops it once the notifications are read", async () => {
    const member = await signedInAccount(baseUrl, "Bella", false);
    const pool = new pg.Pool({ connectionString: (await runningEmbeddedUrl(".data/e2e"))!, max: 1 });
    try {
      const fixture = (await pool.query<{ id: number }>("SELECT id FROM fixtures ORDER BY kickoff DESC LIMIT 1"))
        .rows[0]!;
      const content = JSON.stringify({ home: "Home", away: "Away", kickoff: new Date().toISOString(), minute: 60 });
      await pool.query(
        `WITH picks AS (
           INSERT INTO alert_picks (source, filter_id, fixture_id, user_id, filter_name, outcome, odds, content, delivery, created_at)
           SELECT 'live', $1::int * 1000 + i, $2, $1, 'Saturday pressure', 'home', 2.1, $3, 'sent', now()
           FROM generate_series(1, 182) AS i RETURNING id)
         INSERT INTO alert_outbox (pick_id, user_id, channel, kind, state, sent_at, created_at)
         SELECT id, $1, 'inapp', 'alert', 'sent', now(), now() FROM picks`,
        [member.id, fixture.id, content],
      );
    } finally {
      await pool.end();
    }
    const ctx = await contextOf(member.token);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/`);
    const bell = page.getByRole("banner").getByRole("link", { name: "Notifications: 182 unread notifications" });
    await expect.poll(() => bell.count()).toBe(1);
    expect(await bell.getByTestId("unread-badge").textContent()).toBe("99+");
    await screenshots(page, baseUrl, "ux-bell");
    // On a phone the menu button carries the count and the drawer's link says it.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(
      await page
        .getByRole("banner")
        .getByRole("button", { name: "Menu", exact: true })
        .getByTestId("unread-badge")
        .textContent(),
    ).toBe("99+");
    await page.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
    const drawerLink = page.getByRole("dialog").getByRole("link", { name: "Notifications: 182 unread notifications" });
    await expect.poll(() => drawerLink.count()).toBe(1);
    await page.screenshot({ path: "test-results/ux-bell-drawer-375.png" });
    await drawerLink.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/user/notifications");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(() => page.getByText("0 unread notifications").count()).toBe(1);
    await expect.poll(() => page.getByRole("banner").getByTestId("unread-badge").count()).toBe(0);
    expect(await page.getByRole("banner").getByRole("link", { name: "Notifications", exact: true }).count()).toBe(1);

    // In German, the count is said in German.
    const pool2 = new pg.Pool({ connectionString: (await runningEmbeddedUrl(".data/e2e"))!, max: 1 });
    try {
      await pool2.query(
        "UPDATE alert_outbox SET read_at = NULL WHERE user_id = $1 AND id IN (SELECT id FROM alert_outbox WHERE user_id = $1 LIMIT 7)",
        [member.id],
      );
    } finally {
      await pool2.end();
    }
    await page.goto(`${baseUrl}/de`);
    const german = page
      .getByRole("banner")
      .getByRole("link", { name: "Benachrichtigungen: 7 ungelesene Benachrichtigungen" });
    await expect.poll(() => german.count()).toBe(1);
    expect(await german.getByTestId("unread-badge").textContent()).toBe("7");
    expect(errors).toEqual([]);
    await ctx.close();
  }, 400_000);

  it("says the free limit at the top of the new-filter form, with a Go Premium link, and the server still refuses", async () => {
    const free = await signedInAccount(baseUrl, "Lina", false);
    const ctx = await contextOf(free.token);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    for (const [kind, newFilter, message] of [
      ["prematch", prematchPaths("en").newFilter, "You have reached your limit of 1 free Pre Match Filter."],
      ["live", livescanPaths("en").newFilter, "You have reached your limit of 1 free Live Filter."],
    ] as const) {
      await page.goto(`${baseUrl}${newFilter}`);
      await page.locator("h1").first().waitFor();
      expect(await page.getByTestId("filter-limit").count()).toBe(0);
      const created = await api(kind === "live" ? "/live-filters" : "/prematch/filters", free.token, { name: "Mine" });
      expect(created.status).toBe(200);
      await page.reload();
      const notice = page.getByTestId("filter-limit");
      await expect.poll(() => notice.count()).toBe(1);
      expect(await notice.textContent()).toContain(message);
      expect(await notice.getByRole("link", { name: "Go Premium" }).getAttribute("href")).toBe(
        "/vip/football-betting-tools",
      );
      // Above the form: before its first field.
      const noticeTop = (await notice.boundingBox())!.y;
      const nameTop = (await page.getByLabel("Name").boundingBox())!.y;
      expect(noticeTop).toBeLessThan(nameTop);
      if (kind === "prematch") await screenshots(page, baseUrl, "ux-filter-limit");
      // The server still refuses a second filter.
      await page.getByLabel("Name").fill("Second");
      await page.getByRole("button", { name: "Create filter" }).click();
      await expect.poll(() => page.getByRole("alert").filter({ hasText: message }).count()).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe(newFilter);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  }, 400_000);

  it("shows the Bet of the Day's finished picks with score and result, the next day and a track record", async () => {
    // Past days' predictions come after the upcoming ones in the back-fill: wait for it to finish.
    const deadline = Date.now() + 8 * 60_000;
    // A busy server may drop a connection now and then: ask again.
    const phase = async () =>
      fetch(`${baseUrl}/api/v1/health`)
        .then(async (r) => ((await r.json()) as { predictions: { phase: string } | null }).predictions?.phase)
        .catch(() => undefined);
    while ((await phase()) !== "done") {
      if (Date.now() > deadline) throw new Error("the predictions' back-fill did not finish in time");
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    // The latest day before the site's today whose bets are all finished.
    const today = (await api("/bets/daily?timeZone=UTC", null)).body.data.date as string;
    type Pick = { fixtureId: number; kind: number; outcome: string };
    type Answer = {
      double: Pick[];
      risk: Pick | null;
      fixtures: Array<{
        id: number;
        status: string;
        predictions: { picks: Array<{ kind: number; outcome: string; won?: boolean | null }> } | null;
      }>;
    };
    /** A pick's result, read from its fixture's judged picks. */
    const wonOf = (answer: Answer, p: Pick) =>
      answer.fixtures
        .find((f) => f.id === p.fixtureId)
        ?.predictions?.picks.find((q) => q.kind === p.kind && q.outcome === p.outcome)?.won;
    const dateBack = (back: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
    const answers: Answer[] = [];
    for (let back = 0; back < 21; back++)
      answers.push((await api(`/bets/daily?timeZone=UTC&date=${dateBack(back)}`, null)).body.data as unknown as Answer);
    const hasBets = (answer: Answer) => answer.double.length > 0 || answer.risk !== null;
    const settled = (answer: Answer) =>
      answer.double.length === 2 && answer.fixtures.every((f) => f.status === "finished");
    // The latest day whose bets are all finished and whose next day has bets of its own; and one whose next has none.
    const back = answers.findIndex((answer, i) => i > 0 && settled(answer) && hasBets(answers[i - 1]!));
    const bare = answers.findIndex((answer, i) => i > 0 && settled(answer) && !hasBets(answers[i - 1]!));
    const day = back > 0 ? dateBack(back) : "";
    const results =
      back > 0
        ? [...answers[back]!.double, ...(answers[back]!.risk ? [answers[back]!.risk!] : [])].map((p) =>
            wonOf(answers[back]!, p),
          )
        : [];
    expect(day).not.toBe("");
    const ctx = await contextOf(null);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/daily-bets-football?date=${day}`);
    await expect.poll(() => page.getByTestId("final-score").count()).toBe(results.length);
    for (const score of await page.getByTestId("final-score").allTextContents()) expect(score).toMatch(/\d+–\d+$/);
    expect(await page.locator("[data-result=won]").count()).toBe(results.filter((won) => won === true).length);
    expect(await page.locator("[data-result=lost]").count()).toBe(results.filter((won) => won === false).length);
    // The next day has its own bets: the link goes there.
    const nextDay = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const next = page.getByRole("link", { name: /^Bet of the Day for / });
    expect(await next.count()).toBe(1);
    expect(await next.getAttribute("href")).toBe(`/daily-bets-football?date=${nextDay}`);
    // The track record: the double and the risk pick, with bets, won, hit rate and ROI.
    const record = page.getByRole("region", { name: "Track record, last 30 days" });
    await expect.poll(() => record.getByRole("row").count()).toBe(3);
    const double = await record
      .getByRole("row", { name: /Daily double/ })
      .getByRole("cell")
      .allTextContents();
    expect(Number(double[0])).toBeGreaterThan(0);
    expect(Number(double[1])).toBeLessThanOrEqual(Number(double[0]));
    expect(double[2]).toMatch(/%/);
    expect(double[3]).toMatch(/^[+−-]?\d+\.\d%$|^0\.0%$/);
    await screenshots(page, baseUrl, "ux-bet-of-the-day");
    await next.click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?date=${nextDay}`);
    // A day whose next day has no bet links nowhere.
    if (bare > 0) {
      await page.goto(`${baseUrl}/daily-bets-football?date=${dateBack(bare)}`);
      await page.getByRole("region", { name: "Track record, last 30 days" }).waitFor();
      expect(await page.getByRole("link", { name: /^Bet of the Day for / }).count()).toBe(0);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  }, 600_000);
});
