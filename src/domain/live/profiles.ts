/**
 * Minute profiles of the replay: how likely an event of a kind is in each of the 90 minutes. Each is a weight per
 * minute; the replay draws a minute from it and a second uniformly within that minute. Why these shapes:
 *
 * - Shots, corners and attacks rise gently through a match (about 0.85 → 1.15 of the mean rate), as in
 *   published minute-by-minute distributions of top-league shots, where tired defences and chasing teams produce
 *   more chances late.
 * - Fouls are nearly flat (0.9 → 1.1).
 * - Yellow cards cluster late: the rate grows about sevenfold from the first minutes to the last (0.25 → 1.75);
 *   cards for time-wasting and tactical fouls come late, and cautions before half time rise too.
 * - Substitutions happen at half time (minute 46) or from the hour on (peak around minute 72), rarely before.
 * - Stoppage time exists: minutes 45 and 90 also hold the added time, so they weigh 2.2 and 3 times a normal
 *   minute (about 2 and 4 added minutes in the data of the big leagues).
 *
 * Goal minutes are not drawn here: they are the minutes the existing replay places (`goalTimeline`), and red
 * cards those of `redCardTimeline`, so the score and the red-card notifications agree everywhere.
 */

export type Profile = Float64Array;

function shape(weight: (minuteIndex: number) => number): Profile {
  const p = new Float64Array(90);
  for (let m = 0; m < 90; m++) p[m] = weight(m) * (m === 44 ? 2.2 : m === 89 ? 3 : 1);
  return cumulative(p);
}

function cumulative(p: Float64Array): Float64Array {
  const c = new Float64Array(p.length);
  let sum = 0;
  for (let i = 0; i < p.length; i++) {
    sum += p[i]!;
    c[i] = sum;
  }
  for (let i = 0; i < c.length; i++) c[i] = c[i]! / sum;
  return c;
}

const rising = (from: number, to: number) => (m: number) => from + ((to - from) * m) / 89;

/** Cumulative distributions over minute indices 0–89. */
export const PROFILES = {
  shots: shape(rising(0.85, 1.15)),
  corners: shape(rising(0.85, 1.15)),
  attacks: shape(rising(0.9, 1.1)),
  fouls: shape(rising(0.9, 1.1)),
  yellowCards: shape(rising(0.25, 1.75)),
  substitutions: cumulative(
    Float64Array.from({ length: 90 }, (_, m) =>
      m < 45 ? 0.01 : m === 45 ? 3 : 0.15 + Math.exp(-(((m - 71) / 11) ** 2)),
    ),
  ),
} as const;

/** A match-clock second drawn from a profile. */
export function drawSecond(profile: Profile, next: () => number): number {
  const u = next();
  let lo = 0;
  let hi = profile.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (profile[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo * 60 + Math.floor(next() * 60);
}
