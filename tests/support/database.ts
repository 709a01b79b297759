import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type Database, applyMigrations, connect } from "../../src/db/client.ts";

export interface TestDatabase extends Database {
  /** connection string of this test database (for a second client such as pg-boss) */
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database in the test run's embedded PostgreSQL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = inject("postgresUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = connect(url.toString(), 4);
  await applyMigrations(database);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
