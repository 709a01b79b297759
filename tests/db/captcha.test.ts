import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaptcha } from "../../src/data/captcha.ts";
import { createMailer } from "../../src/data/mail/mailer.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { testOutbox } from "../support/accounts.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

/** A stand-in for Google's siteverify: token "good" passes, "low" passes with a low v3 score, the rest fail. */
let verifier: Server;
let verifyUrl: string;
const seen: URLSearchParams[] = [];
let db: TestDatabase;
let services: Services;
const outbox = testOutbox();

beforeAll(async () => {
  verifier = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const params = new URLSearchParams(body);
      seen.push(params);
      const token = params.get("response");
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          success: token === "good" || token === "low",
          score: token === "low" ? 0.1 : 0.9,
          action: "login",
        }),
      );
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, "127.0.0.1", resolve));
  verifyUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
  db = await createTestDatabase();
  services = createServices(
    {
      pool: db.pool,
      clock: fixedClock("2026-03-01T12:00:00Z"),
      mailer: createMailer({ from: "t@test", outboxDir: outbox.dir }),
      captcha: createCaptcha({ siteKey: "site", secretKey: "secret", version: 2, verifyUrl, minScore: 0.5 }),
    },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
});
afterAll(async () => {
  verifier.close();
  await db.drop();
});

const registration = {
  firstName: "C",
  lastName: "D",
  email: "cap@example.com",
  password: "long enough pw",
  confirmPassword: "long enough pw",
  terms: true,
  languageCode: "en",
};

describe("captcha", () => {
  it("is off without keys", async () => {
    const off = createCaptcha({ version: 2, verifyUrl, minScore: 0.5 });
    expect(off.siteKey).toBeNull();
    expect(await off.verify(undefined, "login", null)).toBe(true);
  });

  it("guards registration with the secret and the client address sent to the verifier", async () => {
    await expect(services.accounts.register(registration, { ip: "203.0.113.9", captcha: "bad" })).rejects.toMatchObject(
      { status: 400, message: "captcha.failed" },
    );
    await expect(services.accounts.register(registration, { ip: "203.0.113.9" })).rejects.toMatchObject({
      message: "captcha.failed",
    });
    expect((await db.pool.query("SELECT count(*)::int AS n FROM users")).rows[0].n).toBe(0);
    await services.accounts.register(registration, { ip: "203.0.113.9", captcha: "good" });
    expect(seen.at(-1)?.get("secret")).toBe("secret");
    expect(seen.at(-1)?.get("remoteip")).toBe("203.0.113.9");
    expect((await db.pool.query("SELECT count(*)::int AS n FROM users")).rows[0].n).toBe(1);
  });

  it("asks for it at login only after three failures", async () => {
    await db.pool.query("UPDATE users SET email_verified_at = now()");
    const wrong = { email: "cap@example.com", password: "nope" };
    for (let i = 0; i < 3; i++)
      await expect(services.accounts.login(wrong, { ip: "1.1.1.1" })).rejects.toMatchObject({
        message: "auth.invalidCredentials",
      });
    expect(await services.accounts.loginNeedsCaptcha("cap@example.com")).toBe(true);
    await expect(
      services.accounts.login({ email: "cap@example.com", password: "long enough pw" }, { ip: "1.1.1.1" }),
    ).rejects.toMatchObject({ message: "captcha.failed" });
    const session = await services.accounts.login(
      { email: "cap@example.com", password: "long enough pw" },
      { ip: "1.1.1.1", captcha: "good" },
    );
    expect(session.user.email).toBe("cap@example.com");
    expect(await services.accounts.loginNeedsCaptcha("cap@example.com")).toBe(false);
  });

  it("guards the contact form and the password reset", async () => {
    expect(
      await services.community.contact(
        { topic: "general", subject: "Hi", email: "a@b.co", message: "Hello", locale: "en" },
        { ip: "2.2.2.2" },
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { captcha: "captcha.failed" },
    });
    await expect(
      services.accounts.requestPasswordReset("cap@example.com", { ip: "2.2.2.2", captcha: "nope" }),
    ).rejects.toMatchObject({ message: "captcha.failed" });
    const response = await createApi(services).request("/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-test-client-ip": "2.2.2.3" },
      body: JSON.stringify({ topic: "general", subject: "Hi", email: "a@b.co", message: "Hello", captcha: "good" }),
    });
    expect(response.status).toBe(200);
  });

  it("v3 checks the score", async () => {
    const v3 = createCaptcha({ siteKey: "site", secretKey: "secret", version: 3, verifyUrl, minScore: 0.5 });
    expect(await v3.verify("good", "login", null)).toBe(true);
    expect(await v3.verify("low", "login", null)).toBe(false);
  });
});
