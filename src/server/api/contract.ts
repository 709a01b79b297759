/**
 * The API contract, in one module: every endpoint of `/api/v1` is declared with `route()` (a zod schema for its
 * input and for its answer, so that `/api/v1/openapi.json` describes what the API really answers), refuses bad
 * input with the one error shape `ErrorBody`, and validates ids, dates and lists with the shared schemas below.
 *
 *   const fixtureInfo = route({
 *     method: "get", path: "/fixtures/{id}", summary: "A fixture", tags: ["Fixtures"],
 *     request: { params: z.object({ id: idParam("id") }) },
 *     data: Fixture,                      // the answer is { data: Fixture }
 *     errors: { 404: "No such fixture" }, // 400 (bad input) is always declared
 *   });
 *   api.openapi(fixtureInfo, async (c) => ok(c, await services.x.fixture(c.req.valid("param").id)));
 */
import { OpenAPIHono, type RouteConfig, createRoute, z } from "@hono/zod-openapi";
import type { Context, ErrorHandler, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { ID_MESSAGE, ID_TEXT, MAX_ID } from "../../domain/ids.ts";
import { isCalendarDay } from "../../domain/time/calendar-day.ts";
import { type BadInput, NUL_MESSAGE, badEntryIn, badInputIn } from "../../domain/input-text.ts";
import { DEFAULT_LOCALE, type Locale, isLocale } from "../../i18n/locales.ts";
import { translate } from "../../i18n/messages.server.ts";
import { ServiceError, isServiceError } from "../../services/errors.ts";
import type { RequestVars } from "../request-context.ts";

export type ApiEnv = { Variables: RequestVars };
export type ApiContext = Context<ApiEnv>;
export { z };

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

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

const DEFAULT_ERRORS = {
  400: "Bad input: malformed JSON, a missing or invalid parameter or field (per-field messages in `fields`)",
  413: "The request body is larger than this endpoint accepts",
} as const;

const errorContent = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });

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

// ---------------------------------------------------------------------------------------------------------------
// Body limits

/** The body limit of an ordinary endpoint (forms, settings): bigger bodies answer 413 before being read. */
export const DEFAULT_BODY_LIMIT = 32 * 1024;
const largeBodies: Array<{ pattern: RegExp; maxSize: number }> = [];

/** Raises the body limit of one path (a template such as `/payments/webhook` or `/x/{id}`). */
export function allowLargeBody(path: string, maxSize: number) {
  const pattern = new RegExp(`(^|/api/v1)${path.replace(/\{[^}]+\}/g, "[^/]+").replace(/\//g, "\\/")}$`);
  largeBodies.push({ pattern, maxSize });
}

const limits = new Map<number, MiddlewareHandler>();
const limitOf = (maxSize: number) => {
  let handler = limits.get(maxSize);
  if (!handler) {
    handler = bodyLimit({
      maxSize,
      onError: () => {
        throw new HTTPException(413, { message: `request body over ${maxSize} bytes` });
      },
    });
    limits.set(maxSize, handler);
  }
  return handler;
};

/** The API's body limit: per path, DEFAULT_BODY_LIMIT unless a route asked for more (`bodyLimit` of route()). */
export const bodyLimits: MiddlewareHandler<ApiEnv> = (c, next) => {
  const large = largeBodies.find((entry) => entry.pattern.test(c.req.path));
  return limitOf(large?.maxSize ?? DEFAULT_BODY_LIMIT)(c, next);
};

// ---------------------------------------------------------------------------------------------------------------
// The one rule for every text and number of the input (src/domain/input-text.ts)

const refuseInput = (c: Context<ApiEnv>, bad: BadInput) => {
  const locale = requestLocale(c);
  const message = translate(locale, bad.key);
  return c.json(
    { error: `${bad.path}: ${message}`, code: bad.key, fields: { [bad.path]: message } } satisfies ErrorBody,
    400,
  );
};

/**
 * Every request of the API, before any route reads it: a NUL character in the path, a query parameter, a JSON
 * body or a form, or a subnormal number (1e-320) in a JSON body, answers 400 naming the field. Malformed JSON is
 * left to the route (its own 400). Runs after the body limit, so an oversized body is never read.
 */
