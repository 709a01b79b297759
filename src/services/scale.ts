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
 *
 * One use case per function in src/services/scale/ (shards held, heartbeat and leases, the cluster's picture).
 */
import type { ServiceContext } from "./context.ts";
import { cluster, self } from "./scale/cluster.ts";
import { createScaleDeps } from "./scale/deps.ts";
import { heartbeat, leave, setupLock } from "./scale/heartbeat.ts";
import { holdsAll, leads, liveShard, owns, shards } from "./scale/shards.ts";

export { HEARTBEAT_MS, LEASE_MS } from "./scale/deps.ts";
export { newInstance } from "./scale/instance.ts";

export function createScaleService(ctx: ServiceContext) {
  const d = createScaleDeps(ctx);
  return {
    instance: d.instance,
    role: d.instance.role,
    owns: (...args: DropFirst<Parameters<typeof owns>>) => owns(d, ...args),
    shards: (...args: DropFirst<Parameters<typeof shards>>) => shards(d, ...args),
    leads: (...args: DropFirst<Parameters<typeof leads>>) => leads(d, ...args),
    liveShard: (...args: DropFirst<Parameters<typeof liveShard>>) => liveShard(d, ...args),
    holdsAll: (...args: DropFirst<Parameters<typeof holdsAll>>) => holdsAll(d, ...args),
    heartbeat: (...args: DropFirst<Parameters<typeof heartbeat>>) => heartbeat(d, ...args),
    setupLock: (...args: DropFirst<Parameters<typeof setupLock>>) => setupLock(d, ...args),
    leave: (...args: DropFirst<Parameters<typeof leave>>) => leave(d, ...args),
    self: (...args: DropFirst<Parameters<typeof self>>) => self(d, ...args),
    cluster: (...args: DropFirst<Parameters<typeof cluster>>) => cluster(d, ...args),
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type ScaleService = ReturnType<typeof createScaleService>;
