const BRAND = Symbol.for("pitchlab.ServiceError");

/**
 * A request the service refuses. The message is a key of the locale files where the user sees it (pages and
 * the API translate it); `fields` holds per-field message keys of a form.
 */
export class ServiceError extends Error {
  /** The web build bundles its own copy of this module, so `instanceof` fails across it: check this brand. */
  readonly [BRAND] = true;

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    message: string,
    readonly fields?: Record<string, string>,
    /** values the message's placeholders take ({{minutes}}) */
    readonly vars?: Record<string, string | number>,
    /** for 429: seconds until a retry can succeed (the Retry-After header) */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

export const badRequest = (message: string) => new ServiceError(400, message);

/** Field errors of a zod result, first message per field. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
  return fields;
}
