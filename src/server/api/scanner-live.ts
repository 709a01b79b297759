/** The live scanner's filters under /api/v1/live-filters (SPEC §2.4); the backtest: scanner-live-backtest.ts. */
import { DESIRED_OUTCOMES } from "../../domain/scanner/rules.ts";
import type { Services } from "../../services/index.ts";
import { EXPLORE_SORTS } from "../../services/scanner/live-explore.ts";
import * as answers from "./answers.gen.ts";
import {
  Done,
  createApiApp,
  done,
  idText,
  intText,
  jsonBody,
  numberText,
  ok,
  requireUser,
  route,
  z,
} from "./contract.ts";
import { IdParams, filterBody, callOf, filterRoutes, ruleCallOf, who } from "./scanner-common.ts";

const tags = ["Live scanner"];
const FilterBody = filterBody("live");

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

const r = filterRoutes({
  base: "/live-filters",
  tags,
  kind: "live",
  filter: answers.LiveFilter,
  imported: answers.ImportedLiveFilter,
  history: answers.LiveFilterHistory,
  filterBody: FilterBody,
  errors: {
    write: signedIn,
    limited,
    read: { 404: "No such filter" },
    history: { 401: "Not signed in", 403: "Premium required for others' picks", 404: "No such filter" },
  },
  summaries: {
    create: "Creates a live filter (free 1, premium 40, add-on 150); without rules it starts inactive",
    get: "A live filter with its figures",
    update:
      "Changes a filter; a change of rules, desired outcome or leagues erases its history (duplicate it to keep the history)",
    duplicate: "Copies one's own filter (the copy starts with no history)",
    import:
      "Imports another member's filter (premium; SPEC §8 messages: login required, Go Premium, deleted filter, success)",
    history: "The filter's picks, newest first, graded once the match has ended (the owner, or premium members)",
  },
  ruleEdit: " (erases the filter's history)",
});

/** The routes only live filters have. */
const live = {
  mine: route({
    method: "get",
    path: "/live-filters",
    tags,
    summary: "The caller's live filters with their figures, and the filter limit",
    data: answers.MyLiveFilters,
    errors: { 401: "Not signed in" },
  }),
  explore: route({
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
  suggested: route({
    method: "get",
    path: "/live-filters/suggested",
    tags,
    summary:
      "Suggested filters: the best scores of other members' filters with at least 10 picks and a desired outcome",
    data: answers.SuggestedLiveFilters,
  }),
  remove: route({
    method: "delete",
    path: "/live-filters/{id}",
    tags,
    summary: "Deletes a filter (its imports keep working)",
    request: { params: IdParams },
    data: Done,
    errors: signedIn,
  }),
  mute: route({
    method: "put",
    path: "/live-filters/{id}/mute",
    tags,
    summary: "Mutes (records picks, sends nothing) or unmutes a filter",
    request: { params: IdParams, ...jsonBody(z.object({ muted: z.boolean() }).openapi("LiveFilterMute")) },
    data: answers.LiveFilter,
    errors: signedIn,
  }),
  active: route({
    method: "put",
    path: "/live-filters/{id}/active",
    tags,
    summary: "Activates or deactivates a filter (an inactive filter does nothing)",
    request: { params: IdParams, ...jsonBody(z.object({ active: z.boolean() }).openapi("LiveFilterActive")) },
    data: answers.LiveFilter,
    errors: signedIn,
  }),
  clearHistory: route({
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
  breakdown: route({
    method: "get",
    path: "/live-filters/{id}/breakdown",
    tags,
    summary: "The filter's picks by league, with figures",
    request: { params: IdParams },
    data: answers.LiveFilterBreakdown,
    errors: { 401: "Not signed in", 403: "Premium required for others' picks", 404: "No such filter" },
  }),
  matches: route({
    method: "get",
    path: "/live-filters/{id}/matches",
    tags,
    summary: "The matches the filter watches: live now in its leagues, then those kicking off in the next 3 hours",
    request: { params: IdParams },
    data: answers.LiveFilterWatched,
    errors: { 404: "No such filter" },
  }),
};

/** API of the live scanner's filters (SPEC §2.4): list, explore, suggestions, CRUD, rules, import, history, breakdown, watched matches. */
export function liveFilterRoutes(services: Services) {
  const api = createApiApp();
  const lf = services.liveFilters;
  api.openapi(live.mine, async (c) => {
    const user = requireUser(c);
    return ok(c, await lf.myFilters(user, c.get("access")));
  });
  api.openapi(live.explore, async (c) => {
    const { user, access } = who(c);
    return ok(c, await lf.explore(user, access, c.req.valid("query")));
  });
  api.openapi(live.suggested, async (c) => {
    const { user, access } = who(c);
    return ok(c, await lf.suggested(user, access));
  });
  api.openapi(r.create, async (c) => ok(c, await lf.create(c.get("user"), c.get("access"), c.req.valid("json"))));
  api.openapi(r.get, async (c) => ok(c, await lf.filter(...callOf(c, c.req.valid("param")))));
  api.openapi(r.update, async (c) => ok(c, await lf.update(...callOf(c, c.req.valid("param")), c.req.valid("json"))));
  api.openapi(live.remove, async (c) => {
    await lf.remove(c.get("user"), c.req.valid("param").id);
    return done(c);
  });
  api.openapi(r.duplicate, async (c) => ok(c, await lf.duplicate(...callOf(c, c.req.valid("param")))));
  api.openapi(r.importFilter, async (c) => ok(c, await lf.importFilter(...callOf(c, c.req.valid("param")))));
  api.openapi(live.mute, async (c) => {
    const { user, access } = who(c);
    return ok(c, await lf.setMuted(user, access, c.req.valid("param").id, c.req.valid("json").muted));
  });
  api.openapi(live.active, async (c) => {
    const { user, access } = who(c);
    return ok(c, await lf.setActive(user, access, c.req.valid("param").id, c.req.valid("json").active));
  });
  api.openapi(r.addRule, async (c) => ok(c, await lf.addRule(...callOf(c, c.req.valid("param")), c.req.valid("json"))));
  api.openapi(r.updateRule, async (c) => {
    return ok(c, await lf.updateRule(...ruleCallOf(c, c.req.valid("param")), c.req.valid("json")));
  });
  api.openapi(r.removeRule, async (c) => ok(c, await lf.removeRule(...ruleCallOf(c, c.req.valid("param")))));
  api.openapi(r.history, async (c) => ok(c, await lf.history(...callOf(c, c.req.valid("param")))));
  api.openapi(live.clearHistory, async (c) => {
    const pickId = c.req.valid("query").pickId;
    return ok(c, await lf.clearHistory(c.get("user"), c.req.valid("param").id, pickId ?? null));
  });
  api.openapi(live.breakdown, async (c) => {
    const { user, access } = who(c);
    return ok(c, await lf.breakdown(user, access, c.req.valid("param").id));
  });
  api.openapi(live.matches, async (c) => {
    const { user, access } = who(c);
    return ok(c, await lf.watchedMatches(user, access, c.req.valid("param").id));
  });

  return api;
}
