import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";

/**
 * The web build's static files, read once at start and answered from memory. The build is a few megabytes and
 * never changes while the server runs; reading each file from disk again (open, stat, read, close for every
 * request, and for each of its .br/.gz copies) cost the serving event loop a share of its time at busy moments.
 * The brotli or gzip copy written after the build is sent when the browser accepts it; the ETag is the content's
 * hash, so a revalidation answers 304.
 */

interface StaticFile {
  type: string;
  etag: string;
  body: Record<"identity" | "br" | "gzip", Uint8Array | undefined>;
}

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* filesUnder(file);
    else if (!/\.(br|gz)$/.test(name)) yield file;
  }
}

/** Every file under `root` by its URL path (`/assets/x.js` for root/assets/x.js); an absent root holds none. */
export function loadStaticFiles(root: string, under: string[]): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const folder of under) {
    const start = path.join(root, folder);
    if (!existsSync(start)) continue;
    const list = statSync(start).isDirectory() ? [...filesUnder(start)] : [start];
    for (const file of list) {
      const identity = readFileSync(file);
      const copy = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
      const url = `/${path.relative(root, file).split(path.sep).join("/")}`;
      files.set(url, {
        type: getMimeType(file) ?? "application/octet-stream",
        etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
        body: { identity, br: copy(".br"), gzip: copy(".gz") },
      });
    }
  }
  return files;
}

/** Answers GET and HEAD for the loaded files; anything else goes on to the next handler. */
export function memoryStatic(files: Map<string, StaticFile>, cacheControl: string): MiddlewareHandler {
  return async (c, next) => {
    const file = c.req.method === "GET" || c.req.method === "HEAD" ? files.get(c.req.path) : undefined;
    if (!file) return next();
    const headers: Record<string, string> = {
      "Content-Type": file.type,
      "Cache-Control": cacheControl,
      ETag: file.etag,
      Vary: "Accept-Encoding",
    };
    if (c.req.header("if-none-match") === file.etag) return c.body(null, 304, headers);
    const accepted = c.req.header("accept-encoding") ?? "";
    const encoding =
      file.body.br && /\bbr\b/.test(accepted)
        ? "br"
        : file.body.gzip && /\bgzip\b/.test(accepted)
          ? "gzip"
          : "identity";
    const body = file.body[encoding]!;
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.byteLength);
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  };
}
