/**
 * What both kinds of the scanner's API share: the path parameters, the rule a client sends (the domain's rule
 * schema, src/domain/scanner/schema.ts) and the routes both kinds of filter have.
 */
import { DESIRED_OUTCOMES, LEAD_UNITS } from "../../domain/scanner/rules.ts";
import { ruleSchema } from "../../domain/scanner/schema.ts";
import type { ScannerKind } from "../../domain/scanner/schema.ts";
import { type ApiContext, type ErrorStatus, idNumber, idParam, jsonBody, route, z } from "./contract.ts";

export const IdParams = z.object({ id: idParam("id") });
export const RuleParams = z.object({
  id: idParam("id"),
  ruleId: z
    .string()
    .min(1)
    .max(40)
    .openapi({ param: { name: "ruleId", in: "path" }, example: "r1" }),
});

/**
 * A rule as a client sends it: the domain's rule schema of the kind, without the id (the server gives one) and
 * with every field optional here, so that the service names a missing field with the SPEC §5 message.
 */
export const ruleBody = (kind: ScannerKind) => z.object(ruleSchema(kind).shape).omit({ id: true }).partial();

/** A filter as a client sends it (every field optional: an update sends what changes). */
export function filterBody(kind: ScannerKind) {
  const fields = {
    name: z.string().optional(),
    note: z.string().optional(),
    leagueIds: z.array(idNumber).optional(),
    muted: z.boolean().optional(),
    rules: z.array(ruleBody(kind)).optional(),
  };
  if (kind === "live") {
    // Any text: the service answers an unknown outcome with its own message.
    const desiredOutcome = z
      .string()
      .optional()
      .openapi({ enum: [...DESIRED_OUTCOMES] });
    return z.object({ ...fields, desiredOutcome }).openapi("LiveFilterInput");
  }
  const leadTime = z.object({ amount: z.number().int(), unit: z.enum(LEAD_UNITS) }).optional();
  return z
    .object({ ...fields, desiredOutcome: z.enum(DESIRED_OUTCOMES).optional(), leadTime })
    .openapi("PrematchFilterInput");
}

/** The caller of a request. */
export const who = (c: ApiContext) => ({ user: c.get("user"), access: c.get("access") });

type Errors = Partial<Record<ErrorStatus, string>>;

/** What a kind says of its filter routes: the answers, the bodies, and the errors of a write. */
interface FilterRouteSpec<F extends z.ZodType, I extends z.ZodType, H extends z.ZodType, B extends z.ZodType> {
  base: string;
  tags: string[];
  kind: ScannerKind;
  filter: F;
  imported: I;
  history: H;
  filterBody: B;
  /** errors of a write of one's own filter; `limited`: of one that creates a filter */
  errors: { write: Errors; limited: Errors; read: Errors; history: Errors };
  summaries: Record<"create" | "get" | "update" | "duplicate" | "import" | "history", string>;
  /** what a rule edit does to the history */
  ruleEdit: string;
}

/** A filter's rule routes: add, change, remove one rule. */
function ruleRoutes<F extends z.ZodType, I extends z.ZodType, H extends z.ZodType, B extends z.ZodType>(
  s: FilterRouteSpec<F, I, H, B>,
) {
  const one = `${s.base}/{id}` as const;
  const rules = { params: IdParams, ...jsonBody(ruleBody(s.kind)) };
  const common = { tags: s.tags, data: s.filter };
  const write = s.errors.write;
  return {
    addRule: route({
      method: "post",
      path: `${one}/rules`,
      summary: `Adds a rule${s.ruleEdit}`,
      ...common,
      request: rules,
      errors: write,
    }),
    updateRule: route({
      method: "put",
      path: `${one}/rules/{ruleId}`,
      summary: `Changes a rule${s.ruleEdit}`,
      ...common,
      request: { ...rules, params: RuleParams },
      errors: write,
    }),
    removeRule: route({
      method: "delete",
      path: `${one}/rules/{ruleId}`,
      summary: `Removes a rule${s.ruleEdit}`,
      ...common,
      request: { params: RuleParams },
      errors: write,
    }),
  };
}

/** The routes both kinds of filter have, under the kind's base path. */
export function filterRoutes<F extends z.ZodType, I extends z.ZodType, H extends z.ZodType, B extends z.ZodType>(
  s: FilterRouteSpec<F, I, H, B>,
) {
  const one = `${s.base}/{id}` as const;
  const common = { tags: s.tags, data: s.filter };
  const { write, limited } = s.errors;
  return {
    ...ruleRoutes(s),
    create: route({
      method: "post",
      path: s.base,
      summary: s.summaries.create,
      ...common,
      request: jsonBody(s.filterBody),
      errors: limited,
    }),
    get: route({
      method: "get",
      path: one,
      summary: s.summaries.get,
      ...common,
      request: { params: IdParams },
      errors: s.errors.read,
    }),
    update: route({
      method: "put",
      path: one,
      summary: s.summaries.update,
      ...common,
      request: { params: IdParams, ...jsonBody(s.filterBody) },
      errors: write,
    }),
    duplicate: route({
      method: "post",
      path: `${one}/duplicate`,
      summary: s.summaries.duplicate,
      ...common,
      request: { params: IdParams },
      errors: limited,
    }),
    importFilter: route({
      method: "post",
      path: `${one}/import`,
      summary: s.summaries.import,
      tags: s.tags,
      data: s.imported,
      request: { params: IdParams },
      errors: { ...limited, 409: "The filter has been deleted" },
    }),
    history: route({
      method: "get",
      path: `${one}/history`,
      summary: s.summaries.history,
      tags: s.tags,
      data: s.history,
      request: { params: IdParams },
      errors: s.errors.history,
    }),
  };
}

/** The caller and the filter of a request: `[user, access, id]`. */
export const callOf = (c: ApiContext, param: { id: number }) => [c.get("user"), c.get("access"), param.id] as const;

/** The caller, the filter and the rule of a request: `[user, access, id, ruleId]`. */
export const ruleCallOf = (c: ApiContext, param: { id: number; ruleId: string }) =>
  [c.get("user"), c.get("access"), param.id, param.ruleId] as const;

/** The errors of the pre-match scanner's routes. */
export const PRE_MATCH_ERRORS = {
  401: "Not signed in",
  403: "Not allowed: premium, add-on or filter limit (SPEC §8 messages)",
  404: "No such filter, rule or backtest",
} as const;
