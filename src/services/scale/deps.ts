import type { ServiceContext } from "../context.ts";
import { newInstance } from "./instance.ts";

/** A worker's heartbeat and lease renewal. */
export const HEARTBEAT_MS = 1000;
/** A worker whose heartbeat is older than this is dead to the others; its shards are taken. */
export const LEASE_MS = 5000;

/** The process's place in the cluster, kept once per service: who it is and the shards its last beat holds. */
export function createScaleDeps(ctx: ServiceContext) {
  const instance = ctx.instance ?? newInstance("all");
  const leases = {
    owned: new Set<number>(),
    epochs: new Map<number, number>(),
    /** local monotonic time until which the shards held at the last renewal are ours */
    validUntil: 0,
    workersAlive: 0,
    beats: 0,
    ready: false,
    /** false until the first heartbeat: a process that never beats (a test, a tool) is not sharded and owns all */
    sharded: false,
  };

  const current = () => (performance.now() < leases.validUntil ? leases.owned : new Set<number>());

  return { ctx, instance, leases, current };
}

export type ScaleDeps = ReturnType<typeof createScaleDeps>;
