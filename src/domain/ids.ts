import { z } from "zod";

/** Ids are PostgreSQL `integer`s: 1 to 2³¹−1. Anything else names nothing (and must never reach a query). */
export const MAX_ID = 2_147_483_647;

/** The message key of a bad id, in the API's answers and the pages' forms alike. */
export const ID_MESSAGE = "apiErrors.validation.id";

/** An id written as text (path, query, form): digits only, no sign, no leading zero, no exponent or space. */
export const ID_TEXT = /^[1-9]\d{0,9}$/;

export function isId(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** The id a text names (`"42"`), or null for anything else (`"2147483648"`, `"1e3"`, `" 1"`, `"1.5"`, null). */
export function idFromText(value: unknown): number | null {
  if (typeof value !== "string" || !ID_TEXT.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/**
 * The one id schema of JSON input (API bodies, service input): a whole number from 1 to 2³¹−1, refused with the
 * message key `apiErrors.validation.id`. The API's path, query and form ids (`idText` of the API contract) and the
 * pages (`idFromText`) apply the same bounds to text.
 */
export const idSchema = z
  .number({ error: ID_MESSAGE })
  .int({ error: ID_MESSAGE })
  .min(1, { error: ID_MESSAGE })
  .max(MAX_ID, { error: ID_MESSAGE });
