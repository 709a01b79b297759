export const WEEK_MS = 7 * 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

export interface SeasonSpan {
  startMs: number;
  endMs: number;
}

/**
 * The replay shifts the whole dataset by whole weeks (so weekdays stay right) to put "now" inside the
 * newest season. A shift that still does so is kept, so that the site's fixtures do not jump around.
 */
export function chooseShiftWeeks(nowMs: number, season: SeasonSpan, currentWeeks: number | null): number {
  if (currentWeeks !== null) {
    const position = nowMs - currentWeeks * WEEK_MS;
    if (position >= season.startMs + 7 * DAY_MS && position <= season.endMs - 21 * DAY_MS) return currentWeeks;
  }
  // 40% into the season leaves months of fixtures ahead before a new shift is needed.
  const target = season.startMs + 0.4 * (season.endMs - season.startMs);
  return Math.round((nowMs - target) / WEEK_MS);
}
