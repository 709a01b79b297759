/**
 * Scale-out: which role this process has, and for worker processes the shards of the live work they hold.
 *
 * Leases with heartbeats in PostgreSQL (src/db/schema-scale.ts), not advisory locks: a worker writes its
 * heartbeat every second (database time), renews the leases of its shards in the same beat, gives back what
 * exceeds its share when another worker joins, and takes free or expired shards when one leaves or dies. A
 * `kill -9` needs nobody's help: its leases run out after LEASE_MS and the others take them at their next beat.
 * The picture is a table that any process (and an operator) can read: the health endpoint shows it.
 *
 * A process that cannot renew in time stops working on its shards by itself (`owns` answers false once its
 * last renewal is older than the lease), so two workers never believe they hold the same shard for longer than
 * a tick in flight; the once-only picks are guaranteed by the database's unique key anyway.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import * as q from "../db/queries/scale.ts";
import { type Role, SHARD_COUNT, runsJobs, shardOf, shareOf } from "../domain/scale/shards.ts";
import type { ServiceContext } from "./context.ts";

/** A worker's heartbeat and lease renewal. */
export const HEARTBEAT_MS = 1000;
/** A worker whose heartbeat is older than this is dead to the others; its shards are taken. */
export const LEASE_MS = 5000;
/** Any number, the same in every process: the advisory lock of the job queue's setup. */
const JOB_SETUP_LOCK = 7_410_002;
/** Dead workers stay listed (health) this long. */
const FORGET_AFTER_MS = 3_600_000;

export interface Instance {
  /** host:pid:random */
  id: string;
  role: Role;
}

export function newInstance(role: Role): Instance {
  return { id: `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`, role };
}

export function createScaleService(ctx: ServiceContext) {
  const instance = ctx.instance ?? newInstance("all");
  let owned = new Set<number>();
  let epochs = new Map<number, number>();
  /** local monotonic time until which the shards held at the last renewal are ours */
  let validUntil = 0;
  let workersAlive = 0;
  let beats = 0;
  let ready = false;
  /** false until the first heartbeat: a process that never beats (a test, a tool) is not sharded and owns all */
  let sharded = false;

  const current = () => (performance.now() < validUntil ? owned : new Set<number>());

  return {
    instance,
    role: instance.role,

    /** Whether this process holds the shard of a fixture now (every fixture while it is not sharded: no heartbeat yet). */
    owns(fixtureId: number): boolean {
      return !sharded || current().has(shardOf(fixtureId));
    },

    /** The shards held now, in order. */
    shards(): number[] {
      return [...current()].sort((a, b) => a - b);
    },

    /** The worker holding shard 0 does the work that must run in one place (Telegram long polling, timelines). */
    leads(): boolean {
      return !sharded || current().has(0);
    },

    /** What the live tick needs to work on this worker's part only (services.live.tick); undefined: not sharded. */
    liveShard() {
      if (!sharded) return undefined;
      const held = current();
      return {
        owns: (fixtureId: number) => held.has(shardOf(fixtureId)),
        shards: [...held].sort((a, b) => a - b),
        shardCount: SHARD_COUNT,
        all: held.size === SHARD_COUNT,
      };
    },

    /** Whether this process holds every shard (one worker alone). */
    holdsAll(): boolean {
      return current().size === SHARD_COUNT;
    },

    /**
     * One heartbeat: the worker's lease on being alive, then its share of the shards (renewed, given back or
     * taken). Returns the shards held and whether they changed. A web process has nothing to do here.
     */
    async heartbeat(): Promise<{ shards: number[]; workers: number; changed: boolean }> {
      if (!runsJobs(instance.role)) return { shards: [], workers: 0, changed: false };
      const started = performance.now();
      if (!ready) {
        await q.ensureShards(ctx.pool, SHARD_COUNT);
        ready = true;
      }
      const alive = await q.heartbeat(
        ctx.pool,
        { id: instance.id, role: instance.role, host: hostname(), pid: process.pid },
        LEASE_MS,
      );
      workersAlive = alive.length;
      const share = shareOf(
        instance.id,
        alive.map((w) => ({ id: w.id, startedAt: w.startedAt.getTime() })),
      );
      const held = await q.renewAndClaim(ctx.pool, instance.id, LEASE_MS, share);
      sharded = true;
      const next = new Set(held.map((h) => h.shard));
      const changed = next.size !== owned.size || [...next].some((s) => !owned.has(s));
      owned = next;
      epochs = new Map(held.map((h) => [h.shard, h.epoch]));
      // Counted from before the beat's first statement: the lease was written no earlier than that.
      validUntil = started + LEASE_MS - HEARTBEAT_MS / 2;
      if (++beats % 600 === 0) await q.forgetDead(ctx.pool, FORGET_AFTER_MS);
      return { shards: [...next].sort((a, b) => a - b), workers: alive.length, changed };
    },

    /**
     * The job queue's setup (pg-boss queues and schedules) one process at a time: workers started together on a
     * fresh database otherwise race to create the same queues, and PostgreSQL answers one of them with a deadlock.
     * Returns the release.
     */
    setupLock(): Promise<() => Promise<void>> {
      return q.holdAdvisoryLock(ctx.pool, JOB_SETUP_LOCK);
    },

    /** A clean stop: the shards are given back at once, so the other workers take them at their next beat. */
    async leave(): Promise<void> {
      owned = new Set();
      validUntil = 0;
      if (runsJobs(instance.role)) await q.leave(ctx.pool, instance.id);
    },

    /** This process's part: role and shards (the health endpoint). */
    self() {
      const shards = [...current()].sort((a, b) => a - b);
      return {
        id: instance.id,
        role: instance.role,
        shards,
        shardCount: SHARD_COUNT,
        workersAlive,
        epochs: Object.fromEntries(shards.map((s) => [s, epochs.get(s) ?? 0])),
      };
    },

    /** Every worker (alive or dead within the hour) with the shards it holds, and shards nobody holds. */
    async cluster() {
      const view = await q.clusterView(ctx.pool);
      const byOwner = new Map<string, number[]>();
      for (const s of view.shards)
        if (s.held && s.owner) byOwner.set(s.owner, [...(byOwner.get(s.owner) ?? []), s.shard]);
      return {
        workers: view.workers.map((w) => ({
          id: w.id,
          role: w.role,
          alive: w.alive,
          startedAt: w.startedAt.toISOString(),
          heartbeatAt: w.heartbeatAt.toISOString(),
          shards: byOwner.get(w.id) ?? [],
        })),
        unheld: view.shards.filter((s) => !s.held).map((s) => s.shard),
      };
    },
  };
}

export type ScaleService = ReturnType<typeof createScaleService>;
