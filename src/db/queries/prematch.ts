import type { Pool, PoolClient } from "pg";
import type { GoalExpectation, Prices, StoreFixture, StoreInput } from "../../domain/prematch/feature-store.ts";
import { oddsVisibleSql, pricesVisibleFromSql } from "./price-visibility.ts";

type Q = Pool | PoolClient;

/**
 * The pre-match scanner: the feature store's inputs, filters, backtests and picks. A result is hidden until the
 * match has ended on the site's clock (kick-off + 105 minutes ≤ now), as everywhere else.
 */

const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Cheap fingerprint of what the feature store depends on: results ended by now, the predictions' last write and
 * the upcoming fixtures whose prices are published by now (a round's prices appear on Friday or Tuesday at noon).
 */
export async function storeFingerprint(pool: Pool, now: Date): Promise<string> {
  const { rows } = await pool.query<{ ended: string; predicted: Date | null; fixtures: string; priced: string }>(
    `SELECT count(*) FILTER (WHERE ft_home IS NOT NULL AND kickoff + interval '105 minutes' <= $1) AS ended,
            count(*) AS fixtures,
            count(*) FILTER (WHERE kickoff > $1 AND kickoff < $1 + interval '8 days' AND $1 >= ${pricesVisibleFromSql("kickoff")}) AS priced,
            (SELECT max(computed_at) FROM predictions) AS predicted
       FROM fixtures`,
    [now],
  );
  const r = rows[0]!;
  return `${r.fixtures}|${r.ended}|${r.priced}|${r.predicted?.getTime() ?? 0}`;
}

export async function storeInput(pool: Pool, now: Date, horizonStart: Date): Promise<StoreInput> {
  const [fixtures, odds, predictions] = await Promise.all([
    pool.query(
      `SELECT f.id, f.kickoff, f.league_id, f.season_id, f.home_team_id, f.away_team_id,
              (f.kickoff + interval '105 minutes' <= $1) AS ended, f.ft_home, f.ft_away, f.ht_home, f.ht_away,
              h.corners AS ch, a.corners AS ca, h.yellow_cards AS yh, a.yellow_cards AS ya, h.red_cards AS rh, a.red_cards AS ra,
              h.shots AS sh, a.shots AS sa, h.shots_on_target AS th, a.shots_on_target AS ta
         FROM fixtures f
         LEFT JOIN fixture_stats h ON h.fixture_id = f.id AND h.side = 'H'
         LEFT JOIN fixture_stats a ON a.fixture_id = f.id AND a.side = 'A'`,
      [now],
    ),
    pool.query<{
      fixture_id: number;
      code: string;
      market: string;
      closing: boolean;
      price_home: number;
      price_draw: number | null;
      price_away: number;
    }>(
      `SELECT o.fixture_id, b.code, o.market, o.closing, o.price_home, o.price_draw, o.price_away
         FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id JOIN fixtures f ON f.id = o.fixture_id
        WHERE f.kickoff >= $1 AND o.market IN ('1x2', 'ou25') AND b.code IN ('Avg', 'Max', 'B365', 'PS')
          AND ${oddsVisibleSql("o", "f.kickoff", "$2")}`,
      [horizonStart, now],
    ),
    pool.query<{ fixture_id: number; mh: number; ma: number; mr: number; fh: number; fa: number; fr: number }>(
      `SELECT p.fixture_id, (p.model->>'home')::float8 AS mh, (p.model->>'away')::float8 AS ma, (p.model->>'rho')::float8 AS mr,
              (p.final->>'home')::float8 AS fh, (p.final->>'away')::float8 AS fa, (p.final->>'rho')::float8 AS fr
         FROM predictions p JOIN fixtures f ON f.id = p.fixture_id WHERE f.kickoff >= $1`,
      [horizonStart],
    ),
  ]);
  const list: StoreFixture[] = fixtures.rows.map((r) => {
    const ended = r.ended === true;
    return {
      id: r.id,
      kickoff: (r.kickoff as Date).getTime(),
      leagueId: r.league_id,
      seasonId: r.season_id,
      homeId: r.home_team_id,
      awayId: r.away_team_id,
      ftHome: ended ? n(r.ft_home) : null,
      ftAway: ended ? n(r.ft_away) : null,
      htHome: ended ? n(r.ht_home) : null,
      htAway: ended ? n(r.ht_away) : null,
      corners: ended ? [n(r.ch), n(r.ca)] : [null, null],
      yellow: ended ? [n(r.yh), n(r.ya)] : [null, null],
      red: ended ? [n(r.rh), n(r.ra)] : [null, null],
      shots: ended ? [n(r.sh), n(r.sa)] : [null, null],
      shotsOnTarget: ended ? [n(r.th), n(r.ta)] : [null, null],
    };
  });
  const openingOdds = new Map<number, Partial<Record<string, Prices>>>();
  const closingByBook = new Map<number, Partial<Record<string, Prices>>>();
  for (const o of odds.rows) {
    const target = o.closing ? closingByBook : openingOdds;
    let books = target.get(o.fixture_id);
    if (!books) {
      books = {};
      target.set(o.fixture_id, books);
    }
    const p = books[o.code] ?? {};
    books[o.code] = p;
    if (o.market === "1x2") {
      p.home = o.price_home;
      if (o.price_draw !== null) p.draw = o.price_draw;
      p.away = o.price_away;
    } else {
      p.over25 = o.price_home;
      p.under25 = o.price_away;
    }
  }
  const closingOdds = new Map<number, Prices>();
  for (const [id, books] of closingByBook) {
    const p = books.Avg ?? books.PS ?? books.B365;
    if (p) closingOdds.set(id, p);
  }
  const preds = new Map<number, { model: GoalExpectation; final: GoalExpectation }>();
  for (const p of predictions.rows)
    preds.set(p.fixture_id, {
      model: { home: p.mh, away: p.ma, rho: p.mr },
      final: { home: p.fh, away: p.fa, rho: p.fr },
    });
  return { fixtures: list, horizonStart: horizonStart.getTime(), openingOdds, closingOdds, predictions: preds };
}

// ---------- filters

export interface FilterRow {
  id: number;
  userId: number;
  name: string;
  note: string;
  desiredOutcome: string;
  leagueIds: number[];
  muted: boolean;
  leadAmount: number;
  leadUnit: string;
  rules: unknown;
  importedFrom: number | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  ownerName: string;
}

const FILTER_COLUMNS = `f.id, f.user_id AS "userId", f.name, f.note, f.desired_outcome AS "desiredOutcome", f.league_ids AS "leagueIds",
  f.muted, f.lead_amount AS "leadAmount", f.lead_unit AS "leadUnit", f.rules, f.imported_from AS "importedFrom",
  f.created_at AS "createdAt", f.updated_at AS "updatedAt", f.deleted_at AS "deletedAt",
  coalesce(nullif(u.username, ''), nullif(u.first_name, ''), 'user ' || u.id) AS "ownerName"`;

export interface FilterWrite {
  name: string;
  note: string;
  desiredOutcome: string;
  leagueIds: number[];
  muted: boolean;
  leadAmount: number;
  leadUnit: string;
  rules: unknown;
}

export async function countFilters(q: Q, userId: number): Promise<number> {
  const { rows } = await q.query<{ n: string }>(
    `SELECT count(*) AS n FROM prematch_filters WHERE user_id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  return Number(rows[0]!.n);
}

/** Creates a filter unless the user already has `limit` (checked under a lock of the user's row, so two requests cannot both pass). */
export async function insertFilter(
  pool: Pool,
  userId: number,
  w: FilterWrite,
  limit: number,
  importedFrom: number | null = null,
): Promise<number | null> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId]);
    if ((await countFilters(client, userId)) >= limit) {
      await client.query("ROLLBACK");
      return null;
    }
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO prematch_filters (user_id, name, note, desired_outcome, league_ids, muted, lead_amount, lead_unit, rules, imported_from)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        userId,
        w.name,
        w.note,
        w.desiredOutcome,
        w.leagueIds,
        w.muted,
        w.leadAmount,
        w.leadUnit,
        JSON.stringify(w.rules),
        importedFrom,
      ],
    );
    await client.query("COMMIT");
    return rows[0]!.id;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Updates a filter of its owner. */
export async function updateFilter(pool: Pool, userId: number, id: number, w: FilterWrite): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE prematch_filters SET name = $3, note = $4, desired_outcome = $5, league_ids = $6, muted = $7, lead_amount = $8, lead_unit = $9,
            rules = $10, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [
      id,
      userId,
      w.name,
      w.note,
      w.desiredOutcome,
      w.leagueIds,
      w.muted,
      w.leadAmount,
      w.leadUnit,
      JSON.stringify(w.rules),
    ],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteFilter(pool: Pool, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE prematch_filters SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId],
  );
  return (rowCount ?? 0) > 0;
}

/** A filter by id, deleted ones too (imports say so). */
export async function filterById(pool: Pool, id: number): Promise<FilterRow | null> {
  const { rows } = await pool.query<FilterRow>(
    `SELECT ${FILTER_COLUMNS} FROM prematch_filters f JOIN users u ON u.id = f.user_id WHERE f.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function filtersOf(pool: Pool, userId: number): Promise<FilterRow[]> {
  const { rows } = await pool.query<FilterRow>(
    `SELECT ${FILTER_COLUMNS} FROM prematch_filters f JOIN users u ON u.id = f.user_id
      WHERE f.user_id = $1 AND f.deleted_at IS NULL ORDER BY f.created_at DESC, f.id DESC`,
    [userId],
  );
  return rows;
}

/** Every member's pre-match filters (not deleted), newest first; `notUserId` leaves out the caller's own. */
export async function usersFilters(
  pool: Pool,
  opts: { notUserId: number | null; desiredOutcome: string | null; limit: number; offset: number },
) {
  const { rows } = await pool.query<FilterRow>(
    `SELECT ${FILTER_COLUMNS}
       FROM prematch_filters f JOIN users u ON u.id = f.user_id
      WHERE f.deleted_at IS NULL AND ($1::int IS NULL OR f.user_id <> $1) AND ($2::text IS NULL OR f.desired_outcome = $2)
      ORDER BY f.created_at DESC, f.id DESC
      LIMIT $3 OFFSET $4`,
    [opts.notUserId, opts.desiredOutcome, opts.limit, opts.offset],
  );
  return rows;
}

/** Filters that can alert: not deleted, with rules. */
export async function activeFilters(pool: Pool): Promise<FilterRow[]> {
  const { rows } = await pool.query<FilterRow>(
    `SELECT ${FILTER_COLUMNS} FROM prematch_filters f JOIN users u ON u.id = f.user_id
      WHERE f.deleted_at IS NULL AND jsonb_array_length(f.rules) > 0`,
  );
  return rows;
}

// ---------- backtests

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

/** The kept .xlsx of a backtest, or the pick rows to make it from. */
export async function backtestExcel(
  pool: Pool,
  id: number,
): Promise<{ excel: Buffer | null; pickRows: unknown[] | null }> {
  const { rows } = await pool.query<{ excel: Buffer | null; pickRows: unknown[] | null }>(
    `SELECT excel, CASE WHEN excel IS NULL THEN pick_rows END AS "pickRows" FROM prematch_backtests WHERE id = $1`,
    [id],
  );
  return rows[0] ?? { excel: null, pickRows: null };
}

export async function keepExcel(pool: Pool, id: number, excel: Buffer): Promise<void> {
  await pool.query(`UPDATE prematch_backtests SET excel = $2 WHERE id = $1 AND excel IS NULL`, [id, excel]);
}

/** Names for the rows of a result: fixtures' teams and leagues. */
export async function namesOf(pool: Pool, teamIds: number[], leagueIds: number[]) {
  const [teams, leagues] = await Promise.all([
    pool.query<{ id: number; name: string }>(`SELECT id, name FROM teams WHERE id = ANY($1::int[])`, [teamIds]),
    pool.query<{ id: number; name: string; country: string }>(
      `SELECT l.id, l.name, c.name AS country FROM leagues l JOIN countries c ON c.id = l.country_id WHERE l.id = ANY($1::int[])`,
      [leagueIds],
    ),
  ]);
  return {
    teams: new Map(teams.rows.map((t) => [t.id, t.name])),
    leagues: new Map(leagues.rows.map((l) => [l.id, { name: l.name, country: l.country }])),
  };
}

export async function allLeagues(pool: Pool): Promise<Array<{ id: number; name: string; country: string }>> {
  const { rows } = await pool.query<{ id: number; name: string; country: string }>(
    `SELECT l.id, l.name, c.name AS country FROM leagues l JOIN countries c ON c.id = l.country_id ORDER BY c.name, l.tier, l.name`,
  );
  return rows;
}

export interface FixtureBrief {
  id: number;
  kickoff: Date;
  leagueId: number;
  league: string;
  country: string;
  home: string;
  away: string;
  ftHome: number | null;
  ftAway: number | null;
}

/** Teams, league and (once ended by `now`) the score of fixtures, for lists of picks and matches. */
export async function fixtureBriefs(pool: Pool, ids: number[], now: Date): Promise<Map<number, FixtureBrief>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<FixtureBrief>(
    `SELECT f.id, f.kickoff, f.league_id AS "leagueId", l.name AS league, c.name AS country, h.name AS home, a.name AS away,
            CASE WHEN f.kickoff + interval '105 minutes' <= $2 THEN f.ft_home END AS "ftHome",
            CASE WHEN f.kickoff + interval '105 minutes' <= $2 THEN f.ft_away END AS "ftAway"
       FROM fixtures f JOIN leagues l ON l.id = f.league_id JOIN countries c ON c.id = l.country_id
       JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
      WHERE f.id = ANY($1::int[])`,
    [ids, now],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
