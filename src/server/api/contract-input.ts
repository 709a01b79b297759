/**
 * The input side of the API contract: body limits, the one rule for every text and number a client sends, and the
 * shared id, date and number schemas. Import from `./contract.ts`, which re-exports all of it.
 */
import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { ID_MESSAGE, ID_TEXT, MAX_ID } from "../../domain/ids.ts";
import { isCalendarDay } from "../../domain/time/calendar-day.ts";
import { type BadInput, NUL_MESSAGE, badEntryIn, badInputIn } from "../../domain/input-text.ts";
import { translate } from "../../i18n/messages.server.ts";
import { type ApiEnv, type ErrorBody, requestLocale } from "./contract-errors.ts";

// ---------------------------------------------------------------------------------------------------------------
// Body limits

/** The body limit of an ordinary endpoint (forms, settings): bigger bodies answer 413 before being read. */
export const DEFAULT_BODY_LIMIT = 32 * 1024;
const largeBodies: Array<{ pattern: RegExp; maxSize: number }> = [];

/** Raises the body limit of one path (a template such as `/payments/webhook` or `/x/{id}`). */
export function allowLargeBody(path: string, maxSize: number) {
  const pattern = new RegExp(`(^|/api/v1)${path.replace(/\{[^}]+\}/g, "[^/]+").replace(/\//g, "\\/")}$`);
  largeBodies.push({ pattern, maxSize });
}

const limits = new Map<number, MiddlewareHandler>();
const limitOf = (maxSize: number) => {
  let handler = limits.get(maxSize);
  if (!handler) {
    handler = bodyLimit({
      maxSize,
      onError: () => {
        throw new HTTPException(413, { message: `request body over ${maxSize} bytes` });
      },
    });
    limits.set(maxSize, handler);
  }
  return handler;
};

/** The API's body limit: per path, DEFAULT_BODY_LIMIT unless a route asked for more (`bodyLimit` of route()). */
export const bodyLimits: MiddlewareHandler<ApiEnv> = (c, next) => {
  const large = largeBodies.find((entry) => entry.pattern.test(c.req.path));
  return limitOf(large?.maxSize ?? DEFAULT_BODY_LIMIT)(c, next);
};

// ---------------------------------------------------------------------------------------------------------------
// The one rule for every text and number of the input (src/domain/input-text.ts)

const refuseInput = (c: Context<ApiEnv>, bad: BadInput) => {
  const locale = requestLocale(c);
  const message = translate(locale, bad.key);
  return c.json(
    { error: `${bad.path}: ${message}`, code: bad.key, fields: { [bad.path]: message } } satisfies ErrorBody,
    400,
  );
};

/**
 * Every request of the API, before any route reads it: a NUL character in the path, a query parameter, a JSON
 * body or a form, or a subnormal number (1e-320) in a JSON body, answers 400 naming the field. Malformed JSON is
 * left to the route (its own 400). Runs after the body limit, so an oversized body is never read.
 */
export const inputRules: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  let path = url.pathname;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // a malformed escape: the router answers it
  }
  if (path.includes("\u0000")) return refuseInput(c, { path: "path", key: NUL_MESSAGE });
  const query = badEntryIn(url.searchParams.entries());
  if (query) return refuseInput(c, query);
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    const type = c.req.header("content-type") ?? "";
    if (/json/i.test(type) || /x-www-form-urlencoded/i.test(type)) {
      // Read as text (cached by Hono: the route's validator and a webhook's signature check read the same bytes).
      const text = await c.req.text();
      if (/json/i.test(type)) {
        let parsed: unknown;
        try {
          parsed = text === "" ? undefined : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const bad = badInputIn(parsed);
        if (bad) return refuseInput(c, bad);
      } else {
        const bad = badEntryIn(new URLSearchParams(text).entries());
        if (bad) return refuseInput(c, bad);
      }
    }
  }
  return next();
};

// ---------------------------------------------------------------------------------------------------------------
// Shared input schemas

