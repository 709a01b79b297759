import type { ContentCondition, ContentDocRow, ContentField, ContentQuery } from "../db/queries/previews.ts";
import { CONTENT_FIELDS } from "../db/queries/previews.ts";
import { ServiceError, badRequest } from "./errors.ts";

/** Fields `where` and `sortBy` may name (the document's scalar fields). */
export const CONTENT_FIELD_NAMES = Object.keys(CONTENT_FIELDS) as ContentField[];
/** Fields of a returned document (`only` and `without` pick among them). */
export const CONTENT_DOC_FIELDS = [...CONTENT_FIELD_NAMES, "body", "text"] as const;
export type ContentDocField = (typeof CONTENT_DOC_FIELDS)[number];

export const CONTENT_OPERATORS = ["$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$contains", "$regex"] as const;
type Operator = (typeof CONTENT_OPERATORS)[number];
type Scalar = string | number | boolean;

/** The content-query client's parameters (SPEC §7.4), already shape-checked by the API. */
export interface ContentRequest {
  /** a directory of documents: "/" (everything with deep), "/previews", "/previews/fr" */
  path: string;
  only?: ContentDocField[];
  without?: ContentDocField[];
  sortBy?: Array<{ field: ContentField; direction: "asc" | "desc" }>;
  where?: Partial<Record<ContentField, Scalar | Partial<Record<Operator, Scalar | Scalar[]>>>>;
  search?: string;
  surround?: { slug: string; before: number; after: number };
  limit: number;
  skip: number;
  deep: boolean;
  text: boolean;
}

export type ContentDoc = Partial<{
  id: string;
  path: string;
  slug: string;
  locale: string;
  fixtureId: number;
  title: string;
  description: string;
  leagueId: number;
  league: string;
  country: string;
  homeTeam: string;
  awayTeam: string;
  kickoff: string;
  writtenAt: string;
  createdAt: string;
  revision: number;
  body: Array<{ key: string; heading: string; paragraphs: string[] }>;
  text: string;
}>;

const OP: Record<Operator, ContentCondition["op"]> = {
  $eq: "eq",
  $ne: "ne",
  $gt: "gt",
  $gte: "gte",
  $lt: "lt",
  $lte: "lte",
  $in: "in",
  $nin: "nin",
  $contains: "contains",
  $regex: "regex",
};

const NUMERIC = new Set<ContentField>(["fixtureId", "leagueId", "revision"]);
const DATES = new Set<ContentField>(["kickoff", "writtenAt", "createdAt"]);

function checkValue(field: ContentField, op: Operator, value: Scalar): void {
  if (op === "$contains") return;
  if (op === "$regex") {
    try {
      new RegExp(String(value));
    } catch {
      throw badRequest("previews.errors.regex", { field });
    }
    if (String(value).length > 200) throw badRequest("previews.errors.regex", { field });
    return;
  }
  if (NUMERIC.has(field) && !Number.isInteger(Number(value))) throw badRequest("previews.errors.wholeNumber", { field });
  if (DATES.has(field) && (typeof value !== "string" || Number.isNaN(Date.parse(value)))) throw badRequest("previews.errors.isoDate", { field });
}

/** `where` as conditions: {field: value} means equality, {field: {$op: value}} an operator. */
export function conditionsOf(where: ContentRequest["where"]): ContentCondition[] {
  const out: ContentCondition[] = [];
  for (const [field, spec] of Object.entries(where ?? {}) as Array<[ContentField, Scalar | Partial<Record<Operator, Scalar | Scalar[]>>]>) {
    if (!CONTENT_FIELD_NAMES.includes(field)) throw badRequest("previews.errors.unknownField", { field });
    if (spec === null || typeof spec !== "object") {
      checkValue(field, "$eq", spec);
      out.push({ field, op: "eq", value: spec });
      continue;
    }
    for (const [op, value] of Object.entries(spec) as Array<[Operator, Scalar | Scalar[]]>) {
      if (!(op in OP)) throw badRequest("previews.errors.unknownOperator", { field, operator: op });
      const list = op === "$in" || op === "$nin";
      if (list !== Array.isArray(value)) throw badRequest(list ? "previews.errors.listExpected" : "previews.errors.singleExpected", { field, operator: op });
      for (const v of Array.isArray(value) ? value : [value]) checkValue(field, op, v);
      out.push({ field, op: OP[op], value });
    }
  }
  return out;
}

