import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/support/global-server.ts"],
    testTimeout: 60_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    // The server may be busy with the prediction back-fill on a fresh machine: give the page time.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
