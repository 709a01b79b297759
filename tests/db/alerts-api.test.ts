import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { createPushSender } from "../../src/data/push/sender.ts";
import { loadVapidKeys } from "../../src/data/push/vapid.ts";
import { readOfflineStore } from "../../src/data/telegram/offline.ts";
import { createTelegram } from "../../src/data/telegram/index.ts";
import { createApi } from "../../src/server/api/app.ts";
import { createTelegramDevPage } from "../../src/server/telegram-dev.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { hashToken, newToken } from "../../src/services/tokens.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { fakeBrowser, startPushService } from "../support/push-service.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
let devPage: ReturnType<typeof createTelegramDevPage>;
const storeDir = mkdtempSync(path.join(tmpdir(), "pitchlab-telegram-"));
const clock = fixedClock("2025-08-16T13:30:00Z");
let fixtureId = 0;

const call = (method: string, url: string, token?: string, body?: unknown) =>
  api.request(url, {
    method,
    headers: {
      "content-type": "application/json",
      "x-test-client-ip": "10.9.0.1",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function signedIn(language = "en", timezone = "Europe/Athens"): Promise<{ id: number; token: string }> {
  const { rows } = await db.pool.query(
    "INSERT INTO users (email, first_name, language_code, timezone, newsletter_key, email_verified_at) VALUES ($1, 'Fan', $2, $3, 'k', now()) RETURNING id",
    [`api${Math.random()}@example.com`, language, timezone],
  );
  const token = newToken();
  await db.pool.query(
    "INSERT INTO sessions (token_hash, user_id, remember_me, expires_at) VALUES ($1, $2, false, $3)",
    [hashToken(token), rows[0].id, new Date("2030-01-01T00:00:00Z")],
  );
  return { id: rows[0].id, token };
}

const alert = (userId: number, filterId: number, odds = 2.4) =>
  services.alerts.recordPick({
    source: "live",
    filterId,
    fixtureId,
    userId,
    filterName: "Corner storm",
    outcome: "home",
    odds,
    content: {
      home: "Brighton",
      away: "Fulham",
      league: "Premier League",
      country: "England",
      kickoff: "2025-08-16T13:00:00.000Z",
      minute: 30,
      score: { home: 0, away: 0 },
      stats: { corners: { home: 6, away: 1 }, attacks: { home: 50, away: 20 } },
    },
  });

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    source("E0.csv", [MAIN_HEADER, mainRow("16/08/2025", "14:00", "Brighton", "Fulham", "2-1", "1-0")]),
  );
  fixtureId = (await db.pool.query("SELECT id FROM fixtures LIMIT 1")).rows[0].id;
  const telegram = createTelegram({ tokens: {}, offlineDir: storeDir });
  services = createServices(
    { pool: db.pool, clock, telegram, publicUrl: "http://pitchlab.test" },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
  devPage = createTelegramDevPage(storeDir, services);
});
afterAll(async () => {
  await db?.drop();
});

describe("alerts API with the offline Telegram", () => {
  it("gives deep links, links the chat on the dev page's /start, and delivers into the offline store", async () => {
    const user = await signedIn("el");
    const state = await call("GET", "/alerts/telegram", user.token);
    expect(state.status).toBe(200);
    const body = (await state.json()) as {
      data: { mode: string; bots: Array<{ bot: string; link: string; linked: boolean }> };
    };
    expect(body.data.mode).toBe("offline");
    const live = body.data.bots.find((b) => b.bot === "live")!;
    expect(live.linked).toBe(false);
    expect(live.link).toMatch(/^https:\/\/t\.me\/pitchlab_live_bot\?start=[\w-]{43}$/);

    const form = new URLSearchParams({ bot: "live", start: live.link, chatId: "123456789", username: "greek_fan" });
    const started = await devPage.request("/start", {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toContain("result=linked");
    // The bot replied in Greek; the link was used up.
    expect((await readOfflineStore(storeDir))[0]).toMatchObject({
      bot: "live",
      chatId: 123456789,
      method: "sendMessage",
      text: expect.stringContaining("Συνδέθηκε"),
    });
    const again = await devPage.request("/start", {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(again.headers.get("location")).toContain("result=invalid");

    const after = (await (await call("GET", "/alerts/telegram", user.token)).json()) as {
      data: { bots: Array<{ bot: string; linked: boolean; username: string }> };
    };
    expect(after.data.bots.find((b) => b.bot === "live")).toMatchObject({ linked: true, username: "greek_fan" });

    await alert(user.id, 1);
    expect((await services.alerts.deliver()).sent).toBe(1);
    const message = (await readOfflineStore(storeDir))[0]!;
    expect(message).toMatchObject({ method: "sendMessage", chatId: 123456789, html: true });
    expect(message.text).toContain("Κόρνερ 6–1");
    // Athens is UTC+3 in August: kick-off 16:00.
    expect(message.text).toContain("4:00");
    const page = await (await devPage.request("/?chat=123456789")).text();
    expect(page).toContain("Corner storm");

    // The figures a message shows follow the user's settings (SPEC §3).
    expect(
      (
        await call("PUT", "/users/filternotificationsettings", user.token, {
          type: "live",
          corners: false,
          picks: false,
        })
      ).status,
    ).toBe(200);
    await alert(user.id, 2);
    await services.alerts.deliver();
    const second = (await readOfflineStore(storeDir))[0]!;
    expect(second.text).not.toContain("Κόρνερ");
    expect(second.text).toContain("Επιθέσεις 50–20");

    expect((await call("DELETE", "/alerts/telegram/live", user.token)).status).toBe(200);
    expect((await call("DELETE", "/alerts/telegram/whatsapp", user.token)).status).toBe(400);
  });

  it("lists in-app notifications and marks them read", async () => {
    const user = await signedIn();
    await alert(user.id, 10);
    await alert(user.id, 11);
    const list = (await (await call("GET", "/alerts/notifications?limit=10", user.token)).json()) as {
      data: {
        unread: number;
        items: Array<{ id: number; title: string; lines: string[]; url: string; status: string }>;
      };
    };
    expect(list.data.unread).toBe(2);
    expect(list.data.items[0]).toMatchObject({ title: "Live scanner: Corner storm", status: "pending" });
    expect(list.data.items[0]!.url).toMatch(/^\/matches\/predictions\/brighton-fulham_\d+$/);
    const one = await call("POST", "/alerts/notifications/read", user.token, { id: list.data.items[0]!.id });
    expect(((await one.json()) as { data: { unread: number } }).data.unread).toBe(1);
    const all = await call("POST", "/alerts/notifications/read", user.token, {});
    expect(((await all.json()) as { data: { unread: number } }).data.unread).toBe(0);
    expect((await call("GET", "/alerts/notifications?limit=0", user.token)).status).toBe(400);
    expect((await call("POST", "/alerts/notifications/read", user.token, { id: "x" })).status).toBe(400);
    expect((await call("GET", "/alerts/notifications")).status).toBe(401);
  });

  it("builds the day's Excel, downloadable and sent at the user's midnight, once", async () => {
    clock.set("2025-08-16T13:30:00Z");
    const user = await signedIn("en", "America/New_York");
    const { id } = user;
    const chatStart = (await services.alerts.telegram.links({ id })).find((l) => l.bot === "live")!.link!;
    await services.alerts.telegram.receiveStart({
      bot: "live",
      chatId: 555,
      username: null,
      payload: new URL(chatStart).searchParams.get("start")!,
    });
    await alert(id, 20, 2.4);
    await alert(id, 21, 1.8);
    clock.set("2025-08-16T16:00:00Z");
    await services.alerts.grade();

    const response = await call("GET", "/alerts/report?day=2025-08-16", user.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Alerts")!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe("Time (America/New_York)");
    expect(sheet.getRow(1).getCell(9).value).toBe("Odd");
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    // 13:30 UTC is 09:30 in New York: a date cell on the member's clock
    expect((sheet.getRow(2).getCell(1).value as Date).toISOString()).toBe("2025-08-16T09:30:00.000Z");
    expect(sheet.getRow(2).getCell(1).numFmt).toBe("dd/mm/yyyy hh:mm");
    // the league with its country, the minute and score when the live filter matched
    expect(sheet.getRow(2).getCell(5).value).toBe("England · Premier League");
    expect(sheet.getRow(2).getCell(6).value).toBe(30);
    expect(sheet.getRow(2).getCell(7).value).toBe("0–0");
    expect(sheet.getRow(2).getCell(3).value).toBe("Corner storm");
    expect(sheet.getRow(2).getCell(4).value).toBe("Brighton – Fulham");
    expect(sheet.getRow(2).getCell(9).value).toBe(2.4);
    expect(sheet.getRow(2).getCell(9).numFmt).toBe("0.00");
    expect(sheet.getRow(3).getCell(9).value).toBe(1.8);
    // Brighton won 2-1: the home pick won.
    expect(sheet.getRow(2).getCell(10).value).toBe("won");
    expect((await call("GET", "/alerts/report?day=2025-13-45", user.token)).status).toBe(400);
    expect((await call("GET", "/alerts/report?day=yesterday", user.token)).status).toBe(400);

    // Before midnight in New York nothing goes; after it, the document once.
    clock.set("2025-08-17T03:30:00Z");
    expect((await services.alerts.sendDailyReports()).sent).toBe(0);
    clock.set("2025-08-17T04:10:00Z");
    expect((await services.alerts.sendDailyReports()).sent).toBe(1);
    expect((await services.alerts.sendDailyReports()).sent).toBe(0);
    const doc = (await readOfflineStore(storeDir)).find((e) => e.method === "sendDocument" && e.chatId === 555)!;
    expect(doc.document).toMatchObject({ name: "pitchlab-alerts-2025-08-16.xlsx" });
    const file = await devPage.request(`/file/${doc.document!.file}`);
    const sent = new ExcelJS.Workbook();
    await sent.xlsx.load(await file.arrayBuffer());
    expect(sent.getWorksheet("Alerts")!.rowCount).toBe(3);
  });
});

describe("Web Push for users without Telegram", () => {
  it("queues the alert in the shared push outbox and the push delivery sends it once", async () => {
    const pushService = await startPushService();
    try {
      const push = createPushSender({
        keys: await loadVapidKeys(db.pool),
        subject: "mailto:ops@pitchlab.test",
        allowHttpEndpoints: true,
      });
      const withPush = createServices(
        { pool: db.pool, clock, push, publicUrl: "http://pitchlab.test" },
        { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
      );
      const user = await signedIn("fr");
      const browser = fakeBrowser(`${pushService.origin}/fan`);
      await withPush.matchNotifications.subscribe({ id: user.id } as never, browser.subscription);
      await withPush.alerts.recordPick({
        source: "prematch",
        filterId: 77,
        fixtureId,
        userId: user.id,
        filterName: "Home favourites",
        outcome: "favorite_wins",
        favourite: "home",
        odds: 1.75,
        content: {
          home: "Brighton",
          away: "Fulham",
          kickoff: "2025-08-16T13:00:00.000Z",
          odds1x2: { home: 1.75, draw: 3.8, away: 4.6 },
        },
      });
      await withPush.matchNotifications.deliver();
      await withPush.matchNotifications.deliver();
      const received = pushService
        .received("/fan")
        .map((p) => browser.decrypt<{ title: string; body: string; url: string }>(p));
      expect(received).toHaveLength(1);
      expect(received[0]!.title).toBe("Scanner d'avant-match: Home favourites");
      expect(received[0]!.body).toContain("le favori gagne");
      expect(received[0]!.body).toContain("1X2 avant-match : 1,75 / 3,80 / 4,60");
      expect(received[0]!.url).toMatch(/^\/fr\//);
    } finally {
      await pushService.close();
    }
  });
});
