import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaptcha } from "../../src/data/captcha.ts";
import { createMailer } from "../../src/data/mail/mailer.ts";
import { retryAfterSeconds } from "../../src/domain/accounts/sliding-window.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { testOutbox } from "../support/accounts.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

/** Google's siteverify stand-in: the token "good" passes. */
let verifier: Server;
let db: TestDatabase;
let plain: Services;
let withCaptcha: Services;
const outbox = testOutbox();
const clock = fixedClock("2026-03-02T12:00:00Z");
const PASSWORD = "correct horse battery";

async function verifiedUser(services: Services, email: string) {
  await services.accounts.register(
    {
      firstName: "R",
      lastName: "L",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: true,
      languageCode: "en",
    },
    { ip: `198.51.100.${Math.floor(Math.random() * 250)}` },
  );
  const link = outbox.link(email);
  expect(
    await services.accounts.verify(Number(link.searchParams.get("userId")), link.searchParams.get("userKey")!),
  ).toBe(true);
}

beforeAll(async () => {
  verifier = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ success: new URLSearchParams(body).get("response") === "good", action: "login" }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, "127.0.0.1", resolve));
  const verifyUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
  db = await createTestDatabase();
  const base = { pool: db.pool, clock, mailer: createMailer({ from: "t@test", outboxDir: outbox.dir }) };
  const status = { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null };
  plain = createServices(base, status);
  withCaptcha = createServices(
    { ...base, captcha: createCaptcha({ siteKey: "site", secretKey: "secret", version: 2, verifyUrl, minScore: 0.5 }) },
    status,
  );
  await verifiedUser(plain, "victim@example.com");
  await verifiedUser(plain, "neighbour@example.com");
  await verifiedUser(plain, "owner@example.com");
});
afterAll(async () => {
  verifier.close();
  await db.drop();
});

describe("sliding window", () => {
  it("waits until enough of the previous window has slid out, or into the next one", () => {
    const start = new Date("2026-03-02T12:00:00Z");
    // half-way through a 1 h window, 10 hits before and 0 now, limit 10: 5 weigh now, so there is room
    expect(retryAfterSeconds({ previous: 10, current: 0 }, 10, new Date(start.getTime() + 1_800_000), 3600)).toBe(0);
    // at the start with 10 before: one more fits once 1/10 of the previous window has slid out (6 min)
    expect(retryAfterSeconds({ previous: 10, current: 0 }, 10, start, 3600)).toBe(360);
    // 10 in the current window already: into the next window until 1/10 of this one has slid out
    expect(retryAfterSeconds({ previous: 0, current: 10 }, 10, start, 3600)).toBe(3960);
  });
});

describe("login throttles", () => {
  const attempt = (services: Services, email: string, password: string, ip: string, captcha?: string) =>
    services.accounts.login({ email, password }, { ip, captcha });

  it("16 failures from one address block that account there, not the address's other people nor the owner elsewhere", async () => {
    for (let i = 0; i < 16; i++) {
      await expect(attempt(plain, "victim@example.com", "wrong password", "203.0.113.7")).rejects.toMatchObject({
        status: expect.any(Number),
      });
    }
    // the guessed account, from the guessing address: 429 with how long to wait, the right password included
    const refused = await attempt(plain, "victim@example.com", PASSWORD, "203.0.113.7").catch((e) => e);
    expect(refused).toMatchObject({ status: 429, message: "limits.retryAfter" });
    expect(refused.params.count).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeGreaterThan(0);
    // someone else behind the same address gets in
    expect((await attempt(plain, "neighbour@example.com", PASSWORD, "203.0.113.7")).user.email).toBe(
      "neighbour@example.com",
    );
    // the owner from their own address gets in
    expect((await attempt(plain, "victim@example.com", PASSWORD, "192.0.2.50")).user.email).toBe("victim@example.com");
  });

  it("with a captcha configured, the right password plus a solved captcha still gets in over a limit", async () => {
    for (let i = 0; i < 12; i++) {
      await expect(
        attempt(withCaptcha, "owner@example.com", "wrong password", "203.0.113.8", "good"),
      ).rejects.toMatchObject({ status: 401 });
    }
    await expect(attempt(withCaptcha, "owner@example.com", PASSWORD, "203.0.113.8")).rejects.toMatchObject({
      message: "captcha.failed",
    });
    expect((await attempt(withCaptcha, "owner@example.com", PASSWORD, "203.0.113.8", "good")).user.email).toBe(
      "owner@example.com",
    );
  });

  it("per address: after 100 failures on many accounts the address is refused (no captcha), for an hour's quarter at most", async () => {
    for (let i = 0; i < 100; i++) {
      await expect(attempt(plain, `spray${i}@example.com`, "wrong password", "203.0.113.9")).rejects.toMatchObject({
        status: 401,
      });
    }
    await expect(attempt(plain, "neighbour@example.com", PASSWORD, "203.0.113.9")).rejects.toMatchObject({
      status: 429,
    });
    clock.set("2026-03-02T12:31:00Z");
    expect((await attempt(plain, "neighbour@example.com", PASSWORD, "203.0.113.9")).user.email).toBe(
      "neighbour@example.com",
    );
    clock.set("2026-03-02T12:00:00Z");
  });
});

