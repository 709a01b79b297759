/**
 * When a price exists, in SQL, for every query that reads the `odds` table. A pre-match (opening) price that a
 * real-mode sync saw exists from that sync on (`odds.seen_from`); one known only from a results or history file
 * follows the price-visibility rule of `src/domain/predictions/price-visibility.ts`: it exists from the Friday
 * 12:00 UTC before a weekend round (Friday to Monday kick-offs) or the Tuesday 12:00 UTC before a midweek one
 * (Tuesday to Thursday), and never later than an hour before kick-off. A closing price exists once the match has
 * kicked off.
 *
 * Every SQL text in `src/db` that reads `odds` must apply `oddsVisibleSql` (tests/unit/price-visibility-readers.test.ts
 * enumerates them and fails otherwise), so a new reader cannot see a price before it exists. The two expressions
 * are checked against the domain's function on every weekday and hour (tests/db/price-visibility.test.ts).
 */

/** `kickoff` as a UTC wall-clock timestamp. */
const utc = (kickoff: string) => `(${kickoff} AT TIME ZONE 'UTC')`;

/** The moment a fixture's pre-match prices are published (`pricesVisibleFrom`), as a timestamptz expression. */
export function pricesVisibleFromSql(kickoff: string): string {
  const dow = `extract(dow FROM ${utc(kickoff)})::int`;
  // Days back to the collection day: Friday for Fri–Mon, Tuesday for Tue–Thu.
  const back = `CASE WHEN ${dow} IN (5, 6, 0, 1) THEN (${dow} + 2) % 7 ELSE ${dow} - 2 END`;
  return `LEAST(((date_trunc('day', ${utc(kickoff)}) - make_interval(days => ${back}) + interval '12 hours') AT TIME ZONE 'UTC'), ${kickoff} - interval '1 hour')`;
}

/**
 * The moment a row of `odds` (alias `o`) exists for readers: a closing price at kick-off (`kickoff`, an expression);
 * a pre-match price from the real-mode sync that first saw it (`seen_from`), or, for one known only from a results
 * or history file, from its publication by the rule above.
 */
export function oddsVisibleFromSql(o: string, kickoff: string): string {
  return `(CASE WHEN ${o}.closing THEN ${kickoff} WHEN ${o}.seen_from IS NOT NULL THEN ${o}.seen_from ELSE ${pricesVisibleFromSql(kickoff)} END)`;
}

/** Whether a row of `odds` (alias `o`) is known at `now`, a SQL expression (usually a parameter). */
export function oddsVisibleSql(o: string, kickoff: string, now: string): string {
  return `(${oddsVisibleFromSql(o, kickoff)} <= ${now})`;
}

/**
 * The `ON CONFLICT ... DO UPDATE` of a write of prices into `odds`: the newest prices replace the stored ones, and
 * the first sync that saw a row stays its `seen_from` (a results file, writing none, keeps it). A row known only
 * from a file until now takes the sync's moment even at unchanged prices: from then on it has been seen.
 */
export const UPSERT_PRICES = `line = EXCLUDED.line, price_home = EXCLUDED.price_home, price_draw = EXCLUDED.price_draw,
    price_away = EXCLUDED.price_away, seen_from = LEAST(odds.seen_from, EXCLUDED.seen_from)
  WHERE (odds.line, odds.price_home, odds.price_draw, odds.price_away)
        IS DISTINCT FROM (EXCLUDED.line, EXCLUDED.price_home, EXCLUDED.price_draw, EXCLUDED.price_away)
     OR (odds.seen_from IS NULL AND EXCLUDED.seen_from IS NOT NULL)`;
