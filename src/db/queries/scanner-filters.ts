import type { Pool, PoolClient } from "pg";
import { inTransaction } from "../client.ts";

type Q = Pool | PoolClient;

/**
 * Scanner filters of both kinds (`prematch_filters`, `live_filters`): the same SQL over either table; what differs
 * is data (`TABLES`): the pre-match filter's lead time, the live filter's `active` flag, and that a live filter's
 * every write, its deletion too, bumps `updated_at` (the live scanner reloads the filters changed since its last
 * look). Live figures and explore: `scanner-figures.ts`.
 */

export type FilterKind = "live" | "preMatch";

const TABLES = {
  live: {
    table: "live_filters",
    columns: `f.active`,
    deleteSets: `deleted_at = now(), updated_at = now()`,
  },
  preMatch: {
    table: "prematch_filters",
    columns: `f.lead_amount AS "leadAmount", f.lead_unit AS "leadUnit"`,
    deleteSets: `deleted_at = now()`,
  },
} as const satisfies Record<FilterKind, { table: string; columns: string; deleteSets: string }>;

/** The columns both kinds share. */
export interface ScannerFilterBase {
  id: number;
  userId: number;
  name: string;
  note: string;
  desiredOutcome: string;
  leagueIds: number[];
  muted: boolean;
  rules: unknown;
  importedFrom: number | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  ownerName: string;
}

export interface PreMatchFilterRow extends ScannerFilterBase {
  leadAmount: number;
  leadUnit: string;
}

export interface LiveFilterRow extends ScannerFilterBase {
  active: boolean;
}

export type FilterRowOf<K extends FilterKind> = K extends "live" ? LiveFilterRow : PreMatchFilterRow;

/** What a member writes on a filter; the lead time only on a pre-match filter. */
export interface FilterWrite {
  name: string;
  note: string;
  desiredOutcome: string;
  leagueIds: number[];
  muted: boolean;
  rules: unknown;
  leadAmount?: number;
  leadUnit?: string;
}

export const tableOf = (kind: FilterKind) => TABLES[kind].table;

/** The select list of a filter row (alias `f`, its owner `u`). */
export const filterColumns = (kind: FilterKind) =>
  `f.id, f.user_id AS "userId", f.name, f.note, f.desired_outcome AS "desiredOutcome", f.league_ids AS "leagueIds",
  f.muted, ${TABLES[kind].columns}, f.rules, f.imported_from AS "importedFrom",
  f.created_at AS "createdAt", f.updated_at AS "updatedAt", f.deleted_at AS "deletedAt",
  coalesce(nullif(u.username, ''), nullif(u.first_name, ''), 'user ' || u.id) AS "ownerName"`;

/** The written columns of a kind and their values, in one order. */
function written(kind: FilterKind, w: FilterWrite): Array<[string, unknown]> {
  const columns: Array<[string, unknown]> = [
    ["name", w.name],
    ["note", w.note],
    ["desired_outcome", w.desiredOutcome],
    ["league_ids", w.leagueIds],
    ["muted", w.muted],
    ["rules", JSON.stringify(w.rules)],
  ];
  if (kind === "preMatch") columns.push(["lead_amount", w.leadAmount], ["lead_unit", w.leadUnit]);
  return columns;
}

export async function countFilters(q: Q, kind: FilterKind, userId: number): Promise<number> {
  const { rows } = await q.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${tableOf(kind)} WHERE user_id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  return Number(rows[0]!.n);
}

/**
 * Creates a filter unless the user already has `limit` (checked under a lock of the user's row, so two requests
 * cannot both pass). `active`: a live filter's flag (one without rules starts inactive).
 */
