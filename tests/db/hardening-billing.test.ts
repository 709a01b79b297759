import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { sharedReplayOffset } from "../../src/data/clock.ts";
import { importFile } from "../../src/data/importer.ts";
import { createSandboxProvider } from "../../src/data/payments/sandbox.ts";
import { createTelegram } from "../../src/data/telegram/index.ts";
import { readState } from "../../src/db/queries/state.ts";
import { DEFAULT_PRICES, addMonths } from "../../src/domain/premium/plans.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { SANDBOX_CHECKOUT_PATH } from "../../src/services/payments.ts";
import { hashToken, newToken } from "../../src/services/tokens.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";
import { startBotApi } from "../support/telegram-api.ts";

/** "Hardening, second round": billing and accounts, one table per row of the issue. */
const GROUP = -1009876543299;
const NOW = "2026-03-10T12:00:00Z";
const clock = fixedClock(NOW);
let db: TestDatabase;
let services: Services;
let botApi: Awaited<ReturnType<typeof startBotApi>>;
let n = 0;

async function account(premiumDays?: number): Promise<{ id: number; email: string; token: string }> {
  const email = `billing${++n}@example.com`;
  const { rows } = await db.pool.query(
    "INSERT INTO users (email, first_name, last_name, language_code, newsletter_key, email_verified_at) VALUES ($1, 'Bill', 'Ing', 'en', 'k', now()) RETURNING id",
    [email],
  );
  const id = rows[0].id as number;
  const token = newToken();
  await db.pool.query(
    "INSERT INTO sessions (token_hash, user_id, remember_me, expires_at) VALUES ($1, $2, false, $3)",
    [hashToken(token), id, new Date("2030-01-01T00:00:00Z")],
  );
  if (premiumDays !== undefined) await grantPremium(db.pool, id, { now: clock.now(), days: premiumDays });
  return { id, email, token };
}

/** A plan bought and paid in the sandbox, as the plans page and the sandbox's "Pay" do. */
async function buyPlan(user: { id: number; email: string }, plan: 1 | 3 | 12): Promise<string> {
  const session = await services.payments.startCheckout(user, await services.access.of(user), { plan }, "en");
  return services.payments.sandbox.pay(user, session.id);
}

const billing = async (userId: number) =>
  (
    await db.pool.query<{ status: string; cancel: boolean; end: Date; planMonths: number }>(
      `SELECT status, cancel_at_period_end AS cancel, current_period_end AS "end", plan_months AS "planMonths" FROM subscriptions
        WHERE user_id = $1 AND provider = 'sandbox' ORDER BY id`,
      [userId],
    )
  ).rows;
const payments = async (userId: number) =>
  (
    await db.pool.query<{ kind: string; amount: number; receipt: string }>(
      "SELECT kind, amount_cents AS amount, receipt_number AS receipt FROM payments WHERE user_id = $1 ORDER BY id",
      [userId],
    )
  ).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    source("E0.csv", [MAIN_HEADER, mainRow("20/03/2026", "20:00", "Arsenal", "Chelsea", "2-1", "1-0")]),
  );
  botApi = await startBotApi();
  const telegram = createTelegram({
    tokens: { live: "100:live", prematch: "200:prematch", valuebet: "300:valuebet" },
    apiRoot: botApi.apiRoot,
    offlineDir: null,
  });
  services = createServices(
    {
      pool: db.pool,
      clock,
      publicUrl: "http://pitchlab.test",
      telegram,
      telegramGroupChatId: GROUP,
      payments: {
        provider: createSandboxProvider({ secret: "whsec_test", checkoutPath: SANDBOX_CHECKOUT_PATH }),
        prices: DEFAULT_PRICES,
        bank: { beneficiary: "B", iban: "I", bic: "C", bank: "K" },
      },
    },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
});
afterAll(async () => {
  await botApi.close();
  await db.drop();
});

