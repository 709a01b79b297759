import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";
import { addonsOnSale } from "../../src/domain/premium/features.ts";

/**
 * Every gated endpoint called as a visitor, a free user, a premium member and a member with both add-ons:
 * nothing premium is reachable without paying, straight through the API.
 */
const clock = fixedClock("2026-03-10T12:00:00Z");
let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
let ip = 0;
const tokens: Record<"visitor" | "free" | "premium" | "addons", string | null> = {
  visitor: null,
  free: null,
  premium: null,
  addons: null,
};

async function signIn(email: string): Promise<{ id: number; token: string }> {
  const password = "correct horse battery";
  await services.accounts.register(
    {
      firstName: "Gate",
      lastName: "Test",
      email,
      password,
      confirmPassword: password,
      terms: true,
      languageCode: "en",
    },
    { ip: `10.7.0.${++ip}` },
  );
  const { rows } = await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id", [
    email,
  ]);
  const session = await services.accounts.login({ email, password, rememberMe: false }, { ip: `10.7.1.${++ip}` }, null);
  return { id: rows[0].id, token: session.token };
}

async function status(role: keyof typeof tokens, method: string, path: string, body?: unknown): Promise<number> {
  const token = tokens[role];
  const response = await api.request(path, {
    method,
    headers: {
      "content-type": "application/json",
      "x-test-client-ip": `10.6.0.${++ip % 250}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 403) expect((await response.json()).error).toMatch(/PREMIUM/);
  return response.status;
}

beforeAll(async () => {
  db = await createTestDatabase();
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
  tokens.free = (await signIn("free@example.com")).token;
  const member = await signIn("member@example.com");
  await grantPremium(db.pool, member.id, { now: clock.now() });
  tokens.premium = member.token;
  const full = await signIn("full@example.com");
  await grantPremium(db.pool, full.id, { now: clock.now(), addonFilters: true, addonBacktesting: true });
  tokens.addons = full.token;
});
afterAll(async () => db.drop());

/** free, premium and add-on owner: 403 / 200 / 409 once the add-on is on sale, else 409 (not on sale) for all. */
function addonAnswers(addon: "filters" | "backtesting"): [number, number, number] {
  return addonsOnSale().includes(addon) ? [403, 200, 409] : [409, 409, 409];
}

const range = "from=2026-03-10T00:00:00Z&to=2026-03-11T00:00:00Z";
const MATRIX: Array<{
  name: string;
  method: string;
  path: string;
  body?: unknown;
  expect: [number, number, number, number];
}> = [
  { name: "Premium room", method: "GET", path: "/vip", expect: [401, 403, 200, 200] },
  // Add-ons are sold only once their feature exists (src/domain/premium/features.ts): refused to everyone until then.
  {
    name: "add-on filters",
    method: "POST",
    path: "/payments/checkout",
    body: { addon: "filters" },
    expect: [401, ...addonAnswers("filters")],
  },
  {
    name: "add-on backtesting",
    method: "POST",
    path: "/payments/checkout",
    body: { addon: "backtesting" },
    expect: [401, ...addonAnswers("backtesting")],
  },
  {
    name: "machine with a premium event",
    method: "GET",
    path: `/fixtures/pitchlab-machine?dateFormat=extended&platform=website&${range}&odds=O05`,
    expect: [403, 403, 200, 200],
  },
  {
    name: "machine with free events",
    method: "GET",
    path: `/fixtures/pitchlab-machine?dateFormat=extended&platform=website&${range}&odds=O25`,
    expect: [200, 200, 200, 200],
  },
  {
    name: "premium advanced filter",
    method: "GET",
    path: `/fixtures/advanced-filters/premium?dateFormat=extended&platform=website&${range}`,
    expect: [401, 403, 200, 200],
  },
  {
    name: "advanced filter with a premium event",
    method: "GET",
    path: `/fixtures/advanced-filters?dateFormat=extended&platform=website&${range}&event=CO85`,
    expect: [401, 403, 200, 200],
  },
  {
    name: "free advanced filter",
    method: "GET",
    path: `/fixtures/advanced-filters?dateFormat=extended&platform=website&${range}&event=O25`,
    expect: [200, 200, 200, 200],
  },
  { name: "league groups", method: "GET", path: "/users/leagues", expect: [401, 403, 200, 200] },
  { name: "saved searches", method: "GET", path: "/users/searches", expect: [401, 403, 200, 200] },
  { name: "best teams by market", method: "GET", path: "/teams/best", expect: [401, 403, 200, 200] },
];

describe("premium gating matrix", () => {
  for (const row of MATRIX) {
    it(`${row.name}: ${row.expect.join(" / ")}`, async () => {
      const got = [];
      for (const role of ["visitor", "free", "premium", "addons"] as const)
        got.push(await status(role, row.method, row.path, row.body));
      expect(got).toEqual(row.expect);
    });
  }
});
