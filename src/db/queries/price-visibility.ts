/**
 * The price-visibility rule of `src/domain/predictions/price-visibility.ts` in SQL, for every query that reads the
 * `odds` table: a pre-match (opening) price exists from the Friday 12:00 UTC before a weekend round (Friday to
 * Monday kick-offs) or the Tuesday 12:00 UTC before a midweek one (Tuesday to Thursday), and never later than an
 * hour before kick-off; a closing price exists once the match has kicked off.
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
 * Whether a row of `odds` (alias `o`) is known at `now`: opening prices once published, closing prices once the
 * fixture (its kick-off expression `kickoff`) has kicked off. `now` is a SQL expression, usually a parameter.
 */
export function oddsVisibleSql(o: string, kickoff: string, now: string): string {
  return `(CASE WHEN ${o}.closing THEN ${kickoff} <= ${now} ELSE ${now} >= ${pricesVisibleFromSql(kickoff)} END)`;
}
