import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/server/api/app.ts";
import { watchLoopDelay } from "../../src/server/start/loop-delay.ts";
import { createServices } from "../../src/services/index.ts";
import { READY_PROBES } from "../support/api-client.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => db.drop());

/** Holds the event loop, as a CPU-heavy computation on a serving process would. */
function blockLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

describe("GET /health: the process's event-loop delay", () => {
  it("reports p50 ≤ p99 ≤ max since start and over the last minute, and sees a 150 ms stall", async () => {
    const loopDelay = watchLoopDelay();
    const services = createServices(
      { pool: db.pool, clock: fixedClock("2026-03-10T12:00:00Z") },
      {
        ...READY_PROBES,
        loopDelay: loopDelay.report,
      },
    );
    const api = createApi(services);
    await new Promise((resolve) => setTimeout(resolve, 50));
    blockLoop(150);
    // The histogram records the late turn once the loop runs again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await api.request("/health");
    expect(response.status).toBe(200);
    const { loopDelay: delay } = (await response.json()) as {
      loopDelay: Record<"sinceStart" | "lastMinute", { p50Ms: number; p99Ms: number; maxMs: number; samples: number }>;
    };
    for (const part of [delay.sinceStart, delay.lastMinute]) {
      for (const value of [part.p50Ms, part.p99Ms, part.maxMs]) expect(Number.isFinite(value)).toBe(true);
      expect(part.samples).toBeGreaterThan(0);
      expect(part.p50Ms).toBeLessThanOrEqual(part.p99Ms);
      expect(part.p99Ms).toBeLessThanOrEqual(part.maxMs);
    }
    expect(delay.sinceStart.maxMs).toBeGreaterThan(100);
    expect(delay.lastMinute.maxMs).toBeGreaterThan(100);
  });

  it("is null where nothing measures it", async () => {
    const services = createServices({ pool: db.pool, clock: fixedClock("2026-03-10T12:00:00Z") }, READY_PROBES);
    const body = (await (await createApi(services).request("/health")).json()) as { loopDelay: unknown };
    expect(body.loopDelay).toBeNull();
  });
});
