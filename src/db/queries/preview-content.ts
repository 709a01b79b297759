import type { Pool, PoolClient } from "pg";
import { inTransaction } from "../client.ts";

/** The content API's query over the match previews (split from previews.ts). */

/** Columns of the content API's documents (field name -> SQL expression) that `where` and `sortBy` may use. */
export const CONTENT_FIELDS = {
  id: "p.locale || '/' || p.slug",
  path: "'/previews/' || p.locale || '/' || p.slug",
  slug: "p.slug",
  locale: "p.locale",
  fixtureId: "p.fixture_id",
  title: "p.title",
  description: "p.summary",
  leagueId: "p.league_id",
  league: "l.name",
  country: "c.name",
  homeTeam: "h.name",
  awayTeam: "a.name",
  kickoff: "p.kickoff",
  writtenAt: "p.written_at",
  createdAt: "p.first_written_at",
  revision: "p.revision",
} as const;
export type ContentField = keyof typeof CONTENT_FIELDS;

export type ContentCondition = {
  field: ContentField;
  op: "eq" | "ne" | "gt" | "gte" | "lt" | "lte" | "in" | "nin" | "contains" | "regex";
  value: unknown;
};

export interface ContentQuery {
  /** documents under this path ("/previews", "/previews/fr"); `deep` includes those of its sub-directories */
  path: string;
  deep: boolean;
  conditions: ContentCondition[];
  /** regular expressions that must all match the title or text, case-insensitively (one per search word; the service caps them) */
  patterns: string[];
  sortBy: Array<{ field: ContentField; direction: "asc" | "desc" }>;
}

const OPS: Record<ContentCondition["op"], string> = {
  eq: "=",
  ne: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  in: "",
  nin: "",
  contains: "",
  regex: "",
};

/** The WHERE and ORDER BY of a content query, parameterised (field names come from CONTENT_FIELDS only). */
function contentSql(q: ContentQuery, params: unknown[]): { where: string; order: string } {
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const dir = q.path.replace(/\/+$/, "");
  const parts: string[] = [];
  const docPath = CONTENT_FIELDS.path;
  // A document is /previews/<locale>/<slug>: "in" a directory when its parent is that directory (or below it with deep).
  parts.push(
    q.deep ? `(${docPath}) LIKE ${add(`${dir}/%`)}` : `regexp_replace(${docPath}, '/[^/]*$', '') = ${add(dir || "/")}`,
  );
  for (const c of q.conditions) {
    const col = CONTENT_FIELDS[c.field];
    const cast =
      c.field === "kickoff" || c.field === "writtenAt" || c.field === "createdAt"
        ? "::timestamptz"
        : c.field === "fixtureId" || c.field === "leagueId" || c.field === "revision"
          ? "::int"
          : "::text";
    if (c.op === "in" || c.op === "nin") {
      const arr = `${add((c.value as unknown[]).map(String))}${cast}[]`;
      parts.push(c.op === "in" ? `${col} = ANY(${arr})` : `NOT (${col} = ANY(${arr}))`);
    } else if (c.op === "contains") parts.push(`(${col})::text ILIKE '%' || ${add(String(c.value))} || '%'`);
    else if (c.op === "regex") parts.push(`(${col})::text ~* ${add(String(c.value))}`);
    else parts.push(`${col} ${OPS[c.op]} ${add(String(c.value))}${cast}`);
  }
  if (q.patterns.length > 0) {
    // Case-insensitive patterns with the accents folded in (see searchPatterns): no per-row rewrite of the text.
    parts.push(`(p.title || ' ' || p.body) ~* ALL (${add(q.patterns)}::text[])`);
  }
  const order = [
    ...q.sortBy.map((s) => `${CONTENT_FIELDS[s.field]} ${s.direction === "desc" ? "DESC" : "ASC"}`),
    "p.kickoff ASC",
    "p.fixture_id ASC",
    "p.locale ASC",
  ].join(", ");
  return { where: parts.join(" AND "), order };
}

