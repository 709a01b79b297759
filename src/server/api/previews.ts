import { PREVIEW_LOCALES } from "../../domain/previews/locales.ts";
import type { Services } from "../../services/index.ts";
import { CONTENT_DOC_FIELDS, CONTENT_FIELD_NAMES, CONTENT_OPERATORS } from "../../services/previews-content.ts";
import { ServiceError } from "../../services/errors.ts";
import { createApiApp, jsonBody, ok, rawRoute, route, z } from "./contract.ts";

const tags = ["Articles"];

const PreviewSummary = z
  .object({
    fixtureId: z.number().int(),
    locale: z.enum(PREVIEW_LOCALES),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    kickoff: z.string(),
    writtenAt: z.string().openapi({ description: "when the facts of the article were read" }),
    league: z.object({ id: z.number().int(), name: z.string(), country: z.string() }),
    localTeam: z.object({ id: z.number().int(), name: z.string() }),
    visitorTeam: z.object({ id: z.number().int(), name: z.string() }),
    score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  })
  .openapi("PreviewSummary");

const similars = route({
  method: "get",
  path: "/articles/preview/{id}/similars",
  tags,
  summary:
    "Previews like this fixture's (sharing a team, else the same league, nearest kick-off first), in one of the five preview languages",
  request: {
    params: z.object({
      id: z.coerce
        .number({ error: "must be a fixture id" })
        .int({ error: "must be a fixture id" })
        .positive({ error: "must be a fixture id" })
        .max(2_147_483_647, { error: "must be a fixture id" })
        .openapi({ param: { name: "id", in: "path" }, type: "integer", example: 1 }),
    }),
    query: z.object({
      locale: z.enum(PREVIEW_LOCALES, { error: `must be one of ${PREVIEW_LOCALES.join(", ")}` }).default("en"),
      limit: z.coerce
        .number({ error: "must be a whole number from 1 to 20" })
        .int({ error: "must be a whole number from 1 to 20" })
        .min(1, { error: "must be a whole number from 1 to 20" })
        .max(20, { error: "must be a whole number from 1 to 20" })
        .default(6),
    }),
  },
  data: z.array(PreviewSummary),
  dataDescription: "Similar previews",
  errors: { 400: "A bad parameter", 404: "No preview of this fixture in this language" },
});

const field = z.enum(CONTENT_FIELD_NAMES as [string, ...string[]], {
  error: `must be one of ${CONTENT_FIELD_NAMES.join(", ")}`,
});
const docField = z.enum(CONTENT_DOC_FIELDS, { error: `must be one of ${CONTENT_DOC_FIELDS.join(", ")}` });
const scalar = z.union([z.string().max(500, { error: "at most 500 characters" }), z.number(), z.boolean()], {
  error: "must be a string, number or boolean",
});
const operators = z
  .partialRecord(
    z.enum(CONTENT_OPERATORS, { error: `operators: ${CONTENT_OPERATORS.join(", ")}` }),
    z.union([scalar, z.array(scalar).max(100, { error: "at most 100 values" })]),
  )
  .refine((v) => Object.keys(v).length > 0, { error: "give at least one operator" });

const ContentBody = z
  .object({
    path: z.string().max(200).default("/").openapi({
      description: "directory of documents: /previews (with deep), /previews/<locale>",
      example: "/previews/en",
    }),
    only: z.array(docField).max(20).optional(),
    without: z.array(docField).max(20).optional(),
    sortBy: z
      .array(
        z
          .object({ field, direction: z.enum(["asc", "desc"], { error: "must be asc or desc" }).default("asc") })
          .strict(),
      )
      .max(5, { error: "at most 5 sort keys" })
      .optional(),
    where: z
      .partialRecord(field, z.union([scalar, operators]))
      .optional()
      .openapi({ example: { league: "Premier League", kickoff: { $gte: "2026-11-24T00:00:00Z" } } }),
    search: z.string().max(100, { error: "at most 100 characters" }).optional().openapi({
      description: "words that must all occur (at most 5 of 2 characters or more; shorter ones are ignored)",
    }),
    surround: z
      .object({
        slug: z.string().min(1).max(300),
        before: z.number().int().min(0).max(10).default(1),
        after: z.number().int().min(0).max(10).default(1),
      })
      .strict()
      .optional(),
    limit: z
      .number({ error: "must be a whole number from 1 to 100" })
      .int({ error: "must be a whole number from 1 to 100" })
      .min(1, { error: "must be a whole number from 1 to 100" })
      .max(100, { error: "must be a whole number from 1 to 100" })
      .default(20),
    skip: z
      .number({ error: "must be a whole number from 0" })
      .int({ error: "must be a whole number from 0" })
      .min(0, { error: "must be a whole number from 0" })
      .max(100_000)
      .default(0),
    deep: z.boolean({ error: "must be true or false" }).default(false),
    text: z.boolean({ error: "must be true or false" }).default(false),
  })
  .strict()
  .openapi("ContentQuery");

const ContentDoc = z
  .object({
    id: z.string(),
    path: z.string(),
    slug: z.string(),
    locale: z.string(),
    fixtureId: z.number().int(),
    title: z.string(),
    description: z.string(),
    leagueId: z.number().int(),
    league: z.string(),
    country: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    kickoff: z.string(),
    writtenAt: z.string(),
    createdAt: z.string(),
    revision: z.number().int(),
    body: z.array(z.object({ key: z.string(), heading: z.string(), paragraphs: z.array(z.string()) })),
    text: z.string(),
  })
  .partial()
  .openapi("ContentDocument");

const content = rawRoute({
  method: "post",
  path: "/_content",
  tags,
  summary:
    "The content-query client (SPEC §7.4) over the match previews: documents /previews/<locale>/<slug>; only/without pick fields, where filters ({field: value} or {field: {$gt: …}}), search matches words, sortBy orders, limit/skip page, deep includes sub-directories, text adds the plain text, surround returns the neighbours of a slug",
  request: jsonBody(ContentBody),
  content: {
    "application/json": {
      schema: z.object({
        data: z.array(ContentDoc.nullable()),
        total: z.number().int(),
        limit: z.number().int(),
        skip: z.number().int(),
      }),
    },
  },
  contentDescription: "Documents",
  errors: {
    400: "A bad query (the message names the field), or one too costly to run",
    404: "surround: no such document",
    429: "Too many content queries from this address: retry after Retry-After seconds",
  },
});

/** API of the previews area, mounted under /api/v1: similar previews and the content query. */
export function previewsRoutes(services: Services) {
  const api = createApiApp();
  // A body that is not JSON is a 400 with a message, before the validator sees it.
  api.use("/_content", async (c, next) => {
    if (c.req.method !== "POST") return next();
    if (!(c.req.header("content-type") ?? "").includes("application/json"))
      throw new ServiceError(400, "apiErrors.unsupportedMediaType");
    try {
      JSON.parse(await c.req.text());
    } catch {
      throw new ServiceError(400, "apiErrors.malformedJson");
    }
    return next();
  });
  api.openapi(similars, async (c) => {
    const { locale, limit } = c.req.valid("query");
    return ok(c, await services.previews.similars(c.req.valid("param").id, locale, limit));
  });
  api.openapi(content, async (c) => {
    // The schema has checked names and shapes; the service checks values (dates, numbers, patterns).
    const body = c.req.valid("json") as Parameters<Services["previews"]["content"]>[0];
    return c.json(await services.previews.content(body, { ip: c.get("clientIp") }), 200);
  });
  return api;
}
