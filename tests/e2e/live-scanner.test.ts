import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupClock, sharedReplayOffset } from "../../src/data/clock.ts";
import { parseReplayOffset } from "../../src/domain/replay/offset.ts";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, screenshots, signedInAccount } from "../support/e2e-session.ts";
import { type ReplayedSite, startReplayedSite, until } from "../support/replayed-site.ts";
import { startBotApi } from "../support/telegram-api.ts";

/**
 * The live scanner as members use it: a premium member builds a filter of three rules in the rule builder and
 * sees it alert on a live replayed match (picks, the history page, the in-app notifications and the Telegram
 * message); another member finds it in explore and imports it, a free member is told to go premium.
 *
 * The alert needs matches being played, so the test runs a site of its own (tests/support/replayed-site.ts: the
 * five English divisions of 2025-26, one web and one worker process) whose clock is driven to a Saturday at 15:10
 * UK time in winter (a fixed date, so British Summer Time on the day of the run cannot move the kick-offs): the
 * 15:00 kick-offs are in their tenth minute when it starts, with the rest of the first half ahead. Nothing here
 * depends on when the suite runs.
 */
const FILES = ["E0", "E1", "E2", "E3", "EC"].map((league) => `datasets/football-data/2025-2026/${league}.csv.gz`);
const REPLAY_AT = "2026-11-28T15:10:00Z";
let offsetMs = 0;
const TOKEN = "7000002:live-scanner-e2e";
const CHAT_ID = 81_000_001;
let site: ReplayedSite;
let botApi: Awaited<ReturnType<typeof startBotApi>>;
let baseUrl = "";
let browser: Browser;
const NAME = `Live pressure ${Date.now().toString(36)}`;
let filterPath = "";
let filterId = 0;
let ownerToken = "";
let league = "";

type LiveScore = {
  fixture: { id: number; league: { id: number; name: string } };
  state: { status: string; minute: number | null };
};

async function liveMatches(): Promise<LiveScore[]> {
  const body = (await (await fetch(`${baseUrl}/api/v1/fixtures/livescores`)).json()) as { data: LiveScore[] };
  // A match in its first minutes may not pass "minute > 1" yet; one near its end may finish before the scanner looks.
  return body.data.filter(
    (m) => m.state.status !== "finished" && (m.state.minute ?? 0) >= 3 && (m.state.minute ?? 0) <= 80,
  );
}

beforeAll(async () => {
  mkdirSync("test-results", { recursive: true });
  botApi = await startBotApi();
  site = await startReplayedSite({
    dataDir: ".data/e2e-live-scanner",
    preferredPort: 54389,
    databaseName: "live_scanner",
    files: FILES,
  });
  // The offset and the replay's shift are stored before the processes start, so that both run the same clock.
  offsetMs = await sharedReplayOffset(site.database.pool, REPLAY_AT, true, parseReplayOffset);
  await setupClock(site.database.pool, { mode: "replay", offsetMs });
  const env = {
    REPLAY_OFFSET: REPLAY_AT,
    TRUST_PROXY: "true",
    DEV_TOOLS: "true",
    TELEGRAM_LIVE_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: botApi.apiRoot,
    LOG_LEVEL: "warn",
  };
  await Promise.all([site.start("worker", "worker", env), site.start("web", "web", env)]);
  baseUrl = site.processes.get("web")!.baseUrl;
  browser = await launchBrowser({ now: () => Date.now() + offsetMs });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await botApi?.close();
});

async function member(kind: "premium" | "free", firstName: string): Promise<BrowserContext> {
  return contextOf(
    (
      await signedInAccount(baseUrl, firstName, kind === "premium", {
        databaseUrl: site.url,
        now: new Date(Date.now() + offsetMs),
      })
    ).token,
  );
}

async function contextOf(token: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: "Europe/London",
    locale: "en-GB",
    extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
  });
  await ctx.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
  return ctx;
}

/** The page's scripts ran: choices made before hydration would be reset by it (the builder's selects depend on each other). */
async function hydrated(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() =>
    Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
  );
}

async function addRule(page: Page, fill: () => Promise<void>, count: number) {
  await hydrated(page);
  await fill();
  await page.getByRole("button", { name: "Add a rule" }).click();
  await expect.poll(() => page.locator("main ol li").count()).toBe(count);
}

