import { defineConfig } from "vitest/config";

/**
 * Browser tests wait for conditions, never for a fixed time, and their limits are sized for a slow, shared
 * machine (load 10–14 on 2 cores makes a page several times slower): a limit only stops a test that is stuck.
 */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/support/global-server.ts"],
    testTimeout: 180_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    // The server may be busy with the prediction back-fill on a fresh machine: give the page time.
    expect: { poll: { timeout: 60_000, interval: 100 } },
  },
});