export { MAX_ID };
const ID_KEY = ID_MESSAGE;

/** An id as text (path, query, form): digits only (no `1e3`, `0x10`, ` 1`), 1 to 2³¹−1. */
export const idText = z
  .string({ error: ID_KEY })
  .regex(ID_TEXT, { error: ID_KEY })
  .refine((v) => Number(v) <= MAX_ID, { error: ID_KEY })
  .transform(Number)
  .openapi({ type: "integer", minimum: 1, maximum: MAX_ID, example: 1 });

/**
 * An id in a JSON body: the rule of `idSchema` (src/domain/ids.ts, which the services' own schemas use), built
 * with this module's `z` so that it carries its OpenAPI description (zod 4 gives `.openapi` only to schemas made
 * after @hono/zod-openapi extended zod).
 */
export const idNumber = z
  .number({ error: ID_KEY })
  .int({ error: ID_KEY })
  .min(1, { error: ID_KEY })
  .max(MAX_ID, { error: ID_KEY })
  .openapi({ example: 1 });

/** A path parameter holding an id. */
export const idParam = (name: string) =>
  idText.openapi({ param: { name, in: "path" }, type: "integer", minimum: 1, maximum: MAX_ID, example: 1 });

/** `1,2,3`: ids joined by commas. */
export const idList = z
  .string()
  .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: "apiErrors.validation.ids" })
  .refine((v) => v.split(",").every((n) => Number(n) <= MAX_ID), { error: "apiErrors.validation.ids" })
  .transform((v) => v.split(",").map(Number))
  .openapi({ type: "string", example: "1,2" });

/** A real calendar day `YYYY-MM-DD` between 1990 and 2100: one rule for the API, the pages and the services. */
export { isCalendarDay };

const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** A calendar day, or a day with a time (`2026-11-22T18:30:00Z`, `2026-11-22 18:30+01:00`). */
export function isDateOrDateTime(text: string): boolean {
  const day = text.slice(0, 10);
  if (!isCalendarDay(day)) return false;
  if (text.length === 10) return true;
  if (text[10] !== "T" && text[10] !== " ") return false;
  const m = TIME.exec(text.slice(11));
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return false;
  return !Number.isNaN(Date.parse(text.replace(" ", "T")));
}

/** `YYYY-MM-DD`, a real day. */
export const dayText = z
  .string()
  .refine(isCalendarDay, { error: "apiErrors.validation.day" })
  .openapi({ type: "string", format: "date", example: "2026-11-22" });

/** A day (UTC midnight) or an ISO date-time, as a Date. */
export const dateOrDateTime = z
  .string()
  .refine(isDateOrDateTime, { error: "apiErrors.validation.date" })
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v.replace(" ", "T")))
  .openapi({ type: "string", example: "2026-11-22T00:00:00.000Z" });

export const booleanText = z
  .enum(["true", "false"], { error: "apiErrors.validation.boolean" })
  .transform((v) => v === "true");

/** A number in a query (`1.5`): plain decimal notation only (no `1e3`, `0x10`, ` 1`), within bounds. */
export const numberText = (min: number, max: number) =>
  z
    .string()
    .superRefine((v, ctx) => {
      const n = Number(v);
      if (!/^\d{1,6}(\.\d{1,6})?$/.test(v) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: "apiErrors.validation.numberBetween",
          params: { minimum: min, maximum: max },
        });
      }
    })
    .transform(Number)
    .openapi({ type: "number", minimum: min, maximum: max });

/** A whole number in a query, within bounds. */
export const intText = (min: number, max: number) =>
  z
    .string()
    .superRefine((v, ctx) => {
      const n = Number(v);
      if (!/^\d{1,6}$/.test(v) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: "apiErrors.validation.wholeNumber",
          params: { minimum: min, maximum: max },
        });
      }
    })
    .transform(Number)
    .openapi({ type: "integer", minimum: min, maximum: max });
