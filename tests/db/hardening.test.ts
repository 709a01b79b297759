import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { createSandboxProvider } from "../../src/data/payments/sandbox.ts";
import { DEFAULT_PRICES } from "../../src/domain/premium/plans.ts";
import { isPagePath } from "../../src/server/affiliate-cookie.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { SANDBOX_CHECKOUT_PATH } from "../../src/services/payments.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
const clock = fixedClock("2025-08-16T12:00:00Z");
let n = 0;

async function account(email: string, affiliateId?: number) {
  const password = "correct horse battery";
  await services.accounts.register(
    { firstName: "Hal", lastName: "Den", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: `10.7.${Math.floor(++n / 250)}.${n % 250}`, affiliateId },
  );
  const { rows } = await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id", [
    email,
  ]);
  return { id: rows[0].id as number, email };
}

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    source("E0.csv", [MAIN_HEADER, mainRow("20/08/2025", "20:00", "Arsenal", "Chelsea", "2-1", "1-0")]),
  );
  services = createServices(
    {
      pool: db.pool,
      clock,
      publicUrl: "http://pitchlab.test",
      payments: {
        provider: createSandboxProvider({ secret: "whsec_test", checkoutPath: SANDBOX_CHECKOUT_PATH }),
        prices: DEFAULT_PRICES,
        bank: { beneficiary: "B", iban: "I", bic: "C", bank: "K" },
      },
    },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
});
afterAll(async () => db.drop());

const fixture = async () => (await db.pool.query("SELECT id FROM fixtures LIMIT 1")).rows[0].id as number;

describe("data version", () => {
  it("moves when the pipeline writes predictions, so cached pages and page data are refreshed", async () => {
    const before = services.dataVersion.current();
    const state = await services.pipeline.refresh();
    expect(state.written).toBeGreaterThan(0);
    expect(services.dataVersion.current()).not.toBe(before);
    const again = services.dataVersion.current();
    // nothing new written: the version stays
    expect((await services.pipeline.refresh()).written).toBe(0);
    expect(services.dataVersion.current()).toBe(again);
  });
});

describe("votes", () => {
  it("one vote per visitor and match even when the cookie is dropped; other addresses and accounts still vote", async () => {
    const id = await fixture();
    const ip = "198.51.100.1";
    expect(await services.community.vote(id, "cookie-aaaaaaaaaaaaaaaa", "1", { ip })).toMatchObject({ total: 1 });
    // the same visitor without its cookie, twice
    await expect(services.community.vote(id, "cookie-bbbbbbbbbbbbbbbb", "1", { ip })).rejects.toMatchObject({
      status: 409,
    });
    await expect(services.community.vote(id, "cookie-cccccccccccccccc", "2", { ip })).rejects.toMatchObject({
      status: 409,
    });
    expect((await services.community.votes(id, null)).total).toBe(1);
    expect(await services.community.vote(id, "cookie-dddddddddddddddd", "X", { ip: "198.51.100.2" })).toMatchObject({
      total: 2,
    });
    expect(await services.community.vote(id, "user:1", "2", { ip })).toMatchObject({ total: 3 });
    // a refused vote left no address behind: a fresh address that fails on the voter still can vote later
    await expect(
      services.community.vote(id, "cookie-dddddddddddddddd", "X", { ip: "198.51.100.3" }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await services.community.vote(id, "cookie-eeeeeeeeeeeeeeee", "1", { ip: "198.51.100.3" })).toMatchObject({
      total: 4,
    });
  });

  it("through the API: three posts from one address, with or without the cookie, count once", async () => {
    const id = await fixture();
    const api = createApi(services);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await api.request(`/fixtures/${id}/votes`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-test-client-ip": "198.51.100.9" },
        body: JSON.stringify({ choice: "1" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 409, 409]);
  });
});

describe("affiliate clicks", () => {
  it("count once per visitor and day, and only on pages", async () => {
    const partner = await account("partner@example.com");
    const clicks = async () =>
      (await db.pool.query("SELECT count(*)::int AS n FROM affiliate_clicks WHERE affiliate_id = $1", [partner.id]))
        .rows[0].n;
    for (let i = 0; i < 5; i++)
      expect(await services.affiliates.click(String(partner.id), "203.0.113.5")).toBe(partner.id);
    expect(await clicks()).toBe(1);
    await services.affiliates.click(String(partner.id), "203.0.113.6");
    expect(await clicks()).toBe(2);
    clock.set("2025-08-17T09:00:00Z");
    await services.affiliates.click(String(partner.id), "203.0.113.5");
    expect(await clicks()).toBe(3);
    clock.set("2025-08-16T12:00:00Z");
    expect(isPagePath("/")).toBe(true);
    expect(isPagePath("/de/ligen")).toBe(true);
    for (const path of [
      "/robots.txt",
      "/sitemap.xml",
      "/favicon.svg",
      "/assets/app.js",
      "/leagues.data",
      "/dev/mailbox",
      "/api/v1/health",
    ])
      expect(isPagePath(path), path).toBe(false);
  });
});

describe("receipts and transfers", () => {
  it("20 parallel sandbox payments get gap-free receipt numbers", async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => account(`buyer${i}@example.com`)));
    const sessions = await Promise.all(
      buyers.map(async (b) => ({
        b,
        s: await services.payments.startCheckout(b, await services.access.of(b), { plan: 1 }, "en"),
      })),
    );
    await Promise.all(sessions.map(({ b, s }) => services.payments.sandbox.pay(b, s.id)));
    const { rows } = await db.pool.query<{ receipt_number: string }>(
      "SELECT receipt_number FROM payments ORDER BY receipt_number",
    );
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.receipt_number)).toEqual(
      Array.from({ length: 20 }, (_, i) => `PL-2025-${String(i + 1).padStart(6, "0")}`),
    );
    // a repeated "Pay" (the same provider payment again) takes no number
    await services.payments.sandbox.pay(sessions[0]!.b, sessions[0]!.s.id);
    expect((await db.pool.query("SELECT count(*)::int AS n FROM payments")).rows[0].n).toBe(20);
    const next = await account("buyer20@example.com");
    await services.payments.sandbox.pay(
      next,
      (await services.payments.startCheckout(next, await services.access.of(next), { plan: 3 }, "en")).id,
    );
    expect(
      (await db.pool.query("SELECT receipt_number FROM payments WHERE user_id = $1", [next.id])).rows[0].receipt_number,
    ).toBe("PL-2025-000021");
  });

  it("one open transfer request per user and plan", async () => {
    const user = await account("transfer@example.com");
    const first = await services.payments.requestTransfer(user, 3);
    const again = await Promise.all([
      services.payments.requestTransfer(user, 3),
      services.payments.requestTransfer(user, 3),
    ]);
    expect(again.map((t) => t.id)).toEqual([first.id, first.id]);
    const other = await services.payments.requestTransfer(user, 12);
    expect(other.id).not.toBe(first.id);
    expect(
      (
        await db.pool.query(
          "SELECT count(*)::int AS n FROM transfer_requests WHERE user_id = $1 AND status = 'pending'",
          [user.id],
        )
      ).rows[0].n,
    ).toBe(2);
    await services.payments.confirmTransfer(first.id);
    expect((await services.payments.requestTransfer(user, 3)).id).not.toBe(first.id);
  });
});

