/**
 * The API contract: every endpoint of `/api/v1` is declared with `route()` (a zod schema for its input and for its
 * answer, so that `/api/v1/openapi.json` describes what the API really answers), refuses bad input with the one
 * error shape `ErrorBody`, and validates ids, dates and lists with the shared schemas. This module holds the route
 * helpers and the document's security schemes, and re-exports the error side (`contract-errors.ts`) and the input
 * side (`contract-input.ts`): import everything from here.
 *
 *   const fixtureInfo = route({
 *     method: "get", path: "/fixtures/{id}/info", summary: "A fixture", tags: ["Fixtures"],
 *     request: { params: z.object({ id: idParam("id") }) },
 *     data: Fixture,                      // the answer is { data: Fixture }
 *     errors: { 404: "No such fixture" }, // 400 (bad input) and 413 are always declared
 *   });
 *   api.openapi(fixtureInfo, async (c) => ok(c, await services.x.fixture(c.req.valid("param").id)));
 *
 * Each operation gets an `operationId` derived from its method and path (`getFixturesByIdInfo`) and its
 * `security`: documenting a 401 means "login required", else the login is optional; `auth: "none"` marks a
 * public operation whose 401 means something else. `security` documents; the refusal itself is the handler's or
 * the service's (`requireUser`, `requirePremium`, an area's `api.use` check before validation), with its message.
 */
import { type OpenAPIHono, type RouteConfig, createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { SESSION_COOKIE } from "../../domain/accounts/session-cookie.ts";
import { type ApiEnv, ErrorBody } from "./contract-errors.ts";
import { allowLargeBody } from "./contract-input.ts";

export * from "./contract-errors.ts";
export * from "./contract-input.ts";
export { z };

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

const DEFAULT_ERRORS = {
  400: "Bad input: malformed JSON, a missing or invalid parameter or field (per-field messages in `fields`)",
  413: "The request body is larger than this endpoint accepts",
} as const;

const errorContent = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });

// ---------------------------------------------------------------------------------------------------------------
// Security: who may call an operation

/** The document's security schemes: the bearer token of `POST /auth/login`, or the site's session cookie. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description: "the `token` of POST /auth/login, sent as `Authorization: Bearer <token>`",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "the session cookie that POST /auth/login (and the site's login page) sets",
  },
} as const;

/**
 * Who may call an operation, as documented: `required` (a visitor gets 401), `optional` (a visitor gets the public answer, a
 * signed-in user may get more), `none` (public: the answer is the same for everyone).
 */
export type Auth = "required" | "optional" | "none";

const SIGNED_IN: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { sessionCookie: [] }];
const SECURITY: Record<Auth, Array<Record<string, string[]>>> = {
  required: SIGNED_IN,
  // `{}`: no credentials at all is accepted too
  optional: [{}, ...SIGNED_IN],
  none: [],
};

/** `auth` of a route: as given, else `required` when it documents a 401, else `optional`. */
export function authOf(def: { auth?: Auth; errors?: object }): Auth {
  return def.auth ?? (def.errors && 401 in def.errors ? "required" : "optional");
}

/**
 * The operationId of a route: its method, then each segment of its path in camel case, a parameter as `By` and
 * its name: `get /fixtures/{id}/info` → `getFixturesByIdInfo`, `post /_content` → `postContent`.
 */
export function operationIdOf(method: string, path: string): string {
  const words = (text: string) =>
    text
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join("");
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) => (/^\{.+\}$/.test(segment) ? `By${words(segment)}` : words(segment)));
  return method.toLowerCase() + segments.join("");
}

/** Serves the OpenAPI document at `path` of an API app, with the security schemes its operations refer to. */
export function serveDocument(api: OpenAPIHono<ApiEnv>, path: string) {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
    api.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  api.doc31(path, DOCUMENT);
}

/** The OpenAPI document of an app that `serveDocument` serves (scripts/lint-api.ts reads it without a request). */
export const documentOf = (api: OpenAPIHono<ApiEnv>) => api.getOpenAPI31Document(DOCUMENT);

