import PgBoss from "pg-boss";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startJobs } from "../../src/jobs/runner.ts";
import type { Logger } from "../../src/logger.ts";
import type { Services } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const silent = { info: () => {}, error: () => {}, warn: () => {} } as unknown as Logger;
const services = {
  clock: { refresh: async () => {}, shiftWeeks: () => 0 },
  accounts: { cleanUp: async () => 0 },
  payments: { sandbox: { enabled: true, renewDue: async () => 0 } },
  pipeline: { refresh: async () => ({ written: 0, total: 0 }), busy: () => false },
  matchNotifications: { deliver: async () => ({ sent: 0, failed: 0, gone: 0 }) },
  prematch: {
    setQueue: () => {},
    runBacktest: async () => {},
    runPending: async () => 0,
    findAlerts: async () => [],
    warm: async () => ({}),
  },
  liveBacktest: { warm: async () => ({ fixtures: 0, events: 0 }) },
  previews: { writeDue: async () => ({ candidates: 0, written: 0 }) },
  valueBets: { scan: async () => ({ picked: [], replayed: 0, notified: 0 }) },
  telegramGroup: { removeLapsed: async () => ({ removed: 0 }) },
  liveScanner: { warm: async () => 0 },
  scale: {
    heartbeat: async () => ({ shards: [], workers: 1, changed: false }),
    leave: async () => {},
    setupLock: async () => async () => {},
    leads: () => false,
    liveShard: () => ({ owns: () => false, shards: [], shardCount: 32, all: false }),
    self: () => ({ shardCount: 32 }),
  },
  alerts: {
    grade: async () => ({ graded: 0 }),
    sendDailyReports: async () => ({ sent: 0 }),
    deliver: async () => ({ sent: 0, failed: 0, retried: 0 }),
    onQueued: () => () => {},
    telegram: { mode: () => "offline" },
  },
} as unknown as Services;

it("pg-boss keeps the runner's schedule in the database, so every worker shares it", async () => {
  const boss = new PgBoss({ connectionString: database.url, max: 2 });
  const runner = await startJobs(database.url, services, silent, { queue: boss });
  try {
    const schedules = await boss.getSchedules();
    // Every job's schedule (the unit test lists them all); these four are the core ones.
    expect(Object.fromEntries(schedules.map((s) => [s.name, s.cron]))).toMatchObject({
      "clock-refresh": "7 * * * *",
      "accounts-cleanup": "23 * * * *",
      "sandbox-renewals": "*/10 * * * *",
      "predictions-refresh": "*/5 * * * *",
    });
    expect((await runner.status()).running).toBe(true);
    const predictions = await boss.getQueue("predictions-refresh");
    expect(predictions?.policy).toBe("stately");
  } finally {
    await runner.stop();
  }
});
