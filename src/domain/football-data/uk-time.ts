/** football-data.co.uk gives kick-off times in UK local time; this turns them into UTC. */

function lastSundayUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

/** British Summer Time runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
export function isBritishSummerTime(utcMs: number): boolean {
  const year = new Date(utcMs).getUTCFullYear();
  const start = Date.UTC(year, 2, lastSundayUtc(year, 2), 1);
  const end = Date.UTC(year, 9, lastSundayUtc(year, 9), 1);
  return utcMs >= start && utcMs < end;
}

export function ukLocalToUtc(year: number, month: number, day: number, hour: number, minute: number): Date {
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute);
  const guess = asIfUtc - 3_600_000;
  return new Date(isBritishSummerTime(guess) ? guess : asIfUtc);
}
