import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** A process that loads the embedded PostgreSQL module, sets an exit code and lets its event loop empty. */
function exitCodeOf(code: number): number | null {
  const script = `await import("./src/db/embedded.ts"); process.exitCode = ${code};`;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: process.cwd(),
    encoding: "utf8",
  }).status;
}

describe("the embedded PostgreSQL module", () => {
  // A failed test run or import that exits 0 would let CI pass over failures (async-exit-hook calls exit(0)).
  it("keeps the exit code a process sets", () => {
    expect(exitCodeOf(3)).toBe(3);
    expect(exitCodeOf(0)).toBe(0);
  }, 60_000);
});