export interface ContentDocRow {
  fixtureId: number;
  locale: string;
  slug: string;
  title: string;
  summary: string;
  sections: unknown;
  body: string;
  leagueId: number;
  leagueName: string;
  countryName: string;
  homeName: string;
  awayName: string;
  kickoff: Date;
  writtenAt: Date;
  firstWrittenAt: Date;
  revision: number;
}

const CONTENT_FROM = `FROM match_previews p JOIN fixtures f ON f.id = p.fixture_id JOIN leagues l ON l.id = p.league_id
  JOIN countries c ON c.id = l.country_id JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id`;

/** The longest a content query may run; past it PostgreSQL cancels it (SQLSTATE 57014, CONTENT_QUERY_CANCELED). */
export const CONTENT_QUERY_TIMEOUT_MS = 2000;
export const CONTENT_QUERY_CANCELED = "57014";

/** Runs the statements of one content query with a statement timeout (a read-only transaction on one client). */
function bounded<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    await client.query(`SET LOCAL statement_timeout = ${CONTENT_QUERY_TIMEOUT_MS}`);
    return work(client);
  });
}

/** One page of a content query and the total count (one scan: the count is a window over the same rows). */
export async function contentPage(
  pool: Pool,
  q: ContentQuery,
  limit: number,
  skip: number,
): Promise<{ total: number; rows: ContentDocRow[] }> {
  const params: unknown[] = [];
  const { where, order } = contentSql(q, params);
  params.push(limit, skip);
  return bounded(pool, async (client) => {
    const { rows } = await client.query<ContentDocRow & { total: number }>(
      `SELECT p.fixture_id AS "fixtureId", p.locale, p.slug, p.title, p.summary, p.sections, p.body, p.league_id AS "leagueId",
              l.name AS "leagueName", c.name AS "countryName", h.name AS "homeName", a.name AS "awayName", p.kickoff,
              p.written_at AS "writtenAt", p.first_written_at AS "firstWrittenAt", p.revision, count(*) OVER ()::int AS total
         ${CONTENT_FROM} WHERE ${where} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    // A page past the end has no row to carry the count: count then.
    const total =
      rows[0]?.total ??
      (skip > 0
        ? (
            await client.query<{ n: number }>(
              `SELECT count(*)::int AS n ${CONTENT_FROM} WHERE ${where}`,
              params.slice(0, -2),
            )
          ).rows[0]!.n
        : 0);
    return { total, rows: rows.map(({ total: _t, ...row }) => row) };
  });
}

/** The ordered ids ("locale/slug") of every document a content query matches (for `surround`). */
export async function contentIds(pool: Pool, q: ContentQuery): Promise<string[]> {
  const params: unknown[] = [];
  const { where, order } = contentSql(q, params);
  const { rows } = await bounded(pool, (client) =>
    client.query<{ id: string }>(
      `SELECT ${CONTENT_FIELDS.id} AS id ${CONTENT_FROM} WHERE ${where} ORDER BY ${order} LIMIT 10000`,
      params,
    ),
  );
  return rows.map((r) => r.id);
}

/** Whether PostgreSQL takes `pattern` as a regular expression (its syntax is not JavaScript's). */
export async function isPostgresPattern(pool: Pool, pattern: string): Promise<boolean> {
  try {
    await pool.query("SELECT '' ~* $1", [pattern]);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "2201B") return false;
    throw error;
  }
}

export async function contentByIds(pool: Pool, ids: string[]): Promise<ContentDocRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<ContentDocRow & { id: string }>(
    `SELECT ${CONTENT_FIELDS.id} AS id, p.fixture_id AS "fixtureId", p.locale, p.slug, p.title, p.summary, p.sections, p.body, p.league_id AS "leagueId",
            l.name AS "leagueName", c.name AS "countryName", h.name AS "homeName", a.name AS "awayName", p.kickoff,
            p.written_at AS "writtenAt", p.first_written_at AS "firstWrittenAt", p.revision
       ${CONTENT_FROM} WHERE ${CONTENT_FIELDS.id} = ANY($1::text[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
