/** Ids are PostgreSQL `integer`s: 1 to 2³¹−1. Anything else names nothing (and must never reach a query). */
export const MAX_ID = 2_147_483_647;

export function isId(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}
