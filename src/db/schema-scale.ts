import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Scale-out (web and worker processes on one PostgreSQL). Every worker process keeps a row here alive with a
 * heartbeat (database time); a row whose heartbeat is older than the lease is a dead worker, whatever its
 * process did last (a `kill -9` leaves its row behind: nothing else needs to happen for the others to notice).
 */
export const scaleWorkers = pgTable(
  "scale_workers",
  {
    /** host:pid:random, made at start */
    id: text("id").primaryKey(),
    role: text("role").notNull(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
    /** heartbeat + lease: after this the worker is dead to the others */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("scale_workers_expires_idx").on(t.expiresAt)],
);

/**
 * The live work's shards (fixture id modulo the shard count), each leased by at most one worker. The lease is
 * renewed by its owner's heartbeat; an expired lease (the owner died) or a released one (the owner has more
 * than its share) is taken by a worker under its share. `epoch` counts the hand-overs (a fencing number).
 */
export const scaleShards = pgTable("scale_shards", {
  shard: integer("shard").primaryKey(),
  owner: text("owner"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  epoch: integer("epoch").notNull().default(0),
  takenAt: timestamp("taken_at", { withTimezone: true }),
});
