import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_BODY_LIMIT } from "../../src/server/api/contract.ts";
import { createHttpApp } from "../../src/server/http.ts";
import { createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

/**
 * The page routes' body limit through the real HTTP server (@hono/node-server, as src/server/main.ts serves
 * it): a 50 MB form to a page is refused with 413 before it is read, and the server's memory stays flat.
 */
let db: TestDatabase;
let server: ReturnType<typeof serve>;
let port: number;
let reachedPages = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  const services = createServices(
    { pool: db.pool, clock: fixedClock("2026-11-20T12:00:00Z") },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  // A stand-in web build: whatever reaches React Router counts itself and answers 204 (no page module needed).
  const build = {
    routes: {},
    assets: { url: "", version: "", entry: { module: "", imports: [] }, routes: {} },
    entry: { module: {} },
  } as never;
  const app = createHttpApp(services, build, {
    mode: "production",
    trustProxy: false,
    secureCookies: false,
    mailboxDir: null,
    telegramDir: null,
  });
  const outer = new (await import("hono")).Hono();
  outer.use("*", async (c, next) => {
    await next();
    if (c.res.status !== 413) reachedPages++;
  });
  outer.route("/", app);
  server = serve({ fetch: outer.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await db?.drop();
});

const MB = 1024 * 1024;

/**
 * POSTs `bytes` of a urlencoded form to `path`, in 1 MB chunks written as the socket takes them (with a
 * Content-Length, or chunked without one). Resolves with the status once the answer has come, whether or
 * not the server read the rest.
 */
function postForm(path: string, bytes: number, chunked = false): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { "content-type": "application/x-www-form-urlencoded" };
    if (!chunked) headers["content-length"] = bytes;
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "POST", headers });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(MB, "a");
    chunk.write("message=", 0);
    const pump = () => {
      while (!answered && sent < bytes) {
        const part = chunk.subarray(0, Math.min(MB, bytes - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    req.on("response", (res) => {
      answered = true;
      res.resume();
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, sent });
        req.destroy();
      });
    });
    // the server may close the connection on a body it refuses: that is fine once it answered
    req.on("error", (error) => (answered ? undefined : reject(error)));
    pump();
  });
}

describe("page routes' body limit", () => {
  it("refuses a 50 MB form to every page route with 413 before reading it, with the server's memory flat", async () => {
    const paths = ["/contact", "/auth/login", "/apple", "/dev/telegram/start", "/vip/live-scanner/new-filter"];
    // warm up (the first requests load modules and fill pools)
    expect((await postForm("/contact", 40 * 1024)).status).toBe(413);
    const before = process.memoryUsage().rss;
    let peak = before;
    const watch = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      for (const path of paths) {
        const answer = await postForm(path, 50 * MB);
        expect(answer.status, path).toBe(413);
        // answered long before the body was all sent: it was not read
        expect(answer.sent, path).toBeLessThan(50 * MB);
      }
      const chunked = await postForm("/contact", 50 * MB, true);
      expect(chunked.status).toBe(413);
      expect(chunked.sent).toBeLessThan(50 * MB);
    } finally {
      clearInterval(watch);
    }
    // 5 + 1 bodies of 50 MB: read whole they grew the server by hundreds of MB; refused, by a few MB at most.
    console.log(
      `page body limit: RSS ${Math.round(before / MB)} MB before, peak +${Math.round((peak - before) / MB)} MB over six 50 MB forms`,
    );
    expect(peak - before).toBeLessThan(40 * MB);
  });

  it("lets a form up to the API's limit through to the page, and counts the bytes of a chunked body", async () => {
    // the stand-in build has no page to answer with: React Router's complaint about it is not this test's
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reached = reachedPages;
    expect((await postForm("/contact", DEFAULT_BODY_LIMIT)).status).not.toBe(413);
    expect((await postForm("/contact", DEFAULT_BODY_LIMIT + 1)).status).toBe(413);
    expect((await postForm("/contact", DEFAULT_BODY_LIMIT, true)).status).not.toBe(413);
    expect((await postForm("/contact", DEFAULT_BODY_LIMIT + 1, true)).status).toBe(413);
    expect(reachedPages - reached).toBe(2);
    vi.restoreAllMocks();
  });
});
