import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (pure code and adapters against local stand-ins; no database, seconds) and `db`
 * (services against the embedded PostgreSQL that tests/support/global-postgres.ts starts once per run).
 * `npm run test:unit` runs the first, `npm run test:db` the second, `npm test` both (and lint, types, e2e).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          // A limit only stops a stuck test: the property tests take seconds on a quiet machine and ten times
          // that on a loaded one (a preview-writer property test once timed out at 10 s beside a browser suite).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "db",
          include: ["tests/db/**/*.test.ts"],
          globalSetup: ["tests/support/global-postgres.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
