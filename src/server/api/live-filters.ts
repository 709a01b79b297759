import { DESIRED_OUTCOMES } from "../../domain/scanner/rules.ts";
import { EXPLORE_SORTS } from "../../services/live-filters.ts";
import type { Services } from "../../services/index.ts";
import * as answers from "./answers.gen.ts";
import {
  type ApiContext,
  createApiApp,
  Done,
  done,
  idNumber,
  idParam,
  idText,
  intText,
  jsonBody,
  numberText,
  ok,
  requireUser,
  route,
  z,
} from "./contract.ts";
import { RuleSchema } from "./prematch.ts";

const tags = ["Live scanner"];
const IdParams = z.object({ id: idParam("id") });
const RuleParams = z.object({
  id: idParam("id"),
  ruleId: z
    .string()
    .min(1)
    .max(40)
    .openapi({ param: { name: "ruleId", in: "path" }, example: "r1" }),
});

/** A live rule as clients send it (no id: the server gives one); the live backtest takes the same. */
export const RuleBody = RuleSchema.omit({ id: true }).partial().openapi("LiveRuleInput");
const FilterBody = z
  .object({
    name: z.string().optional(),
    note: z.string().optional(),
    desiredOutcome: z
      .string()
      .optional()
      .openapi({ enum: [...DESIRED_OUTCOMES] }),
    leagueIds: z.array(idNumber).optional(),
    muted: z.boolean().optional(),
    rules: z.array(RuleBody).optional(),
  })
  .openapi("LiveFilterInput");

const ExploreQuery = z.object({
  search: z.string().max(200).optional().openapi({ description: "part of the filter's name" }),
  desiredOutcome: z.enum(DESIRED_OUTCOMES, { error: "liveScanner.errors.badQuery" }).optional(),
  sortBy: z
    .enum(EXPLORE_SORTS, { error: "liveScanner.errors.badQuery" })
    .optional()
    .openapi({ description: "default score" }),
  sortOrder: z
    .enum(["asc", "desc"], { error: "liveScanner.errors.badQuery" })
    .optional()
    .openapi({ description: "default desc" }),
  minPicks: intText(0, 999_999).optional(),
  minSuccess: numberText(0, 100).optional().openapi({ description: "success rate, percent" }),
  maxSuccess: numberText(0, 100).optional().openapi({ description: "success rate, percent" }),
  minRoi: z
    .string()
    .regex(/^-?\d{1,6}(\.\d{1,4})?$/, { error: "liveScanner.errors.badQuery" })
    .transform(Number)
    .optional()
    .openapi({ type: "number", description: "ROI in percent (may be negative)" }),
  minMeanOdd: numberText(0, 10_000).optional().openapi({ description: "mean odd at notification" }),
  minMeanWinningOdd: numberText(0, 10_000).optional(),
  offset: intText(0, 999_999)
    .optional()
    .openapi({ description: "0: the first page (40 filters); then 10 more per page" }),
  limit: intText(1, 40).optional(),
});

const signedIn = {
  400: "A bad parameter or body (`fields` names the fields, SPEC §5 messages)",
  401: "Not signed in",
  404: "No such filter or rule",
} as const;
const limited = { ...signedIn, 403: "The filter limit (SPEC §8 messages)" } as const;

