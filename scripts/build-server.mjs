// The server's TypeScript bundled into one ES module by esbuild (npm packages stay where they are installed), so that a
// start loads one file instead of sending some 500 modules through tsx's loader, which took about 5 s of a
// restart. Rebuilt (about 1.5 s) when a file it includes changed; a stamp beside it lists them.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { buildDir } from "./build-web.mjs";

/** The server, and what scripts/start.mjs reads before it (configuration, logger, port check). */
const ENTRIES = { "server-main": "src/server/main.ts", "server-start": "src/server/start/prelude.ts" };
/** Files that shape the bundle besides the modules it includes. */
const BUILD_INPUTS = ["scripts/build-server.mjs", "package.json", "package-lock.json", "tsconfig.json"];

const bundlePath = (dir, name) => path.join(dir, `${name}.mjs`);
const stampPath = (dir) => path.join(dir, "server-bundle.json");
const paths = (dir) => ({ main: bundlePath(dir, "server-main"), start: bundlePath(dir, "server-start") });

/**
 * A module's own location, not the bundle's: `new URL("./migrations", import.meta.url)` and a worker thread's
 * entry keep pointing at the source tree, and `import.meta.resolve("<package>")` at the installed package.
 */
const ownImportMetaUrl = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.tsx?$/ }, (args) => {
      const text = readFileSync(args.path, "utf8")
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
        .replace(/import\.meta\.resolve\("([^"]+)"\)/g, (_, specifier) =>
          JSON.stringify(import.meta.resolve(specifier)),
        );
      return {
        contents: text,
        loader: args.path.endsWith(".tsx") ? "tsx" : "ts",
      };
    });
  },
};

/**
 * npm packages stay outside the bundle, imported by their resolved location: the bundle runs from any BUILD_DIR,
 * also one outside the project, where `node_modules` would not be found from.
 */
const packagesWhereInstalled = {
  name: "packages-where-installed",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      return { path: import.meta.resolve(args.path), external: true };
    });
  },
};

function staleReason(dir) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath(dir), "utf8"));
  } catch {
    return "no server bundle yet";
  }
  if (Object.keys(ENTRIES).some((name) => !existsSync(bundlePath(dir, name)))) return "no server bundle yet";
  const builtAt = Date.parse(stamp.builtAt);
  for (const file of [...BUILD_INPUTS, ...stamp.files]) {
    if (!existsSync(file)) return `${file} is gone`;
    if (statSync(file).mtimeMs > builtAt) return `${file} changed`;
  }
  return null;
}

/** The paths of the up-to-date server bundles (main, start), built first when one is missing or stale. */
export async function serverBundle(dir = buildDir()) {
  if (!staleReason(dir)) return paths(dir);
  mkdirSync(dir, { recursive: true });
  const builtAt = new Date().toISOString();
  const files = new Set();
  for (const [name, entry] of Object.entries(ENTRIES)) {
    // Several processes may start at once (web and worker): each writes its own file and renames it into place.
    const temporary = `${bundlePath(dir, name)}.${process.pid}.tmp`;
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: temporary,
      metafile: true,
      keepNames: true,
      logLevel: "error",
      plugins: [ownImportMetaUrl, packagesWhereInstalled],
    });
    for (const file of Object.keys(result.metafile.inputs)) if (!file.startsWith("node_modules/")) files.add(file);
    renameSync(temporary, bundlePath(dir, name));
  }
  writeFileSync(stampPath(dir), `${JSON.stringify({ builtAt, files: [...files] }, null, 2)}\n`);
  return paths(dir);
}
