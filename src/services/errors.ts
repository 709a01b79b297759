const BRAND = Symbol.for("pitchlab.ServiceError");

export type MessageParams = Record<string, string | number>;

/**
 * A request the service refuses. The message is always a key of the locale files (pages and the API translate
 * it, filling in `params`; the API answers the text in the caller's language and the key as `code`); `fields`
 * holds per-field message keys of a form. Callers compare `status` or the key, never a text.
 */
export class ServiceError extends Error {
  /** The web build bundles its own copy of this module, so `instanceof` fails across it: check this brand. */
  readonly [BRAND] = true;

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    message: string,
    readonly fields?: Record<string, string>,
    readonly params?: MessageParams,
    /** for 429: seconds until a retry can succeed (the Retry-After header) */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  /** the message key of the locale files */
  get key(): string {
    return this.message;
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

export const badRequest = (key: string, params?: MessageParams) => new ServiceError(400, key, undefined, params);
export const notFound = (key: string, params?: MessageParams) => new ServiceError(404, key, undefined, params);

/** Field errors of a zod result, first message per field. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
  return fields;
}