function docOf(row: ContentDocRow, withText: boolean): ContentDoc {
  const doc: ContentDoc = {
    id: `${row.locale}/${row.slug}`,
    path: `/previews/${row.locale}/${row.slug}`,
    slug: row.slug,
    locale: row.locale,
    fixtureId: row.fixtureId,
    title: row.title,
    description: row.summary,
    leagueId: row.leagueId,
    league: row.leagueName,
    country: row.countryName,
    homeTeam: row.homeName,
    awayTeam: row.awayName,
    kickoff: row.kickoff.toISOString(),
    writtenAt: row.writtenAt.toISOString(),
    createdAt: row.firstWrittenAt.toISOString(),
    revision: row.revision,
    body: row.sections as ContentDoc["body"],
  };
  if (withText) doc.text = row.body;
  return doc;
}

function project(doc: ContentDoc, only?: ContentDocField[], without?: ContentDocField[]): ContentDoc {
  const keep = only?.length ? new Set<string>(only) : null;
  const drop = new Set<string>(without ?? []);
  return Object.fromEntries(Object.entries(doc).filter(([k]) => (keep ? keep.has(k) : true) && !drop.has(k)));
}

export interface ContentDeps {
  page(q: ContentQuery, limit: number, skip: number): Promise<{ total: number; rows: ContentDocRow[] }>;
  ids(q: ContentQuery): Promise<string[]>;
  byIds(ids: string[]): Promise<ContentDocRow[]>;
}

/**
 * A content query over the stored previews: documents /previews/<locale>/<slug>, filtered by `where`
 * and `search`, sorted, paged with limit/skip, projected with only/without. With `surround`, the
 * documents before and after the given slug in that order instead (null where there is none).
 */
export async function runContentQuery(req: ContentRequest, deps: ContentDeps) {
  if (!req.path.startsWith("/")) throw badRequest("previews.errors.path");
  const q: ContentQuery = {
    path: req.path,
    deep: req.deep,
    conditions: conditionsOf(req.where),
    search: req.search?.trim() ? req.search.trim().replace(/[\\%_]/g, "\\$&") : null,
    sortBy: req.sortBy ?? [],
  };
  // `text` is needed for the projection only when asked for and not removed.
  const withText = req.text && !(req.without ?? []).includes("text");
  if (req.surround) {
    const { slug, before, after } = req.surround;
    const ids = await deps.ids(q);
    const at = ids.findIndex((id) => id === slug || id.endsWith(`/${slug}`));
    if (at < 0) throw new ServiceError(404, "previews.errors.surround", undefined, { slug });
    const wanted = [...Array.from({ length: before }, (_v, i) => ids[at - before + i] ?? null), ...Array.from({ length: after }, (_v, i) => ids[at + 1 + i] ?? null)];
    const docs = new Map((await deps.byIds(wanted.filter((id): id is string => id !== null))).map((r) => [`${r.locale}/${r.slug}`, r]));
    return {
      data: wanted.map((id) => (id && docs.has(id) ? project(docOf(docs.get(id)!, withText), req.only, req.without) : null)),
      total: ids.length,
      limit: req.limit,
      skip: req.skip,
    };
  }
  const { total, rows } = await deps.page(q, req.limit, req.skip);
  return { data: rows.map((r) => project(docOf(r, withText), req.only, req.without)), total, limit: req.limit, skip: req.skip };
}