describe("data export", () => {
  it("holds everything stored about the account", async () => {
    const partner = await account("exporter-partner@example.com");
    const user = await account("exporter@example.com", partner.id);
    const id = await fixture();
    await services.community.vote(id, `user:${user.id}`, "X", { ip: "192.0.2.77" });
    await services.community.contact(
      { topic: "general", subject: "Hello", email: "Exporter@example.com", message: "Hi there", locale: "en" },
      { ip: "192.0.2.77" },
    );
    await services.payments.requestTransfer(user, 1);
    await services.payments.sandbox.pay(
      user,
      (await services.payments.startCheckout(user, await services.access.of(user), { plan: 1 }, "en")).id,
    );
    await db.pool.query("INSERT INTO league_groups (user_id, name, league_ids) VALUES ($1, 'Mine', '{1}')", [user.id]);
    await services.affiliates.click(String(user.id), "192.0.2.99");
    const full = await services.accounts.bySession(
      (await services.accounts.login({ email: user.email, password: "correct horse battery" }, { ip: "192.0.2.77" }))
        .token,
    );
    const data = (await services.accounts.exportData(full!)) as Record<string, unknown> & {
      affiliate: Record<string, unknown>;
    };
    expect(data.payments).toHaveLength(1);
    expect(data.subscriptions).toHaveLength(1);
    expect(data.transferRequests).toHaveLength(1);
    expect(data.leagueGroups).toMatchObject([{ name: "Mine", leagueIds: [1] }]);
    expect(data.votes).toMatchObject([{ fixtureId: id, choice: "X" }]);
    expect(data.contactMessages).toMatchObject([{ subject: "Hello", message: "Hi there" }]);
    expect(data.affiliate.referredBy).toMatchObject({ affiliateId: partner.id });
    expect(data.affiliate.clicks).toHaveLength(1);
    expect(data.savedSearches).toEqual([]);
    expect(data.sessions).toHaveLength(1);
    // every other table that refers to the account is there too (the sandbox checkout), without secrets
    expect(Object.keys(data.otherRecords as object)).toContain("sandboxCheckouts");
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/tokenHash|passwordHash|newsletterKey|p256dh/);
  });
});
