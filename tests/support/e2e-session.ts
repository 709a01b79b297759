import pg from "pg";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { runningEmbeddedUrl } from "../../src/db/embedded.ts";
import { grantPremium } from "./premium.ts";
import { siteNow } from "./site-clock.ts";

export const E2E_PASSWORD = "a long enough password";

/** A client address of its own per call, so that the server's rate limits never join two tests together. */
export const freshAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}, 10.0.0.1`;

/** A call of the site's API as `token`'s member (null: a visitor): GET without a body, POST with one. */
export async function callApi(baseUrl: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": freshAddress(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

/**
 * Where the accounts are written: by default the suite's global server (its database found by the data directory
 * tests/support/global-server.ts gave it, wherever the embedded PostgreSQL took its port); `databaseUrl` for a
 * site a test started on its own (tests/support/replayed-site.ts).
 */
export interface SessionOptions {
  databaseUrl?: string;
  /** The site's now, from which a subscription runs (by default the global server's clock). */
  now?: Date;
}

/**
 * A verified account with an active subscription on the running e2e server, signed in through the API; its
 * session token. Verification and subscription go straight to the server's database (the e-mail and payment flows
 * have tests of their own).
 */
export async function premiumSessionToken(
  baseUrl: string,
  firstName: string,
  options: SessionOptions = {},
): Promise<string> {
  return (await signedInAccount(baseUrl, firstName, true, options)).token;
}

/** The same, without a subscription: a signed-in free member. */
export async function freeSessionToken(
  baseUrl: string,
  firstName: string,
  options: SessionOptions = {},
): Promise<string> {
  return (await signedInAccount(baseUrl, firstName, false, options)).token;
}

/** A verified, signed-in account (premium or free): its id, e-mail and session token. */
export async function signedInAccount(
  baseUrl: string,
  firstName: string,
  premium: boolean,
  options: SessionOptions = {},
): Promise<{ id: number; email: string; token: string }> {
  const email = `e2e-${firstName.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const headers = { "content-type": "application/json", "x-forwarded-for": freshAddress() };
  const body = {
    firstName,
    lastName: "Tester",
    email,
    password: E2E_PASSWORD,
    confirmPassword: E2E_PASSWORD,
    terms: true,
    languageCode: "en",
  };
  expect(
    (await fetch(`${baseUrl}/api/v1/auth/register`, { method: "POST", headers, body: JSON.stringify(body) })).status,
  ).toBe(200);
  const url = options.databaseUrl ?? (await runningEmbeddedUrl(process.env.E2E_DATA_DIR ?? ".data/e2e"));
  if (!url) throw new Error("the e2e server's database is not running");
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  let id: number;
  try {
    const { rows } = await pool.query<{ id: number }>(
      "UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id",
      [email],
    );
    id = rows[0]!.id;
    if (premium) await grantPremium(pool, id, { now: options.now ?? new Date(siteNow()) });
  } finally {
    await pool.end();
  }
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return { id, email, token: ((await login.json()) as { data: { token: string } }).data.token };
}

/** Screenshots at phone and desktop width, light and dark, each checked for sideways scrolling. */
export async function screenshots(page: Page, baseUrl: string, name: string, options: { clipHeight?: number } = {}) {
  for (const theme of ["light", "dark"] as const) {
    await page.context().addCookies([{ name: "theme", value: theme, url: baseUrl }]);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await page.locator("h1").first().waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${name} at ${width}px (${theme})`,
      ).toBeLessThanOrEqual(width);
      const clip = options.clipHeight ? { x: 0, y: 0, width, height: options.clipHeight } : undefined;
      await page.screenshot({ path: `test-results/${name}-${width}-${theme}.png`, fullPage: true, clip });
    }
  }
}

/**
 * Waits until the live backtest over `interval` replays every match of the period: a fresh server stores the
 * finished matches' timelines in the background, newest first (src/jobs/live.ts), so a backtest run before that
 * leaves them out. Answers the last backtest (`rules`, `desiredOutcome` as given, or a shots rule on home).
 */
export async function waitForTimelines(
  baseUrl: string,
  token: string,
  interval: string,
  backtest: { rules?: unknown[]; desiredOutcome?: string } = {},
) {
  const body = {
    rules: backtest.rules ?? [
      { category: "liveStats", stat: "shotsOnGoal", target: "Home", comparator: "GreaterEqualThan", value: 1 },
    ],
    desiredOutcome: backtest.desiredOutcome ?? "home",
    interval,
  };
  const deadline = Date.now() + 9 * 60_000;
  for (;;) {
    const answer = await callApi(baseUrl, "/live-filters/backtest", token, body);
    const data = answer.body.data as { analysed?: number; withoutTimeline?: number } | undefined;
    if (answer.status === 200 && data && (data.analysed ?? 0) > 0 && data.withoutTimeline === 0) return answer;
    if (Date.now() > deadline)
      throw new Error(`the timelines of ${interval} were not stored in time: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}
