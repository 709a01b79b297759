import type { Pool, PoolClient } from "pg";

/** Small named JSON values of the application (clock shift, pipeline progress). */
export async function readState<T>(db: Pool | PoolClient, key: string): Promise<T | null> {
  const { rows } = await db.query("SELECT value FROM app_state WHERE key = $1", [key]);
  return (rows[0]?.value as T) ?? null;
}

export async function writeState(db: Pool | PoolClient, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO app_state (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

/** Stores a value unless the key exists, and returns what is stored (the first of two writers wins). */
export async function writeStateOnce<T>(db: Pool | PoolClient, key: string, value: T): Promise<T> {
  await db.query("INSERT INTO app_state (key, value, updated_at) VALUES ($1, $2, now()) ON CONFLICT (key) DO NOTHING", [
    key,
    JSON.stringify(value),
  ]);
  return (await readState<T>(db, key)) as T;
}

export async function deleteState(db: Pool | PoolClient, key: string): Promise<void> {
  await db.query("DELETE FROM app_state WHERE key = $1", [key]);
}