describe("row 1: a second plan extends the running billing subscription, never a second one", () => {
  it("auto-renew off, 6 more plans paid: one subscription, its period extended 6 months, 6 extension receipts (€89.94)", async () => {
    const member = await account();
    await buyPlan(member, 1);
    const [first] = await billing(member.id);
    const overview = await services.payments.overview(member);
    await services.payments.setAutoRenewal(member, overview.subscription!.id, false);
    for (let i = 0; i < 6; i++) await buyPlan(member, 1);
    const rows = await billing(member.id);
    const live = rows.filter((r) => r.status !== "merged");
    expect(live).toHaveLength(1);
    expect(rows.filter((r) => r.status === "merged")).toHaveLength(6);
    // the merged ones grant nothing and never renew
    for (const r of rows.filter((r) => r.status === "merged"))
      expect(r.end.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    let end = first!.end;
    for (let i = 0; i < 6; i++) end = addMonths(end, 1);
    expect(live[0]!.end.toISOString()).toBe(end.toISOString());
    expect(live[0]!.cancel).toBe(true); // the member's choice stays
    const paid = await payments(member.id);
    expect(paid.map((p) => p.kind)).toEqual(["subscription", ...Array(6).fill("extension")]);
    expect(paid.filter((p) => p.kind === "extension").reduce((sum, p) => sum + p.amount, 0)).toBe(8994);
    const after = await services.payments.overview(member);
    expect(after.subscription).toMatchObject({
      planMonths: 1,
      currentPeriodEnd: end.toISOString(),
      autoRenewal: false,
    });
    // the return page reports the extension and the new end
    expect(await services.payments.checkoutResult(member, "success")).toMatchObject({
      state: "paid",
      kind: "extension",
      planMonths: 1,
      premiumUntil: end.toISOString(),
    });
    // the sandbox renews nothing at the old period end, and ends the one subscription at its new end
    clock.set(first!.end);
    try {
      await services.payments.sandbox.renewDue();
      expect(await payments(member.id)).toHaveLength(7);
      expect((await services.access.of(member)).premium).toBe(true);
      clock.set(end);
      await services.payments.sandbox.renewDue();
      expect((await billing(member.id)).filter((r) => r.status === "canceled")).toHaveLength(1);
      expect((await services.access.of(member)).premium).toBe(false);
      expect(await payments(member.id)).toHaveLength(7); // nothing charged at the end
    } finally {
      clock.set(NOW);
    }
  });

  it.each([
    { plans: [1, 1, 1] as const, months: 3 },
    { plans: [1, 3, 12] as const, months: 16 },
  ])(
    "$plans paid at the same moment by a new member: one billing subscription of $months months",
    async ({ plans, months }) => {
      const member = await account();
      const sessions = [];
      for (const plan of plans)
        sessions.push(await services.payments.startCheckout(member, await services.access.of(member), { plan }, "en"));
      await Promise.all(sessions.map((s) => services.payments.sandbox.pay(member, s.id)));
      const live = (await billing(member.id)).filter((r) => r.status !== "merged");
      expect(live).toHaveLength(1);
      expect(live[0]!.end.toISOString()).toBe(addMonths(clock.now(), months).toISOString());
      const paid = await payments(member.id);
      expect(paid.map((p) => p.kind).sort()).toEqual(["extension", "extension", "subscription"]);
      // a renewal at the end is one charge of the one subscription
      clock.set(live[0]!.end);
      try {
        await services.payments.sandbox.renewDue();
        const renewed = (await billing(member.id)).filter((r) => r.status !== "merged");
        expect(renewed).toHaveLength(1);
        expect(renewed[0]!.end.toISOString()).toBe(addMonths(live[0]!.end, live[0]!.planMonths).toISOString());
        expect(await payments(member.id)).toHaveLength(4);
      } finally {
        clock.set(NOW);
      }
    },
  );

  it("with auto-renew on a second plan is refused at checkout; a repeated Pay extends once", async () => {
    const member = await account();
    await buyPlan(member, 1);
    await expect(
      services.payments.startCheckout(member, await services.access.of(member), { plan: 3 }, "en"),
    ).rejects.toMatchObject({ status: 409 });
    const overview = await services.payments.overview(member);
    await services.payments.setAutoRenewal(member, overview.subscription!.id, false);
    const session = await services.payments.startCheckout(member, await services.access.of(member), { plan: 3 }, "en");
    await services.payments.sandbox.pay(member, session.id);
    await services.payments.sandbox.pay(member, session.id);
    const live = (await billing(member.id)).filter((r) => r.status !== "merged");
    expect(live).toHaveLength(1);
    expect(live[0]!.end.toISOString()).toBe(addMonths(addMonths(clock.now(), 1), 3).toISOString());
    expect((await payments(member.id)).map((p) => p.kind)).toEqual(["subscription", "extension"]);
  });
});

describe("row 2: the success and add-on pages speak only of the person's own payment", () => {
  /** The page's loader, as React Router calls it with the server's request context. */
  async function page(path: string, user: { id: number } | null) {
    const { loader } = await import("../../src/web/routes/premium/payment-result.tsx");
    const context = {
      services,
      user: user ? { id: user.id, timezone: null } : null,
      access: user ? await services.access.of(user) : await services.access.of(null),
    };
    return (loader as (args: unknown) => Promise<{ result: unknown; until: string | null }>)({
      request: new Request(`http://pitchlab.test${path}`),
      context,
      params: {},
    });
  }

  it.each([
    { who: "a visitor", path: "/payments/success", setup: async () => null, state: "signIn" },
    { who: "a visitor", path: "/payments/addons", setup: async () => null, state: "signIn" },
    { who: "a free user", path: "/payments/success", setup: async () => account(), state: "none" },
    { who: "a free user", path: "/payments/addons", setup: async () => account(), state: "none" },
    {
      who: "a member who paid nothing (premium given otherwise)",
      path: "/payments/success",
      setup: async () => account(30),
      state: "none",
    },
    {
      who: "a member who paid a plan a month ago",
      path: "/payments/success",
      setup: async () => paidLongAgo(),
      state: "none",
    },
    {
      who: "a member who paid a plan just now, on the add-on page",
      path: "/payments/addons",
      setup: async () => paidNow(),
      state: "none",
    },
    {
      who: "a member who paid a plan just now",
      path: "/payments/success",
      setup: async () => paidNow(),
      state: "paid",
    },
    {
      who: "a member who paid an add-on just now",
      path: "/payments/addons",
      setup: async () => paidAddonNow(),
      state: "paid",
    },
  ])("$who on $path: $state", async ({ path, setup, state }) => {
    const user = await setup();
    const data = await page(path, user);
    expect(data.result).toMatchObject({ state });
    if (state === "paid") expect(data.until).toBeTruthy();
    else expect(data.until).toBeNull();
  });

  async function paidNow() {
    const user = await account();
    await buyPlan(user, 1);
    return user;
  }
  async function paidLongAgo() {
    clock.set("2026-02-01T12:00:00Z");
    try {
      return await paidNow();
    } finally {
      clock.set(NOW);
    }
  }
  async function paidAddonNow() {
    const user = await account();
    await buyPlan(user, 12);
    const session = await services.payments.startCheckout(
      user,
      await services.access.of(user),
      { addon: "filters" },
      "en",
    );
    await services.payments.sandbox.pay(user, session.id);
    return user;
  }

  it("what a member's plan page is given: the plan he has and until when", async () => {
    const user = await paidNow();
    const { loader } = await import("../../src/web/routes/premium/plans.tsx");
    const context = {
      services,
      user: { id: user.id, email: user.email, timezone: null },
      access: await services.access.of(user),
    };
    const data = await (
      loader as (args: unknown) => Promise<{ subscription: { planMonths: number } | null; premiumUntil: string | null }>
    )({ request: new Request("http://pitchlab.test/vip/football-betting-tools"), context, params: {} });
    expect(data.subscription).toMatchObject({ planMonths: 1 });
    expect(data.premiumUntil).toMatch(/2026/);
  });
});

describe("row 3: one open Telegram group invite per member", () => {
  it.each([{ parallel: 10 }, { parallel: 3 }])(
    "$parallel parallel POST /bots/telegram-group/invite: one link, the same for all",
    async ({ parallel }) => {
      const member = await account(30);
      const chat = 80000 + n;
      const link = (await services.alerts.telegram.links(member)).find((l) => l.bot === "valuebet")!.link!;
      botApi.userWrites(chat, `/start ${new URL(link).searchParams.get("start")}`, `fan_${chat}`);
      await services.alerts.telegram.poll("valuebet", 0);
      const before = botApi.sent("createChatInviteLink").length;
      const api = createApi(services);
      const responses = await Promise.all(
        Array.from({ length: parallel }, () =>
          api.request("/bots/telegram-group/invite", {
            method: "POST",
            headers: { authorization: `Bearer ${member.token}`, "x-test-client-ip": "10.8.0.1" },
          }),
        ),
      );
      const bodies = await Promise.all(
        responses.map((r) => r.json() as Promise<{ data: { invite: { link: string } | null } }>),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(parallel).fill(200));
      expect(new Set(bodies.map((b) => b.data.invite?.link)).size).toBe(1);
      expect(botApi.sent("createChatInviteLink").length - before).toBe(1);
      const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM telegram_group_members WHERE user_id = $1", [
        member.id,
      ]);
      expect(rows[0].n).toBe(1);
    },
  );
});

