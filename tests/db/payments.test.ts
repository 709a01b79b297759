import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxProvider } from "../../src/data/payments/sandbox.ts";
import { DEFAULT_PRICES } from "../../src/domain/premium/plans.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { SANDBOX_CHECKOUT_PATH } from "../../src/services/payments.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { FEATURE_FLAGS } from "../../src/domain/premium/features.ts";

const SECRET = "whsec_test_sandbox_secret";
const clock = fixedClock("2026-03-10T12:00:00Z");
let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
let ip = 0;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  body: any;
}

async function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await api.request(path, {
    method,
    headers: {
      "content-type": "application/json",
      "x-test-client-ip": `10.9.0.${++ip % 250}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : text };
}

/** A verified account signed in through the API: its id and bearer token. */
async function account(email: string, affiliateId?: number): Promise<{ id: number; email: string; token: string }> {
  const password = "correct horse battery";
  await services.accounts.register(
    {
      firstName: "Pat",
      lastName: "Payer",
      email,
      password,
      confirmPassword: password,
      terms: true,
      languageCode: "en",
    },
    { ip: `10.8.0.${++ip % 250}`, affiliateId },
  );
  const { rows } = await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id", [
    email,
  ]);
  const login = await call("POST", "/auth/login", null, { email, password });
  expect(login.status).toBe(200);
  return { id: rows[0].id, email, token: login.body.data.token };
}

const access = (user: { id: number }) => services.access.of(user);
const paymentsOf = async (userId: number) =>
  (await db.pool.query("SELECT * FROM payments WHERE user_id = $1 ORDER BY id", [userId])).rows;

/** Buys a plan through the sandbox as the page does: checkout, then "Pay". */
async function buyPlan(user: { id: number; email: string }, plan: 1 | 3 | 12) {
  const session = await services.payments.startCheckout(user, await access(user), { plan }, "en");
  expect(session.url).toBe(`${SANDBOX_CHECKOUT_PATH}/${session.id}`);
  await services.payments.sandbox.pay(user, session.id);
  return session.id;
}

const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });

function invoicePaidEvent(id: string, userId: number, subId: string, amount: number, periodEnd: Date) {
  const now = Math.floor(clock.now().getTime() / 1000);
  return JSON.stringify({
    id,
    object: "event",
    type: "invoice.paid",
    created: now,
    data: {
      object: {
        id: `in_${id}`,
        object: "invoice",
        currency: "eur",
        amount_paid: amount,
        status_transitions: { paid_at: now },
        parent: {
          type: "subscription_details",
          subscription_details: {
            subscription: subId,
            metadata: { pitchlab_user_id: String(userId), pitchlab_plan_months: "1" },
          },
        },
        lines: { object: "list", data: [{ period: { start: now, end: Math.floor(periodEnd.getTime() / 1000) } }] },
      },
    },
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  services = createServices(
    {
      pool: db.pool,
      clock,
      publicUrl: "http://pitchlab.test",
      payments: {
        provider: createSandboxProvider({ secret: SECRET, checkoutPath: SANDBOX_CHECKOUT_PATH }),
        prices: DEFAULT_PRICES,
        bank: { beneficiary: "B", iban: "I", bic: "C", bank: "K" },
      },
      // The add-ons' features as if they had landed, so that their sale is tested; the declared flags are below.
      features: { ...FEATURE_FLAGS, filtersAddon: true, backtestingAddon: true },
    },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
});
afterAll(async () => db.drop());

describe("subscriptions through the sandbox", () => {
  it("makes a buyer premium for the plan, charging the discounted first period once", async () => {
    clock.set("2026-03-10T12:00:00Z");
    const user = await account("first@example.com");
    expect((await access(user)).premium).toBe(false);
    const checkout = await buyPlan(user, 3);
    expect(await access(user)).toEqual({ loggedIn: true, premium: true, addonFilters: false, addonBacktesting: false });
    // A second click on "Pay" replays the same events: nothing more is charged.
    await services.payments.sandbox.pay(user, checkout);
    const payments = await paymentsOf(user.id);
    expect(payments).toHaveLength(1);
    expect(payments[0].amount_cents).toBe(Math.round((DEFAULT_PRICES.plans[3] * 70) / 100));
    expect(payments[0].receipt_number).toMatch(/^PL-2026-\d{6}$/);
    const overview = await services.payments.overview(user);
    expect(overview.subscription?.currentPeriodEnd).toBe("2026-06-10T12:00:00.000Z");
    expect(overview.remainingDays).toBe(92);
    // The API shows the subscription on the user (present = premium).
    const me = await call("GET", "/users/me?includeSubscription=true", user.token);
    expect(me.body.data.userSubscription).toMatchObject({ planMonths: 3, autoRenewal: true });
    // Already subscribed with auto-renew: a second subscription is refused.
    const again = await call("POST", "/payments/checkout", user.token, { plan: 1 });
    expect(again.status).toBe(409);
  });

  it("renews at period end, or ends there once auto-renew is off", async () => {
    clock.set("2026-03-10T12:00:00Z");
    const user = await account("renew@example.com");
    await buyPlan(user, 1);
    clock.set("2026-04-10T12:00:01Z");
    expect((await access(user)).premium).toBe(false);
    await services.payments.sandbox.renewDue();
    expect((await access(user)).premium).toBe(true);
    const [first, second] = await paymentsOf(user.id);
    expect(second.amount_cents).toBe(DEFAULT_PRICES.plans[1]);
    expect(first.amount_cents).toBeLessThan(second.amount_cents);
    // Renewing twice for the same period pays once.
    await services.payments.sandbox.renewDue();
    expect(await paymentsOf(user.id)).toHaveLength(2);

    const sub = (await services.payments.overview(user)).subscription!;
    const off = await services.payments.setAutoRenewal(user, sub.id, false);
    expect(off.subscription?.autoRenewal).toBe(false);
    clock.set("2026-05-10T11:59:00Z");
    expect((await access(user)).premium).toBe(true);
    clock.set("2026-05-10T12:00:01Z");
    await services.payments.sandbox.renewDue();
    expect((await access(user)).premium).toBe(false);
    expect(await paymentsOf(user.id)).toHaveLength(2);
    expect((await services.payments.overview(user)).subscription?.status).toBe("canceled");
  });

  it("keeps premium to the end of the period when a renewal payment fails", async () => {
    clock.set("2026-03-10T12:00:00Z");
    const user = await account("fails@example.com");
    await buyPlan(user, 1);
    clock.set("2026-04-10T12:00:01Z");
    await services.payments.sandbox.renewDue({ fail: true });
    expect((await services.payments.overview(user)).subscription?.status).toBe("past_due");
    expect((await access(user)).premium).toBe(false);
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });

  it("sells add-ons to members only, and brings them back with a new subscription", async () => {
    clock.set("2026-03-10T12:00:00Z");
    const user = await account("addons@example.com");
    const refused = await call("POST", "/payments/checkout", user.token, { addon: "filters" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("You do not have permission to access this page, become a PREMIUM member");
    await buyPlan(user, 1);
    const addon = await services.payments.startCheckout(user, await access(user), { addon: "filters" }, "en");
    await services.payments.sandbox.pay(user, addon.id);
    expect(await access(user)).toMatchObject({ premium: true, addonFilters: true, addonBacktesting: false });
    expect((await call("POST", "/payments/checkout", user.token, { addon: "filters" })).status).toBe(409);
    // Cancelled and over: the add-on is gone with premium...
    const sub = (await services.payments.overview(user)).subscription!;
    await services.payments.setAutoRenewal(user, sub.id, false);
    clock.set("2026-04-11T00:00:00Z");
    await services.payments.sandbox.renewDue();
    expect(await access(user)).toMatchObject({ premium: false, addonFilters: false });
    // ...and back with the next subscription.
    await buyPlan(user, 1);
    expect(await access(user)).toMatchObject({ premium: true, addonFilters: true });
  });

  it("sells no add-on whose feature does not exist, and offers none", async () => {
    const declared = createServices(
      { pool: db.pool, clock, features: { ...FEATURE_FLAGS, filtersAddon: false, backtestingAddon: false } },
      { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
    );
    const user = await account("not-on-sale@example.com");
    await buyPlan(user, 1);
    for (const addon of ["filters", "backtesting"]) {
      const refused = createApi(declared).request("/payments/checkout", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ addon }),
      });
      const response = await refused;
      expect(response.status).toBe(409);
      expect((await response.json()).error).toBe("This add-on is not on sale yet.");
    }
    expect((await declared.payments.offer(user)).addons).toEqual({});
    expect(Object.keys((await services.payments.offer(user)).addons).sort()).toEqual(["backtesting", "filters"]);
  });

  it("cancels a checkout without charging", async () => {
    const user = await account("cancel@example.com");
    const session = await services.payments.startCheckout(user, await access(user), { plan: 12 }, "de");
    expect(await services.payments.sandbox.cancel(user, session.id)).toBe(
      "http://pitchlab.test/de/zahlungen/abgebrochen?plan=12",
    );
    await expect(services.payments.sandbox.pay(user, session.id)).rejects.toMatchObject({ status: 409 });
    expect((await access(user)).premium).toBe(false);
    const other = await account("other@example.com");
    await expect(services.payments.sandbox.checkout(other, session.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("the webhook", () => {
  it("refuses a tampered or missing signature with 400 and changes nothing", async () => {
    const user = await account("tamper@example.com");
    const payload = invoicePaidEvent("evt_tamper", user.id, "sub_tamper", 1499, new Date("2026-06-01T00:00:00Z"));
    const tampered = payload.replace("1499", "1");
    expect(
      (await call("POST", "/payments/webhook", null, tampered, { "stripe-signature": sign(payload) })).status,
    ).toBe(400);
    expect((await call("POST", "/payments/webhook", null, payload)).status).toBe(400);
    expect(await paymentsOf(user.id)).toHaveLength(0);
    const ok = await call("POST", "/payments/webhook", null, payload, { "stripe-signature": sign(payload) });
    expect(ok.status).toBe(200);
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });

  it("credits once when an event is replayed, or delivered twice at the same moment", async () => {
    clock.set("2026-03-10T12:00:00Z");
    const user = await account("replay@example.com");
    const payload = invoicePaidEvent("evt_once", user.id, "sub_once", 1499, new Date("2026-04-10T12:00:00Z"));
    const results = await Promise.all([1, 2, 3].map(() => services.payments.handleWebhook(payload, sign(payload))));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const replay = await call("POST", "/payments/webhook", null, payload, { "stripe-signature": sign(payload) });
    expect(replay.body.data.duplicate).toBe(true);
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect((await access(user)).premium).toBe(true);
  });

  it("never moves a paid period back when events arrive out of order", async () => {
    clock.set("2026-03-10T12:00:00Z");
    const user = await account("order@example.com");
    const later = invoicePaidEvent("evt_later", user.id, "sub_order", 1499, new Date("2026-05-10T12:00:00Z"));
    const earlier = invoicePaidEvent("evt_earlier", user.id, "sub_order", 1499, new Date("2026-04-10T12:00:00Z"));
    await services.payments.handleWebhook(later, sign(later));
    await services.payments.handleWebhook(earlier, sign(earlier));
    expect((await services.payments.overview(user)).subscription?.currentPeriodEnd).toBe("2026-05-10T12:00:00.000Z");
  });
});

describe("manual transfers and receipts", () => {
  it("grants premium when the operator confirms, once", async () => {
    clock.set("2026-03-10T12:00:00Z");
    const user = await account("transfer@example.com");
    const answer = await call("POST", "/payments/transfers", user.token, { plan: 12 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: "pending",
      planMonths: 12,
      amountCents: DEFAULT_PRICES.plans[12],
    });
    expect((await access(user)).premium).toBe(false);
    expect((await call("POST", "/payments/transfers", user.token, { plan: 2 })).status).toBe(400);
    expect((await services.payments.pendingTransfers()).find((t) => t.id === answer.body.data.id)).toMatchObject({
      email: "transfer@example.com",
      planMonths: 12,
    });
    const done = await services.payments.confirmTransfer(answer.body.data.id);
    expect(done.premiumUntil.toISOString()).toBe("2027-03-10T12:00:00.000Z");
    expect((await access(user)).premium).toBe(true);
    await expect(services.payments.confirmTransfer(answer.body.data.id)).rejects.toMatchObject({ status: 404 });
    expect((await services.payments.pendingTransfers()).some((t) => t.id === answer.body.data.id)).toBe(false);
    const [payment] = await paymentsOf(user.id);
    // Not recurring: auto-renew cannot be switched on.
    const sub = (await services.payments.overview(user)).subscription!;
    expect(sub.recurring).toBe(false);
    expect(
      (await call("POST", `/usersubscriptions/${sub.id}/autoRenewal`, user.token, { autoRenewal: true })).status,
    ).toBe(400);

    const receipt = await call("GET", `/payments/${payment.id}/receipt?language=fr`, user.token);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toContain(payment.receipt_number);
    expect(receipt.body).toContain("99,99");
    const stranger = await account("stranger@example.com");
    expect((await call("GET", `/payments/${payment.id}/receipt`, stranger.token)).status).toBe(404);
    expect(
      (await call("POST", `/usersubscriptions/${sub.id}/autoRenewal`, stranger.token, { autoRenewal: false })).status,
    ).toBe(404);
  });
});

describe("affiliates", () => {
  it("counts clicks, attributes sign-ups, earns 30% that locks two weeks after the month, and pays out once a month", async () => {
    clock.set("2026-03-10T12:00:00Z");
    const partner = await account("partner@example.com");
    expect(await services.affiliates.click(String(partner.id))).toBe(partner.id);
    expect(await services.affiliates.click("999999")).toBeNull();
    expect(await services.affiliates.click("abc")).toBeNull();
    // Two referred members: one discounted first year each is above the €30 minimum together, not alone.
    let paid = 0;
    for (const email of ["referred@example.com", "referred2@example.com"]) {
      const referred = await account(email, partner.id);
      await buyPlan(referred, 12);
      paid += (await paymentsOf(referred.id))[0].amount_cents;
    }
    const commission = 2 * Math.floor((paid / 2) * 0.3);

    let board = await services.affiliates.dashboard(partner);
    expect(board).toMatchObject({ clicks: 1, signups: 2, payments: 2 });
    expect(board.earnings).toEqual({ pendingCents: commission, lockedCents: 0, paidCents: 0 });
    expect(board.commissions[0]?.locksAt).toBe("2026-04-15T00:00:00.000Z");
    await expect(
      services.affiliates.requestPayout(partner, { method: "paypal", details: "partner@paypal" }),
    ).rejects.toMatchObject({ status: 400 });

    clock.set("2026-04-14T23:59:59Z");
    expect((await services.affiliates.dashboard(partner)).earnings.lockedCents).toBe(0);
    clock.set("2026-04-15T00:00:00Z");
    board = await services.affiliates.dashboard(partner);
    expect(board.earnings.lockedCents).toBe(commission);
    expect(board.canRequestPayout).toBe(true);

    const payout = await services.affiliates.requestPayout(partner, { method: "premium_days" });
    expect(payout.premiumDays).toBe(Math.floor(commission / 100) * 3);
    expect((await access(partner)).premium).toBe(true);
    board = await services.affiliates.dashboard(partner);
    expect(board.earnings).toEqual({ pendingCents: 0, lockedCents: 0, paidCents: commission });
    await expect(
      services.affiliates.requestPayout(partner, { method: "paypal", details: "x@y.z" }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(services.affiliates.requestPayout(partner, { method: "cheque" })).rejects.toMatchObject({
      status: 400,
    });
  });

  it("sets the 60-day tracking cookie from a ?via= link", async () => {
    const partner = await account("linker@example.com");
    const { createHttpApp } = await import("../../src/server/http.ts");
    const build = {
      routes: {},
      assets: { url: "", version: "", entry: { module: "", imports: [] }, routes: {} },
      entry: { module: {} },
    } as never;
    const site = createHttpApp(services, build, {
      mode: "test",
      trustProxy: false,
      secureCookies: false,
      mailboxDir: null,
    });
    const response = await site.request(`/leagues?via=${partner.id}`);
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`pl_via=${partner.id};.*Max-Age=5184000`));
    expect((await site.request("/leagues?via=nobody")).headers.get("set-cookie")).toBeNull();
    // files are no page visits: no click, no cookie
    expect((await site.request(`/robots.txt?via=${partner.id}`)).headers.get("set-cookie")).toBeNull();
  });
});

describe("the Stripe adapter", () => {
  it("creates Checkout sessions and switches auto-renew through the Stripe API, and applies Stripe's signed events", async () => {
    const { createServer } = await import("node:http");
    const { createStripeProvider } = await import("../../src/data/payments/stripe.ts");
    const requests: Array<{ method: string; path: string; body: URLSearchParams; auth: string }> = [];
    // A stand-in for the two Stripe endpoints used, on loopback.
    const server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => {
        raw += chunk;
      });
      req.on("end", () => {
        requests.push({
          method: req.method ?? "",
          path: req.url ?? "",
          body: new URLSearchParams(raw),
          auth: req.headers.authorization ?? "",
        });
        res.setHeader("content-type", "application/json");
        if (req.url === "/v1/checkout/sessions")
          res.end(
            JSON.stringify({
              id: "cs_test_123",
              object: "checkout.session",
              url: "https://checkout.stripe.test/c/cs_test_123",
            }),
          );
        else if (req.url?.startsWith("/v1/subscriptions/"))
          res.end(JSON.stringify({ id: req.url.split("/").pop(), object: "subscription" }));
        else {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: { message: "unknown", type: "invalid_request_error" } }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const webhookSecret = "whsec_stripe_test";
    const stripeServices = createServices(
      {
        pool: db.pool,
        clock,
        publicUrl: "https://pitchlab.example",
        payments: {
          provider: createStripeProvider({
            secretKey: "sk_test_standin",
            webhookSecret,
            planPrices: { 1: "price_1m", 3: "price_3m", 12: "price_12m" },
            addonPrices: { filters: "price_filters" },
            firstPeriodCoupon: "FIRST30",
            apiUrl: `http://127.0.0.1:${port}`,
          }),
          prices: DEFAULT_PRICES,
          bank: { beneficiary: "B", iban: "I", bic: "C", bank: "K" },
        },
      },
      { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
    );
    try {
      clock.set("2026-03-10T12:00:00Z");
      const user = await account("stripe@example.com");
      const session = await stripeServices.payments.startCheckout(user, await access(user), { plan: 1 }, "it");
      expect(session.url).toBe("https://checkout.stripe.test/c/cs_test_123");
      const created = requests.find((r) => r.path === "/v1/checkout/sessions")!;
      expect(created.auth).toBe("Bearer sk_test_standin");
      expect(Object.fromEntries(created.body)).toMatchObject({
        mode: "subscription",
        "line_items[0][price]": "price_1m",
        "subscription_data[metadata][pitchlab_user_id]": String(user.id),
        "subscription_data[metadata][pitchlab_plan_months]": "1",
        "discounts[0][coupon]": "FIRST30",
        success_url: "https://pitchlab.example/it/pagamenti/successo",
        cancel_url: "https://pitchlab.example/it/pagamenti/annullato?plan=1",
        customer_email: "stripe@example.com",
      });

      const now = Math.floor(clock.now().getTime() / 1000);
      const end = Math.floor(new Date("2026-04-10T12:00:00Z").getTime() / 1000);
      const metadata = { pitchlab_user_id: String(user.id), pitchlab_plan_months: "1" };
      const events = [
        {
          id: "evt_s1",
          type: "customer.subscription.created",
          data: {
            object: {
              id: "sub_live1",
              object: "subscription",
              status: "incomplete",
              metadata,
              customer: "cus_1",
              created: now,
              cancel_at_period_end: false,
              items: { data: [{ current_period_end: end }] },
            },
          },
        },
        {
          id: "evt_s2",
          type: "invoice.paid",
          data: {
            object: {
              id: "in_live1",
              object: "invoice",
              currency: "eur",
              amount_paid: 1049,
              customer: "cus_1",
              status_transitions: { paid_at: now },
              parent: { subscription_details: { subscription: "sub_live1", metadata } },
              lines: { data: [{ period: { start: now, end } }] },
            },
          },
        },
      ];
      // The incomplete subscription (first invoice not yet paid) grants nothing; the paid invoice does.
      const first = JSON.stringify({ object: "event", created: now, ...events[0] });
      await stripeServices.payments.handleWebhook(
        first,
        Stripe.webhooks.generateTestHeaderString({ payload: first, secret: webhookSecret }),
      );
      expect((await access(user)).premium).toBe(false);
      const second = JSON.stringify({ object: "event", created: now, ...events[1] });
      await expect(stripeServices.payments.handleWebhook(second, sign(second))).rejects.toMatchObject({ status: 400 });
      await stripeServices.payments.handleWebhook(
        second,
        Stripe.webhooks.generateTestHeaderString({ payload: second, secret: webhookSecret }),
      );
      expect((await access(user)).premium).toBe(true);

      const sub = (await stripeServices.payments.overview(user)).subscription!;
      await stripeServices.payments.setAutoRenewal(user, sub.id, false);
      const update = requests.find((r) => r.path === "/v1/subscriptions/sub_live1")!;
      expect(update.body.get("cancel_at_period_end")).toBe("true");
      expect((await stripeServices.payments.overview(user)).subscription?.autoRenewal).toBe(false);

      // A second plan paid while this one runs (invoice first, as Stripe may send it): merged into it, never a
      // second subscription; Stripe is told to end the new one and to bill the running one at its new end.
      const end3 = Math.floor(new Date("2026-06-10T12:00:00Z").getTime() / 1000);
      const metadata3 = { pitchlab_user_id: String(user.id), pitchlab_plan_months: "3" };
      const more = [
        {
          id: "evt_s3",
          type: "invoice.paid",
          data: {
            object: {
              id: "in_live2",
              object: "invoice",
              currency: "eur",
              amount_paid: 3499,
              customer: "cus_1",
              status_transitions: { paid_at: now },
              parent: { subscription_details: { subscription: "sub_live2", metadata: metadata3 } },
              lines: { data: [{ period: { start: now, end: end3 } }] },
            },
          },
        },
        {
          id: "evt_s4",
          type: "customer.subscription.created",
          data: {
            object: {
              id: "sub_live2",
              object: "subscription",
              status: "active",
              metadata: metadata3,
              customer: "cus_1",
              created: now,
              cancel_at_period_end: false,
              items: { data: [{ current_period_end: end3 }] },
            },
          },
        },
        {
          id: "evt_s5",
          type: "customer.subscription.deleted",
          data: {
            object: {
              id: "sub_live2",
              object: "subscription",
              status: "canceled",
              metadata: metadata3,
              customer: "cus_1",
              created: now,
              ended_at: now,
              cancel_at_period_end: false,
              items: { data: [] },
            },
          },
        },
      ];
      for (const event of more) {
        const payload = JSON.stringify({ object: "event", created: now, ...event });
        await stripeServices.payments.handleWebhook(
          payload,
          Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        );
      }
      const extendedTo = new Date("2026-07-10T12:00:00Z");
      expect((await stripeServices.payments.overview(user)).subscription).toMatchObject({
        currentPeriodEnd: extendedTo.toISOString(),
        planMonths: 1,
      });
      const live = await db.pool.query(
        "SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1 AND status NOT IN ('merged', 'canceled')",
        [user.id],
      );
      expect(live.rows[0].n).toBe(1);
      expect(requests.filter((r) => r.method === "DELETE" && r.path === "/v1/subscriptions/sub_live2")).toHaveLength(1);
      const moved = requests.filter(
        (r) => r.method === "POST" && r.path === "/v1/subscriptions/sub_live1" && r.body.has("trial_end"),
      );
      expect(moved.map((r) => [r.body.get("trial_end"), r.body.get("proration_behavior")])).toEqual([
        [String(extendedTo.getTime() / 1000), "none"],
      ]);
    } finally {
      server.close();
    }
  });
});

