import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/db/embedded.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** One embedded PostgreSQL for the whole run; each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  const server = await startEmbeddedPostgres({
    // Overridable so that two test runs can go side by side.
    dataDir: process.env.TEST_PG_DIR ?? ".data/test",
    preferredPort: Number(process.env.TEST_PG_PORT ?? 54339),
    log: () => {},
  });
  project.provide("postgresUrl", server.url);
  return async () => server.stop();
}
