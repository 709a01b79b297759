// "SQL only in src/db", the half of the rule an import graph cannot see: SQL text in a module outside
// src/db fails the lint. (.dependency-cruiser.cjs already keeps pg and drizzle-orm inside src/db.)
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = process.argv[2] ?? "src";
const ALLOWED = path.join(ROOT, "db") + path.sep;
const SQL = [
  /\bSELECT\s+(?:DISTINCT\s+)?[\w*"(][\s\S]{0,400}?\bFROM\s+["\w]/,
  /\bSELECT\s+\d+\b/,
  /\bINSERT\s+INTO\b/,
  /\bUPDATE\s+["\w.]+\s+SET\b/,
  /\bDELETE\s+FROM\b/,
  /\b(?:CREATE|ALTER|DROP|TRUNCATE)\s+(?:TABLE|INDEX|SCHEMA)\b/,
  /["'`]\s*(?:BEGIN|COMMIT|ROLLBACK)\s*;?\s*["'`]/,
  /\b(?:pool|client|tx|db)\.query\(/i,
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(name)) yield file;
  }
}

const stripComments = (text) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

let failures = 0;
for (const file of files(ROOT)) {
  if (file.startsWith(ALLOWED)) continue;
  const text = stripComments(readFileSync(file, "utf8"));
  for (const pattern of SQL) {
    const match = pattern.exec(text);
    if (!match) continue;
    const line = text.slice(0, match.index).split("\n").length;
    console.error(
      `${file}:${line}: SQL outside src/db (${match[0].split("\n")[0].slice(0, 60)}): move it to src/db/queries/<area>.ts`,
    );
    failures += 1;
  }
}
if (failures > 0) {
  console.error(`\n${failures} SQL text(s) outside src/db`);
  process.exit(1);
}
console.log("check-sql: no SQL outside src/db");
