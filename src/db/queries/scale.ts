import type { Pool } from "pg";
import { inTransaction } from "../client.ts";

/** Leases use the database's clock (now()), never a process's: every worker compares against the same time. */

export interface WorkerRow {
  id: string;
  role: string;
  host: string;
  pid: number;
  startedAt: Date;
  heartbeatAt: Date;
  expiresAt: Date;
}

const WORKER_COLUMNS = `id, role, host, pid, started_at AS "startedAt", heartbeat_at AS "heartbeatAt", expires_at AS "expiresAt"`;

/** Creates the shard rows (once; more rows are added when the count grows). */
export async function ensureShards(pool: Pool, count: number): Promise<void> {
  await pool.query("INSERT INTO scale_shards (shard) SELECT generate_series(0, $1::int - 1) ON CONFLICT DO NOTHING", [
    count,
  ]);
}

/** Writes the worker's heartbeat (its lease on being alive) and returns the workers alive now, itself included. */
export async function heartbeat(
  pool: Pool,
  w: { id: string; role: string; host: string; pid: number },
  leaseMs: number,
): Promise<WorkerRow[]> {
  const { rows } = await pool.query<WorkerRow>(
    `WITH me AS (
       INSERT INTO scale_workers (id, role, host, pid, heartbeat_at, expires_at)
       VALUES ($1, $2, $3, $4, now(), now() + make_interval(secs => $5::float8 / 1000))
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), expires_at = EXCLUDED.expires_at
       RETURNING ${WORKER_COLUMNS})
     SELECT * FROM me
     UNION ALL
     SELECT ${WORKER_COLUMNS} FROM scale_workers WHERE expires_at > now() AND id <> $1 AND role <> 'web'`,
    [w.id, w.role, w.host, w.pid, leaseMs],
  );
  return rows;
}

/**
 * One rebalance step of a worker, in one transaction: renews the leases it holds, gives back what exceeds its
 * share (`release`), and takes up to `want` shards that are free or whose lease ran out (their owner died).
 * Returns the shards it holds afterwards, with their epochs.
 */
export async function renewAndClaim(
  pool: Pool,
  me: string,
  leaseMs: number,
  share: number,
): Promise<Array<{ shard: number; epoch: number }>> {
  return inTransaction(pool, async (client) => {
    const lease = [me, leaseMs];
    const renewed = await client.query<{ shard: number; epoch: number }>(
      `UPDATE scale_shards SET lease_until = now() + make_interval(secs => $2::float8 / 1000)
        WHERE owner = $1 AND lease_until > now() RETURNING shard, epoch`,
      lease,
    );
    let mine = renewed.rows.sort((a, b) => a.shard - b.shard);
    if (mine.length > share) {
      const excess = mine.slice(share).map((r) => r.shard);
      await client.query(
        "UPDATE scale_shards SET owner = NULL, lease_until = NULL WHERE owner = $1 AND shard = ANY($2::int[])",
        [me, excess],
      );
      mine = mine.slice(0, share);
    } else if (mine.length < share) {
      const taken = await client.query<{ shard: number; epoch: number }>(
        `WITH free AS (
           SELECT shard FROM scale_shards
            WHERE owner IS NULL OR lease_until IS NULL OR lease_until <= now()
            ORDER BY (owner IS NULL) DESC, shard LIMIT $3 FOR UPDATE SKIP LOCKED)
         UPDATE scale_shards s SET owner = $1, lease_until = now() + make_interval(secs => $2::float8 / 1000),
                epoch = s.epoch + 1, taken_at = now()
           FROM free WHERE s.shard = free.shard
         RETURNING s.shard, s.epoch`,
        [me, leaseMs, share - mine.length],
      );
      mine = [...mine, ...taken.rows].sort((a, b) => a.shard - b.shard);
    }
    return mine;
  });
}

/** A worker stopping cleanly: its shards are free at once and it leaves the list of the living. */
export async function leave(pool: Pool, me: string): Promise<void> {
  await pool.query("UPDATE scale_shards SET owner = NULL, lease_until = NULL WHERE owner = $1", [me]);
  await pool.query("DELETE FROM scale_workers WHERE id = $1", [me]);
}

/** Rows of workers dead for longer than `keepMs` are removed (a recent dead one stays visible to operators). */
export async function forgetDead(pool: Pool, keepMs: number): Promise<void> {
  await pool.query("DELETE FROM scale_workers WHERE expires_at < now() - make_interval(secs => $1::float8 / 1000)", [
    keepMs,
  ]);
}

export interface ShardRow {
  shard: number;
  owner: string | null;
  epoch: number;
  /** the lease is live (its owner renewed it in time) */
  held: boolean;
}

/** The whole picture, for the health endpoint: workers (alive or recently dead) and who holds which shard. */
export async function clusterView(
  pool: Pool,
): Promise<{ workers: Array<WorkerRow & { alive: boolean }>; shards: ShardRow[] }> {
  const workers = await pool.query<WorkerRow & { alive: boolean }>(
    `SELECT ${WORKER_COLUMNS}, expires_at > now() AS alive FROM scale_workers ORDER BY started_at, id`,
  );
  const shards = await pool.query<ShardRow>(
    `SELECT shard, owner, epoch, (owner IS NOT NULL AND lease_until > now()) AS held FROM scale_shards ORDER BY shard`,
  );
  return { workers: workers.rows, shards: shards.rows };
}

/**
 * Holds a session advisory lock on `key` on a connection of its own until the returned function is called (or
 * the process dies: the session ends and the lock with it). Processes starting together take turns with it.
 */
export async function holdAdvisoryLock(pool: Pool, key: number): Promise<() => Promise<void>> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [key]);
  } catch (error) {
    client.release();
    throw error;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    try {
      await client.query("SELECT pg_advisory_unlock($1)", [key]);
    } finally {
      client.release();
    }
  };
}
