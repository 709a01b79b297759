/** The pre-match scanner's catalogue and filters under /api/v1/prematch (backtests: scanner-backtests.ts). */
import { INTERVALS } from "../../domain/prematch/backtest.ts";
import {
  CATEGORIES,
  COMPARATORS,
  DESIRED_OUTCOMES,
  ODDS_BOOKMAKERS,
  STATS,
  TARGETS,
} from "../../domain/scanner/rules.ts";
import { TEAM_EVENTS } from "../../domain/stats/team-events.ts";
import type { Services } from "../../services/index.ts";
import * as answers from "./answers.gen.ts";
import { createApiApp, idText, ok, route, z } from "./contract.ts";
import * as common from "./scanner-common.ts";

const { IdParams, callOf, filterRoutes, ruleCallOf } = common;
const errors = common.PRE_MATCH_ERRORS;
const tags = ["Pre-match scanner"];

const Catalogue = z.object({
  categories: z.array(z.string()),
  stats: z.array(
    z.object({ category: z.string(), stat: z.string(), scope: z.string(), scanners: z.array(z.string()) }),
  ),
  teamEvents: z.array(z.object({ key: z.string(), group: z.string(), label: z.string(), line: z.number().optional() })),
  targets: z.array(z.string()),
  comparators: z.array(z.string()),
  desiredOutcomes: z.array(z.string()),
  bookmakers: z.array(z.string()),
  intervals: z.array(z.string()),
  leagues: z.array(z.object({ id: z.number().int(), name: z.string(), country: z.string() })),
});

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const perPage = z.coerce.number().int().min(1).max(100).default(40);

const r = {
  catalogue: route({
    method: "get",
    path: "/prematch/catalogue",
    tags,
    summary:
      "The rule language: categories, statistics, targets, comparators, outcomes, team events, bookmakers, intervals",
    data: Catalogue,
  }),
  myFilters: route({
    method: "get",
    path: "/prematch/filters",
    tags,
    summary: "The caller's pre-match filters, and the caller's filter limit (free 1, premium 40, add-on 150)",
    data: answers.MyPrematchFilters,
    errors: { 401: errors[401] },
  }),
  usersFilters: route({
    method: "get",
    path: "/prematch/filters/users",
    tags,
    summary: "Other members' filters with their figures; rules only for premium members",
    request: { query: z.object({ desiredOutcome: z.enum(DESIRED_OUTCOMES).optional(), page, perPage }) },
    data: answers.PrematchUsersFilters,
  }),
  remove: route({
    method: "delete",
    path: "/prematch/filters/{id}",
    tags,
    summary: "Delete a filter",
    request: { params: IdParams },
    data: z.object({ deleted: z.literal(true) }),
    errors,
  }),
  upcoming: route({
    method: "get",
    path: "/prematch/filters/{id}/upcoming",
    tags,
    summary: "Fixtures of the next 7 days that the filter matches now",
    request: { params: IdParams },
    data: answers.PrematchUpcoming,
    errors,
  }),
  clearHistory: route({
    method: "delete",
    path: "/prematch/filters/{id}/history",
    tags,
    summary: "Clear the history (or one pick with ?pickId=)",
    request: { params: IdParams, query: z.object({ pickId: idText.optional() }) },
    data: z.object({ deleted: z.number().int() }),
    errors,
  }),
  ...filterRoutes({
    base: "/prematch/filters",
    tags,
    kind: "preMatch",
    filter: answers.PrematchFilter,
    imported: answers.PrematchFilter,
    history: answers.PrematchHistory,
    filterBody: common.filterBody("preMatch"),
    errors: { write: errors, limited: errors, read: { 404: errors[404] }, history: errors },
    summaries: {
      create: "Create a pre-match filter (SPEC §5 validation, SPEC §8 limits)",
      get: "A filter",
      update: "Change a filter; changing its rules, outcome or leagues erases its history",
      duplicate: "Duplicate one of the caller's filters",
      import: "Import another member's filter (premium)",
      history: "The filter's picks (alerts), newest first, with their grade once the match has ended",
    },
    ruleEdit: "",
  }),
};

/** The catalogue of the rule language, for the rule builders. */
async function catalogue(services: Services) {
  return {
    categories: [...CATEGORIES],
    stats: STATS.map((s) => ({ ...s, scanners: [...s.scanners] })),
    teamEvents: TEAM_EVENTS.map((e) => ({
      key: e.key,
      group: e.group,
      label: e.label,
      ...(e.line === undefined ? {} : { line: e.line }),
    })),
    targets: [...TARGETS],
    comparators: [...COMPARATORS],
    desiredOutcomes: [...DESIRED_OUTCOMES],
    bookmakers: [...ODDS_BOOKMAKERS],
    intervals: [...INTERVALS],
    leagues: await services.prematch.leagues(),
  };
}

/** API of the pre-match scanner's filters: catalogue, filters, rules, upcoming matches, history. */
export function preMatchFilterRoutes(services: Services) {
  const api = createApiApp();
  const p = services.prematch;
  api.openapi(r.catalogue, async (c) => ok(c, await catalogue(services)));
  api.openapi(r.myFilters, async (c) => ok(c, await p.myFilters(c.get("user"), c.get("access"))));
  api.openapi(r.usersFilters, async (c) => {
    const { desiredOutcome, page, perPage } = c.req.valid("query");
    const opts = { ...(desiredOutcome ? { desiredOutcome } : {}), page, perPage };
    return ok(c, await p.usersFilters(c.get("user"), c.get("access"), opts));
  });
  api.openapi(r.create, async (c) => ok(c, await p.create(c.get("user"), c.get("access"), c.req.valid("json"))));
  api.openapi(r.get, async (c) => ok(c, await p.filter(...callOf(c, c.req.valid("param")))));
  api.openapi(r.update, async (c) => ok(c, await p.update(...callOf(c, c.req.valid("param")), c.req.valid("json"))));
  api.openapi(r.remove, async (c) => {
    await p.remove(c.get("user"), c.req.valid("param").id);
    return ok(c, { deleted: true as const });
  });
  api.openapi(r.duplicate, async (c) => ok(c, await p.duplicate(...callOf(c, c.req.valid("param")))));
  api.openapi(r.importFilter, async (c) => ok(c, await p.importFilter(...callOf(c, c.req.valid("param")))));
  api.openapi(r.addRule, async (c) => ok(c, await p.addRule(...callOf(c, c.req.valid("param")), c.req.valid("json"))));
  api.openapi(r.updateRule, async (c) => {
    return ok(c, await p.updateRule(...ruleCallOf(c, c.req.valid("param")), c.req.valid("json")));
  });
  api.openapi(r.removeRule, async (c) => ok(c, await p.removeRule(...ruleCallOf(c, c.req.valid("param")))));
  api.openapi(r.upcoming, async (c) => ok(c, await p.upcomingMatches(...callOf(c, c.req.valid("param")))));
  api.openapi(r.history, async (c) => ok(c, await p.history(...callOf(c, c.req.valid("param")))));
  api.openapi(r.clearHistory, async (c) => {
    const pickId = c.req.valid("query").pickId ?? null;
    return ok(c, { deleted: await p.clearHistory(c.get("user"), c.req.valid("param").id, pickId) });
  });
  return api;
}
