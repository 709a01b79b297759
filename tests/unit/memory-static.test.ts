import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { loadStaticFiles, memoryStatic } from "../../src/server/memory-static.ts";

const root = mkdtempSync(path.join(tmpdir(), "memory-static-"));
const SCRIPT = "export const answer = 42;\n".repeat(20);
mkdirSync(path.join(root, "assets", "fonts"), { recursive: true });
writeFileSync(path.join(root, "assets", "entry.js"), SCRIPT);
writeFileSync(path.join(root, "assets", "entry.js.br"), brotliCompressSync(SCRIPT));
writeFileSync(path.join(root, "assets", "entry.js.gz"), gzipSync(SCRIPT));
writeFileSync(path.join(root, "assets", "fonts", "plain.css"), "body{}");
writeFileSync(path.join(root, "sw.js"), "self.x = 1;");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files = loadStaticFiles(root, ["assets", "sw.js", "missing"]);
const app = new Hono();
app.use("/assets/*", memoryStatic(files, "public, max-age=31536000, immutable"));
app.use("/sw.js", memoryStatic(files, "no-cache"));
app.all("*", (c) => c.text("next", 404));

describe("static files from memory", () => {
  it("loads every file under the folders by its URL path, not the compressed copies", () => {
    expect([...files.keys()].sort()).toEqual(["/assets/entry.js", "/assets/fonts/plain.css", "/sw.js"]);
  });

  it("sends the brotli copy, else the gzip one, else the file, with its type and length", async () => {
    const br = await app.request("/assets/entry.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toMatch(/javascript/);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBody.length);
    expect(brBody.length).toBeLessThan(SCRIPT.length);

    const gzip = await app.request("/assets/entry.js", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const plain = await app.request("/assets/entry.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    // A file without compressed copies is sent as it is whatever the browser accepts.
    const css = await app.request("/assets/fonts/plain.css", { headers: { "accept-encoding": "br" } });
    expect(css.headers.get("content-encoding")).toBeNull();
    expect(css.headers.get("content-type")).toMatch(/text\/css/);
  });

  it("answers a revalidation with 304 and a HEAD without a body", async () => {
    const first = await app.request("/sw.js");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await app.request("/sw.js", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const head = await app.request("/assets/entry.js", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("leaves an unknown path and other methods to the next handler", async () => {
    expect((await app.request("/assets/nope.js")).status).toBe(404);
    expect((await app.request("/assets/../sw.js")).status).not.toBe(500);
    const post = await app.request("/assets/entry.js", { method: "POST" });
    expect(await post.text()).toBe("next");
  });
});
