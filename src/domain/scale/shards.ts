/**
 * Sharding of the live work across worker processes (pure rules; the leases live in PostgreSQL, see
 * src/services/scale.ts). A fixture belongs to the shard its id hashes to (Fibonacci hashing: the top bits of
 * id × 2654435761 mod 2³², so that the consecutive ids of one kick-off spread over every shard); each shard is
 * leased by one worker at a time, and the live workers share the shards as evenly as their number allows.
 * `src/db/queries/live.ts` computes the same in SQL.
 */
export const SHARD_COUNT = 32;

export type Role = "all" | "web" | "worker";

/** Roles that run jobs (and so hold shards). */
export const runsJobs = (role: Role) => role !== "web";

export const shardOf = (fixtureId: number, count = SHARD_COUNT) =>
  Math.floor(((Math.imul(fixtureId, 2654435761) >>> 0) * count) / 2 ** 32);

/**
 * How many shards `me` should hold among `alive` workers (ordered by start, then id): an equal share, the
 * first `count mod n` workers one more, so that the shares add up to the shard count.
 */
export function shareOf(me: string, alive: Array<{ id: string; startedAt: number }>, count = SHARD_COUNT): number {
  const order = [...alive].sort((a, b) => a.startedAt - b.startedAt || a.id.localeCompare(b.id));
  const index = order.findIndex((w) => w.id === me);
  if (index < 0) return 0;
  const base = Math.floor(count / order.length);
  return base + (index < count % order.length ? 1 : 0);
}

/** Which of my shards to give up to come down to `share`: the highest numbers (the rest stay where they are). */
export function excessShards(mine: number[], share: number): number[] {
  return [...mine].sort((a, b) => a - b).slice(Math.max(0, share));
}
