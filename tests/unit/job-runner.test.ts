import cronParser from "cron-parser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type JobQueue, startJobs } from "../../src/jobs/runner.ts";
import type { Logger } from "../../src/logger.ts";
import type { Services } from "../../src/services/index.ts";

/** A stand-in for pg-boss that records what the runner asks of it and lets a test run a job by hand. */
function fakeQueue() {
  const queues: Array<{ name: string; options?: unknown }> = [];
  const schedules = new Map<string, string>();
  const workers = new Map<string, () => Promise<unknown>>();
  const sent: string[] = [];
  let stopped = false;
  const queue = {
    on: () => queue,
    start: async () => queue,
    createQueue: async (name: string, options?: unknown) => {
      queues.push({ name, options });
    },
    schedule: async (name: string, cron: string) => {
      schedules.set(name, cron);
    },
    work: async (name: string, handler: () => Promise<unknown>) => {
      workers.set(name, handler);
      return name;
    },
    getQueues: async () => queues,
    send: async (name: string) => {
      sent.push(name);
      return null;
    },
    stop: async () => {
      stopped = true;
    },
  };
  return { queue: queue as unknown as JobQueue, queues, schedules, workers, sent, stopped: () => stopped };
}

function fakeServices(options: { sandbox: boolean }) {
  const calls: string[] = [];
  const queuedListeners = new Set<() => void>();
  const track =
    <T>(name: string, value: T) =>
    async () => {
      calls.push(name);
      return value;
    };
  const services = {
    clock: { refresh: track("clock.refresh", undefined), shiftWeeks: () => 3 },
    accounts: { cleanUp: track("accounts.cleanUp", 2) },
    payments: { sandbox: { enabled: options.sandbox, renewDue: track("payments.sandbox.renewDue", 1) } },
    pipeline: { refresh: track("pipeline.refresh", { written: 10, total: 10 }), busy: () => false },
    matchNotifications: { deliver: track("matchNotifications.deliver", { sent: 0, failed: 0, gone: 0 }) },
    valueBets: { scan: track("valueBets.scan", { picked: [], replayed: 0 }) },
    previews: { writeDue: track("previews.writeDue", { candidates: 0, written: 0 }) },
    prematch: {
      setQueue: () => {},
      runBacktest: async () => {},
      runPending: track("prematch.runPending", 0),
      findAlerts: track("prematch.findAlerts", []),
      warm: async () => {},
    },
    liveBacktest: { warm: async () => ({ fixtures: 0, events: 0 }) },
    liveScanner: { warm: async () => 0 },
    scale: {
      heartbeat: track("scale.heartbeat", { shards: [], workers: 1, changed: false }),
      leave: track("scale.leave", undefined),
      setupLock: async () => async () => {},
      leads: () => false,
      liveShard: () => ({ owns: () => false, shards: [], shardCount: 32, all: false }),
      self: () => ({ shardCount: 32 }),
    },
    telegramGroup: { removeLapsed: track("telegramGroup.removeLapsed", { removed: 0 }) },
    trendBot: { send: track("trendBot.send", { trends: 0, notified: 0 }) },
    precompute: {
      refresh: track("precompute.refresh", { teams: 0, teamTrends: 0, preMatch: 0, leagueStats: 0, pruned: 0 }),
    },
    alerts: {
      grade: track("alerts.grade", { graded: 0 }),
      sendDailyReports: track("alerts.sendDailyReports", { sent: 0 }),
      deliver: track("alerts.deliver", { sent: 0, failed: 0, retried: 0 }),
      onQueued: (listener: () => void) => {
        queuedListeners.add(listener);
        return () => queuedListeners.delete(listener);
      },
      telegram: { mode: () => "offline" },
    },
  };
  /** What the alerts service does after recording picks that send something. */
  const picksQueued = () => {
    for (const listener of queuedListeners) listener();
  };
  return { services: services as unknown as Services, calls, picksQueued };
}

