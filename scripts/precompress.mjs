// Writes .br and .gz copies of the built client assets, served as they are to browsers that accept them
// (no compression work per request for files that never change).
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export function precompress(dir = "build/client") {
  let files = 0;
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) {
      files += precompress(file);
    } else if (/\.(js|css|svg|json|webmanifest)$/.test(entry)) {
      const body = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      files++;
    }
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`precompressed ${precompress()} files`);
