import type { Pool, PoolClient } from "pg";
import { WEEK_MS } from "../domain/replay/shift.ts";

type Queryable = Pool | PoolClient;

export interface ClockState {
  mode: "replay" | "real";
  shiftWeeks: number;
}

export async function readClockState(db: Queryable): Promise<ClockState | null> {
  const result = await db.query<{ value: ClockState }>("SELECT value FROM app_state WHERE key = 'clock'");
  return result.rows[0]?.value ?? null;
}

export async function currentShiftMs(db: Queryable): Promise<number> {
  const state = await readClockState(db);
  return (state?.shiftWeeks ?? 0) * WEEK_MS;
}

/** Moves every fixture's site kick-off to its source kick-off plus the shift, in one transaction. */
export async function applyClockState(pool: Pool, state: ClockState): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      "UPDATE fixtures SET kickoff = source_kickoff + make_interval(weeks => $1) WHERE kickoff <> source_kickoff + make_interval(weeks => $1)",
      [state.shiftWeeks],
    );
    await client.query(
      `INSERT INTO app_state (key, value, updated_at) VALUES ('clock', $1, now())
       ON CONFLICT (key) DO UPDATE SET value = $1, updated_at = now()`,
      [JSON.stringify(state)],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

/** The span of the newest season of the main divisions, in source time. */
export async function newestSeasonSpan(db: Queryable): Promise<{ season: string; startMs: number; endMs: number } | null> {
  const result = await db.query<{ season: string; start: Date; end: Date }>(
    `SELECT s.name AS season, min(f.source_kickoff) AS start, max(f.source_kickoff) AS end
       FROM fixtures f JOIN seasons s ON s.id = f.season_id JOIN leagues l ON l.id = f.league_id
      WHERE l.source_key NOT LIKE '%:%'
      GROUP BY s.name ORDER BY s.name DESC LIMIT 1`,
  );
  const row = result.rows[0];
  return row ? { season: row.season, startMs: row.start.getTime(), endMs: row.end.getTime() } : null;
}
