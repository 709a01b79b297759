import path from "node:path";
import type { Plugin } from "vite";

/** Marker of the progress lines the quiet build (scripts/build-web.mjs) reads from the build's output. */
export const PROGRESS_MARK = "@@pitchlab-build ";

/**
 * Reports the build's progress (modules transformed per environment) and, at the end of each environment,
 * every project file the bundle includes, so that `npm start` rebuilds exactly when one of them changes.
 * Silent unless PITCHLAB_BUILD_PROGRESS=1 (set by scripts/build-web.mjs).
 */
export function buildProgress(): Plugin {
  const on = process.env.PITCHLAB_BUILD_PROGRESS === "1";
  const root = process.cwd();
  let environment = "client";
  const modules = new Set<string>();
  let count = 0;
  const emit = (event: object) => {
    if (on) process.stdout.write(`${PROGRESS_MARK}${JSON.stringify(event)}\n`);
  };
  return {
    name: "pitchlab:build-progress",
    apply: "build",
    configResolved(config) {
      environment = config.build.ssr ? "ssr" : "client";
    },
    buildStart() {
      count = 0;
      modules.clear();
      emit({ environment, modules: 0 });
    },
    transform(_code, id) {
      count++;
      const file = id.split("?")[0]!;
      if (path.isAbsolute(file) && file.startsWith(root) && !file.includes("node_modules"))
        modules.add(path.relative(root, file));
      if (count % 10 === 0) emit({ environment, modules: count });
      return null;
    },
    closeBundle() {
      emit({ environment, modules: count, done: true, files: [...modules].sort() });
    },
  };
}
