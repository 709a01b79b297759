import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";

export interface SourceFile {
  name: string;
  text: string;
  sha256: string;
}

/** Reads a football-data CSV from a path or an http(s) URL; `.gz` files are decompressed. */
export async function readSource(location: string, name = location): Promise<SourceFile> {
  let bytes: Buffer;
  if (/^https?:\/\//.test(location)) {
    const response = await fetch(location);
    if (!response.ok) throw new Error(`${location}: HTTP ${response.status}`);
    bytes = Buffer.from(await response.arrayBuffer());
  } else {
    bytes = await readFile(location);
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  return { name, text: bytes.toString("utf8"), sha256: createHash("sha256").update(bytes).digest("hex") };
}
