import type { Pool } from "pg";

/**
 * Precomputed figures (schema-precomputed.ts): read only while valid at the site time asked for and computed
 * from the files imported and the replay shift of now; written with the window they hold for. The windows end
 * at the next kick-off or the next end of a match (kick-off + 105 minutes, when a match counts as played) that
 * can change them.
 */

const ENDED = "interval '105 minutes'";
/**
 * What every row was computed from besides the clock: the imported files (a new or re-imported file changes the
 * matches) and the replay shift (a new shift moves every kick-off). Either changing makes every row stale.
 */
const DATA_STAMP = `((SELECT count(*)::text || '@' || coalesce((extract(epoch FROM max(imported_at)) * 1000)::bigint::text, '') FROM imported_files)
  || '|' || coalesce((SELECT value::text FROM app_state WHERE key = 'clock'), ''))`;

export type FigureKind = "team" | "pre-match" | "league-stats" | "team-trends";

export interface FigureRow<T> {
  subjectId: number;
  validFrom: Date;
  /** null: valid for ever (nothing that can still happen changes it) */
  validUntil: Date | null;
  data: T;
}

/** The valid figures of these subjects at `at`, by subject id (the ones missing or stale are left out). */
export async function readFigures<T>(
  pool: Pool,
  kind: FigureKind,
  subjectIds: number[],
  at: Date,
): Promise<Map<number, T>> {
  if (subjectIds.length === 0) return new Map();
  const { rows } = await pool.query<{ subjectId: number; data: T }>(
    `SELECT subject_id AS "subjectId", data FROM precomputed_figures
      WHERE kind = $1 AND subject_id = ANY($2::int[]) AND valid_from <= $3 AND (valid_until IS NULL OR valid_until > $3)
        AND stamp = ${DATA_STAMP}`,
    [kind, subjectIds, at],
  );
  return new Map(rows.map((r) => [r.subjectId, r.data]));
}

/** Which of these subjects have no figures valid at `at` (the precompute job's to-do list). */
export async function missingFigures(pool: Pool, kind: FigureKind, subjectIds: number[], at: Date): Promise<number[]> {
  if (subjectIds.length === 0) return [];
  const { rows } = await pool.query<{ id: number }>(
    `SELECT s.id FROM unnest($2::int[]) AS s(id)
      WHERE NOT EXISTS (
        SELECT 1 FROM precomputed_figures p
         WHERE p.kind = $1 AND p.subject_id = s.id AND p.valid_from <= $3 AND (p.valid_until IS NULL OR p.valid_until > $3)
           AND p.stamp = ${DATA_STAMP})
      ORDER BY s.id`,
    [kind, subjectIds, at],
  );
  return rows.map((r) => r.id);
}

/** Stores figures (replacing the subject's previous ones) with the data stamp of now. */
export async function writeFigures(pool: Pool, kind: FigureKind, rows: Array<FigureRow<unknown>>): Promise<void> {
  if (rows.length === 0) return;
  await pool.query(
    `INSERT INTO precomputed_figures (kind, subject_id, valid_from, valid_until, stamp, data, computed_at)
     SELECT $1, u.id, u.valid_from, u.valid_until, ${DATA_STAMP}, u.data::json, now()
       FROM unnest($2::int[], $3::timestamptz[], $4::timestamptz[], $5::text[]) AS u(id, valid_from, valid_until, data)
     ON CONFLICT (kind, subject_id) DO UPDATE
       SET valid_from = excluded.valid_from, valid_until = excluded.valid_until, stamp = excluded.stamp,
           data = excluded.data, computed_at = excluded.computed_at`,
    [
      kind,
      rows.map((r) => r.subjectId),
      rows.map((r) => r.validFrom),
      rows.map((r) => r.validUntil),
      rows.map((r) => JSON.stringify(r.data)),
    ],
  );
}

/**
 * Removes figures that stopped holding before `endedBefore`, or that were computed for a site time before
 * `computedBefore` (kept for ever otherwise, like a team that has no match left); a request recomputes them.
 */
export async function pruneFigures(pool: Pool, endedBefore: Date, computedBefore: Date): Promise<number> {
  const { rowCount } = await pool.query("DELETE FROM precomputed_figures WHERE valid_until < $1 OR valid_from < $2", [
    endedBefore,
    computedBefore,
  ]);
  return rowCount ?? 0;
}

