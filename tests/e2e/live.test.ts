import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { siteNow } from "../support/site-clock.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => browser?.close());

async function openPage(
  path: string,
  width = 1280,
  colorScheme: "light" | "dark" = "light",
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: "Europe/London",
    locale: "en-GB",
    colorScheme,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${baseUrl}${path}`);
  return { page, errors };
}

type Fixture = { id: number; status: string; score: { home: number; away: number } | null };
type LiveBody = {
  data: { state: { status: string; homeScore: number; awayScore: number; home: Record<string, number | null> } };
};

/** Fixtures of the last and next days, as the site sees them now (whatever the hour). */
async function fixturesAround(): Promise<Fixture[]> {
  const now = siteNow();
  const from = new Date(now - 3 * 86_400_000).toISOString();
  const to = new Date(now + 3 * 86_400_000).toISOString();
  return ((await (await fetch(`${baseUrl}/api/v1/fixtures/web?from=${from}&to=${to}`)).json()) as { data: Fixture[] })
    .data;
}

describe("live match data", () => {
  it("the live-scores page is linked from the header, lists what the API lists, and opens a match's counters", async () => {
    const { page, errors } = await openPage("/");
    await page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Live scores" }).click();
    await page.waitForURL(/\/livescores$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Live scores");
    const api = ((await (await fetch(`${baseUrl}/api/v1/fixtures/livescores`)).json()) as { data: unknown[] }).data;
    const rows = page.locator("main li[data-fixture-id]");
    if (api.length === 0) {
      await expect.poll(() => page.textContent("main")).toContain("No match is being played right now.");
    } else {
      // A match may start or end between the two reads.
      expect(Math.abs((await rows.count()) - api.length)).toBeLessThanOrEqual(3);
      await rows.first().locator("summary").click();
      await expect.poll(() => rows.first().locator("table tr[data-counter]").count()).toBe(12);
    }
    await page.screenshot({ path: "test-results/livescores-desktop.png" });
    expect(errors).toEqual([]);
  });

  it("has a translated address per locale", async () => {
    const { page } = await openPage("/de/live-ergebnisse", 375, "dark");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Live-Ergebnisse");
    await page.screenshot({ path: "test-results/livescores-de-mobile-dark.png" });
  });

  it("a finished match's Live tab shows the file's totals and replays any minute", async () => {
    const finished = (await fixturesAround()).find((f) => f.status === "finished");
    expect(finished).toBeDefined();
    const id = finished!.id;
    const whole = (await (await fetch(`${baseUrl}/api/v1/fixtures/${id}/live`)).json()) as LiveBody;
    expect(whole.data.state).toMatchObject({
      status: "finished",
      homeScore: finished!.score!.home,
      awayScore: finished!.score!.away,
    });
    const { page, errors } = await openPage(`/matches/predictions/m_${id}?tab=live`, 375);
    const panel = page.locator("[data-live-status]");
    await panel.waitFor();
    expect(await panel.getAttribute("data-live-status")).toBe("finished");
    const shots = whole.data.state.home.shots;
    const shotsCell = panel.locator('tr[data-counter="shots"] td').first();
    expect((await shotsCell.textContent())?.trim()).toBe(shots === null ? "–" : String(shots));

    const half = (await (
      await fetch(`${baseUrl}/api/v1/fixtures/${id}/live?second=${30 * 60 - 1}`)
    ).json()) as LiveBody;
    const slider = page.getByRole("slider");
    await slider.focus();
    await page.keyboard.press("Home");
    for (let i = 1; i < 30; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.locator("label[for=live-replay]").textContent()).toContain("Match minute 30");
    await expect
      .poll(() => panel.locator('[role="status"] span').first().textContent(), { timeout: 10_000 })
      .toBe(`${half.data.state.homeScore} – ${half.data.state.awayScore}`);
    await expect.poll(() => panel.locator('[role="status"]').textContent()).toContain("30'");
    await page.screenshot({ path: "test-results/live-tab-replay-mobile.png", fullPage: true });
    expect(errors).toEqual([]);
  });

  it("an upcoming match has no live figures anywhere", async () => {
    const upcoming = (await fixturesAround()).find((f) => f.status === "upcoming");
    expect(upcoming).toBeDefined();
    const response = await fetch(`${baseUrl}/api/v1/fixtures/${upcoming!.id}/live`);
    expect(response.status).toBe(404);
    expect((await fetch(`${baseUrl}/api/v1/fixtures/odds/playables/inplay/${upcoming!.id}`)).status).toBe(404);
    const { page } = await openPage(`/matches/predictions/m_${upcoming!.id}?tab=live`);
    await expect.poll(() => page.textContent("main")).toContain("The match has not kicked off yet");
  });

  it("has no serious or critical axe violation on the live pages, light on a phone and dark on a desktop", {
    timeout: 400_000,
  }, async () => {
    const finished = (await fixturesAround()).find((f) => f.status === "finished")!;
    const found: string[] = [];
    for (const [theme, width] of [
      ["light", 375],
      ["dark", 1280],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addCookies([
        { name: "theme", value: theme, url: baseUrl },
        { name: "cookie_consent", value: "1", url: baseUrl },
      ]);
      const page = await context.newPage();
      for (const path of ["/livescores", "/de/live-ergebnisse", `/matches/predictions/m_${finished.id}?tab=live`]) {
        await page.goto(`${baseUrl}${path}`, { waitUntil: "domcontentloaded", timeout: 90_000 });
        const summary = page.locator("main summary").first();
        if (await summary.count()) await summary.click();
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
          found.push(
            `${theme} ${width}px ${path}: ${v.id} at ${v.nodes
              .slice(0, 2)
              .map((n) => n.target.join(" "))
              .join(" | ")}`,
          );
        }
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
