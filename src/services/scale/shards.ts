import { SHARD_COUNT, shardOf } from "../../domain/scale/shards.ts";
import type { ScaleDeps } from "./deps.ts";

/** Whether this process holds the shard of a fixture now (every fixture while it is not sharded: no heartbeat yet). */
export function owns(d: ScaleDeps, fixtureId: number): boolean {
  const { leases, current } = d;
  return !leases.sharded || current().has(shardOf(fixtureId));
}

/** The shards held now, in order. */
export function shards(d: ScaleDeps): number[] {
  const { current } = d;
  return [...current()].sort((a, b) => a - b);
}

/** The worker holding shard 0 does the work that must run in one place (Telegram long polling, timelines). */
export function leads(d: ScaleDeps): boolean {
  const { leases, current } = d;
  return !leases.sharded || current().has(0);
}

/** What the live tick needs to work on this worker's part only (services.live.tick); undefined: not sharded. */
export function liveShard(d: ScaleDeps) {
  const { leases, current } = d;
  if (!leases.sharded) return undefined;
  const held = current();
  return {
    owns: (fixtureId: number) => held.has(shardOf(fixtureId)),
    shards: [...held].sort((a, b) => a - b),
    shardCount: SHARD_COUNT,
    all: held.size === SHARD_COUNT,
  };
}

/** Whether this process holds every shard (one worker alone). */
export function holdsAll(d: ScaleDeps): boolean {
  const { current } = d;
  return current().size === SHARD_COUNT;
}
