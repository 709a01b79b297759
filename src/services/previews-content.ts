import type { ContentCondition, ContentDocRow, ContentField, ContentQuery } from "../db/queries/preview-content.ts";
import { CONTENT_FIELDS } from "../db/queries/preview-content.ts";
import { ServiceError, badRequest } from "./errors.ts";

/** Fields `where` and `sortBy` may name (the document's scalar fields). */
export const CONTENT_FIELD_NAMES = Object.keys(CONTENT_FIELDS) as ContentField[];
/** Fields of a returned document (`only` and `without` pick among them). */
export const CONTENT_DOC_FIELDS = [...CONTENT_FIELD_NAMES, "body", "text"] as const;
export type ContentDocField = (typeof CONTENT_DOC_FIELDS)[number];

export const CONTENT_OPERATORS = [
  "$eq",
  "$ne",
  "$gt",
  "$gte",
  "$lt",
  "$lte",
  "$in",
  "$nin",
  "$contains",
  "$regex",
] as const;
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
/** The columns behind NUMERIC are PostgreSQL `integer`s. */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
export const MAX_PATTERN_LENGTH = 200;
/** At most this many words of `search` count (each one more pass of LIKE over every matching article). */
export const MAX_SEARCH_WORDS = 5;
/** Shorter words are ignored by `search` (a single letter occurs in every article). */
export const MIN_SEARCH_WORD = 2;

/** A whole number PostgreSQL's `integer` takes: a JSON integer, or digits (with a sign) as text. */
function isInt(value: Scalar): boolean {
  if (typeof value === "number") return Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX;
  if (typeof value !== "string" || !/^[+-]?\d{1,10}$/.test(value.trim())) return false;
  const n = Number(value);
  return n >= INT_MIN && n <= INT_MAX;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/i;

/** An ISO 8601 date or date-time (what PostgreSQL's `timestamptz` reads the same way): 2026-11-24, 2026-11-24T15:00:00Z, …+01:00. */
export function isIsoDate(value: Scalar): boolean {
  if (typeof value !== "string") return false;
  const m = ISO.exec(value.trim());
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) =>
    v === undefined ? undefined : Number(v),
  ) as number[];
  const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
  if (year! < 1 || month! < 1 || month! > 12 || day! < 1 || day! > (month === 2 && !leap ? 28 : DAYS[month! - 1]!))
    return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (m[8] !== undefined && (Number(m[8]) > 14 || Number(m[9]) > 59)) return false;
  return true;
}

const hasNul = (value: unknown) => typeof value === "string" && value.includes("\u0000");

function checkValue(field: ContentField, op: Operator, value: Scalar): void {
  if (hasNul(value)) throw badRequest("previews.errors.nul", { field: `where.${field}` });
  if (op === "$contains") return;
  if (op === "$regex") {
    if (String(value).length > MAX_PATTERN_LENGTH) throw badRequest("previews.errors.regex", { field });
    try {
      new RegExp(String(value));
    } catch {
      throw badRequest("previews.errors.regex", { field });
    }
    return;
  }
  if (NUMERIC.has(field) && !isInt(value)) throw badRequest("previews.errors.wholeNumber", { field });
  if (DATES.has(field) && !isIsoDate(value)) throw badRequest("previews.errors.isoDate", { field });
}

/** Letters and the accented letters a search for them also finds (the site's search folds the same way). */
const FOLDS: Record<string, string> = {
  a: "áàâäãå",
  e: "éèêë",
  i: "íìîï",
  o: "óòôöõø",
  u: "úùûü",
  c: "ç",
  n: "ñ",
  s: "ß",
  l: "ł",
};
const FOLDED = new Map(
  Object.entries(FOLDS).flatMap(([plain, accented]) => [...accented].map((ch) => [ch, plain] as const)),
);

/**
 * The words of `search` as PostgreSQL regular expressions, matched case-insensitively: distinct, at least
 * MIN_SEARCH_WORD characters, at most MAX_SEARCH_WORDS of them; each letter also matches its accented forms
 * ("malaga" finds "Málaga"). Matching these costs no rewrite of every article's text per query.
 */
