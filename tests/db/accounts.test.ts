import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../src/data/mail/mailer.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { testOutbox } from "../support/accounts.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
const outbox = testOutbox();
const clock = fixedClock("2026-03-01T12:00:00Z");
let ipCounter = 0;
/** every test call comes from its own address unless it wants to hit a rate limit */
const freshIp = () => `10.0.0.${++ipCounter}`;

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api.request(path, {
    method,
    headers: { "content-type": "application/json", "x-test-client-ip": freshIp(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email,
  password: "correct horse battery",
  confirmPassword: "correct horse battery",
  terms: true,
  languageCode: "en",
  ...extra,
});

async function registerAndVerify(email: string): Promise<string> {
  expect((await call("POST", "/auth/register", registration(email))).status).toBe(200);
  const link = outbox.link(email);
  expect(
    (
      await call(
        "GET",
        `/users/verify?userId=${link.searchParams.get("userId")}&userKey=${link.searchParams.get("userKey")}`,
      )
    ).status,
  ).toBe(200);
  const login = await call("POST", "/auth/login", { email, password: "correct horse battery" });
  expect(login.status).toBe(200);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

beforeAll(async () => {
  db = await createTestDatabase();
  services = createServices(
    {
      pool: db.pool,
      clock,
      mailer: createMailer({ from: "Pitchlab <no-reply@test>", outboxDir: outbox.dir }),
      publicUrl: "http://pitchlab.test",
    },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
});
afterAll(async () => db.drop());

describe("registration and verification", () => {
  it("refuses bad input with the SPEC messages and stores nothing", async () => {
    const response = await call("POST", "/auth/register", {
      ...registration("not-an-email"),
      firstName: "",
      confirmPassword: "other",
      terms: false,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({
      firstName: "Field required",
      email: "Please provide a valid email",
      terms: "You must accept the terms and conditions",
    });
    expect((await db.pool.query("SELECT count(*)::int AS n FROM users")).rows[0].n).toBe(0);
  });

  it("answers in the caller's language", async () => {
    const response = await call(
      "POST",
      "/auth/register",
      { ...registration("x@example.com"), password: "short", confirmPassword: "short" },
      { "accept-language": "de-DE,de;q=0.9" },
    );
    const body = (await response.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe("errors.checkFields");
    expect(body.fields.password).not.toBe("The password needs at least 8 characters");
  });

  it("mails a verification link; login waits for it; the link works once", async () => {
    expect((await call("POST", "/auth/register", registration("ada@example.com"))).status).toBe(200);
    const mail = outbox.last("ada@example.com");
    expect(mail.subject).toBe("Activate your Pitchlab account");
    expect(mail.html).toContain("Activate my account");
    const before = await call("POST", "/auth/login", { email: "ada@example.com", password: "correct horse battery" });
    expect(before.status).toBe(403);
    expect(((await before.json()) as { error: string }).error).toBe(
      "Your email has not been verified. Click on the following button to send an activation link to your email",
    );
    const link = outbox.link("ada@example.com");
    expect(link.pathname).toBe("/auth/verify");
    const verify = `/users/verify?userId=${link.searchParams.get("userId")}&userKey=${link.searchParams.get("userKey")}`;
    expect((await call("GET", verify)).status).toBe(200);
    expect((await call("GET", verify)).status).toBe(400);
    expect(
      (await call("POST", "/auth/login", { email: "ADA@example.com ", password: "correct horse battery" })).status,
    ).toBe(200);
  });

  it("gives a taken address the same answer and mails its owner instead", async () => {
    const response = await call("POST", "/auth/register", registration("ada@example.com"));
    expect(response.status).toBe(200);
    expect(outbox.last("ada@example.com").subject).toBe("You already have a Pitchlab account");
    expect(
      (await db.pool.query("SELECT count(*)::int AS n FROM users WHERE email = 'ada@example.com'")).rows[0].n,
    ).toBe(1);
  });

  it("resends the activation link without telling whether the address exists", async () => {
    await call("POST", "/auth/register", registration("late@example.com", { languageCode: "fr" }));
    const count = outbox.messages().length;
    expect((await call("GET", "/users/sendActivationLink/website?email=late@example.com&language=it")).status).toBe(
      200,
    );
    expect((await call("GET", "/users/sendActivationLink/website?email=nobody@example.com&language=it")).status).toBe(
      200,
    );
    expect(outbox.messages().length).toBe(count + 1);
    const mail = outbox.last("late@example.com");
    expect(mail.subject).not.toBe("Activate your Pitchlab account");
    expect(outbox.link("late@example.com").pathname).toBe("/it/utente/verifica");
  });
});

describe("sessions", () => {
  it("accepts the bearer token and the cookie, and logout ends the session", async () => {
    const token = await registerAndVerify("bea@example.com");
    const me = await call("GET", "/users/me", undefined, { authorization: `Bearer ${token}` });
    expect(me.status).toBe(200);
    const user = ((await me.json()) as { data: Record<string, unknown> }).data;
    expect(user).toMatchObject({ email: "bea@example.com", firstName: "Ada", loggedIn: true, userSubscription: null });
    expect(user).not.toHaveProperty("passwordHash");
    expect((await call("GET", "/users/me", undefined, { cookie: `pl_session=${token}` })).status).toBe(200);
    await call("POST", "/auth/logout", undefined, { authorization: `Bearer ${token}` });
    expect((await call("GET", "/users/me", undefined, { authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it("refuses a cross-site change made with the cookie (CSRF) but not one with the bearer token", async () => {
    const token = await registerAndVerify("csrf@example.com");
    const crossSite = await call(
      "POST",
      "/users/me",
      { firstName: "Eve" },
      { cookie: `pl_session=${token}`, origin: "https://evil.example", host: "pitchlab.test" },
    );
    expect(crossSite.status).toBe(403);
    const sameSite = await call(
      "POST",
      "/users/me",
      { firstName: "Cleo" },
      { cookie: `pl_session=${token}`, "sec-fetch-site": "same-origin" },
    );
    expect(sameSite.status).toBe(200);
    const bearer = await call("POST", "/users/me", { lastName: "Bearer" }, { authorization: `Bearer ${token}` });
    expect(((await bearer.json()) as { data: { firstName: string; lastName: string } }).data).toMatchObject({
      firstName: "Cleo",
      lastName: "Bearer",
    });
  });

  it("rotates the session on login and ends after a day without 'remember me'", async () => {
    const first = await registerAndVerify("rot@example.com");
    const again = await call(
      "POST",
      "/auth/login",
      { email: "rot@example.com", password: "correct horse battery", rememberMe: true },
      { cookie: `pl_session=${first}`, "sec-fetch-site": "same-origin" },
    );
    const second = ((await again.json()) as { data: { token: string } }).data.token;
    expect(second).not.toBe(first);
    expect(again.headers.get("set-cookie")).toMatch(/pl_session=.+HttpOnly; SameSite=Lax; Max-Age=\d+/);
    expect(await services.accounts.bySession(first)).toBeNull();
    clock.set("2026-03-03T12:00:00Z");
    expect(await services.accounts.bySession(second)).not.toBeNull();
    clock.set("2026-04-15T12:00:00Z");
    expect(await services.accounts.bySession(second)).toBeNull();
    clock.set("2026-03-01T12:00:00Z");
  });

  it("rate-limits logins from one address with a localised 429", async () => {
    let last: Response | null = null;
    for (let i = 0; i < 21; i++) {
      last = await call(
        "POST",
        "/auth/login",
        { email: "nobody@example.com", password: "x" },
        { "x-test-client-ip": "192.0.2.1", "accept-language": "it" },
      );
    }
    expect(last!.status).toBe(429);
    expect(((await last!.json()) as { error: string }).error).not.toBe(
      "Too many attempts. Please wait a few minutes and try again.",
    );
  });
});

describe("password reset and change", () => {
  it("resets with a mailed link that expires and works once; no enumeration", async () => {
    await registerAndVerify("cy@example.com");
    const count = outbox.messages().length;
    expect((await call("POST", "/auth/forgot-password", { email: "nobody@example.com" })).status).toBe(200);
    expect(outbox.messages().length).toBe(count);
    expect((await call("POST", "/auth/forgot-password", { email: "cy@example.com" })).status).toBe(200);
    const link = outbox.link("cy@example.com");
    expect(link.pathname).toBe("/auth/reset-password");
    const form = (password: string) =>
      api.request("/users/generatepassword", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-test-client-ip": freshIp() },
        body: new URLSearchParams({
          users_id: link.searchParams.get("userId")!,
          users_key: link.searchParams.get("userKey")!,
          password,
        }),
      });
    clock.set("2026-03-01T13:30:00Z");
    const expired = await form("brand new password");
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ specificCode: "resetPasswordKO" });
    clock.set("2026-03-01T12:00:00Z");
    await call("POST", "/auth/forgot-password", { email: "cy@example.com" });
    const fresh = outbox.link("cy@example.com");
    link.searchParams.set("userKey", fresh.searchParams.get("userKey")!);
    expect((await form("brand new password")).status).toBe(200);
    expect((await form("another password")).status).toBe(400);
    expect(
      (await call("POST", "/auth/login", { email: "cy@example.com", password: "brand new password" })).status,
    ).toBe(200);
  });

  it("says 'Something went wrong, please check the passwords.' when the change fails", async () => {
    const token = await registerAndVerify("dee@example.com");
    const auth = { authorization: `Bearer ${token}` };
    const wrong = await call(
      "POST",
      "/users/me/password",
      { currentPassword: "nope", password: "brand new password", confirmPassword: "brand new password" },
      auth,
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe("Something went wrong, please check the passwords.");
    const mismatch = await call(
      "POST",
      "/users/me/password",
      { currentPassword: "correct horse battery", password: "brand new password", confirmPassword: "other" },
      auth,
    );
    expect(((await mismatch.json()) as { error: string }).error).toBe(
      "Something went wrong, please check the passwords.",
    );
    expect(
      (
        await call(
          "POST",
          "/users/me/password",
          {
            currentPassword: "correct horse battery",
            password: "brand new password",
            confirmPassword: "brand new password",
          },
          auth,
        )
      ).status,
    ).toBe(200);
  });
});

describe("profile", () => {
  it("saves language, timezone, Telegram flags and preferences; refuses bad values and writes nothing", async () => {
    const token = await registerAndVerify("eve@example.com");
    const auth = { authorization: `Bearer ${token}` };
    const bad = await call("POST", "/users/me", { timezone: "Mars/Olympus", languageCode: "xx" }, auth);
    expect(bad.status).toBe(400);
    const ok = await call(
      "POST",
      "/users/me",
      { languageCode: "pl", timezone: "Europe/Warsaw", preferences: { oddsFormat: 3, theme: "dark" } },
      auth,
    );
    expect(((await ok.json()) as { data: Record<string, unknown> }).data).toMatchObject({
      languageCode: "pl",
      timezone: "Europe/Warsaw",
      preferences: { oddsFormat: 3, theme: "dark" },
    });
    const telegram = await call("POST", "/users/me", { telegramNotificationsEnabled: true }, auth);
    expect(telegram.status).toBe(400);
    const withName = await call(
      "POST",
      "/users/me",
      { telegramNotificationsEnabled: true, telegramUsername: "@ada_bets" },
      auth,
    );
    expect(((await withName.json()) as { data: Record<string, unknown> }).data).toMatchObject({
      telegramUsername: "ada_bets",
      telegramNotificationsEnabled: true,
    });
    const settings = await call("PUT", "/users/filternotificationsettings", { type: "live", corners: false }, auth);
    expect(((await settings.json()) as { data: Record<string, unknown> }).data).toMatchObject({
      type: "live",
      corners: false,
      roi: true,
    });
    expect(
      (
        (await (await call("GET", "/users/filternotificationsettings?type=live", undefined, auth)).json()) as {
          data: Record<string, unknown>;
        }
      ).data.corners,
    ).toBe(false);
  });

  it("unsubscribes from the newsletter with the mailed key only", async () => {
    await registerAndVerify("fay@example.com");
    const { rows } = await db.pool.query("SELECT id, newsletter_key FROM users WHERE email = 'fay@example.com'");
    const form = (key: string) =>
      api.request("/users/newsletterUnsubscribe", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-test-client-ip": freshIp() },
        body: new URLSearchParams({ user_id: String(rows[0].id), user_key: key }),
      });
    expect((await form("guess")).status).toBe(400);
    expect((await form(rows[0].newsletter_key)).status).toBe(200);
    expect((await db.pool.query("SELECT newsletter FROM users WHERE id = $1", [rows[0].id])).rows[0].newsletter).toBe(
      false,
    );
  });

  it("exports the account's data and deletes the account after the password", async () => {
    const token = await registerAndVerify("gil@example.com");
    const auth = { authorization: `Bearer ${token}` };
    const exported = await call("GET", "/users/me/export", undefined, auth);
    expect(exported.headers.get("content-disposition")).toContain("attachment");
    const data = ((await exported.json()) as { data: { account: Record<string, unknown> } }).data;
    expect(data.account.email).toBe("gil@example.com");
    expect(data.account).not.toHaveProperty("passwordHash");
    expect((await call("DELETE", "/users/me", { password: "wrong" }, auth)).status).toBe(400);
    expect((await call("DELETE", "/users/me", { password: "correct horse battery" }, auth)).status).toBe(200);
    expect(
      (await db.pool.query("SELECT count(*)::int AS n FROM users WHERE email = 'gil@example.com'")).rows[0].n,
    ).toBe(0);
    expect((await call("GET", "/users/me", undefined, auth)).status).toBe(401);
  });
});

describe("social login", () => {
  const profile = {
    provider: "google" as const,
    subject: "g-1",
    email: "hal@example.com",
    emailVerified: true,
    firstName: "Hal",
    lastName: "Jordan",
    image: null,
  };

  it("creates a verified account once and signs the same identity in again", async () => {
    const first = await services.accounts.socialLogin(profile, "es");
    const second = await services.accounts.socialLogin({ ...profile, firstName: "Changed" }, "en");
    expect(second.user.id).toBe(first.user.id);
    expect(first.user).toMatchObject({ languageCode: "es", passwordHash: null });
    expect(first.user.emailVerifiedAt).not.toBeNull();
  });

  it("never links an unverified provider address to an existing account", async () => {
    await registerAndVerify("ivy@example.com");
    await expect(
      services.accounts.socialLogin(
        { ...profile, subject: "fb-9", provider: "facebook", email: "ivy@example.com", emailVerified: false },
        "en",
      ),
    ).rejects.toThrow("auth.socialEmailTaken");
  });
});
