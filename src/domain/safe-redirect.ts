/**
 * A redirect target from a query, a form or a cookie: a path of this site only. Refused: URLs, `//host`,
 * `/\host` (browsers read a backslash as a slash), control characters (browsers drop tabs and line
 * breaks, so `/\t/host` would become `//host`) and any character outside printable ASCII: a `Location` header
 * carries Latin-1 at most (U+2215 there is a 500), look-alike slashes (`/∕∕evil.com`) are no path of ours, and
 * the site's own paths reach here percent-encoded.
 */
export function safeTarget(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return null;
  if (value.startsWith("//") || value.includes("\\") || !/^[\x20-\x7e]*$/.test(value)) return null;
  return value;
}
