/**
 * A redirect target from a query, a form or a cookie: a path of this site only. Refused: URLs, `//host`,
 * `/\host` (browsers read a backslash as a slash) and control characters (browsers drop tabs and line
 * breaks, so `/\t/host` would become `//host`).
 */
export function safeTarget(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return null;
  if (value.startsWith("//") || value.includes("\\") || [...value].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) return null;
  return value;
}