export const inputRules: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  let path = url.pathname;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // a malformed escape: the router answers it
  }
  if (path.includes("\u0000")) return refuseInput(c, { path: "path", key: NUL_MESSAGE });
  const query = badEntryIn(url.searchParams.entries());
  if (query) return refuseInput(c, query);
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    const type = c.req.header("content-type") ?? "";
    if (/json/i.test(type) || /x-www-form-urlencoded/i.test(type)) {
      // Read as text (cached by Hono: the route's validator and a webhook's signature check read the same bytes).
      const text = await c.req.text();
      if (/json/i.test(type)) {
        let parsed: unknown;
        try {
          parsed = text === "" ? undefined : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const bad = badInputIn(parsed);
        if (bad) return refuseInput(c, bad);
      } else {
        const bad = badEntryIn(new URLSearchParams(text).entries());
        if (bad) return refuseInput(c, bad);
      }
    }
  }
  return next();
};

// ---------------------------------------------------------------------------------------------------------------
// Shared input schemas

export { MAX_ID };
const ID_KEY = ID_MESSAGE;

/** An id as text (path, query, form): digits only (no `1e3`, `0x10`, ` 1`), 1 to 2³¹−1. */
export const idText = z
  .string({ error: ID_KEY })
  .regex(ID_TEXT, { error: ID_KEY })
  .refine((v) => Number(v) <= MAX_ID, { error: ID_KEY })
  .transform(Number)
  .openapi({ type: "integer", minimum: 1, maximum: MAX_ID, example: 1 });

/**
 * An id in a JSON body: the rule of `idSchema` (src/domain/ids.ts, which the services' own schemas use), built
 * with this module's `z` so that it carries its OpenAPI description (zod 4 gives `.openapi` only to schemas made
 * after @hono/zod-openapi extended zod).
 */
export const idNumber = z
  .number({ error: ID_KEY })
  .int({ error: ID_KEY })
  .min(1, { error: ID_KEY })
  .max(MAX_ID, { error: ID_KEY })
  .openapi({ example: 1 });

/** A path parameter holding an id. */
export const idParam = (name: string) =>
  idText.openapi({ param: { name, in: "path" }, type: "integer", minimum: 1, maximum: MAX_ID, example: 1 });

/** `1,2,3`: ids joined by commas. */
export const idList = z
  .string()
  .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: "apiErrors.validation.ids" })
  .refine((v) => v.split(",").every((n) => Number(n) <= MAX_ID), { error: "apiErrors.validation.ids" })
  .transform((v) => v.split(",").map(Number))
  .openapi({ type: "string", example: "1,2" });

/** A real calendar day `YYYY-MM-DD` between 1990 and 2100: one rule for the API, the pages and the services. */
export { isCalendarDay };

const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** A calendar day, or a day with a time (`2026-11-22T18:30:00Z`, `2026-11-22 18:30+01:00`). */
export function isDateOrDateTime(text: string): boolean {
  const day = text.slice(0, 10);
  if (!isCalendarDay(day)) return false;
  if (text.length === 10) return true;
  if (text[10] !== "T" && text[10] !== " ") return false;
  const m = TIME.exec(text.slice(11));
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return false;
  return !Number.isNaN(Date.parse(text.replace(" ", "T")));
}

/** `YYYY-MM-DD`, a real day. */
export const dayText = z
  .string()
  .refine(isCalendarDay, { error: "apiErrors.validation.day" })
  .openapi({ type: "string", format: "date", example: "2026-11-22" });

/** A day (UTC midnight) or an ISO date-time, as a Date. */
export const dateOrDateTime = z
  .string()
  .refine(isDateOrDateTime, { error: "apiErrors.validation.date" })
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v.replace(" ", "T")))
  .openapi({ type: "string", example: "2026-11-22T00:00:00.000Z" });

export const booleanText = z
  .enum(["true", "false"], { error: "apiErrors.validation.boolean" })
  .transform((v) => v === "true");

/** A number in a query (`1.5`): plain decimal notation only (no `1e3`, `0x10`, ` 1`), within bounds. */
export const numberText = (min: number, max: number) =>
  z
    .string()
    .superRefine((v, ctx) => {
      const n = Number(v);
      if (!/^\d{1,6}(\.\d{1,6})?$/.test(v) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: "apiErrors.validation.numberBetween",
          params: { minimum: min, maximum: max },
        });
      }
    })
    .transform(Number)
    .openapi({ type: "number", minimum: min, maximum: max });