/** The top of the document: version, title, server. */
const DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "Pitchlab API",
    version: "1",
    description: "Football predictions, statistics and alert scanners. Every error answers the one `Error` shape.",
  },
  servers: [{ url: "/api/v1" }],
};

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
/** `304` of a polled endpoint (`notModified`): no body. */
type NotModified<N> = N extends string ? { 304: { description: string } } : Record<never, never>;

export interface RouteDef<
  M extends Method,
  P extends string,
  Req extends RequestParts,
  E extends Partial<Record<ErrorStatus, string>>,
  N extends string | undefined = undefined,
> {
  method: M;
  path: P;
  summary: string;
  description?: string;
  tags?: readonly string[];
  request?: Req;
  /** described error answers besides 400 and 413 (always there), e.g. `{ 401: "Not signed in" }` */
  errors?: E;
  /** who may call it; by default `required` when `errors` has a 401, else `optional` (see `Auth`) */
  auth?: Auth;
  /** the operationId, when the one derived from method and path (`operationIdOf`) does not fit */
  operationId?: string;
  /** answers 304 with this description when the client's If-None-Match is the current ETag */
  notModified?: N;
  /** served but left out of the document (an old path kept for existing clients) */
  hide?: boolean;
  /** a larger body limit than DEFAULT_BODY_LIMIT, in bytes (raw webhooks, imports) */
  bodyLimit?: number;
  middleware?: MiddlewareHandler<ApiEnv> | MiddlewareHandler<ApiEnv>[];
}

function responsesOf(errors: Partial<Record<ErrorStatus, string>> | undefined, notModified: string | undefined) {
  const all: Record<number, ReturnType<typeof errorContent> | { description: string }> = {};
  if (notModified !== undefined) all[304] = { description: notModified };
  for (const [status, text] of Object.entries({ ...DEFAULT_ERRORS, ...errors }))
    all[Number(status)] = errorContent(text);
  return all;
}

/** What route() and rawRoute() share: operationId, security, middleware, body limit, hiding. */
function common<M extends Method, P extends string, Req extends RequestParts>(
  def: RouteDef<M, P, Req, Partial<Record<ErrorStatus, string>>, string | undefined>,
) {
  if (def.bodyLimit) allowLargeBody(def.path, def.bodyLimit);
  return {
    method: def.method,
    path: def.path,
    operationId: def.operationId ?? operationIdOf(def.method, def.path),
    summary: def.summary,
    description: def.description,
    tags: def.tags ? [...def.tags] : undefined,
    security: SECURITY[authOf(def)],
    request: (def.request ?? {}) as Req,
    ...((def.middleware ? { middleware: def.middleware } : {}) as Record<never, never>),
    ...((def.hide ? { hide: true } : {}) as Record<never, never>),
  };
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
  const N extends string | undefined = undefined,
>(def: RouteDef<M, P, Req, E, N> & { data: D; dataDescription?: string }) {
  const ok: Ok<D> = {
    description: def.dataDescription ?? def.summary,
    content: { "application/json": { schema: z.object({ data: def.data }) } },
  };
  return createRoute({
    ...common(def),
    responses: { 200: ok, ...(responsesOf(def.errors, def.notModified) as Errs<E> & NotModified<N>) },
  });
}

/** An endpoint whose 200 answer is not `{ data }`: a bare JSON object, an HTML download... (`content` as in OpenAPI). */
export function rawRoute<
  const M extends Method,
  const P extends string,
  const C extends Record<string, { schema: z.ZodType }>,
  const Req extends RequestParts = Record<never, never>,
  const E extends Partial<Record<ErrorStatus, string>> = Record<never, never>,
  const N extends string | undefined = undefined,
>(def: RouteDef<M, P, Req, E, N> & { content: C; contentDescription?: string }) {
  return createRoute({
    ...common(def),
    responses: {
      200: { description: def.contentDescription ?? def.summary, content: def.content },
      ...(responsesOf(def.errors, def.notModified) as Errs<E> & NotModified<N>),
    },
  });
}

/** The 200 answer `{ data }`. */
export const ok = <T>(c: Context, data: T) => c.json({ data }, 200);
/** `{ ok: true }`, the answer of an action with nothing to return. */
export const Done = z.object({ ok: z.literal(true) }).openapi("Done");
export const done = (c: Context) => c.json({ data: { ok: true as const } }, 200);
