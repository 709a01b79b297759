import type { Config } from "../config.ts";
import { type Database, type PoolErrorListener, applyMigrations, connect } from "../db/client.ts";
import { startEmbeddedPostgres } from "../db/embedded.ts";

export interface OpenDatabase extends Database {
  url: string;
  embedded: boolean;
}

const CLOSE_WAIT_MS = 500;

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR; migrations are applied either way. */
export async function openDatabase(
  config: Config,
  log: (message: string) => void,
  onPoolError?: PoolErrorListener,
): Promise<OpenDatabase> {
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, preferredPort: config.EMBEDDED_PG_PORT, log });
  const url = config.DATABASE_URL ?? embedded!.url;
  const database = connect(url, 10, onPoolError, `pitchlab:${config.ROLE}:${process.pid}`);
  try {
    await applyMigrations(database);
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...database,
    url,
    embedded: embedded !== null,
    close: async () => {
      // A query still running (a worker thread's read, a job's) holds pool.end() until it finishes: half a second
      // at most, then the embedded database stops under it (its fast shutdown ends the session).
      await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      await embedded?.stop();
    },
  };
}
