/**
 * The one error shape of the API (`ErrorBody`), its translation, the validation hook and the error handler.
 * Part of the API contract: import from `./contract.ts`, which re-exports all of it.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { DEFAULT_LOCALE, type Locale, isLocale } from "../../i18n/locales.ts";
import { translate } from "../../i18n/messages.server.ts";
import { ServiceError, isServiceError } from "../../services/errors.ts";
import type { RequestVars } from "../request-context.ts";

export type ApiEnv = { Variables: RequestVars };
export type ApiContext = Context<ApiEnv>;

// ---------------------------------------------------------------------------------------------------------------
// The one error shape

export const ErrorBody = z
  .object({
    error: z.string().openapi({
      description: "what is wrong, in the caller's language (?language=, the account's language, Accept-Language)",
    }),
    code: z.string().openapi({
      description: "the message key of the locale files (stable: compare this, never the text)",
      example: "apiErrors.invalidInput",
    }),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .openapi({ description: "the values filled into the message" }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: "per-field messages of a form or of a bad parameter, in the caller's language" }),
    specificCode: z
      .string()
      .optional()
      .openapi({ description: "SPEC §7.1: resetPasswordKO or invalidPassword (users/generatepassword)" }),
  })
  .openapi("Error");
export type ErrorBody = z.infer<typeof ErrorBody>;

// ---------------------------------------------------------------------------------------------------------------
// Translation of errors

/** The caller's language: ?language=, the account's language, Accept-Language, else English. */
export function requestLocale(c: Context<ApiEnv>): Locale {
  const query = c.req.query("language");
  if (isLocale(query)) return query;
  const user = c.get("user");
  if (user && isLocale(user.languageCode)) return user.languageCode;
  for (const part of (c.req.header("accept-language") ?? "").split(",")) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(code)) return code;
  }
  return DEFAULT_LOCALE;
}

type Vars = Record<string, string | number>;
const isKey = (text: string) => /^[a-zA-Z]\w*(\.\w+)+$/.test(text) && translate("en", text) !== text;

/** An error answer: the text in the caller's language, the key, its parameters and per-field texts. */
export function errorAnswer(
  c: Context<ApiEnv>,
  status: number,
  key: string,
  params?: Vars,
  fieldKeys?: Record<string, string | { key: string; params?: Vars }>,
) {
  const locale = requestLocale(c);
  const body: ErrorBody = { error: translate(locale, key, params), code: key };
  if (params && Object.keys(params).length > 0) body.params = params;
  if (fieldKeys) {
    body.fields = Object.fromEntries(
      Object.entries(fieldKeys).map(([field, message]) => [
        field,
        typeof message === "string" ? translate(locale, message) : translate(locale, message.key, message.params),
      ]),
    );
  }
  return c.json(body, status as 400);
}

/** A refusal of a service as JSON (its key translated; `fields` hold keys too). */
export function serviceErrorResponse(c: Context<ApiEnv>, error: ServiceError) {
  if (error.retryAfter) c.header("Retry-After", String(error.retryAfter));
  return errorAnswer(c, error.status, error.message, error.params, error.fields);
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  values?: unknown[];
  keys?: string[];
  origin?: string;
  params?: Record<string, unknown>;
}

/** One zod issue as a message key and its parameters: the schema's own key, else a generic one per issue code. */
function issueMessage(issue: Issue): { key: string; params?: Vars } {
  const params: Vars = {};
  if (issue.minimum !== undefined) params.minimum = Number(issue.minimum);
  if (issue.maximum !== undefined) params.maximum = Number(issue.maximum);
  if (issue.expected !== undefined) params.expected = String(issue.expected);
  if (issue.values) params.values = issue.values.map(String).join(", ");
  if (issue.keys) params.keys = issue.keys.join(", ");
  for (const [k, v] of Object.entries(issue.params ?? {}))
    if (typeof v === "string" || typeof v === "number") params[k] = v;
  if (isKey(issue.message)) return { key: issue.message, params };
  const text = issue.origin === "string" || issue.origin === "array";
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? { key: "apiErrors.validation.required" }
        : { key: "apiErrors.validation.invalidType", params };
    case "too_small":
      return {
        key: text
          ? issue.origin === "array"
            ? "apiErrors.validation.tooFew"
            : Number(issue.minimum) <= 1
              ? "apiErrors.validation.empty"
              : "apiErrors.validation.tooShort"
          : "apiErrors.validation.tooSmall",
        params,
      };
    case "too_big":
      return {
        key: text
          ? issue.origin === "array"
            ? "apiErrors.validation.tooMany"
            : "apiErrors.validation.tooLong"
          : "apiErrors.validation.tooBig",
        params,
      };
    case "invalid_value":
      return { key: "apiErrors.validation.oneOf", params };
    case "unrecognized_keys":
      return { key: "apiErrors.validation.unknownKeys", params };
    case "invalid_format":
      return { key: "apiErrors.validation.format" };
    default:
      // a refinement with a plain-text message
      return issue.message ? { key: issue.message } : { key: "apiErrors.validation.invalid" };
  }
}

/** A failed validation as the one error shape: 400, `fields` per parameter, `error` all of them joined. */
export function validationAnswer(c: Context<ApiEnv>, issues: readonly Issue[]) {
  const locale = requestLocale(c);
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "request";
    if (fields[field] !== undefined) continue;
    const { key, params } = issueMessage(issue);
    fields[field] = translate(locale, key, params);
  }
  const error = Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join("; ");
  return c.json({ error, code: "apiErrors.invalidInput", fields } satisfies ErrorBody, 400);
}

/** The validation hook of every API app: bad input answers 400 in the one error shape. */
export const validationHook = (
  result: { success: boolean; error?: { issues: readonly Issue[] } },
  c: Context<ApiEnv>,
) => {
  if (!result.success) return validationAnswer(c, result.error?.issues ?? []);
};

/** A new app for a group of endpoints, mounted with one line in app.ts (`api.route("/", myRoutes(services))`). */
export function createApiApp() {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook as never });
}

/** Where refused and failed requests are logged (pino's logger fits). */
export type ApiLog = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/** Errors of every endpoint: a service's refusal, an HTTP refusal (malformed JSON, 413, 415), else one 500 line. */
export function apiErrorHandler(log: ApiLog): ErrorHandler<ApiEnv> {
  return (error, c) => {
    if (isServiceError(error)) return serviceErrorResponse(c, error);
    if (error instanceof ZodError) return validationAnswer(c, error.issues as readonly Issue[]);
    if (error instanceof HTTPException && error.status < 500) {
      const key =
        error.status === 413
          ? "apiErrors.tooLarge"
          : error.status === 415
            ? "apiErrors.unsupportedMediaType"
            : /malformed json/i.test(error.message)
              ? "apiErrors.malformedJson"
              : error.status === 400
                ? "apiErrors.badRequest"
                : "apiErrors.refused";
      log.warn({ method: c.req.method, path: c.req.path, status: error.status }, error.message || key);
      return errorAnswer(c, error.status, key);
    }
    log.error({ err: error, method: c.req.method, path: c.req.path }, "API request failed");
    return errorAnswer(c, 500, "apiErrors.internal");
  };
}

/** `GET /api/v1/nope`: a JSON 404, never the site's HTML page. */
export const apiNotFound = (c: Context<ApiEnv>) => errorAnswer(c, 404, "apiErrors.noSuchPath", { path: c.req.path });

export const requireUser = (c: Context<ApiEnv>) => {
  const user = c.get("user");
  if (!user) throw new ServiceError(401, "auth.loginRequired");
  return user;
};
