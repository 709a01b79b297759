import type { Pool } from "pg";

/** What the live scanner's engine needs of a live filter (src/db/schema-livescan.ts). */
export interface ScannerFilterRow {
  id: number;
  userId: number;
  name: string;
  desiredOutcome: string;
  leagueIds: number[];
  muted: boolean;
  /** in the engine: active and not deleted */
  live: boolean;
  rules: unknown;
  updatedAt: Date;
}

const select = `SELECT id, user_id AS "userId", name, desired_outcome AS "desiredOutcome", league_ids AS "leagueIds", muted,
                       (active AND deleted_at IS NULL) AS live, rules, updated_at AS "updatedAt"
                  FROM live_filters`;

/** Every active, non-deleted live filter. */
export async function scannerFilters(pool: Pool): Promise<ScannerFilterRow[]> {
  const { rows } = await pool.query<ScannerFilterRow>(`${select} WHERE active AND deleted_at IS NULL ORDER BY id`);
  return rows;
}

/** Filters changed (edited, switched off, deleted) since a moment, whatever their state now. */
export async function scannerFiltersChangedSince(pool: Pool, since: Date): Promise<ScannerFilterRow[]> {
  const { rows } = await pool.query<ScannerFilterRow>(
    `${select} WHERE updated_at > $1 OR deleted_at > $1 ORDER BY id`,
    [since],
  );
  return rows;
}

/** How many filters the engine should hold, and the newest change: a cheap look that tells whether anything moved. */
export async function scannerFiltersVersion(pool: Pool): Promise<{ count: number; newest: Date | null }> {
  const { rows } = await pool.query<{ count: number; newest: Date | null }>(
    `SELECT count(*) FILTER (WHERE active AND deleted_at IS NULL)::int AS count, max(greatest(updated_at, deleted_at)) AS newest FROM live_filters`,
  );
  return rows[0] ?? { count: 0, newest: null };
}

/** The (filter, fixture) pairs of these fixtures that alerted already (live picks). */
export async function livePicksOf(
  pool: Pool,
  fixtureIds: number[],
): Promise<Array<{ filterId: number; fixtureId: number }>> {
  if (fixtureIds.length === 0) return [];
  const { rows } = await pool.query<{ filterId: number; fixtureId: number }>(
    `SELECT filter_id AS "filterId", fixture_id AS "fixtureId" FROM alert_picks WHERE source = 'live' AND fixture_id = ANY($1::int[])`,
    [fixtureIds],
  );
  return rows;
}
