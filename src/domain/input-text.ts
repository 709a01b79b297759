/**
 * The one rule for what any text or number a client sends may hold, applied where input enters: the API's JSON
 * bodies, forms, queries and paths (`src/server/api/app.ts`), and the pages' URLs and forms (`src/web`). PostgreSQL
 * refuses a NUL character in text (a 500 when it reaches a query), so a NUL anywhere is bad input; so is a
 * subnormal number (1e-320): no quantity of this product is that small, and arithmetic on it overflows
 * (1 / 1e-320 is Infinity).
 */
export const NUL_MESSAGE = "apiErrors.validation.nul";
export const TINY_NUMBER_MESSAGE = "apiErrors.validation.tinyNumber";

/** The smallest positive normal double (Number.MIN_VALUE is the smallest subnormal one). */
const MIN_NORMAL = 2.2250738585072014e-308;

export const hasNul = (text: string) => text.includes("\u0000");

export interface BadInput {
  /** where: `name`, `rules.0.stat`, or `request` for the value itself */
  path: string;
  /** the message key */
  key: string;
}

/** The first bad value in a parsed JSON value or a list of form/query entries, or null when all is well. */
export function badInputIn(value: unknown, at: string[] = []): BadInput | null {
  const here = () => (at.length ? at.join(".") : "request");
  if (typeof value === "string") return hasNul(value) ? { path: here(), key: NUL_MESSAGE } : null;
  if (typeof value === "number")
    return value !== 0 && Math.abs(value) < MIN_NORMAL ? { path: here(), key: TINY_NUMBER_MESSAGE } : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = badInputIn(value[i], [...at, String(i)]);
      if (bad) return bad;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (hasNul(key)) return { path: [...at, key.replaceAll("\u0000", "\\u0000")].join("."), key: NUL_MESSAGE };
      const bad = badInputIn(inner, [...at, key]);
      if (bad) return bad;
    }
  }
  return null;
}

/** The first form field or query parameter holding a NUL (in its name or its text), or null. */
export function badEntryIn(entries: Iterable<[string, unknown]>): BadInput | null {
  for (const [name, value] of entries) {
    if (hasNul(name) || (typeof value === "string" && hasNul(value)))
      return { path: name.replaceAll("\u0000", "\\u0000"), key: NUL_MESSAGE };
  }
  return null;
}
