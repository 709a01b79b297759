import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = ReturnType<typeof drizzle<typeof schema>>;
/** The driver's types, for the layers above that hand a pool or a transaction's client to src/db's queries. */
export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

const MIGRATIONS = new URL("./migrations", import.meta.url).pathname;

/** Told when an idle pooled client fails (the server restarted, the network dropped): the pool replaces it. */
export type PoolErrorListener = (error: Error) => void;

const logToStderr: PoolErrorListener = (error) => console.error(`database: idle connection lost: ${error.message}`);

/**
 * A pool on `url`. Its sessions carry `applicationName` (pg_stat_activity shows which process a query is of:
 * `pitchlab:<role>:<pid>` for the web and worker processes sharing one database).
 */
export function connect(
  url: string,
  max = 10,
  onPoolError: PoolErrorListener = logToStderr,
  applicationName = `pitchlab:${process.pid}`,
): Database {
  const pool = new pg.Pool({ connectionString: url, max, application_name: applicationName });
  // An idle client that loses its server (database restart) must not crash the process, nor vanish unlogged.
  pool.on("error", (error) => onPoolError(error));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** Where a pool connects: a worker thread opens a connection of its own there (it cannot share the pool). */
export function connectionStringOf(pool: pg.Pool): string {
  const url = pool.options.connectionString;
  if (!url) throw new Error("this pool was not opened from a connection string");
  return url;
}

/** Any number, the same in every process: migrations are applied by one process at a time. */
const MIGRATION_LOCK = 7_410_001;

/**
 * Applies the migrations not applied yet. Several processes starting at once on one database (web and worker
 * processes) take turns on an advisory lock: the first applies them, the others then find nothing to do.
 */
export async function applyMigrations(database: Database): Promise<void> {
  const lock = await database.pool.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(database.db, { migrationsFolder: MIGRATIONS });
  } finally {
    await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}

/**
 * Runs `work` in one transaction on one client: all of it is written, or none. The one transaction helper: no
 * module writes BEGIN/COMMIT by hand. A failed ROLLBACK (a broken connection) does not hide the error of `work`.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