/**
 * Until when a team's page (its statistics as of `at`, its last and next matches, its seasons) holds: its next
 * kick-off after `at`, or the end of a match of it still being played; null when it has no match left.
 */
export async function teamValidUntil(pool: Pool, teamIds: number[], at: Date): Promise<Map<number, Date | null>> {
  if (teamIds.length === 0) return new Map();
  const { rows } = await pool.query<{ id: number; until: Date | null }>(
    `SELECT t.id, (SELECT min(CASE WHEN f.kickoff > $2 THEN f.kickoff ELSE f.kickoff + ${ENDED} END) FROM fixtures f
                    WHERE (f.home_team_id = t.id OR f.away_team_id = t.id) AND f.kickoff + ${ENDED} > $2) AS until
       FROM unnest($1::int[]) AS t(id)`,
    [teamIds, at],
  );
  return new Map(rows.map((r) => [r.id, r.until]));
}

/** Until when a team's played matches as of `at` hold: the end of its first match still to end; null when none is left. */
export async function teamHistoryValidUntil(
  pool: Pool,
  teamIds: number[],
  at: Date,
): Promise<Map<number, Date | null>> {
  if (teamIds.length === 0) return new Map();
  const { rows } = await pool.query<{ id: number; until: Date | null }>(
    `SELECT t.id, (SELECT min(f.kickoff + ${ENDED}) FROM fixtures f
                    WHERE (f.home_team_id = t.id OR f.away_team_id = t.id) AND f.kickoff + ${ENDED} > $2) AS until
       FROM unnest($1::int[]) AS t(id)`,
    [teamIds, at],
  );
  return new Map(rows.map((r) => [r.id, r.until]));
}

/**
 * Until when both teams' statistics before a fixture (walk-forward: matches that kicked off before it and had
 * ended by `at`) hold: the end of the first of their earlier matches still to end; null when all have ended.
 */
export async function preMatchValidUntil(
  pool: Pool,
  fixtureIds: number[],
  at: Date,
): Promise<Map<number, Date | null>> {
  if (fixtureIds.length === 0) return new Map();
  const { rows } = await pool.query<{ id: number; until: Date | null }>(
    `SELECT x.id, (SELECT min(f.kickoff + ${ENDED}) FROM fixtures f
                    WHERE (f.home_team_id IN (x.home_team_id, x.away_team_id) OR f.away_team_id IN (x.home_team_id, x.away_team_id))
                      AND f.kickoff < x.kickoff AND f.kickoff + ${ENDED} > $2) AS until
       FROM fixtures x WHERE x.id = ANY($1::int[])`,
    [fixtureIds, at],
  );
  return new Map(rows.map((r) => [r.id, r.until]));
}

/** Until when figures of every league hold: the next kick-off (a season may begin) or end of a match anywhere. */
export async function sitewideValidUntil(pool: Pool, at: Date): Promise<Date | null> {
  const { rows } = await pool.query<{ until: Date | null }>(
    `SELECT least((SELECT min(kickoff) FROM fixtures WHERE kickoff > $1),
                  (SELECT min(kickoff) + ${ENDED} FROM fixtures WHERE kickoff > $1::timestamptz - ${ENDED} AND kickoff <= $1)) AS until`,
    [at],
  );
  return rows[0]?.until ?? null;
}

/** Teams with a fixture from `from` to `to` (whose pages are worth keeping ready). */
export async function teamsPlayingBetween(pool: Pool, from: Date, to: Date): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT DISTINCT t.id FROM fixtures f CROSS JOIN LATERAL (VALUES (f.home_team_id), (f.away_team_id)) AS t(id)
      WHERE f.kickoff >= $1 AND f.kickoff < $2 ORDER BY t.id`,
    [from, to],
  );
  return rows.map((r) => r.id);
}

/** Fixtures kicking off from `from` to `to`. */
export async function fixturesBetween(pool: Pool, from: Date, to: Date): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    "SELECT id FROM fixtures WHERE kickoff >= $1 AND kickoff < $2 ORDER BY kickoff, id",
    [from, to],
  );
  return rows.map((r) => r.id);
}
