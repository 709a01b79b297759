import { createHash } from "node:crypto";

/**
 * Files of a data provider read politely over HTTP: conditional requests (ETag / Last-Modified, so an unchanged
 * file costs a 304), a timeout per request, retries with exponential back-off on network errors, 5xx and 429
 * (honouring Retry-After), a User-Agent naming the site, and at most one request per `minIntervalMs`.
 */

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type FileAnswer =
  | { status: "changed"; text: string; sha256: string; validators: Validators }
  | { status: "unchanged"; validators: Validators };

export interface HttpFilesOptions {
  baseUrl: string;
  userAgent: string;
  timeoutMs?: number;
  /** attempts after the first */
  retries?: number;
  backoffMs?: number;
  minIntervalMs?: number;
  /** the longest body accepted (a provider's whole-season file is a few hundred KB) */
  maxBytes?: number;
  /** the longest Retry-After waited for within one read */
  maxRetryAfterMs?: number;
  /** sent with every request (an API's token: in a header, it never shows in a path an error message repeats) */
  headers?: Record<string, string>;
}

/** `unavailable`: the provider did not answer properly (down, overloaded, cut short); `refused`: this file is not there. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly kind: "unavailable" | "refused",
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createHttpFiles(options: HttpFilesOptions) {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 2_000;
  const minIntervalMs = options.minIntervalMs ?? 1_000;
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const base = options.baseUrl.replace(/\/+$/, "");
  let nextAt = 0;

  async function once(path: string, known: Validators): Promise<FileAnswer | { retryAfterMs: number | null }> {
    const wait = nextAt - Date.now();
    if (wait > 0) await sleep(wait);
    nextAt = Date.now() + minIntervalMs;
    const headers: Record<string, string> = {
      ...options.headers,
      "user-agent": options.userAgent,
      "accept-encoding": "gzip, br",
    };
    if (known.etag) headers["if-none-match"] = known.etag;
    if (known.lastModified) headers["if-modified-since"] = known.lastModified;
    const response = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const validators: Validators = {
      ...(response.headers.get("etag") ? { etag: response.headers.get("etag")! } : {}),
      ...(response.headers.get("last-modified") ? { lastModified: response.headers.get("last-modified")! } : {}),
    };
    if (response.status === 304) return { status: "unchanged", validators: { ...known, ...validators } };
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      const seconds = Number(response.headers.get("retry-after"));
      return {
        retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, maxRetryAfterMs) : null,
      };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SourceError(`${path}: HTTP ${response.status}`, "refused");
    }
    const declared = Number(response.headers.get("content-length"));
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new SourceError(`${path}: ${declared} bytes is more than ${maxBytes}`, "refused");
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > maxBytes) throw new SourceError(`${path}: more than ${maxBytes} bytes`, "refused");
    return {
      status: "changed",
      text: bytes.toString("utf8"),
      sha256: createHash("sha256").update(bytes).digest("hex"),
      validators,
    };
  }

  return {
    /** The file at `path`, or "unchanged" when the provider says so; throws SourceError when it cannot be read. */
    async read(path: string, known: Validators = {}): Promise<FileAnswer> {
      let lastError = "";
      for (let attempt = 0; attempt <= retries; attempt++) {
        if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1));
        try {
          const answer = await once(path, known);
          if ("status" in answer) return answer;
          lastError = `${path}: the provider is unavailable (HTTP 5xx or 429)`;
          if (answer.retryAfterMs !== null && attempt < retries) await sleep(answer.retryAfterMs);
        } catch (error) {
          if (error instanceof SourceError) throw error;
          // A timeout, a refused connection or a download cut short: try again.
          lastError = `${path}: ${(error as Error).name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : (error as Error).message}`;
        }
      }
      throw new SourceError(lastError, "unavailable");
    },
  };
}
export type HttpFiles = ReturnType<typeof createHttpFiles>;
