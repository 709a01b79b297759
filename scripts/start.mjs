// npm start: builds the web app when its sources are newer than the build, then runs the server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { precompress } from "./precompress.mjs";

const STAMP = "build/.stamp";
const SOURCES = ["src/web", "src/i18n", "src/domain", "vite.config.ts", "react-router.config.ts", "package.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = existsSync(STAMP) && existsSync("build/server/index.js") ? statSync(STAMP).mtimeMs : 0;
if (Math.max(...SOURCES.map(newestMtime)) > built) {
  console.log("building the web app…");
  // Always a production build, whatever NODE_ENV the server runs with (tests run it with "test").
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  precompress();
  writeFileSync(STAMP, new Date().toISOString());
}

// React renders several times faster in production mode; set NODE_ENV=development to debug.
process.env.NODE_ENV ??= "production";

const { register } = await import("tsx/esm/api");
register();
await import("../src/server/main.ts");