describe("no GET spends a security bucket", () => {
  it("GET users/sendActivationLink/website, repeated, does not block password resets from that address", async () => {
    const api = createApi(plain);
    for (let i = 0; i < 15; i++) {
      const response = await api.request(`/users/sendActivationLink/website?email=someone${i % 2}@example.com`, {
        headers: { "x-test-client-ip": "203.0.113.20" },
      });
      expect([200, 429]).toContain(response.status);
    }
    await expect(
      plain.accounts.requestPasswordReset("owner@example.com", { ip: "203.0.113.20" }),
    ).resolves.toBeUndefined();
  });
});

describe("registration limit", () => {
  const form = (email: string, extra: Record<string, unknown> = {}) => ({
    firstName: "R",
    lastName: "L",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    terms: true,
    languageCode: "en",
    ...extra,
  });

  it("invalid submissions spend nothing; the window slides; the refusal says how long to wait", async () => {
    clock.set("2026-03-03T10:50:00Z");
    const ip = "203.0.113.30";
    for (let i = 0; i < 10; i++) {
      await expect(
        plain.accounts.register(form(`bad${i}@example.com`, { confirmPassword: "other" }), { ip }),
      ).rejects.toMatchObject({ status: 400 });
    }
    for (let i = 0; i < 10; i++) await plain.accounts.register(form(`reg${i}@example.com`), { ip });
    const refused = await plain.accounts.register(form("reg10@example.com"), { ip }).catch((e) => e);
    expect(refused).toMatchObject({ status: 429, message: "limits.retryAfter" });
    // a fixed window would open again at 11:00; the sliding one keeps counting the last hour
    clock.set("2026-03-03T11:01:00Z");
    await expect(plain.accounts.register(form("reg11@example.com"), { ip })).rejects.toMatchObject({ status: 429 });
    // the announced wait is enough
    const wait = (await plain.accounts.register(form("reg12@example.com"), { ip }).catch((e) => e))
      .retryAfter as number;
    clock.set(new Date(new Date("2026-03-03T11:01:00Z").getTime() + wait * 1000));
    await expect(plain.accounts.register(form("reg13@example.com"), { ip })).resolves.toBeUndefined();
    clock.set("2026-03-02T12:00:00Z");
  });

  it("the API answers 429 with the wait in the caller's language and a Retry-After header", async () => {
    clock.set("2026-03-04T10:00:00Z");
    const api = createApi(plain);
    let last: Response | null = null;
    for (let i = 0; i < 11; i++) {
      last = await api.request("/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json", "x-test-client-ip": "203.0.113.31", "accept-language": "de" },
        body: JSON.stringify(form(`api${i}@example.com`)),
      });
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await last!.json()) as { error: string }).error).toMatch(
      /^Zu viele Versuche\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/,
    );
    clock.set("2026-03-02T12:00:00Z");
  });
});