/** A whole number in a query, within bounds. */
export const intText = (min: number, max: number) =>
  z
    .string()
    .superRefine((v, ctx) => {
      const n = Number(v);
      if (!/^\d{1,6}$/.test(v) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: "apiErrors.validation.wholeNumber",
          params: { minimum: min, maximum: max },
        });
      }
    })
    .transform(Number)
    .openapi({ type: "integer", minimum: min, maximum: max });

// ---------------------------------------------------------------------------------------------------------------
// The route helper

type Method = "get" | "post" | "put" | "delete" | "patch";
type RequestParts = NonNullable<RouteConfig["request"]>;

/** A JSON request body (required): `request: { ...jsonBody(MySchema) }`. */
export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  body: { required: true as const, description, content: { "application/json": { schema } } },
});

type Ok<D extends z.ZodType> = {
  description: string;
  content: { "application/json": { schema: z.ZodObject<{ data: D }> } };
};
type Errs<E> = { [K in keyof E | keyof typeof DEFAULT_ERRORS]: ReturnType<typeof errorContent> };

export interface RouteDef<
  M extends Method,
  P extends string,
  Req extends RequestParts,
  E extends Partial<Record<ErrorStatus, string>>,
> {
  method: M;
  path: P;
  summary: string;
  description?: string;
  tags?: string[];
  request?: Req;
  /** described error answers besides 400 and 413 (always there), e.g. `{ 401: "Not signed in" }` */
  errors?: E;
  /** a larger body limit than DEFAULT_BODY_LIMIT, in bytes (raw webhooks, imports) */
  bodyLimit?: number;
  middleware?: MiddlewareHandler<ApiEnv> | MiddlewareHandler<ApiEnv>[];
}

function responsesOf(errors: Partial<Record<ErrorStatus, string>> | undefined) {
  const all: Record<number, ReturnType<typeof errorContent>> = {};
  for (const [status, text] of Object.entries({ ...DEFAULT_ERRORS, ...errors }))
    all[Number(status)] = errorContent(text);
  return all;
}

/**
 * An endpoint whose answer is `{ data }` (200) with `data` as described, or the one error shape. The handler's
 * `ok(c, value)` is type-checked against `data`.
 */
export function route<
  const M extends Method,
  const P extends string,
  D extends z.ZodType,
  const Req extends RequestParts = Record<never, never>,
  const E extends Partial<Record<ErrorStatus, string>> = Record<never, never>,
>(def: RouteDef<M, P, Req, E> & { data: D; dataDescription?: string }) {
  if (def.bodyLimit) allowLargeBody(def.path, def.bodyLimit);
  const ok: Ok<D> = {
    description: def.dataDescription ?? def.summary,
    content: { "application/json": { schema: z.object({ data: def.data }) } },
  };
  return createRoute({
    method: def.method,
    path: def.path,
    summary: def.summary,
    description: def.description,
    tags: def.tags,
    request: (def.request ?? {}) as Req,
    ...((def.middleware ? { middleware: def.middleware } : {}) as Record<never, never>),
    responses: { 200: ok, ...(responsesOf(def.errors) as Errs<E>) },
  });
}

/** An endpoint whose 200 answer is not `{ data }`: a bare JSON object, an HTML download... (`content` as in OpenAPI). */
export function rawRoute<
  const M extends Method,
  const P extends string,
  const C extends Record<string, { schema: z.ZodType }>,
  const Req extends RequestParts = Record<never, never>,
  const E extends Partial<Record<ErrorStatus, string>> = Record<never, never>,
>(def: RouteDef<M, P, Req, E> & { content: C; contentDescription?: string }) {
  if (def.bodyLimit) allowLargeBody(def.path, def.bodyLimit);
  return createRoute({
    method: def.method,
    path: def.path,
    summary: def.summary,
    description: def.description,
    tags: def.tags,
    request: (def.request ?? {}) as Req,
    ...((def.middleware ? { middleware: def.middleware } : {}) as Record<never, never>),
    responses: {
      200: { description: def.contentDescription ?? def.summary, content: def.content },
      ...(responsesOf(def.errors) as Errs<E>),
    },
  });
}

/** The 200 answer `{ data }`. */
export const ok = <T>(c: Context, data: T) => c.json({ data }, 200);
/** `{ ok: true }`, the answer of an action with nothing to return. */
export const Done = z.object({ ok: z.literal(true) }).openapi("Done");
export const done = (c: Context) => c.json({ data: { ok: true as const } }, 200);
