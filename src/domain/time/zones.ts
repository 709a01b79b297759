/** Day boundaries in a visitor's time zone, with Intl only. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function parts(utcMs: number, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(utcMs))) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return out;
}

/** Offset of the zone from UTC at that instant, in ms (positive east of Greenwich). */
export function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const p = parts(utcMs, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(utcMs: number, timeZone: string): string {
  const p = parts(utcMs, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** [start, end) in UTC of a calendar day in a zone. */
export function dayRange(date: string, timeZone: string): { from: Date; to: Date } {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const startOf = (year: number, month: number, day: number) => {
    const guess = Date.UTC(year, month - 1, day);
    const first = guess - zoneOffsetMs(guess, timeZone);
    return guess - zoneOffsetMs(first, timeZone);
  };
  return { from: new Date(startOf(y, m, d)), to: new Date(startOf(y, m, d + 1)) };
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * A person's one time zone: the profile's for a signed-in user who chose one, else the browser's (the `tz`
 * cookie its page sets), else UTC until the browser has said. Pages, notifications and exports all use it.
 */
export function personTimeZone(
  profileZone: string | null | undefined,
  browserZone: string | null | undefined,
): { zone: string; fromProfile: boolean } {
  if (profileZone && isValidTimeZone(profileZone)) return { zone: profileZone, fromProfile: true };
  if (browserZone && isValidTimeZone(browserZone)) return { zone: browserZone, fromProfile: false };
  return { zone: "UTC", fromProfile: false };
}
