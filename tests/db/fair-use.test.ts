import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COSTLY_AT_ONCE, RATE_LIMITS } from "../../src/domain/accounts/rules.ts";
import { fairUseOf } from "../../src/services/fair-use.ts";
import { ServiceError } from "../../src/services/errors.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

/**
 * Fair use of costly requests: a member has at most COSTLY_AT_ONCE running at once and RATE_LIMITS.costly a
 * minute; beyond either, 429 with how long to wait, and nobody else is slowed or refused.
 */
let db: TestDatabase;
let services: Services;
const clock = fixedClock("2026-11-20T12:00:00Z");
const ctx = () => ({ pool: db.pool, clock });
let context: ReturnType<typeof ctx>;
const users: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  context = ctx();
  services = createServices(context, {
    dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }),
    jobs: async () => null,
  });
  for (const name of ["ann", "bob"])
    users[name] = (
      await db.pool.query(
        "INSERT INTO users (email, first_name, language_code, timezone, newsletter_key) VALUES ($1, $2, 'en', 'UTC', 'k') RETURNING id",
        [`${name}@example.com`, name],
      )
    ).rows[0].id;
});
afterAll(async () => db?.drop());

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
    return null;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { status: error.status, message: error.message, retryAfter: error.retryAfter };
  }
};

describe("fair use of costly requests", () => {
  it("lets a member run two at once; the third arriving with them is refused with a short Retry-After", async () => {
    const gate = fairUseOf(context);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs = Array.from({ length: COSTLY_AT_ONCE }, () => gate.run(users.ann!, () => held));
    expect(await refusal(gate.run(users.ann!, async () => {}))).toEqual({
      status: 429,
      message: "limits.costlyBusy",
      retryAfter: 5,
    });
    // Another member is not slowed by it.
    expect(await refusal(gate.run(users.bob!, async () => {}))).toBeNull();
    release();
    await Promise.all(runs);
    expect(await refusal(gate.run(users.ann!, async () => {}))).toBeNull();
  });

  it("counts the data export: past the rate a minute, 429 saying how long to wait", async () => {
    const { hits } = RATE_LIMITS.costly;
    // Three hits were spent above (the refused one took none); the rest of the budget goes to exports.
    for (let i = 0; i < hits - 3; i++) await services.accounts.exportData({ id: users.ann! } as never);
    const refused = await refusal(services.accounts.exportData({ id: users.ann! } as never));
    expect(refused?.status).toBe(429);
    expect(refused?.message).toBe("limits.retryAfter");
    expect(refused?.retryAfter).toBeGreaterThan(0);
    expect(await refusal(services.accounts.exportData({ id: users.bob! } as never))).toBeNull();
    // A minute and a half later the window has slid past the hits.
    clock.set("2026-11-20T12:02:30Z");
    expect(await refusal(services.accounts.exportData({ id: users.ann! } as never))).toBeNull();
  });
});