describe("a production server without Stripe keys", () => {
  it("sells nothing rather than hand out premium through the sandbox", async () => {
    const { paymentsSettings } = await import("../../src/data/payments/settings.ts");
    const { loadConfig } = await import("../../src/config.ts");
    const settings = await paymentsSettings(loadConfig({}), db.pool, { allowSandbox: false });
    expect(settings.provider.name).toBe("none");
    expect((await paymentsSettings(loadConfig({}), db.pool, { allowSandbox: true })).provider.name).toBe("sandbox");
    const closed = createServices(
      { pool: db.pool, clock, payments: settings },
      { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
    );
    const user = await account("noshop@example.com");
    await expect(closed.payments.startCheckout(user, await access(user), { plan: 1 }, "en")).rejects.toMatchObject({
      status: 503,
      message: "payments.unavailable",
    });
    expect(closed.payments.sandbox.enabled).toBe(false);
    await expect(closed.payments.sandbox.checkout(user, "cs_sandbox_x")).rejects.toMatchObject({ status: 404 });
    const payload = invoicePaidEvent("evt_closed", user.id, "sub_closed", 1499, new Date("2026-06-01T00:00:00Z"));
    await expect(closed.payments.handleWebhook(payload, sign(payload))).rejects.toMatchObject({ status: 400 });
    expect((await access(user)).premium).toBe(false);
  });
});
