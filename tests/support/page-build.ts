import path from "node:path";
import type { ServerBuild } from "react-router";

/**
 * The web app's server build, compiled on demand by Vite (as `react-router dev` does), for tests that send page
 * requests through the real HTTP app (`createHttpApp`) without `npm run build`: about 20 s on a quiet machine.
 * Vite's cache goes under .data/ (never node_modules), no file is watched and no dependency is pre-bundled.
 */
export async function loadPageBuild(): Promise<{ build: ServerBuild; close(): Promise<void> }> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: path.resolve("vite.config.ts"),
    cacheDir: path.resolve(".data/vite-test-cache"),
    appType: "custom",
    logLevel: "error",
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return { build, close: () => vite.close() };
}