export function searchPatterns(search: string | undefined): string[] {
  if (hasNul(search)) throw badRequest("previews.errors.nul", { field: "search" });
  const fold = (word: string) => [...word.toLowerCase()].map((ch) => FOLDED.get(ch) ?? ch).join("");
  const words = [
    ...new Set(
      (search ?? "")
        .split(/\s+/)
        .map(fold)
        .filter((w) => [...w].length >= MIN_SEARCH_WORD),
    ),
  ];
  if (words.length > MAX_SEARCH_WORDS)
    throw badRequest("previews.errors.searchWords", { count: MAX_SEARCH_WORDS, min: MIN_SEARCH_WORD });
  return words.map((word) =>
    [...word]
      .map((ch) => {
        const accented = FOLDS[ch];
        if (accented) return `[${ch}${accented}${accented.toUpperCase()}]`;
        return /[\p{L}\p{N}]/u.test(ch) ? ch : `\\${ch}`;
      })
      .join(""),
  );
}

/** `where` as conditions: {field: value} means equality, {field: {$op: value}} an operator. */
export function conditionsOf(where: ContentRequest["where"]): ContentCondition[] {
  const out: ContentCondition[] = [];
  for (const [field, spec] of Object.entries(where ?? {}) as Array<
    [ContentField, Scalar | Partial<Record<Operator, Scalar | Scalar[]>>]
  >) {
    if (!CONTENT_FIELD_NAMES.includes(field)) throw badRequest("previews.errors.unknownField", { field });
    if (spec === null || typeof spec !== "object") {
      checkValue(field, "$eq", spec);
      out.push({ field, op: "eq", value: spec });
      continue;
    }
    for (const [op, value] of Object.entries(spec) as Array<[Operator, Scalar | Scalar[]]>) {
      if (!(op in OP)) throw badRequest("previews.errors.unknownOperator", { field, operator: op });
      const list = op === "$in" || op === "$nin";
      if (list !== Array.isArray(value))
        throw badRequest(list ? "previews.errors.listExpected" : "previews.errors.singleExpected", {
          field,
          operator: op,
        });
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
  /** whether the database takes a `$regex` pattern (PostgreSQL's syntax is not JavaScript's) */
  isPattern(pattern: string): Promise<boolean>;
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
  if (!req.path.startsWith("/") || hasNul(req.path)) throw badRequest("previews.errors.path");
  if (req.surround && hasNul(req.surround.slug)) throw badRequest("previews.errors.nul", { field: "surround.slug" });
  const q: ContentQuery = {
    path: req.path,
    deep: req.deep,
    conditions: conditionsOf(req.where),
    patterns: searchPatterns(req.search),
    sortBy: req.sortBy ?? [],
  };
  for (const c of q.conditions) {
    if (c.op === "regex" && !(await deps.isPattern(String(c.value))))
      throw badRequest("previews.errors.regex", { field: c.field });
  }
  // `text` is needed for the projection only when asked for and not removed.
  const withText = req.text && !(req.without ?? []).includes("text");
  if (req.surround) {
    const { slug, before, after } = req.surround;
    const ids = await deps.ids(q);
    const at = ids.findIndex((id) => id === slug || id.endsWith(`/${slug}`));
    if (at < 0) throw new ServiceError(404, "previews.errors.surround", undefined, { slug });
    const wanted = [
      ...Array.from({ length: before }, (_v, i) => ids[at - before + i] ?? null),
      ...Array.from({ length: after }, (_v, i) => ids[at + 1 + i] ?? null),
    ];
    const docs = new Map(
      (await deps.byIds(wanted.filter((id): id is string => id !== null))).map((r) => [`${r.locale}/${r.slug}`, r]),
    );
    return {
      data: wanted.map((id) =>
        id && docs.has(id) ? project(docOf(docs.get(id)!, withText), req.only, req.without) : null,
      ),
      total: ids.length,
      limit: req.limit,
      skip: req.skip,
    };
  }
  const { total, rows } = await deps.page(q, req.limit, req.skip);
  return {
    data: rows.map((r) => project(docOf(r, withText), req.only, req.without)),
    total,
    limit: req.limit,
    skip: req.skip,
  };
}