/** Lets finished promises run their handlers (setImmediate is not faked). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

const silent = { info: () => {}, error: () => {}, warn: () => {}, debug: () => {} } as unknown as Logger;

/** The next `count` times a cron expression fires after `from` (pg-boss reads its crons with cron-parser, in UTC). */
function nextRuns(cron: string, from: string, count: number): string[] {
  const it = cronParser.parseExpression(cron, { currentDate: new Date(from), tz: "UTC" });
  return Array.from({ length: count }, () => it.next().toDate().toISOString());
}

describe("job runner schedule", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("schedules every job with a valid cron, at the times the comments promise", async () => {
    const q = fakeQueue();
    const { services } = fakeServices({ sandbox: true });
    const runner = await startJobs("postgres://unused", services, silent, { queue: q.queue });
    expect(Object.fromEntries(q.schedules)).toEqual({
      "clock-refresh": "7 * * * *",
      "accounts-cleanup": "23 * * * *",
      "sandbox-renewals": "*/10 * * * *",
      "predictions-refresh": "*/5 * * * *",
      "previews-write": "*/15 * * * *",
      "value-bets": "3 * * * *",
      "telegram-group": "41 * * * *",
      "trend-bot": "33 * * * *",
      "precompute-refresh": "* * * * *",
      "prematch-backtests-pending": "* * * * *",
      "prematch-alerts": "* * * * *",
      "alerts-grade": "*/5 * * * *",
      "alerts-daily-report": "*/15 * * * *",
    });
    // Every scheduled job has a queue and a worker.
    for (const name of q.schedules.keys()) {
      expect(q.queues.map((x) => x.name)).toContain(name);
      expect(q.workers.has(name)).toBe(true);
    }
    const from = "2026-03-14T10:58:30Z";
    expect(nextRuns(q.schedules.get("clock-refresh")!, from, 2)).toEqual([
      "2026-03-14T11:07:00.000Z",
      "2026-03-14T12:07:00.000Z",
    ]);
    expect(nextRuns(q.schedules.get("accounts-cleanup")!, from, 1)).toEqual(["2026-03-14T11:23:00.000Z"]);
    expect(nextRuns(q.schedules.get("sandbox-renewals")!, from, 2)).toEqual([
      "2026-03-14T11:00:00.000Z",
      "2026-03-14T11:10:00.000Z",
    ]);
    expect(nextRuns(q.schedules.get("precompute-refresh")!, from, 2)).toEqual([
      "2026-03-14T10:59:00.000Z",
      "2026-03-14T11:00:00.000Z",
    ]);
    expect(nextRuns(q.schedules.get("value-bets")!, from, 2)).toEqual([
      "2026-03-14T11:03:00.000Z",
      "2026-03-14T12:03:00.000Z",
    ]);
    expect(nextRuns(q.schedules.get("predictions-refresh")!, from, 3)).toEqual([
      "2026-03-14T11:00:00.000Z",
      "2026-03-14T11:05:00.000Z",
      "2026-03-14T11:10:00.000Z",
    ]);
    await runner.stop();
  });

  it("keeps one prediction run queued and one running at most, expiring a stuck run after 10 minutes", async () => {
    const q = fakeQueue();
    const { services } = fakeServices({ sandbox: false });
    const runner = await startJobs("postgres://unused", services, silent, { queue: q.queue });
    expect(q.queues.find((x) => x.name === "predictions-refresh")?.options).toMatchObject({
      policy: "stately",
      expireInSeconds: 600,
    });
    await runner.stop();
  });

  it("runs the sandbox renewals only when the sandbox is the payment provider", async () => {
    const q = fakeQueue();
    const { services } = fakeServices({ sandbox: false });
    const runner = await startJobs("postgres://unused", services, silent, { queue: q.queue });
    expect(q.schedules.has("sandbox-renewals")).toBe(false);
    expect(q.workers.has("sandbox-renewals")).toBe(false);
    await runner.stop();
  });

  it("a prediction refresh that finds a run going waits for it, then runs once more (no second 'predictions ready')", async () => {
    const q = fakeQueue();
    const { services, calls } = fakeServices({ sandbox: false });
    const lines: string[] = [];
    const log = { ...silent, info: (...args: unknown[]) => lines.push(String(args.at(-1))) } as unknown as Logger;
    const runner = await startJobs("postgres://unused", services, log, { queue: q.queue });
    await vi.waitFor(() => expect(lines.some((l) => l.startsWith("predictions refreshed"))).toBe(true));
    lines.length = 0;
    calls.length = 0;
    (services as unknown as { pipeline: { busy: () => boolean } }).pipeline.busy = () => true;
    await q.workers.get("predictions-refresh")!();
    // What a sync brought after the running sweep read its inputs is swept at once, not at the next schedule.
    expect(calls).toEqual(["pipeline.refresh", "pipeline.refresh"]);
    expect(lines.filter((l) => l.startsWith("predictions ready"))).toEqual([]);
    await runner.stop();
  });

  it("each job calls its service; the prediction back-fill starts at once", async () => {
    const q = fakeQueue();
    const { services, calls } = fakeServices({ sandbox: true });
    const runner = await startJobs("postgres://unused", services, silent, { queue: q.queue });
    await vi.waitFor(() => expect(calls).toContain("pipeline.refresh"));
    calls.length = 0;
    // The value-bet bot's first run is asked for once the back-fill is done (it replays the history then).
    await vi.waitFor(() => expect(q.sent).toContain("value-bets"));
    calls.length = 0;
    // The precomputed figures are asked for at start, in whichever worker takes the job.
    expect(q.sent).toContain("precompute-refresh");
    for (const name of [
      "clock-refresh",
      "accounts-cleanup",
      "sandbox-renewals",
      "predictions-refresh",
      "previews-write",
      "value-bets",
      "trend-bot",
      "precompute-refresh",
      "telegram-group",
    ])
      await q.workers.get(name)!();
    expect(calls).toEqual([
      "clock.refresh",
      "accounts.cleanUp",
      "payments.sandbox.renewDue",
      "pipeline.refresh",
      "previews.writeDue",
      "valueBets.scan",
      "trendBot.send",
      "precompute.refresh",
      "telegramGroup.removeLapsed",
    ]);
    await runner.stop();
  });

  it("delivers match notifications every 10 seconds, never two runs at once, and stops cleanly", async () => {
    const q = fakeQueue();
    const { services } = fakeServices({ sandbox: false });
    let running = 0;
    let overlapped = false;
    let runs = 0;
    let release: (() => void) | null = null;
    (services.matchNotifications as { deliver: () => Promise<unknown> }).deliver = () => {
      runs += 1;
      running += 1;
      if (running > 1) overlapped = true;
      return new Promise((resolve) => {
        release = () => {
          running -= 1;
          resolve({ sent: 1, failed: 0, gone: 0 });
        };
      });
    };
    const runner = await startJobs("postgres://unused", services, silent, { queue: q.queue });
    vi.advanceTimersByTime(9_999);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
    // The first run is still going: the next two ticks are skipped.
    vi.advanceTimersByTime(20_000);
    expect(runs).toBe(1);
    release!();
    await settled();
    expect(running).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(runs).toBe(2);
    release!();
    await runner.stop();
    expect(q.stopped()).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(runs).toBe(2);
    expect(overlapped).toBe(false);
  });

  it("delivers Telegram alerts as soon as picks are recorded, once more after a run that was going, and not after stop", async () => {
    const q = fakeQueue();
    const { services, picksQueued } = fakeServices({ sandbox: false });
    let runs = 0;
    let release: (() => void) | null = null;
    (services.alerts as { deliver: () => Promise<unknown> }).deliver = () => {
      runs += 1;
      return new Promise((resolve) => {
        release = () => resolve({ sent: 1, failed: 0, retried: 0 });
      });
    };
    const runner = await startJobs("postgres://unused", services, silent, { queue: q.queue });
    picksQueued();
    expect(runs).toBe(1);
    // Picks recorded during a run (it may have claimed its rows before they were committed): one run follows.
    picksQueued();
    picksQueued();
    expect(runs).toBe(1);
    release!();
    await settled();
    expect(runs).toBe(2);
    release!();
    await settled();
    expect(runs).toBe(2);
    await runner.stop();
    picksQueued();
    expect(runs).toBe(2);
  });
});
