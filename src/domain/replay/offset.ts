import { ukLocalToUtc } from "../football-data/uk-time.ts";

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * REPLAY_OFFSET: how far the site's clock runs ahead of (or behind) the wall clock, so that "now" falls on a
 * chosen moment and runs on from there. Forms:
 * - a weekday and UK time, `saturday 15:00` (or `sat 15:00`): the next such moment (now included);
 * - a date-time, `2026-11-21T15:00:00Z` (UTC unless a zone is given);
 * - a duration, `+2h`, `-90m`, `+3d`.
 * Returns the offset in ms, or null when the text is none of these.
 */
export function parseReplayOffset(text: string, nowMs: number): number | null {
  const value = text.trim().toLowerCase();
  const duration = /^([+-])(\d{1,6})([mhd])$/.exec(value);
  if (duration) return (duration[1] === "-" ? -1 : 1) * Number(duration[2]) * UNIT_MS[duration[3]!]!;
  const weekly = /^([a-z]{3,9})\s+(\d{1,2}):(\d{2})$/.exec(value);
  if (weekly) {
    const day = DAYS.findIndex((d) => d === weekly[1] || d.slice(0, 3) === weekly[1]);
    const hour = Number(weekly[2]);
    const minute = Number(weekly[3]);
    if (day < 0 || hour > 23 || minute > 59) return null;
    for (let ahead = -1; ahead <= 8; ahead++) {
      const date = new Date(nowMs + ahead * 86_400_000);
      if (date.getUTCDay() !== day) continue;
      const at = ukLocalToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute).getTime();
      if (at >= nowMs - 60_000) return at - nowMs;
    }
    return null;
  }
  if (/^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}(:\d{2})?(\.\d+)?(z|[+-]\d{2}:\d{2})?$/.test(value)) {
    const at = Date.parse(/(z|[+-]\d{2}:\d{2})$/.test(value) ? text.trim() : `${text.trim()}Z`);
    return Number.isNaN(at) ? null : at - nowMs;
  }
  return null;
}
