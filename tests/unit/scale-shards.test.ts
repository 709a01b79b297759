import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { SHARD_COUNT, excessShards, shardOf, shareOf } from "../../src/domain/scale/shards.ts";

describe("live shards", () => {
  it("puts every fixture in one shard, and spreads the consecutive ids of one kick-off", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (id) => shardOf(id) >= 0 && shardOf(id) < SHARD_COUNT && Number.isInteger(shardOf(id)),
      ),
    );
    const shards = new Set(Array.from({ length: 64 }, (_, i) => shardOf(1000 + i)));
    expect(shards.size).toBeGreaterThan(SHARD_COUNT / 2);
  });

  it("computes the same shard as the SQL of live_states", () => {
    // the SQL expression, evaluated with BigInt as PostgreSQL does
    const sql = (id: number) => Number((((BigInt(id) * 2654435761n) & 4294967295n) * BigInt(SHARD_COUNT)) >> 32n);
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (id) => sql(id) === shardOf(id)));
  });

  it("shares the shards among the living workers, adding up to the count", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 40 }), (ids) => {
        const alive = ids.map((id, i) => ({ id, startedAt: i % 3 }));
        const shares = ids.map((id) => shareOf(id, alive));
        expect(shares.reduce((a, b) => a + b, 0)).toBe(SHARD_COUNT);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
    expect(shareOf("ghost", [{ id: "a", startedAt: 0 }])).toBe(0);
  });

  it("gives back the highest shards beyond the share", () => {
    expect(excessShards([5, 1, 9, 3], 2)).toEqual([5, 9]);
    expect(excessShards([1, 2], 4)).toEqual([]);
  });
});

describe("process roles", () => {
  it("runs everything in one process unless told otherwise, and names a bad role", () => {
    expect(loadConfig({}).ROLE).toBe("all");
    expect(loadConfig({ ROLE: "worker" }).ROLE).toBe("worker");
    expect(() => loadConfig({ ROLE: "both" })).toThrow(/ROLE="both": must be all, web or worker/);
  });
});
