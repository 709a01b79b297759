import { hostname } from "node:os";
import * as q from "../../db/queries/scale.ts";
import { SHARD_COUNT, runsJobs, shareOf } from "../../domain/scale/shards.ts";
import { HEARTBEAT_MS, LEASE_MS, type ScaleDeps } from "./deps.ts";

/** Any number, the same in every process: the advisory lock of the job queue's setup. */
const JOB_SETUP_LOCK = 7_410_002;
/** Dead workers stay listed (health) this long. */
const FORGET_AFTER_MS = 3_600_000;

/**
 * One heartbeat: the worker's lease on being alive, then its share of the shards (renewed, given back or
 * taken). Returns the shards held and whether they changed. A web process has nothing to do here.
 */
export async function heartbeat(d: ScaleDeps): Promise<{ shards: number[]; workers: number; changed: boolean }> {
  const { ctx, instance, leases } = d;
  if (!runsJobs(instance.role)) return { shards: [], workers: 0, changed: false };
  const started = performance.now();
  if (!leases.ready) {
    await q.ensureShards(ctx.pool, SHARD_COUNT);
    leases.ready = true;
  }
  const alive = await q.heartbeat(
    ctx.pool,
    { id: instance.id, role: instance.role, host: hostname(), pid: process.pid },
    LEASE_MS,
  );
  leases.workersAlive = alive.length;
  const share = shareOf(
    instance.id,
    alive.map((w) => ({ id: w.id, startedAt: w.startedAt.getTime() })),
  );
  const held = await q.renewAndClaim(ctx.pool, instance.id, LEASE_MS, share);
  leases.sharded = true;
  const next = new Set(held.map((h) => h.shard));
  const changed = next.size !== leases.owned.size || [...next].some((s) => !leases.owned.has(s));
  leases.owned = next;
  leases.epochs = new Map(held.map((h) => [h.shard, h.epoch]));
  // Counted from before the beat's first statement: the lease was written no earlier than that.
  leases.validUntil = started + LEASE_MS - HEARTBEAT_MS / 2;
  if (++leases.beats % 600 === 0) await q.forgetDead(ctx.pool, FORGET_AFTER_MS);
  return { shards: [...next].sort((a, b) => a - b), workers: alive.length, changed };
}

/**
 * The job queue's setup (pg-boss queues and schedules) one process at a time: workers started together on a
 * fresh database otherwise race to create the same queues, and PostgreSQL answers one of them with a deadlock.
 * Returns the release.
 */
export function setupLock(d: ScaleDeps): Promise<() => Promise<void>> {
  const { ctx } = d;
  return q.holdAdvisoryLock(ctx.pool, JOB_SETUP_LOCK);
}

/** A clean stop: the shards are given back at once, so the other workers take them at their next beat. */
export async function leave(d: ScaleDeps): Promise<void> {
  const { ctx, instance, leases } = d;
  leases.owned = new Set();
  leases.validUntil = 0;
  if (runsJobs(instance.role)) await q.leave(ctx.pool, instance.id);
}
