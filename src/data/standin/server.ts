import { createHash } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { FootballDataSite } from "./football-data-site.ts";
import { SPORTMONKS_PREFIX, sportmonksAnswer } from "./sportmonks-route.ts";

/**
 * The offline stand-in of the data providers: a local HTTP server that answers as football-data.co.uk would at
 * the stand-in's present (its own clock: the wall clock plus an offset that `POST /_standin/clock` moves), with
 * ETag / Last-Modified and 304 answers to conditional requests, and as SportMonks' livescores would under
 * `/sportmonks/v3/football` (./sportmonks-route.ts: the matches of the same shifted season being played, replayed). It can be told to fail (`POST /_standin/fail`:
 * 503s, answers that never come, truncated files), to rename a team or to postpone a match, so that a sync can be
 * tested against what goes wrong with real providers; `POST /_standin/fixtures` makes its fixtures files look further
 * ahead and quote every match (a heavier provider, for benches).
 */

export type Failure = "503" | "timeout" | "truncate";

export interface StandinOptions {
  site: FootballDataSite;
  /** the stand-in's present at its start (default: now) */
  atMs?: number;
}

export interface Standin {
  server: Server;
  nowMs(): number;
  setNow(ms: number): void;
  fail(mode: Failure, forMs: number): void;
  /** a team's name as the files give it from now on */
  rename(from: string, to: string): void;
  /** moves the next match of these teams to `toMs` (false: none upcoming) */
  postpone(home: string, away: string, toMs: number): boolean;
  /** requests answered per path (the tests count conditional hits) */
  hits: Map<string, { ok: number; notModified: number; failed: number }>;
}

const MAX_BODY = 64 * 1024;

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
};

