import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every reader of prices applies the visibility rule. SQL lives only in src/db (the lint), so every read of the
 * `odds` table is a SQL text there: each text that names the table after FROM or JOIN must apply
 * `oddsVisibleSql(...)` (src/db/queries/price-visibility.ts) as many times as it reads the table. A query added later
 * without the rule fails here; tests/db/price-visibility.test.ts checks the readers' answers on a clock.
 */
const ROOT = path.resolve(import.meta.dirname, "../../src");

/** SQL texts that read `odds` without showing or using a price, and why. */
const EXEMPT: Array<{ file: string; text: RegExp; why: string }> = [
  {
    file: "db/queries/fixtures.ts",
    text: /\(SELECT count\(\*\) FROM odds\)::int AS odds/,
    why: "the health endpoint's row count: no price",
  },
];

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (/\.(ts|tsx)$/.test(name)) yield file;
  }
}

const stripComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
const READS_ODDS = /\b(?:FROM|JOIN)\s+(?:public\.)?"?odds"?(?![\w.])/gi;

/** The string or template literal around `index` (SQL texts here hold no nested template). */
function literalAround(text: string, index: number): string {
  let start = index;
  while (start > 0 && !["`", '"'].includes(text[start]!)) start--;
  const quote = text[start]!;
  let end = index;
  while (end < text.length && text[end] !== quote) end++;
  return text.slice(start, end + 1);
}

function oddsReaders() {
  const found: Array<{ file: string; line: number; sql: string; reads: number }> = [];
  for (const file of files(ROOT)) {
    const text = stripComments(readFileSync(file, "utf8"));
    const seen = new Set<string>();
    for (const match of text.matchAll(READS_ODDS)) {
      const sql = literalAround(text, match.index);
      if (seen.has(sql)) continue;
      seen.add(sql);
      found.push({
        file: path.relative(ROOT, file),
        line: text.slice(0, match.index).split("\n").length,
        sql,
        reads: sql.match(READS_ODDS)!.length,
      });
    }
  }
  return found;
}

describe("every SQL text that reads the odds table applies the price-visibility rule", () => {
  const readers = oddsReaders();

  it("finds the readers (the scan itself works)", () => {
    // The pre-match scanner's feature store, the odds of a fixture, the predictions' sweep, the value-bet bot's
    // candidates and record, the live replay's anchor: at least these.
    for (const file of [
      "db/queries/scanner-store.ts",
      "db/queries/fixtures.ts",
      "db/queries/predictions.ts",
      "db/queries/valuebets.ts",
      "db/queries/live.ts",
    ]) {
      expect(readers.some((r) => r.file === file)).toBe(true);
    }
  });

  it("only in src/db", () => {
    expect(readers.filter((r) => !r.file.startsWith(`db${path.sep}`)).map((r) => `${r.file}:${r.line}`)).toEqual([]);
  });

  it("with oddsVisibleSql once per read of the table", () => {
    const missing = readers
      .filter((r) => !EXEMPT.some((e) => r.file === e.file && e.text.test(r.sql)))
      .filter((r) => (r.sql.match(/\$\{oddsVisibleSql\(/g) ?? []).length < r.reads)
      .map((r) => `${r.file}:${r.line}`);
    expect(missing).toEqual([]);
  });

  it("the Drizzle table `odds` is only written (by the importer), never read through the query builder", () => {
    const users: string[] = [];
    for (const file of files(ROOT)) {
      const rel = path.relative(ROOT, file);
      if (rel === path.join("db", "schema.ts")) continue;
      const text = stripComments(readFileSync(file, "utf8"));
      if (
        /import\s*\{[^}]*\bodds\b[^}]*\}\s*from\s*["'][^"']*schema(?:\.ts)?["']/.test(text) ||
        /schema\.odds\b/.test(text)
      )
        users.push(rel);
    }
    expect(users).toEqual([]);
  });
});
