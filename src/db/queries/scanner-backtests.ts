import type { Pool } from "pg";

/**
 * Pre-match backtests (`prematch_backtests`): the SPEC's states Todo → OnGoing → Done…, claimed by one process at a
 * time, their summary figures for the members' list, and the Excel kept after its first download.
 */

export const BACKTEST_STATUSES = ["Todo", "OnGoing", "Done", "EndedWithoutExcel", "EndedWithError"] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];

export interface BacktestRow {
  id: number;
  userId: number;
  filterId: number | null;
  filter: unknown;
  interval: string;
  fromAt: Date;
  toAt: Date;
  leagueIds: number[];
  stake: number;
  status: BacktestStatus;
  error: string | null;
  result: unknown;
  hasExcel: boolean;
  picks: number | null;
  successRate: number | null;
  roi: number | null;
  meanWinningOdd: number | null;
  leagues: number | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  ownerName: string;
  /** Todo: backtests ahead of it in the queue (0: next) */
  queuePosition: number | null;
}

const BACKTEST_COLUMNS = `b.id, b.user_id AS "userId", b.filter_id AS "filterId", b.filter, b.interval, b.from_at AS "fromAt", b.to_at AS "toAt",
  b.league_ids AS "leagueIds", b.stake, b.status, b.error, (b.excel IS NOT NULL OR b.pick_rows IS NOT NULL) AS "hasExcel", b.picks, b.success_rate AS "successRate",
  b.roi, b.mean_winning_odd AS "meanWinningOdd", b.leagues, b.created_at AS "createdAt", b.started_at AS "startedAt", b.finished_at AS "finishedAt",
  coalesce(nullif(u.username, ''), nullif(u.first_name, ''), 'user ' || u.id) AS "ownerName",
  CASE WHEN b.status = 'Todo' THEN (SELECT count(*)::int FROM prematch_backtests q WHERE q.status = 'Todo' AND q.id < b.id) END AS "queuePosition"`;

export interface BacktestWrite {
  userId: number;
  filterId: number | null;
  filter: unknown;
  interval: string;
  from: Date;
  to: Date;
  leagueIds: number[];
  stake: number;
}

export async function insertBacktest(pool: Pool, w: BacktestWrite): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO prematch_backtests (user_id, filter_id, filter, interval, from_at, to_at, league_ids, stake)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [w.userId, w.filterId, JSON.stringify(w.filter), w.interval, w.from, w.to, w.leagueIds, w.stake],
  );
  return rows[0]!.id;
}