export function createStandin(options: StandinOptions): Standin {
  let offsetMs = options.atMs === undefined ? 0 : options.atMs - Date.now();
  let failure: { mode: Failure; untilMs: number } | null = null;
  /** when each path's body last changed, for Last-Modified */
  const versions = new Map<string, { etag: string; since: number }>();
  const hits = new Map<string, { ok: number; notModified: number; failed: number }>();
  const nowMs = () => Date.now() + offsetMs;
  // A file is built at most once a minute (the real provider's files change on its own schedule, not per request):
  // a cycle of conditional requests then costs the stand-in a hash lookup, and a bench measures the site's work.
  const built = new Map<string, { minute: number; text: string | null; etag: string }>();
  const fileAt = (pathname: string, now: number) => {
    const minute = Math.floor(now / 60_000);
    let file = built.get(pathname);
    if (file?.minute !== minute) {
      const text = options.site.file(pathname, now);
      file = { minute, text, etag: text === null ? "" : `"${createHash("sha1").update(text).digest("base64url")}"` };
      built.set(pathname, file);
    }
    return file;
  };
  const count = (p: string, k: "ok" | "notModified" | "failed") => {
    const h = hits.get(p) ?? { ok: 0, notModified: 0, failed: 0 };
    h[k] += 1;
    hits.set(p, h);
  };

  async function control(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const body = req.method === "POST" ? await bodyOf(req) : {};
    if (body === null) return json(res, 400, { error: "the body must be a JSON object of at most 64 KB" });
    if (pathname === "/_standin/clock") {
      if (req.method === "POST") {
        const at = Date.parse(String(body.at ?? ""));
        if (!Number.isFinite(at)) return json(res, 400, { error: '"at" must be an ISO date-time' });
        offsetMs = at - Date.now();
      }
      return json(res, 200, { now: new Date(nowMs()).toISOString(), shiftWeeks: options.site.weeksAt(nowMs()) });
    }
    if (pathname === "/_standin/fail" && req.method === "POST") {
      const mode = body.mode;
      const seconds = Number(body.seconds ?? 3600);
      if (mode === "none") failure = null;
      else if ((mode === "503" || mode === "timeout" || mode === "truncate") && seconds > 0)
        failure = { mode, untilMs: Date.now() + seconds * 1000 };
      else return json(res, 400, { error: '"mode" must be 503, timeout, truncate or none; "seconds" > 0' });
      return json(res, 200, { failure });
    }
    if (pathname === "/_standin/rename" && req.method === "POST") {
      if (typeof body.from !== "string" || typeof body.to !== "string" || !body.from || !body.to)
        return json(res, 400, { error: '"from" and "to" must be team names' });
      options.site.rename(body.from, body.to);
      built.clear();
      return json(res, 200, { renamed: { from: body.from, to: body.to } });
    }
    if (pathname === "/_standin/postpone" && req.method === "POST") {
      const to = Date.parse(String(body.to ?? ""));
      if (typeof body.home !== "string" || typeof body.away !== "string" || !Number.isFinite(to))
        return json(res, 400, { error: '"home", "away" and "to" (an ISO date-time) are needed' });
      const done = options.site.postpone(body.home, body.away, to, nowMs());
      built.clear();
      return json(res, done ? 200 : 404, done ? { postponed: true } : { error: "no upcoming match of these teams" });
    }
    if (pathname === "/_standin/fixtures" && req.method === "POST") {
      const days = Number(body.aheadDays ?? 7);
      if (!Number.isInteger(days) || days < 1 || days > 365 || typeof (body.quoteAll ?? false) !== "boolean")
        return json(res, 400, {
          error: '"aheadDays" must be a whole number of days from 1 to 365; "quoteAll" true or false',
        });
      const horizon = { aheadMs: days * 86_400_000, quoteAll: body.quoteAll === true };
      options.site.lookAhead(horizon);
      built.clear();
      return json(res, 200, { aheadDays: days, quoteAll: horizon.quoteAll });
    }
    return json(res, 404, { error: "no such control" });
  }

  /** The connection drops halfway through the promised length, as a broken download does. */
  const cutShort = (res: ServerResponse, pathname: string, text: string) => {
    count(pathname, "failed");
    res.write(text.slice(0, Math.floor(text.length / 2)));
    res.destroy();
  };
  /** A SportMonks answer: JSON made afresh per request (live data changes by the second), cut short by "truncate". */
  const sportmonks = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const { status, body } = sportmonksAnswer(url, req.headers.authorization, options.site, nowMs());
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    if (failure?.mode === "truncate") return cutShort(res, url.pathname, text);
    count(url.pathname, status === 200 ? "ok" : "failed");
    res.end(req.method === "HEAD" ? undefined : text);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://standin");
    const pathname = url.pathname;
    if (pathname.startsWith("/_standin/")) {
      control(req, res, pathname).catch((error) => json(res, 500, { error: String(error) }));
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") return json(res, 405, { error: "GET only" });
    if (failure && Date.now() >= failure.untilMs) failure = null;
    if (failure?.mode === "503") {
      count(pathname, "failed");
      res.writeHead(503, { "retry-after": "60", "content-type": "text/plain" });
      return res.end("Service Unavailable");
    }
    if (failure?.mode === "timeout") {
      count(pathname, "failed");
      return; // never answers: the client's timeout must end it
    }
    if (pathname.startsWith(`${SPORTMONKS_PREFIX}/`)) return sportmonks(req, res, url);
    const now = nowMs();
    const { text, etag } = fileAt(pathname, now);
    if (text === null) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("Not Found");
    }
    const known = versions.get(pathname);
    const version = known?.etag === etag ? known : { etag, since: Math.floor(now / 1000) * 1000 };
    versions.set(pathname, version);
    const lastModified = new Date(version.since).toUTCString();
    const since = Date.parse(req.headers["if-modified-since"] ?? "");
    if (req.headers["if-none-match"] === etag || (!req.headers["if-none-match"] && since >= version.since)) {
      count(pathname, "notModified");
      res.writeHead(304, { etag, "last-modified": lastModified });
      return res.end();
    }
    res.writeHead(200, {
      "content-type": "text/csv; charset=utf-8",
      etag,
      "last-modified": lastModified,
      "content-length": Buffer.byteLength(text),
    });
    if (failure?.mode === "truncate") return cutShort(res, pathname, text);
    count(pathname, "ok");
    res.end(req.method === "HEAD" ? undefined : text);
  });
  return {
    server,
    nowMs,
    setNow: (ms) => {
      offsetMs = ms - Date.now();
    },
    fail: (mode, forMs) => {
      failure = { mode, untilMs: Date.now() + forMs };
    },
    rename: (from, to) => {
      built.clear();
      options.site.rename(from, to);
    },
    postpone: (home, away, toMs) => {
      built.clear();
      return options.site.postpone(home, away, toMs, nowMs());
    },
    hits,
  };
}