/** API of the live scanner's filters (SPEC §2.4): list, explore, suggestions, CRUD, rules, import, history, breakdown, watched matches. */
export function liveFilterRoutes(services: Services) {
  const api = createApiApp();
  const lf = services.liveFilters;
  const who = (c: ApiContext) => ({ user: c.get("user"), access: c.get("access") });

  api.openapi(
    route({
      method: "get",
      path: "/live-filters",
      tags,
      summary: "The caller's live filters with their figures, and the filter limit",
      data: answers.MyLiveFilters,
      errors: { 401: "Not signed in" },
    }),
    async (c) => {
      const user = requireUser(c);
      return ok(c, await lf.myFilters(user, c.get("access")));
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/live-filters/explore",
      tags,
      summary:
        "Every member's live filters (all are public), searchable, filtered by figures, sorted and paged (SPEC §3 scanner list state)",
      description:
        "Rules are null for free users and visitors on others' filters (SPEC §6). Score: ROI shrunk towards −5% with 50 prior picks.",
      request: { query: ExploreQuery },
      data: answers.LiveFiltersExplore,
      errors: { 400: "A bad parameter" },
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.explore(user, access, c.req.valid("query")));
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/live-filters/suggested",
      tags,
      summary:
        "Suggested filters: the best scores of other members' filters with at least 10 picks and a desired outcome",
      data: answers.SuggestedLiveFilters,
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.suggested(user, access));
    },
  );

  api.openapi(
    route({
      method: "post",
      path: "/live-filters",
      tags,
      summary: "Creates a live filter (free 1, premium 40, add-on 150); without rules it starts inactive",
      request: jsonBody(FilterBody),
      data: answers.LiveFilter,
      errors: limited,
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.create(user, access, c.req.valid("json")));
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/live-filters/{id}",
      tags,
      summary: "A live filter with its figures",
      request: { params: IdParams },
      data: answers.LiveFilter,
      errors: { 404: "No such filter" },
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.filter(user, access, c.req.valid("param").id));
    },
  );

  api.openapi(
    route({
      method: "put",
      path: "/live-filters/{id}",
      tags,
      summary:
        "Changes a filter; a change of rules, desired outcome or leagues erases its history (duplicate it to keep the history)",
      request: { params: IdParams, ...jsonBody(FilterBody) },
      data: answers.LiveFilter,
      errors: signedIn,
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.update(user, access, c.req.valid("param").id, c.req.valid("json")));
    },
  );

  api.openapi(
    route({
      method: "delete",
      path: "/live-filters/{id}",
      tags,
      summary: "Deletes a filter (its imports keep working)",
      request: { params: IdParams },
      data: Done,
      errors: signedIn,
    }),
    async (c) => {
      await lf.remove(c.get("user"), c.req.valid("param").id);
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "post",
      path: "/live-filters/{id}/duplicate",
      tags,
      summary: "Copies one's own filter (the copy starts with no history)",
      request: { params: IdParams },
      data: answers.LiveFilter,
      errors: limited,
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.duplicate(user, access, c.req.valid("param").id));
    },
  );

  api.openapi(
    route({
      method: "post",
      path: "/live-filters/{id}/import",
      tags,
      summary:
        "Imports another member's filter (premium; SPEC §8 messages: login required, Go Premium, deleted filter, success)",
      request: { params: IdParams },
      data: answers.ImportedLiveFilter,
      errors: { ...limited, 409: "The filter has been deleted" },
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.importFilter(user, access, c.req.valid("param").id));
    },
  );

  api.openapi(
    route({
      method: "put",
      path: "/live-filters/{id}/mute",
      tags,
      summary: "Mutes (records picks, sends nothing) or unmutes a filter",
      request: { params: IdParams, ...jsonBody(z.object({ muted: z.boolean() }).openapi("LiveFilterMute")) },
      data: answers.LiveFilter,
      errors: signedIn,
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.setMuted(user, access, c.req.valid("param").id, c.req.valid("json").muted));
    },
  );

  api.openapi(
    route({
      method: "put",
      path: "/live-filters/{id}/active",
      tags,
      summary: "Activates or deactivates a filter (an inactive filter does nothing)",
      request: { params: IdParams, ...jsonBody(z.object({ active: z.boolean() }).openapi("LiveFilterActive")) },
      data: answers.LiveFilter,
      errors: signedIn,
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.setActive(user, access, c.req.valid("param").id, c.req.valid("json").active));
    },
  );

  api.openapi(
    route({
      method: "post",
      path: "/live-filters/{id}/rules",
      tags,
      summary: "Adds a rule (erases the filter's history)",
      request: { params: IdParams, ...jsonBody(RuleBody) },
      data: answers.LiveFilter,
      errors: signedIn,
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.addRule(user, access, c.req.valid("param").id, c.req.valid("json")));
    },
  );

  api.openapi(
    route({
      method: "put",
      path: "/live-filters/{id}/rules/{ruleId}",
      tags,
      summary: "Changes a rule (erases the filter's history)",
      request: { params: RuleParams, ...jsonBody(RuleBody) },
      data: answers.LiveFilter,
      errors: signedIn,
    }),
    async (c) => {
      const { user, access } = who(c);
      const { id, ruleId } = c.req.valid("param");
      return ok(c, await lf.updateRule(user, access, id, ruleId, c.req.valid("json")));
    },
  );

  api.openapi(
    route({
      method: "delete",
      path: "/live-filters/{id}/rules/{ruleId}",
      tags,
      summary: "Removes a rule (erases the filter's history)",
      request: { params: RuleParams },
      data: answers.LiveFilter,
      errors: signedIn,
    }),
    async (c) => {
      const { user, access } = who(c);
      const { id, ruleId } = c.req.valid("param");
      return ok(c, await lf.removeRule(user, access, id, ruleId));
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/live-filters/{id}/history",
      tags,
      summary: "The filter's picks, newest first, graded once the match has ended (the owner, or premium members)",
      request: { params: IdParams },
      data: answers.LiveFilterHistory,
      errors: { 401: "Not signed in", 403: "Premium required for others' picks", 404: "No such filter" },
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.history(user, access, c.req.valid("param").id));
    },
  );

  api.openapi(
    route({
      method: "delete",
      path: "/live-filters/{id}/history",
      tags,
      summary: "Clears the filter's history, or one pick with ?pickId=",
      request: {
        params: IdParams,
        query: z.object({ pickId: idText.optional().openapi({ param: { name: "pickId", in: "query" } }) }),
      },
      data: answers.ClearedLiveHistory,
      errors: signedIn,
    }),
    async (c) => {
      const pickId = c.req.valid("query").pickId;
      return ok(c, await lf.clearHistory(c.get("user"), c.req.valid("param").id, pickId ?? null));
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/live-filters/{id}/breakdown",
      tags,
      summary: "The filter's picks by league, with figures",
      request: { params: IdParams },
      data: answers.LiveFilterBreakdown,
      errors: { 401: "Not signed in", 403: "Premium required for others' picks", 404: "No such filter" },
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.breakdown(user, access, c.req.valid("param").id));
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/live-filters/{id}/matches",
      tags,
      summary: "The matches the filter watches: live now in its leagues, then those kicking off in the next 3 hours",
      request: { params: IdParams },
      data: answers.LiveFilterWatched,
      errors: { 404: "No such filter" },
    }),
    async (c) => {
      const { user, access } = who(c);
      return ok(c, await lf.watchedMatches(user, access, c.req.valid("param").id));
    },
  );

  return api;
}