export async function insertFilter(
  pool: Pool,
  kind: FilterKind,
  userId: number,
  w: FilterWrite,
  limit: number,
  importedFrom: number | null = null,
  active = true,
): Promise<number | null> {
  const columns: Array<[string, unknown]> = [["user_id", userId], ...written(kind, w), ["imported_from", importedFrom]];
  if (kind === "live") columns.push(["active", active]);
  return inTransaction(pool, async (client) => {
    await client.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId]);
    if ((await countFilters(client, kind, userId)) >= limit) return null;
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO ${tableOf(kind)} (${columns.map(([c]) => c).join(", ")})
       VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING id`,
      columns.map(([, v]) => v),
    );
    return rows[0]!.id;
  });
}

/** Updates a filter of its owner (and bumps `updated_at`). */
export async function updateFilter(
  pool: Pool,
  kind: FilterKind,
  userId: number,
  id: number,
  w: FilterWrite,
): Promise<boolean> {
  const columns = written(kind, w);
  const { rowCount } = await pool.query(
    `UPDATE ${tableOf(kind)} SET ${columns.map(([c], i) => `${c} = $${i + 3}`).join(", ")}, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId, ...columns.map(([, v]) => v)],
  );
  return (rowCount ?? 0) > 0;
}

/** Soft delete: the row stays for the imports and picks that name it. */
export async function deleteFilter(pool: Pool, kind: FilterKind, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE ${tableOf(kind)} SET ${TABLES[kind].deleteSets} WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId],
  );
  return (rowCount ?? 0) > 0;
}

/** A live filter's mute and active flags (bumps `updated_at`: the scanner reloads it). */
export async function setLiveFlags(
  pool: Pool,
  userId: number,
  id: number,
  flags: { muted?: boolean; active?: boolean },
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE live_filters SET muted = coalesce($3, muted), active = coalesce($4, active), updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId, flags.muted ?? null, flags.active ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/** A filter by id, deleted ones too (imports say so). */
export async function filterById<K extends FilterKind>(
  pool: Pool,
  kind: K,
  id: number,
): Promise<FilterRowOf<K> | null> {
  const { rows } = await pool.query<FilterRowOf<K>>(
    `SELECT ${filterColumns(kind)} FROM ${tableOf(kind)} f JOIN users u ON u.id = f.user_id WHERE f.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** A member's filters (not deleted), newest first. */
export async function filtersOf<K extends FilterKind>(pool: Pool, kind: K, userId: number): Promise<FilterRowOf<K>[]> {
  const { rows } = await pool.query<FilterRowOf<K>>(
    `SELECT ${filterColumns(kind)} FROM ${tableOf(kind)} f JOIN users u ON u.id = f.user_id
      WHERE f.user_id = $1 AND f.deleted_at IS NULL ORDER BY f.created_at DESC, f.id DESC`,
    [userId],
  );
  return rows;
}

/** Every member's filters (not deleted), newest first; `notUserId` leaves out the caller's own. */
export async function usersFilters<K extends FilterKind>(
  pool: Pool,
  kind: K,
  opts: { notUserId: number | null; desiredOutcome: string | null; limit: number; offset: number },
): Promise<FilterRowOf<K>[]> {
  const { rows } = await pool.query<FilterRowOf<K>>(
    `SELECT ${filterColumns(kind)}
       FROM ${tableOf(kind)} f JOIN users u ON u.id = f.user_id
      WHERE f.deleted_at IS NULL AND ($1::int IS NULL OR f.user_id <> $1) AND ($2::text IS NULL OR f.desired_outcome = $2)
      ORDER BY f.created_at DESC, f.id DESC
      LIMIT $3 OFFSET $4`,
    [opts.notUserId, opts.desiredOutcome, opts.limit, opts.offset],
  );
  return rows;
}

/** Pre-match filters that can alert: not deleted, with rules (the live scanner's engine reads `scanner-engine.ts`). */
export async function alertingPreMatchFilters(pool: Pool): Promise<PreMatchFilterRow[]> {
  const { rows } = await pool.query<PreMatchFilterRow>(
    `SELECT ${filterColumns("preMatch")} FROM prematch_filters f JOIN users u ON u.id = f.user_id
      WHERE f.deleted_at IS NULL AND jsonb_array_length(f.rules) > 0`,
  );
  return rows;
}
