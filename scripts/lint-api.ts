/**
 * Lints the API's OpenAPI document, offline:
 *
 *   npm run lint:api
 *
 * 1. writes the document of `/api/v1/openapi.json` to a temporary file (built from the route declarations, no
 *    database needed) and runs Redocly's `recommended` rules on it (redocly.yaml; telemetry and update checks off);
 * 2. turns it into TypeScript types with openapi-typescript, as an API client would, and checks that they compile
 *    under `tsc --strict`.
 *
 * Problems are listed per operation, with the module that declares it; the exit code is 1 when any rule fails.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { createApi } from "../src/server/api/app.ts";
import { documentOf } from "../src/server/api/contract.ts";
import type { Services } from "../src/services/index.ts";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

/** Services that are never called: the document only needs the route declarations. */
const unused: Services = new Proxy({} as Services, {
  get: (_target, name) => (name === "then" ? undefined : unused),
});

/** Which module declares the operations of a path (the scanner modules are converted to route() apart). */
function moduleOf(apiPath: string): string {
  if (apiPath.startsWith("/prematch")) return "src/server/api/prematch.ts";
  if (apiPath === "/live-filters/backtest") return "src/server/api/live-backtest.ts";
  if (apiPath.startsWith("/live-filters")) return "src/server/api/live-filters.ts";
  return "the other API modules";
}

const dir = mkdtempSync(path.join(tmpdir(), "pitchlab-api-lint-"));
let failed = false;
try {
  const document = documentOf(createApi(unused, { logger: { warn: () => {}, error: () => {} } }));
  const file = path.join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(document, null, 2));

  // 1. Redocly's recommended rules, offline.
  const lint = spawnSync(
    bin("redocly"),
    ["lint", file, "--config", path.join(root, "redocly.yaml"), "--format", "json", "--lint-config", "off"],
    {
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    },
  );
  const start = lint.stdout.indexOf("{");
  if (start < 0) throw new Error(`redocly gave no report:\n${lint.stdout}\n${lint.stderr}`);
  const report = JSON.parse(lint.stdout.slice(start)) as {
    problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
  };
  const byModule = new Map<string, string[]>();
  for (const problem of report.problems) {
    const pointer = decodeURIComponent(problem.location[0]?.pointer ?? "")
      .replace(/^#\//, "")
      .replace(/~1/g, "/")
      .replace(/~0/g, "~");
    const apiPath = /^paths\/(\/[^/]*(?:\/[^/]*)*?)\/(get|post|put|delete|patch)(\/|$)/.exec(pointer)?.[1] ?? "";
    const where = apiPath ? moduleOf(apiPath) : "the document";
    const lines = byModule.get(where) ?? [];
    lines.push(`  ${problem.severity} ${problem.ruleId}: ${problem.message} (${pointer.replace(/^paths\//, "")})`);
    byModule.set(where, lines);
    if (problem.severity === "error") failed = true;
  }
  const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.keys(item ?? {})).length;
  console.log(`Redocly (recommended): ${report.problems.length} problems in ${operations} operations`);
  for (const [where, lines] of byModule) console.log(`${where}: ${lines.length}\n${lines.join("\n")}`);

  // 2. The client types compile under tsc --strict.
  const types = path.join(dir, "api.ts");
  writeFileSync(types, astToString(await openapiTS(JSON.parse(readFileSync(file, "utf8")))));
  const tsc = spawnSync(
    bin("tsc"),
    ["--strict", "--noEmit", "--skipLibCheck", "--target", "es2022", "--module", "esnext", types],
    { encoding: "utf8" },
  );
  if (tsc.status === 0) console.log("openapi-typescript: the client types compile under tsc --strict");
  else {
    failed = true;
    console.log(`openapi-typescript: the client types fail tsc --strict\n${tsc.stdout.split(dir).join(".")}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
