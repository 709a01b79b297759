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

describe("alerts", () => {
  it("links Telegram through the dev page, changes the alert settings, and lists notifications", async () => {
    const token = await premiumSessionToken(baseUrl, "Alma");
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: "en-GB",
      extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
    });
    await context.addCookies([{ name: "pl_session", value: token, url: baseUrl }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    await page.goto(`${baseUrl}/vip/live-scanner/alert-settings`);
    await expect.poll(() => page.getByRole("heading", { name: "Alert settings", level: 1 }).count()).toBe(1);
    await expect.poll(() => page.getByTestId("telegram-status").textContent()).toBe("Not linked");
    await screenshots(page, baseUrl, "alert-settings");

    // The deep link opens the offline Telegram, which plays the user's /start.
    await page.getByRole("link", { name: "Link Telegram" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/dev/telegram");
    await page.getByLabel(/Telegram username/).fill("alma_fan");
    await page.getByRole("button", { name: "Send /start" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Chat linked");
    await expect.poll(() => page.getByText("Linked: your live scanner alerts will arrive here.").count()).toBe(1);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/vip/live-scanner/alert-settings`);
    await expect.poll(() => page.getByTestId("telegram-status").textContent()).toBe("Linked to @alma_fan");
    await expect.poll(() => page.getByLabel("Send my alerts to Telegram").isChecked()).toBe(true);

    // Figures: corners off, saved and kept.
    const corners = page.getByLabel("Corners", { exact: true });
    expect(await corners.isChecked()).toBe(true);
    await corners.uncheck();
    await page.getByRole("button", { name: "Save settings" }).last().click();
    await expect.poll(() => page.getByText("Settings saved.").count()).toBe(1);
    await page.reload();
    expect(await page.getByLabel("Corners", { exact: true }).isChecked()).toBe(false);
    const settings = await fetch(`${baseUrl}/api/v1/users/filternotificationsettings?type=live`, {
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": freshAddress() },
    });
    expect(((await settings.json()) as { data: { corners: boolean; roi: boolean } }).data).toMatchObject({
      corners: false,
      roi: true,
    });

    // The pre-match scanner has its own settings, without live statistics.
    await page.goto(`${baseUrl}/vip/pre-match-scanner-for-football/alert-settings`);
    await expect.poll(() => page.getByRole("heading", { name: "Alert settings", level: 1 }).count()).toBe(1);
    expect(await page.getByRole("link", { name: /Pre-match scanner/ }).count()).toBeGreaterThan(0);
    expect(await page.getByLabel("Corners", { exact: true }).count()).toBe(0);
    // The English address under /de answers with a 301 to the German one.
    await page.goto(`${baseUrl}/de/vip/live-scanner/alert-settings`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/de/vip/echtzeit-scanner/alarm-einstellungen");
    await expect.poll(() => page.getByRole("heading", { name: "Alarm-Einstellungen", level: 1 }).count()).toBe(1);

    // An alert of the user's (written where a scanner would write it), in the notifications list.
    const url = await runningEmbeddedUrl(".data/e2e");
    const pool = new pg.Pool({ connectionString: url!, max: 1 });
    try {
      const me = (await (
        await fetch(`${baseUrl}/api/v1/users/me`, {
          headers: { authorization: `Bearer ${token}`, "x-forwarded-for": freshAddress() },
        })
      ).json()) as { data: { id: number } };
      const fixture = (
        await pool.query(
          "SELECT f.id, h.name AS home, a.name AS away, f.kickoff FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id ORDER BY f.kickoff DESC LIMIT 1",
        )
      ).rows[0];
      const content = {
        home: fixture.home,
        away: fixture.away,
        kickoff: fixture.kickoff.toISOString(),
        minute: 64,
        score: { home: 0, away: 0 },
        stats: { corners: { home: 9, away: 2 }, dangerousAttacks: { home: 51, away: 18 } },
      };
      const pick = await pool.query(
        "INSERT INTO alert_picks (source, filter_id, fixture_id, user_id, filter_name, outcome, odds, content, delivery, created_at) VALUES ('live', $1, $2, $3, 'Second-half pressure', 'home', 2.35, $4, 'sent', now()) RETURNING id",
        [900000 + me.data.id, fixture.id, me.data.id, JSON.stringify(content)],
      );
      await pool.query(
        "INSERT INTO alert_outbox (pick_id, user_id, channel, kind, state, sent_at, created_at) VALUES ($1, $2, 'inapp', 'alert', 'sent', now(), now())",
        [pick.rows[0].id, me.data.id],
      );
    } finally {
      await pool.end();
    }
    await page.goto(`${baseUrl}/`);
    await page.getByRole("link", { name: "Notifications" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/user/notifications");
    await expect.poll(() => page.getByRole("heading", { name: "Live scanner: Second-half pressure" }).count()).toBe(1);
    await expect.poll(() => page.getByText("1 unread notification").count()).toBe(1);
    // Corners are off in the settings; dangerous attacks are on.
    expect(await page.getByText(/Corners 9–2/).count()).toBe(0);
    expect(await page.getByText(/Dangerous attacks 51–18/).count()).toBe(1);
    await screenshots(page, baseUrl, "notifications");
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(() => page.getByText("0 unread notifications").count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
