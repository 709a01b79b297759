import { afterAll, beforeAll, expect, it } from "vitest";
import { createMailer } from "../../src/data/mail/mailer.ts";
import { createApi } from "../../src/server/api/app.ts";
import { createServices } from "../../src/services/index.ts";
import { testOutbox } from "../support/accounts.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let api: ReturnType<typeof createApi>;
const outbox = testOutbox();

beforeAll(async () => {
  db = await createTestDatabase();
  const services = createServices(
    {
      pool: db.pool,
      clock: fixedClock("2026-03-01T12:00:00Z"),
      mailer: createMailer({ from: "Pitchlab <no-reply@test>", outboxDir: outbox.dir }),
      publicUrl: "http://pitchlab.test",
    },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
});
afterAll(async () => db.drop());

const callback = (cookie?: string) =>
  api.request("/auth/oauth/google/callback?code=abc&state=s1", {
    headers: { "x-test-client-ip": "10.9.0.1", ...(cookie === undefined ? {} : { cookie }) },
  });

it("a pl_oauth cookie that is not ours (not JSON, wrong shape) is a 400 with a message, never a 500", async () => {
  for (const value of ["%7Bbad", "not-json", encodeURIComponent('{"state":1}'), "null", encodeURIComponent("[]")]) {
    const response = await callback(`pl_oauth=${value}`);
    expect(response.status, value).toBe(400);
    const body = (await response.json()) as { error: string; code: string };
    expect(body.code).toBe("auth.socialFailed");
    expect(body.error.length).toBeGreaterThan(0);
    // the bad cookie is removed either way
    expect(response.headers.get("set-cookie") ?? "").toMatch(/pl_oauth=;/);
  }
});

it("no cookie, or a state that does not match, goes back to the login page in the cookie's language", async () => {
  const none = await callback();
  expect(none.status).toBe(302);
  expect(none.headers.get("location")).toBe("/auth/login?error=auth.socialFailed");
  // The login page in the cookie's language, at its translated address.
  const saved = encodeURIComponent(JSON.stringify({ state: "other", verifier: "v", locale: "de", redirectTo: "/" }));
  const mismatch = await callback(`pl_oauth=${saved}`);
  expect(mismatch.status).toBe(302);
  expect(mismatch.headers.get("location")).toBe("/de/konto/anmelden?error=auth.socialFailed");
});
