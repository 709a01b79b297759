// Builds the web app quietly: a progress percentage instead of Vite's asset tables, the full build output kept in
// BUILD_DIR/build.log (printed when the build fails), and a stamp listing every project file the bundle includes,
// so that `npm start` rebuilds exactly when one of them changed. `npm run build` runs it too.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { precompress } from "./precompress.mjs";

const MARK = "@@pitchlab-build ";
/** Files that shape every build besides the modules the bundle includes. */
const BUILD_INPUTS = [
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build-progress-plugin.ts",
  "scripts/build-web.mjs",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];
/** Modules transformed per environment by a build of this app, for the percentage before a stamp exists. */
const DEFAULT_MODULES = { client: 200, ssr: 160 };
/** Share of the whole build taken by each step. */
const WEIGHTS = { client: 0.5, ssr: 0.4, compress: 0.1 };

export function buildDir() {
  return path.resolve(process.env.BUILD_DIR || "build");
}

function readStamp(dir) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(dir, ".stamp"), "utf8"));
    return typeof stamp === "object" && stamp && Array.isArray(stamp.files) ? stamp : null;
  } catch {
    return null;
  }
}

/** Why the build must be made again, or null when it is up to date. */
export function staleReason(dir = buildDir()) {
  const stamp = readStamp(dir);
  if (!stamp || !existsSync(path.join(dir, "server", "index.js"))) return "no build yet";
  const builtAt = Date.parse(stamp.builtAt);
  for (const file of [...BUILD_INPUTS, ...stamp.files]) {
    if (!existsSync(file)) return `${file} is gone`;
    if (statSync(file).mtimeMs > builtAt) return `${file} changed`;
  }
  return null;
}

/**
 * Runs `react-router build` in production mode, then writes the .br/.gz copies and the stamp.
 * onProgress(percent) is called as it goes; resolves with the seconds it took, rejects with the build's output.
 */
export async function buildWeb({ onProgress = () => {} } = {}) {
  const dir = buildDir();
  const started = performance.now();
  const expected = { ...DEFAULT_MODULES, ...(readStamp(dir)?.modules ?? {}) };
  const bin = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@react-router/dev/package.json")),
    "bin.js",
  );
  const child = spawn(process.execPath, [bin, "build"], {
    // Always a production build, whatever NODE_ENV the server runs with (tests run it with "test").
    env: { ...process.env, NODE_ENV: "production", PITCHLAB_BUILD_PROGRESS: "1", NO_COLOR: "1", BUILD_DIR: dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = [];
  const counted = { client: 0, ssr: 0 };
  const finished = { client: false, ssr: false };
  const files = new Set();
  let reported = -1;
  const report = (percent) => {
    const rounded = Math.min(100, Math.floor(percent));
    if (rounded > reported) {
      reported = rounded;
      onProgress(rounded);
    }
  };
  const share = (env) => (finished[env] ? 1 : Math.min(0.99, counted[env] / expected[env]));
  const progress = () => WEIGHTS.client * share("client") + WEIGHTS.ssr * share("ssr");
  let pending = "";
  const onData = (chunk) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) {
      const at = line.indexOf(MARK);
      if (at < 0) {
        // React Router's own config loader still passes Vite 8 the deprecated `envFile` option (upstream), which
        // is not ours to fix: its warning is dropped; everything else is kept for build.log.
        if (!line.includes("The `envFile` option is deprecated")) output.push(line);
        continue;
      }
      const event = JSON.parse(line.slice(at + MARK.length));
      counted[event.environment] = event.modules;
      if (event.done) {
        for (const file of event.files) files.add(file);
        finished[event.environment] = true;
      }
      report(100 * progress());
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const code = await new Promise((resolve) => child.on("close", resolve));
  if (pending) output.push(pending);
  const log = output.join("\n");
  if (code !== 0) throw new Error(`the web app did not build:\n${log}`);
  report(100 * (WEIGHTS.client + WEIGHTS.ssr));
  precompress(path.join(dir, "client"));
  writeFileSync(path.join(dir, "build.log"), `${log}\n`);
  writeFileSync(
    path.join(dir, ".stamp"),
    JSON.stringify(
      {
        builtAt: new Date(Date.now()).toISOString(),
        modules: { client: counted.client, ssr: counted.ssr },
        files: [...files].sort(),
      },
      null,
      1,
    ),
  );
  report(100);
  return (performance.now() - started) / 1000;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tty = process.stdout.isTTY;
  try {
    const seconds = await buildWeb({
      onProgress: (percent) => {
        if (tty) process.stdout.write(`\rbuilding the web app… ${percent}%`);
      },
    });
    console.log(
      `${tty ? "\r" : ""}web app built in ${seconds.toFixed(1)} s (${path.relative(process.cwd(), buildDir()) || "."})`,
    );
    // The server's bundle too (the web build emptied the directory), so that `npm start` builds nothing.
    const { serverBundle } = await import("./build-server.mjs");
    await serverBundle();
    console.log("server bundled");
  } catch (error) {
    console.error(`${tty ? "\n" : ""}${error.message}`);
    process.exit(1);
  }
}
