import { type Config, ConfigError } from "../../config.ts";
import { type OpenDatabase, openDatabase } from "../../data/open-database.ts";
import { runningEmbeddedUrl } from "../../db/embedded.ts";
import type { Logger } from "../../logger.ts";

/**
 * Opens the site's database. all: everything in one process, the owner of the embedded PostgreSQL and of the
 * import. web and worker processes join a database that exists: DATABASE_URL, else the embedded PostgreSQL of a
 * running npm start.
 */
export async function openSiteDatabase(config: Config, instanceId: string, log: Logger): Promise<OpenDatabase> {
  const role = config.ROLE;
  let databaseConfig = config;
  if (role !== "all" && !config.DATABASE_URL) {
    const running = await runningEmbeddedUrl(config.DATA_DIR);
    if (!running) {
      throw new ConfigError(
        `ROLE=${role} joins a database that is already there: set DATABASE_URL (a PostgreSQL shared by every web and worker process), or start \`npm start\` first on the same DATA_DIR (${config.DATA_DIR}) and its embedded PostgreSQL is used`,
      );
    }
    databaseConfig = { ...config, DATABASE_URL: running };
  }
  const database = await openDatabase(
    databaseConfig,
    (message) => log.info(message),
    (error: Error & { code?: string }) => {
      // 57P01: the server closed it (its shutdown, or ours with the embedded one): expected, worth a line, not an error.
      const fields = { code: error.code, reason: error.message };
      if (error.code === "57P01")
        log.warn(fields, "database: the server closed an idle connection; the pool replaces it");
      else log.error(fields, "database: an idle connection failed; the pool replaces it");
    },
  );
  log.info(
    `${role === "all" ? "" : `${role} process ${instanceId}: `}${database.embedded ? `database ready (embedded PostgreSQL in ${config.DATA_DIR}), migrations applied` : config.DATABASE_URL ? "database ready (DATABASE_URL), migrations applied" : `database ready (the embedded PostgreSQL of the npm start running on ${config.DATA_DIR})`}`,
  );
  return database;
}