describe("live scanner", () => {
  it("a premium member creates a filter with three rules in the rule builder", async () => {
    // The replayed Saturday's 15:00 kick-offs: the worker's ticker has them live within moments of its start.
    const live = await until(
      "a match being played on the replayed Saturday",
      async () => {
        const matches = await liveMatches();
        return matches.length > 0 && matches;
      },
      60_000,
      1000,
      () => site.logs(),
    );
    league = live[0]!.fixture.league.name;
    // The owner gets the alert in the app and through the live bot (a stand-in of the Telegram Bot API).
    const owner = await signedInAccount(baseUrl, "Lena", true, {
      databaseUrl: site.url,
      now: new Date(Date.now() + offsetMs),
    });
    ownerToken = owner.token;
    await site.database.pool.query("UPDATE users SET telegram_notifications_enabled = true WHERE id = $1", [owner.id]);
    await site.database.pool.query(
      "INSERT INTO telegram_chats (user_id, bot, chat_id, linked_at) VALUES ($1, 'live', $2, now())",
      [owner.id, CHAT_ID],
    );
    const ctx = await contextOf(ownerToken);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/vip/football-live-scanner`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Live scanner");
    await page.getByRole("link", { name: "New live filter" }).first().click();
    await page.waitForURL(/\/vip\/live-scanner\/new-filter$/);
    await page.getByLabel("Name").fill(NAME);
    await page.getByLabel("Desired outcome").selectOption("home");
    // Only the league of a match being played now.
    await page.getByText("Leagues:").click();
    await page.locator(`input[name=leagueIds][value="${live[0]!.fixture.league.id}"]`).check();
    await page.getByRole("button", { name: "Create filter" }).click();
    await page.waitForURL(/\/rules\/new-rule$/);
    filterId = Number(/live-scanner\/(\d+)\//.exec(page.url())![1]);

    // 1: the minute after 1
    await addRule(
      page,
      async () => {
        await page.locator("select[name=category]").selectOption("time");
        await page.locator("select[name=stat]").selectOption("minute");
        await page.locator("select[name=comparator]").selectOption("GreaterThan");
        await page.locator("input[name=value]").fill("1");
      },
      1,
    );
    // 2: total shots of the match at least 0
    await addRule(
      page,
      async () => {
        await page.locator("select[name=category]").selectOption("liveStats");
        await page.locator("select[name=stat]").selectOption("total.shots");
        await page.locator("select[name=comparator]").selectOption("GreaterEqualThan");
        await page.locator("input[name=value]").fill("0");
      },
      2,
    );
    // 3: the home side's dangerous attacks at least 0, after minute 1 (a time condition)
    await addRule(
      page,
      async () => {
        await page.locator("select[name=category]").selectOption("liveStats");
        await page.locator("select[name=stat]").selectOption("dangerousAttacks");
        await page.locator("select[name=target]").selectOption("Home");
        await page.locator("select[name=comparator]").selectOption("GreaterEqualThan");
        await page.locator("input[name=value]").fill("0");
        await page.locator("select[name=timeKind]").selectOption("AfterMinute");
        await page.locator("input[name=minute]").fill("1");
      },
      3,
    );
    await expect
      .poll(() => page.locator("main ol").textContent())
      .toContain("Dangerous attacks at least 0 · After minute 1'");
    // Built without rules, the filter waits inactive until its owner activates it.
    await expect.poll(() => page.getByText("This filter is inactive: it alerts nothing.").count()).toBe(1);
    await screenshots(page, baseUrl, "live-scanner-rule-builder");
    const a11y = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(a11y.violations.map((v) => v.id)).toEqual([]);

    await page.getByRole("button", { name: "Activate" }).click();
    await page.waitForURL(new RegExp(`/vip/live-scanner/${filterId}$`));
    await expect.poll(() => page.getByText("This filter is inactive: it alerts nothing.").count()).toBe(0);
    filterPath = new URL(page.url()).pathname;
    await expect.poll(() => page.locator("h1").textContent()).toBe(NAME);
    await expect.poll(() => page.locator("main").textContent()).toContain("Rules (3)");
    await screenshots(page, baseUrl, "live-scanner-filter");
    await page.goto(`${baseUrl}/vip/football-live-scanner?tab=my-filters`);
    await expect.poll(() => page.locator("main").textContent()).toContain(NAME);
    await screenshots(page, baseUrl, "live-scanner-my-filters");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("alerts on a live replayed match: picks, the history page, the in-app notification and the Telegram message", {
    timeout: 12 * 60_000,
  }, async () => {
    // Pre-match parts of live rules read the feature store, built from our probabilities: on a fresh site the
    // scanner starts once the predictions' back-fill is done.
    const phase = async () =>
      ((await (await fetch(`${baseUrl}/api/v1/health`)).json()) as { predictions: { phase: string } | null })
        .predictions?.phase;
    await until(
      "the predictions' back-fill",
      async () => (await phase()) === "done",
      8 * 60_000,
      2000,
      () => site.logs(),
    );
    // Figures are public: anyone can read them through the API.
    const read = async () =>
      (
        (await (await fetch(`${baseUrl}/api/v1/live-filters/${filterId}`)).json()) as {
          data: { figures: { picks: number } };
        }
      ).data.figures.picks;
    // The scanner looks every second; the first tick after the filter's change reloads it.
    await expect.poll(read, { timeout: 120_000, interval: 1000 }).toBeGreaterThanOrEqual(1);

    const ctx = await member("premium", "Ugo");
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/vip/live-filters/${filterId}/history`);
    await expect.poll(() => page.locator("main table tbody tr").count()).toBeGreaterThanOrEqual(1);
    await screenshots(page, baseUrl, "live-scanner-history");
    expect(
      (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations.map((v) => v.id),
    ).toEqual([]);
    await ctx.close();

    // The owner's notifications list has the alert, and the live bot sent it to the owner's chat.
    const owner = await contextOf(ownerToken);
    const inbox = await owner.newPage();
    await inbox.goto(`${baseUrl}/user/notifications`);
    await expect.poll(() => inbox.locator("main article").count()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => inbox.locator("main").textContent()).toContain(NAME);
    await screenshots(inbox, baseUrl, "live-scanner-notifications");
    expect(
      (await new AxeBuilder({ page: inbox }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations.map((v) => v.id),
    ).toEqual([]);
    await owner.close();
    const message = await until(
      "the alert at the Telegram stand-in",
      async () => botApi.sent().find((c) => Number(c.params.chat_id) === CHAT_ID),
      60_000,
      500,
      () => site.logs(),
    );
    expect(String(message.params.text)).toContain(NAME);
    // The match is one of the filter's league, the only one it scans.
    expect(String(message.params.text)).toContain(league);
  });

  it("another member finds it in explore and imports it; a free member is asked to go premium", async () => {
    const ctx = await member("premium", "Omar");
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/vip/football-live-scanner?tab=explore`);
    await page.getByLabel("Search by name").fill(NAME);
    await page.getByLabel("Sort by").selectOption("createdAt");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/search=/);
    const card = page.locator("article", { hasText: NAME });
    await expect.poll(() => card.count()).toBe(1);
    await screenshots(page, baseUrl, "live-scanner-explore");
    await card.getByRole("button", { name: "Import" }).click();
    await page.waitForURL(/imported=1/);
    await expect.poll(() => page.locator("[role=status]").first().textContent()).toBe("Filter imported successfully.");
    await expect.poll(() => page.locator("main").textContent()).toContain("Rules (3)");
    expect(new URL(page.url()).pathname).not.toBe(filterPath);
    const original = (
      (await (await fetch(`${baseUrl}/api/v1/live-filters/${filterId}`)).json()) as {
        data: { figures: { subscribers: number } };
      }
    ).data;
    expect(original.figures.subscribers).toBe(1);
    await ctx.close();

    const free = await member("free", "Fay");
    const freePage = await free.newPage();
    await freePage.goto(`${baseUrl}${filterPath}`);
    await expect
      .poll(() => freePage.locator("main").textContent())
      .toContain("The rules and picks of other members' filters are for PREMIUM members.");
    await freePage.getByRole("button", { name: "Import" }).click();
    await expect
      .poll(() => freePage.locator("[role=alert]").first().textContent())
      .toBe("Go Premium to import this filter.");
    await free.close();
  });

  it("has translated pages: the description in German, dark, on a phone", async () => {
    const ctx = await browser.newContext({
      viewport: { width: 375, height: 900 },
      colorScheme: "dark",
      extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
    });
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/de/vip/echtzeit-filter-beschreibung`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Live-Filter: so funktionieren sie");
    await screenshots(page, baseUrl, "live-scanner-description-de");
    await page.goto(`${baseUrl}/de/vip/fussball-echtzeit-scanner?tab=explore`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Live-Scanner");
    await ctx.close();
  });
});
