import type { Pool } from "pg";
import type { Prices, StoreFixture, StoreInput } from "../../domain/prematch/store-types.ts";
import { oddsVisibleSql } from "./price-visibility.ts";

/**
 * The pre-match feature store's inputs (read by both scanners: the live scanner's pre-match parts come from it). A
 * result is hidden until the match has ended on the site's clock (kick-off + 105 minutes ≤ now), as everywhere else.
 */

/** The bookmakers whose prices the store holds (a SQL list). */
const STORE_BOOKMAKERS = "'Avg', 'Max', 'B365', 'PS'";

const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Cheap fingerprint of what the feature store depends on: results ended by now, the predictions' last write and
 * the prices the store holds of the next 8 days' fixtures that exist by now (seen by a sync, or published by the
 * rule of ./price-visibility.ts): a sync that moves a price no prediction uses still reloads the store, so the
 * pre-match filters on that price are judged again.
 */
export async function storeFingerprint(pool: Pool, now: Date): Promise<string> {
  const { rows } = await pool.query<{
    ended: string;
    predicted: Date | null;
    fixtures: string;
    priced: string;
    kickoffs: string | null;
  }>(
    // The upcoming kick-offs' sum moves when a match is postponed or its time changes, even when its prediction
    // does not: the pre-match alerts then follow the new kick-off (their lead time counts from it).
    `SELECT count(*) FILTER (WHERE ft_home IS NOT NULL AND kickoff + interval '105 minutes' <= $1) AS ended,
            count(*) AS fixtures,
            (SELECT count(*) || ':' || coalesce(sum(round(o.price_home * 100) + round(coalesce(o.price_draw, 0) * 100) * 3
                                                     + round(o.price_away * 100) * 7), 0)
               FROM odds o JOIN fixtures f ON f.id = o.fixture_id JOIN bookmakers b ON b.id = o.bookmaker_id
              WHERE f.kickoff > $1 AND f.kickoff < $1 + interval '8 days' AND NOT o.closing
                AND o.market IN ('1x2', 'ou25') AND b.code IN (${STORE_BOOKMAKERS})
                AND ${oddsVisibleSql("o", "f.kickoff", "$1")}) AS priced,
            sum(extract(epoch FROM kickoff)::bigint) FILTER (WHERE kickoff > $1 - interval '1 day') AS kickoffs,
            (SELECT max(computed_at) FROM predictions) AS predicted
       FROM fixtures`,
    [now],
  );
  const r = rows[0]!;
  return `${r.fixtures}|${r.ended}|${r.priced}|${r.kickoffs ?? 0}|${r.predicted?.getTime() ?? 0}`;
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
        WHERE f.kickoff >= $1 AND o.market IN ('1x2', 'ou25') AND b.code IN (${STORE_BOOKMAKERS})
          AND ${oddsVisibleSql("o", "f.kickoff", "$2")}`,
      [horizonStart, now],
    ),
    pool.query<{
      fixture_id: number;
      mh: number;
      ma: number;
      mr: number;
      fh: number;
      fa: number;
      fr: number;
      fs: number | null;
      fc: number | null;
    }>(
      `SELECT p.fixture_id, (p.model->>'home')::float8 AS mh, (p.model->>'away')::float8 AS ma, (p.model->>'rho')::float8 AS mr,
              (p.final->>'home')::float8 AS fh, (p.final->>'away')::float8 AS fa, (p.final->>'rho')::float8 AS fr,
              (p.final->>'htShare')::float8 AS fs, (p.final->>'corners')::float8 AS fc
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
  const preds: StoreInput["predictions"] = new Map();
  for (const p of predictions.rows)
    preds.set(p.fixture_id, {
      model: { home: p.mh, away: p.ma, rho: p.mr },
      final: { home: p.fh, away: p.fa, rho: p.fr, ...(p.fs !== null ? { htShare: p.fs } : {}), corners: p.fc },
    });
  return { fixtures: list, horizonStart: horizonStart.getTime(), openingOdds, closingOdds, predictions: preds };
}
