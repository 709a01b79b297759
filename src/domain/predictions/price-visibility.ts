/**
 * When a fixture's pre-match prices become known. football-data.co.uk records its "opening" prices on the
 * Friday afternoon before a weekend round (Friday to Monday kick-offs) and on the Tuesday afternoon before a
 * midweek one (Tuesday to Thursday): a replayed fixture must not show them, nor use them, any earlier.
 * Kick-offs keep their weekday in the replay (it shifts by whole weeks), so the rule holds there too.
 */
const DAY_MS = 86_400_000;
const COLLECTED_AT_UTC_HOUR = 12;
/** A price is never taken to appear later than an hour before kick-off. */
const LAST_MOMENT_MS = 3_600_000;

export function pricesVisibleFrom(kickoffMs: number): number {
  const kickoff = new Date(kickoffMs);
  const weekday = kickoff.getUTCDay();
  // Days back to the collection day: Friday for Fri–Mon, Tuesday for Tue–Thu.
  const back = weekday === 5 || weekday === 6 || weekday === 0 || weekday === 1 ? (weekday + 2) % 7 : weekday - 2;
  const day = Date.UTC(kickoff.getUTCFullYear(), kickoff.getUTCMonth(), kickoff.getUTCDate()) - back * DAY_MS;
  return Math.min(day + COLLECTED_AT_UTC_HOUR * 3_600_000, kickoffMs - LAST_MOMENT_MS);
}

export function pricesVisible(kickoffMs: number, nowMs: number): boolean {
  return nowMs >= pricesVisibleFrom(kickoffMs);
}
