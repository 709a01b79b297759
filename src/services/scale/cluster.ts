import * as q from "../../db/queries/scale.ts";
import { SHARD_COUNT } from "../../domain/scale/shards.ts";
import type { ScaleDeps } from "./deps.ts";

/** This process's part: role and shards (the health endpoint). */
export function self(d: ScaleDeps) {
  const { instance, leases, current } = d;
  const shards = [...current()].sort((a, b) => a - b);
  return {
    id: instance.id,
    role: instance.role,
    shards,
    shardCount: SHARD_COUNT,
    workersAlive: leases.workersAlive,
    epochs: Object.fromEntries(shards.map((s) => [s, leases.epochs.get(s) ?? 0])),
  };
}

/** Every worker (alive or dead within the hour) with the shards it holds, and shards nobody holds. */
export async function cluster(d: ScaleDeps) {
  const { ctx } = d;
  const view = await q.clusterView(ctx.pool);
  const byOwner = new Map<string, number[]>();
  for (const s of view.shards) if (s.held && s.owner) byOwner.set(s.owner, [...(byOwner.get(s.owner) ?? []), s.shard]);
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
}
