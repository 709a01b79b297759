import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/db/embedded.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run; each test file makes its own database in it. By default an embedded one;
 * with DATABASE_URL, that server (CI runs the suite once more against Debian's PostgreSQL, the production path):
 * its role must be allowed to create databases.
 */
export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  if (external) {
    project.provide("postgresUrl", external);
    return async () => {};
  }
  const server = await startEmbeddedPostgres({
    // Overridable so that two test runs can go side by side.
    dataDir: process.env.TEST_PG_DIR ?? ".data/test",
    preferredPort: Number(process.env.TEST_PG_PORT ?? 54339),
    log: () => {},
  });
  project.provide("postgresUrl", server.url);
  return async () => server.stop();
}
