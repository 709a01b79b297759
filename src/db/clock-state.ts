import type { Pool, PoolClient } from "pg";
import { WEEK_MS } from "../domain/replay/shift.ts";
import { inTransaction } from "./client.ts";
import { readState, writeState } from "./queries/state.ts";

type Queryable = Pool | PoolClient;

export interface ClockState {
  mode: "replay" | "real";
  shiftWeeks: number;
}

export function readClockState(db: Queryable): Promise<ClockState | null> {
  return readState<ClockState>(db, "clock");
}

export async function currentShiftMs(db: Queryable): Promise<number> {
  const state = await readClockState(db);
  return (state?.shiftWeeks ?? 0) * WEEK_MS;
}

/** Moves every fixture's site kick-off to its source kick-off plus the shift, in one transaction. */
export async function applyClockState(pool: Pool, state: ClockState): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query(
      "UPDATE fixtures SET kickoff = source_kickoff + make_interval(weeks => $1) WHERE kickoff <> source_kickoff + make_interval(weeks => $1)",
      [state.shiftWeeks],
    );
    await writeState(client, "clock", state);
  });
}

/** The span of the newest season of the main divisions, in source time. */
export async function newestSeasonSpan(
  db: Queryable,
): Promise<{ season: string; startMs: number; endMs: number } | null> {
  const result = await db.query<{ season: string; start: Date; end: Date }>(
    `SELECT s.name AS season, min(f.source_kickoff) AS start, max(f.source_kickoff) AS end
       FROM fixtures f JOIN seasons s ON s.id = f.season_id JOIN leagues l ON l.id = f.league_id
      WHERE l.source_key NOT LIKE '%:%'
      GROUP BY s.name ORDER BY s.name DESC LIMIT 1`,
  );
  const row = result.rows[0];
  return row ? { season: row.season, startMs: row.start.getTime(), endMs: row.end.getTime() } : null;
}