describe("row 4: GET /alerts/telegram does not grow the valid link tokens", () => {
  const validTokens = async (userId: number) =>
    (
      await db.pool.query(
        "SELECT count(*)::int AS n FROM telegram_link_tokens WHERE user_id = $1 AND expires_at > $2",
        [userId, clock.now()],
      )
    ).rows[0].n as number;

  it.each([
    { how: "one after another", times: 5, parallel: false },
    { how: "in parallel", times: 8, parallel: true },
  ])("$times GETs $how: one valid token per bot, the earlier links revoked", async ({ times, parallel }) => {
    const user = await account();
    const api = createApi(services);
    const get = async () => {
      const response = await api.request("/alerts/telegram", {
        headers: { authorization: `Bearer ${user.token}`, "x-test-client-ip": "10.8.0.2" },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { bots: Array<{ bot: string; link: string | null }> } }).data.bots;
    };
    const first = await get();
    const later = parallel
      ? (await Promise.all(Array.from({ length: times - 1 }, get))).at(-1)!
      : await (async () => {
          let last = first;
          for (let i = 1; i < times; i++) last = await get();
          return last;
        })();
    expect(await validTokens(user.id)).toBe(3);
    // the first GET's link no longer links; a link of the last one does (sequential: it is the one kept)
    const token = (bots: typeof first) => new URL(bots.find((b) => b.bot === "live")!.link!).searchParams.get("start")!;
    expect(
      await services.alerts.telegram.handleStart({
        bot: "live",
        chatId: 90000 + n,
        username: null,
        payload: token(first),
      }),
    ).toMatchObject({ linked: false });
    if (!parallel)
      expect(
        await services.alerts.telegram.handleStart({
          bot: "live",
          chatId: 90000 + n,
          username: null,
          payload: token(later),
        }),
      ).toMatchObject({ linked: true, userId: user.id });
  });
});

