/**
 * Size lint: a reader should find one use case without scrolling through others.
 * Fails on a source file over MAX_FILE_LINES lines, and on a function over MAX_FUNCTION_LINES lines in the
 * places that hold use cases (services, the server's start-up, jobs). A function is measured whole, nested
 * functions included: a factory that closes over twenty use cases is one long function to its reader.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const ROOT = join(import.meta.dirname, "..");
const FUNCTION_DIRS = ["src/services", "src/server/main.ts", "src/server/start", "src/jobs"];
/** Generated or data files whose length is not a reader's problem. */
const GENERATED = [/^src\/web\/\+types\//, /^src\/db\/migrations\//, /\.d\.ts$/, /\.gen\.ts$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

function lineOf(file: ts.SourceFile, pos: number): number {
  return file.getLineAndCharacterOfPosition(pos).line;
}

function spanOf(file: ts.SourceFile, node: ts.Node): number {
  return lineOf(file, node.getEnd()) - lineOf(file, node.getStart(file)) + 1;
}

function nameOf(fn: ts.FunctionLikeDeclaration): string {
  if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

const problems: string[] = [];
for (const path of sourceFiles(join(ROOT, "src"))) {
  const rel = relative(ROOT, path).split("\\").join("/");
  if (GENERATED.some((re) => re.test(rel))) continue;
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_FILE_LINES) problems.push(`${rel}: ${lines} lines (at most ${MAX_FILE_LINES})`);
  if (!FUNCTION_DIRS.some((dir) => rel === dir || rel.startsWith(`${dir}/`))) continue;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      const own = spanOf(file, node);
      if (own > MAX_FUNCTION_LINES) {
        const at = lineOf(file, node.getStart(file)) + 1;
        problems.push(`${rel}:${at}: function ${nameOf(node)} has ${own} lines (at most ${MAX_FUNCTION_LINES})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} size problem(s): split the file or the function into use cases.`);
  process.exit(1);
}