export async function backtestById(pool: Pool, id: number, withResult = true): Promise<BacktestRow | null> {
  const { rows } = await pool.query<BacktestRow>(
    `SELECT ${BACKTEST_COLUMNS.replace("b.error,", withResult ? "b.error, b.result," : "b.error, NULL AS result,")}
       FROM prematch_backtests b JOIN users u ON u.id = b.user_id WHERE b.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Todo → OnGoing for the one caller that wins it; null when it was taken already. */
export async function claimBacktest(pool: Pool, id: number): Promise<BacktestRow | null> {
  const { rowCount } = await pool.query(
    `UPDATE prematch_backtests SET status = 'OnGoing', started_at = now() WHERE id = $1 AND status = 'Todo'`,
    [id],
  );
  return rowCount ? backtestById(pool, id, false) : null;
}

export interface BacktestFinish {
  status: Exclude<BacktestStatus, "Todo" | "OnGoing">;
  error?: string | null;
  result?: unknown;
  pickRows?: unknown[] | null;
  picks?: number | null;
  successRate?: number | null;
  roi?: number | null;
  meanWinningOdd?: number | null;
  leagues?: number | null;
}

export async function finishBacktest(pool: Pool, id: number, f: BacktestFinish): Promise<void> {
  await pool.query(
    `UPDATE prematch_backtests SET status = $2, error = $3, result = $4, pick_rows = $5, picks = $6, success_rate = $7, roi = $8,
            mean_winning_odd = $9, leagues = $10, finished_at = now()
      WHERE id = $1 AND status = 'OnGoing'`,
    [
      id,
      f.status,
      f.error ?? null,
      f.result === undefined ? null : JSON.stringify(f.result),
      f.pickRows ? JSON.stringify(f.pickRows) : null,
      f.picks ?? null,
      f.successRate ?? null,
      f.roi ?? null,
      f.meanWinningOdd ?? null,
      f.leagues ?? null,
    ],
  );
}

/** OnGoing backtests left by a stopped process (older than `staleBefore`) go back to the queue; returns the Todo ids, oldest first. */
export async function pendingBacktests(pool: Pool, staleBefore: Date): Promise<number[]> {
  await pool.query(
    `UPDATE prematch_backtests SET status = 'Todo', started_at = NULL WHERE status = 'OnGoing' AND started_at < $1`,
    [staleBefore],
  );
  const { rows } = await pool.query<{ id: number }>(
    `SELECT id FROM prematch_backtests WHERE status = 'Todo' ORDER BY id LIMIT 100`,
  );
  return rows.map((r) => r.id);
}

export async function backtestsOf(pool: Pool, userId: number, limit: number, offset: number): Promise<BacktestRow[]> {
  const { rows } = await pool.query<BacktestRow>(
    `SELECT ${BACKTEST_COLUMNS.replace("b.error,", "b.error, NULL AS result,")} FROM prematch_backtests b JOIN users u ON u.id = b.user_id
      WHERE b.user_id = $1 ORDER BY b.created_at DESC, b.id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return rows;
}

export interface UsersBacktestsQuery {
  interval: string;
  minPicks: number;
  minSuccess: number;
  maxSuccess: number;
  minRoi: number | null;
  minMeanWinningOdd: number | null;
  minLeagues: number;
  sortBy: "roi" | "successRate" | "picks" | "createdAt";
  sortOrder: "asc" | "desc";
  limit: number;
  offset: number;
}

/** The best finished backtests of all members, by the SPEC §3 backtesting list state. */
export async function usersBacktests(
  pool: Pool,
  q: UsersBacktestsQuery,
): Promise<{ total: number; items: BacktestRow[] }> {
  const where = `b.status IN ('Done', 'EndedWithoutExcel') AND b.interval = $1 AND b.picks >= $2 AND coalesce(b.success_rate, 0) * 100 BETWEEN $3 AND $4
    AND ($5::float8 IS NULL OR b.roi * 100 >= $5) AND ($6::float8 IS NULL OR b.mean_winning_odd >= $6) AND coalesce(b.leagues, 0) >= $7`;
  const params = [q.interval, q.minPicks, q.minSuccess, q.maxSuccess, q.minRoi, q.minMeanWinningOdd, q.minLeagues];
  const column = { roi: "b.roi", successRate: "b.success_rate", picks: "b.picks", createdAt: "b.created_at" }[q.sortBy];
  const [items, total] = await Promise.all([
    pool.query<BacktestRow>(
      `SELECT ${BACKTEST_COLUMNS.replace("b.error,", "b.error, NULL AS result,")} FROM prematch_backtests b JOIN users u ON u.id = b.user_id
        WHERE ${where} ORDER BY ${column} ${q.sortOrder === "asc" ? "ASC" : "DESC"} NULLS LAST, b.id DESC LIMIT $8 OFFSET $9`,
      [...params, q.limit, q.offset],
    ),
    pool.query<{ n: string }>(`SELECT count(*) AS n FROM prematch_backtests b WHERE ${where}`, params),
  ]);
  return { total: Number(total.rows[0]!.n), items: items.rows };
}

/** The .xlsx earlier versions kept of a backtest, and the pick rows to make it from. */
export async function backtestExcel(
  pool: Pool,
  id: number,
): Promise<{ excel: Buffer | null; pickRows: unknown[] | null }> {
  const { rows } = await pool.query<{ excel: Buffer | null; pickRows: unknown[] | null }>(
    `SELECT excel, pick_rows AS "pickRows" FROM prematch_backtests WHERE id = $1`,
    [id],
  );
  return rows[0] ?? { excel: null, pickRows: null };
}