describe("row 5: deleting an account removes its votes", () => {
  it("votes gone and tallies updated; other voters' votes stay", async () => {
    const fixture = (await db.pool.query("SELECT id FROM fixtures LIMIT 1")).rows[0].id as number;
    const leaving = await account();
    const staying = await account();
    await services.community.vote(fixture, `user:${leaving.id}`, "1", { ip: "198.51.100.41" });
    await services.community.vote(fixture, `user:${staying.id}`, "2", { ip: "198.51.100.42" });
    const before = await services.community.votes(fixture, null);
    // an account without a password (as after a social sign-in) deletes without one
    await services.accounts.deleteAccount({ id: leaving.id, passwordHash: null } as never, undefined);
    const after = await services.community.votes(fixture, null);
    expect(after.total).toBe(before.total - 1);
    const { rows } = await db.pool.query("SELECT voter FROM votes WHERE fixture_id = $1 ORDER BY voter", [fixture]);
    expect(rows.map((r) => r.voter)).not.toContain(`user:${leaving.id}`);
    expect(rows.map((r) => r.voter)).toContain(`user:${staying.id}`);
  });
});

describe("row 6: the replay clock stored in the database continues across restarts", () => {
  it("same setting continues, a changed one moves, REPLAY_OFFSET_RESTART re-anchors, no setting forgets", async () => {
    const fresh = await createTestDatabase();
    try {
      let anchors = 0;
      // each anchoring gives a new offset, so a recomputation shows
      const parse = (_text: string, _nowMs: number) => ++anchors * 60_000;
      const steps: Array<{
        step: string;
        text: string | undefined;
        leader: boolean;
        reanchor?: boolean;
        offset: number;
      }> = [
        {
          step: "first start on a fresh database (the e2e tests' own sites)",
          text: "saturday 15:00",
          leader: true,
          offset: 60_000,
        },
        { step: "a worker joins", text: "saturday 15:00", leader: false, offset: 60_000 },
        { step: "the leader restarts with the same setting", text: "saturday 15:00", leader: true, offset: 60_000 },
        { step: "…and again", text: "saturday 15:00", leader: true, reanchor: false, offset: 60_000 },
        { step: "a changed setting", text: "+2h", leader: true, offset: 120_000 },
        { step: "a web process with it", text: "+2h", leader: false, offset: 120_000 },
        {
          step: "re-anchor asked (the browser tests' server)",
          text: "+2h",
          leader: true,
          reanchor: true,
          offset: 180_000,
        },
        { step: "a worker takes the re-anchored clock", text: "+2h", leader: false, offset: 180_000 },
        { step: "a non-leader cannot re-anchor", text: "+2h", leader: false, reanchor: true, offset: 180_000 },
        { step: "started without REPLAY_OFFSET", text: undefined, leader: true, offset: 0 },
        { step: "the setting again: its moment anew", text: "+2h", leader: true, offset: 240_000 },
      ];
      for (const s of steps) {
        expect(await sharedReplayOffset(fresh.pool, s.text, s.leader, parse, s.reanchor), s.step).toBe(s.offset);
      }
      expect(await readState(fresh.pool, "replay-offset")).toEqual({ text: "+2h", offsetMs: 240_000 });
    } finally {
      await fresh.drop();
    }
  });

  it("REPLAY_OFFSET_RESTART is checked at start", () => {
    expect(loadConfig({}).REPLAY_OFFSET_RESTART).toBe(false);
    expect(loadConfig({ REPLAY_OFFSET_RESTART: "true" }).REPLAY_OFFSET_RESTART).toBe(true);
    expect(() => loadConfig({ REPLAY_OFFSET_RESTART: "sometimes" })).toThrow(/REPLAY_OFFSET_RESTART/);
  });
});
