import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { ErrorBody, idNumber, idParam, idText, intText, numberText, validationHook } from "./contract.ts";
import { INTERVALS } from "../../domain/prematch/backtest.ts";
import {
  CATEGORIES,
  COMPARATORS,
  DESIRED_OUTCOMES,
  LEAD_UNITS,
  NUMERIC_OPS,
  ODDS_BOOKMAKERS,
  ODDS_MARKETS,
  STATS,
  TARGETS,
  TIME_CONDITIONS,
  VENUES,
  WINDOWS,
} from "../../domain/scanner/rules.ts";
import { TEAM_EVENTS } from "../../domain/stats/team-events.ts";
import type { Services } from "../../services/index.ts";
import { MIN_STAKE } from "../../services/prematch.ts";
import type { RequestVars } from "../request-context.ts";

type Env = { Variables: RequestVars };

/** The services' views match the response schemas field for field; their TypeScript types differ only in optional-field spelling. */
const ok = (c: { json: (body: unknown, status: 200) => unknown }, data: unknown) => c.json({ data }, 200) as never;

const err = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });
const errors = {
  400: err("A bad parameter or body; `fields` names the fields"),
  401: err("Not signed in"),
  403: err("Not allowed: premium, add-on or filter limit (SPEC §8 messages)"),
  404: err("No such filter, rule or backtest"),
};
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema: z.object({ data: schema }) } } },
});

const id = idParam("id");
const IdParam = z.object({ id });
const RuleParam = z.object({
  id,
  ruleId: z
    .string()
    .min(1)
    .max(40)
    .openapi({ param: { name: "ruleId", in: "path" }, example: "r1" }),
});

const Minute = z.number().int().min(0).max(130);
export const RuleSchema = z
  .object({
    id: z.string(),
    category: z.enum(CATEGORIES),
    stat: z.string().openapi({
      description: "a statistic of the category (GET /prematch/catalogue), or a team-event key for preMatchStats",
      example: "win",
    }),
    target: z.enum(TARGETS),
    comparator: z.enum(COMPARATORS),
    value: z.number(),
    venue: z.enum(VENUES).optional(),
    window: z.enum(WINDOWS).optional(),
    time: z
      .object({ kind: z.enum(TIME_CONDITIONS), minute: Minute.optional(), toMinute: Minute.optional() })
      .optional(),
    oddsMarket: z.enum(ODDS_MARKETS).optional(),
    firstMinute: Minute.optional(),
    secondMinute: Minute.optional(),
    bookmaker: z.enum(ODDS_BOOKMAKERS).optional(),
    numeric: z.object({ op: z.enum(NUMERIC_OPS), stat: z.string(), withTarget: z.enum(TARGETS) }).optional(),
  })
  .openapi("ScannerRule");

const RuleBody = RuleSchema.omit({ id: true }).partial().openapi("ScannerRuleInput");

const LeadTime = z.object({ amount: z.number().int(), unit: z.enum(LEAD_UNITS) });
const FilterBody = z
  .object({
    name: z.string().optional(),
    note: z.string().optional(),
    desiredOutcome: z.enum(DESIRED_OUTCOMES).optional(),
    leagueIds: z.array(idNumber).optional(),
    muted: z.boolean().optional(),
    leadTime: LeadTime.optional(),
    rules: z.array(RuleBody).optional(),
  })
  .openapi("PrematchFilterInput");

const MatchBrief = z
  .object({
    fixtureId: z.number().int(),
    kickoff: z.string(),
    leagueId: z.number().int(),
    league: z.string(),
    country: z.string(),
    home: z.string(),
    away: z.string(),
    score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  })
  .openapi("PrematchMatch");

const Filter = z
  .object({
    id: z.number().int(),
    name: z.string(),
    note: z.string(),
    desiredOutcome: z.enum(DESIRED_OUTCOMES),
    leagueIds: z.array(z.number().int()),
    muted: z.boolean(),
    leadTime: LeadTime,
    rules: z
      .array(RuleSchema)
      .nullable()
      .openapi({ description: "null: hidden from a free user (another member's filter)" }),
    ruleCount: z.number().int(),
    owner: z.string(),
    mine: z.boolean(),
    deleted: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("PrematchFilter");

const Figures = z
  .object({
    picks: z.number().int(),
    won: z.number().int(),
    lost: z.number().int(),
    successRate: z.number().nullable(),
    roi: z.number().nullable(),
  })
  .openapi("PrematchFilterFigures");

const Profit = z.object({
  stake: z.number(),
  played: z.number(),
  winnings: z.number(),
  winningPicks: z.number().int(),
  losingPicks: z.number().int(),
  voidPicks: z.number().int(),
  picksWithOdds: z.number().int(),
  net: z.number(),
  roi: z.number().nullable(),
});
const Streaks = z.object({
  maxWinning: z.number(),
  maxLosing: z.number(),
  meanWinning: z.number(),
  meanLosing: z.number(),
  volatility: z.number(),
});
const BacktestFigures = z
  .object({
    analysed: z.number().int(),
    picks: z.number().int(),
    ratio: z.number(),
    successRate: z.number().nullable(),
    meanOdd: z.number().nullable(),
    meanWinningOdd: z.number().nullable(),
    profit: Profit,
    streaks: Streaks,
    closingLineValue: z
      .number()
      .nullable()
      .openapi({ description: "mean of opening ÷ closing − 1 over the picks with both prices" }),
    clvPicks: z.number().int(),
  })
  .openapi("BacktestFigures");

const Backtest = z
  .object({
    id: z.number().int(),
    status: z.enum(["Todo", "OnGoing", "Done", "EndedWithoutExcel", "EndedWithError"]),
    queuePosition: z.number().int().nullable().openapi({ description: "Todo: backtests ahead in the queue" }),
    filterId: z.number().int().nullable(),
    filter: z.object({
      name: z.string(),
      desiredOutcome: z.string(),
      rules: z.array(RuleSchema).nullable(),
      ruleCount: z.number().int(),
      leagueIds: z.array(z.number().int()),
    }),
    interval: z.string(),
    from: z.string(),
    to: z.string(),
    leagueIds: z.array(z.number().int()),
    stake: z.number(),
    owner: z.string(),
    mine: z.boolean(),
    hasExcel: z.boolean(),
    error: z.string().nullable(),
    summary: z.object({
      picks: z.number().nullable(),
      successRate: z.number().nullable(),
      roi: z.number().nullable(),
      meanWinningOdd: z.number().nullable(),
      leagues: z.number().nullable(),
    }),
    result: z
      .object({
        figures: BacktestFigures,
        leagues: z.array(BacktestFigures.extend({ leagueId: z.number().int(), name: z.string(), country: z.string() })),
        outOfSample: z.object({
          splitAt: z.number(),
          first: BacktestFigures,
          last: BacktestFigures,
          warning: z.boolean(),
        }),
        equity: z.array(z.tuple([z.number(), z.number()])),
        scanMs: z.number(),
      })
      .nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().nullable(),
  })
  .openapi("Backtest");

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const perPage = z.coerce.number().int().min(1).max(100).default(40);

const tags = ["Pre-match scanner"];
const r = {
  catalogue: createRoute({
    method: "get",
    path: "/prematch/catalogue",
    tags,
    summary:
      "The rule language: categories, statistics, targets, comparators, outcomes, team events, bookmakers, intervals",
    responses: {
      ...json(
        z.object({
          categories: z.array(z.string()),
          stats: z.array(
            z.object({ category: z.string(), stat: z.string(), scope: z.string(), scanners: z.array(z.string()) }),
          ),
          teamEvents: z.array(
            z.object({ key: z.string(), group: z.string(), label: z.string(), line: z.number().optional() }),
          ),
          targets: z.array(z.string()),
          comparators: z.array(z.string()),
          desiredOutcomes: z.array(z.string()),
          bookmakers: z.array(z.string()),
          intervals: z.array(z.string()),
          leagues: z.array(z.object({ id: z.number().int(), name: z.string(), country: z.string() })),
        }),
        "The catalogue",
      ),
    },
  }),
  myFilters: createRoute({
    method: "get",
    path: "/prematch/filters",
    tags,
    summary: "The caller's pre-match filters, and the caller's filter limit (free 1, premium 40, add-on 150)",
    responses: { ...json(z.object({ items: z.array(Filter), limit: z.number().int() }), "Filters"), 401: errors[401] },
  }),
  usersFilters: createRoute({
    method: "get",
    path: "/prematch/filters/users",
    tags,
    summary: "Other members' filters with their figures; rules only for premium members",
    request: { query: z.object({ desiredOutcome: z.enum(DESIRED_OUTCOMES).optional(), page, perPage }) },
    responses: { ...json(z.array(Filter.extend({ figures: Figures })), "Filters"), 400: errors[400] },
  }),
  create: createRoute({
    method: "post",
    path: "/prematch/filters",
    tags,
    summary: "Create a pre-match filter (SPEC §5 validation, SPEC §8 limits)",
    request: { body: { content: { "application/json": { schema: FilterBody } } } },
    responses: { ...json(Filter, "The filter"), ...errors },
  }),
  get: createRoute({
    method: "get",
    path: "/prematch/filters/{id}",
    tags,
    summary: "A filter",
    request: { params: IdParam },
    responses: { ...json(Filter, "The filter"), 400: errors[400], 404: errors[404] },
  }),
  update: createRoute({
    method: "put",
    path: "/prematch/filters/{id}",
    tags,
    summary: "Change a filter; changing its rules, outcome or leagues erases its history",
    request: { params: IdParam, body: { content: { "application/json": { schema: FilterBody } } } },
    responses: { ...json(Filter, "The filter"), ...errors },
  }),
  remove: createRoute({
    method: "delete",
    path: "/prematch/filters/{id}",
    tags,
    summary: "Delete a filter",
    request: { params: IdParam },
    responses: { ...json(z.object({ deleted: z.literal(true) }), "Deleted"), ...errors },
  }),
  duplicate: createRoute({
    method: "post",
    path: "/prematch/filters/{id}/duplicate",
    tags,
    summary: "Duplicate one of the caller's filters",
    request: { params: IdParam },
    responses: { ...json(Filter, "The copy"), ...errors },
  }),
  importFilter: createRoute({
    method: "post",
    path: "/prematch/filters/{id}/import",
    tags,
    summary: "Import another member's filter (premium)",
    request: { params: IdParam },
    responses: { ...json(Filter, "The copy"), ...errors, 409: err("The filter has been deleted") },
  }),
  addRule: createRoute({
    method: "post",
    path: "/prematch/filters/{id}/rules",
    tags,
    summary: "Add a rule",
    request: { params: IdParam, body: { content: { "application/json": { schema: RuleBody } } } },
    responses: { ...json(Filter, "The filter"), ...errors },
  }),
  updateRule: createRoute({
    method: "put",
    path: "/prematch/filters/{id}/rules/{ruleId}",
    tags,
    summary: "Change a rule",
    request: { params: RuleParam, body: { content: { "application/json": { schema: RuleBody } } } },
    responses: { ...json(Filter, "The filter"), ...errors },
  }),
  removeRule: createRoute({
    method: "delete",
    path: "/prematch/filters/{id}/rules/{ruleId}",
    tags,
    summary: "Remove a rule",
    request: { params: RuleParam },
    responses: { ...json(Filter, "The filter"), ...errors },
  }),
  upcoming: createRoute({
    method: "get",
    path: "/prematch/filters/{id}/upcoming",
    tags,
    summary: "Fixtures of the next 7 days that the filter matches now",
    request: { params: IdParam },
    responses: { ...json(z.array(MatchBrief), "Fixtures"), ...errors },
  }),
  history: createRoute({
    method: "get",
    path: "/prematch/filters/{id}/history",
    tags,
    summary: "The filter's picks (alerts), newest first, with their grade once the match has ended",
    request: { params: IdParam },
    responses: {
      ...json(
        z.array(
          z.object({
            id: z.number().int(),
            fixtureId: z.number().int(),
            odds: z.number().nullable(),
            grade: z.string().nullable(),
            createdAt: z.string(),
            match: MatchBrief.nullable(),
          }),
        ),
        "Picks",
      ),
      ...errors,
    },
  }),
  clearHistory: createRoute({
    method: "delete",
    path: "/prematch/filters/{id}/history",
    tags,
    summary: "Clear the history (or one pick with ?pickId=)",
    request: { params: IdParam, query: z.object({ pickId: idText.optional() }) },
    responses: { ...json(z.object({ deleted: z.number().int() }), "Deleted picks"), ...errors },
  }),
  submit: createRoute({
    method: "post",
    path: "/prematch/backtests",
    tags,
    summary:
      "Backtest a filter (premium; a desired outcome and at least 3 rules). Answers with the id, status and queue position; a normal backtest is already Done.",
    request: {
      body: {
        content: {
          "application/json": {
            schema: z
              .object({
                filterId: idNumber,
                interval: z.enum(INTERVALS).default("ThreeMonths"),
                from: z.iso.datetime({ offset: true }).optional().openapi({ description: "Custom: start" }),
                to: z.iso.datetime({ offset: true }).optional().openapi({ description: "Custom: end (default now)" }),
                leagueIds: z
                  .array(idNumber)
                  .max(200)
                  .optional()
                  .openapi({ description: "empty: the filter's leagues, or all" }),
                stake: z
                  .number()
                  .min(MIN_STAKE)
                  .max(1_000_000)
                  .optional()
                  .openapi({ description: "assumed stake per pick (default 10)" }),
              })
              .openapi("BacktestInput"),
          },
        },
      },
    },
    responses: { ...json(Backtest, "The backtest"), ...errors },
  }),
  myBacktests: createRoute({
    method: "get",
    path: "/prematch/backtests",
    tags,
    summary: "The caller's backtests, newest first",
    request: { query: z.object({ page, perPage }) },
    responses: { ...json(z.array(Backtest), "Backtests"), ...errors },
  }),
  usersBacktests: createRoute({
    method: "get",
    path: "/prematch/backtests/users",
    tags,
    summary: "The best backtests of all members (premium; rules and Excel with the add-on 'backtesting')",
    request: {
      query: z.object({
        interval: z.enum(INTERVALS).default("ThreeMonths"),
        minTotalPicks: intText(0, 999_999).default(0),
        minSuccessPercentage: numberText(0, 100).default(0),
        maxSuccessPercentage: numberText(0, 100).default(100),
        minCalculatedRoi: z
          .string()
          .regex(/^-?\d{1,6}(\.\d{1,4})?$/, { error: "apiErrors.validation.number" })
          .transform(Number)
          .optional()
          .openapi({ type: "number" }),
        minAvgWinningOddValue: numberText(0, 10_000).optional(),
        minNumberOfLeagues: intText(0, 1000).default(25),
        sortBy: z.enum(["roi", "successRate", "picks", "createdAt"]).default("createdAt"),
        sortOrder: z.enum(["asc", "desc"]).default("desc"),
        page,
        perPage: z.coerce.number().int().min(1).max(100).default(10),
      }),
    },
    responses: { ...json(z.object({ total: z.number().int(), items: z.array(Backtest) }), "Backtests"), ...errors },
  }),
  backtest: createRoute({
    method: "get",
    path: "/prematch/backtests/{id}",
    tags,
    summary: "A backtest with its status, queue position and result",
    request: { params: IdParam },
    responses: { ...json(Backtest, "The backtest"), ...errors },
  }),
  excel: createRoute({
    method: "get",
    path: "/prematch/backtests/{id}/excel",
    tags,
    summary: "The .xlsx of a backtest: one row per pick (own backtests, or the add-on 'backtesting')",
    request: { params: IdParam },
    responses: {
      200: {
        description: "The workbook",
        content: {
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
            schema: z.string().openapi({ format: "binary" }),
          },
        },
      },
      ...errors,
    },
  }),
  importBacktest: createRoute({
    method: "post",
    path: "/prematch/backtests/{id}/import",
    tags,
    summary: "Import the filter of a backtest (add-on 'backtesting' for others' backtests)",
    request: { params: IdParam },
    responses: { ...json(Filter, "The new filter"), ...errors },
  }),
};

/** API of the pre-match scanner under /api/v1: filters, rules, upcoming matches, history, backtests. */
export function prematchRoutes(services: Services) {
  // The one validation hook of the API: message keys, per-field texts in the caller's language.
  const api = new OpenAPIHono<Env>({ defaultHook: validationHook as never });
  const p = services.prematch;
  const who = (c: { get: (k: "user" | "access") => unknown }) => ({
    user: c.get("user") as { id: number } | null,
    access: c.get("access") as RequestVars["access"],
  });

  api.openapi(r.catalogue, async (c) =>
    ok(c, {
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
      leagues: await p.leagues(),
    }),
  );
  api.openapi(r.myFilters, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.myFilters(user, access));
  });
  api.openapi(r.usersFilters, async (c) => {
    const { user, access } = who(c);
    const q = c.req.valid("query");
    return ok(
      c,
      await p.usersFilters(user, access, {
        ...(q.desiredOutcome ? { desiredOutcome: q.desiredOutcome } : {}),
        page: q.page,
        perPage: q.perPage,
      }),
    );
  });
  api.openapi(r.create, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.create(user, access, c.req.valid("json")));
  });
  api.openapi(r.get, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.filter(user, access, c.req.valid("param").id));
  });
  api.openapi(r.update, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.update(user, access, c.req.valid("param").id, c.req.valid("json")));
  });
  api.openapi(r.remove, async (c) => {
    const { user } = who(c);
    await p.remove(user, c.req.valid("param").id);
    return ok(c, { deleted: true as const });
  });
  api.openapi(r.duplicate, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.duplicate(user, access, c.req.valid("param").id));
  });
  api.openapi(r.importFilter, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.importFilter(user, access, c.req.valid("param").id));
  });
  api.openapi(r.addRule, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.addRule(user, access, c.req.valid("param").id, c.req.valid("json")));
  });
  api.openapi(r.updateRule, async (c) => {
    const { user, access } = who(c);
    const { id: filterId, ruleId } = c.req.valid("param");
    return ok(c, await p.updateRule(user, access, filterId, ruleId, c.req.valid("json")));
  });
  api.openapi(r.removeRule, async (c) => {
    const { user, access } = who(c);
    const { id: filterId, ruleId } = c.req.valid("param");
    return ok(c, await p.removeRule(user, access, filterId, ruleId));
  });
  api.openapi(r.upcoming, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.upcomingMatches(user, access, c.req.valid("param").id));
  });
  api.openapi(r.history, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.history(user, access, c.req.valid("param").id));
  });
  api.openapi(r.clearHistory, async (c) => {
    const { user } = who(c);
    return ok(c, { deleted: await p.clearHistory(user, c.req.valid("param").id, c.req.valid("query").pickId ?? null) });
  });
  api.openapi(r.submit, async (c) => {
    const { user, access } = who(c);
    const body = c.req.valid("json");
    const view = await p.submitBacktest(user, access, {
      filterId: body.filterId,
      interval: body.interval,
      ...(body.from ? { from: new Date(body.from) } : {}),
      ...(body.to ? { to: new Date(body.to) } : {}),
      ...(body.leagueIds ? { leagueIds: body.leagueIds } : {}),
      ...(body.stake ? { stake: body.stake } : {}),
    });
    return ok(c, view);
  });
  api.openapi(r.myBacktests, async (c) => {
    const { user, access } = who(c);
    const q = c.req.valid("query");
    return ok(c, await p.myBacktests(user, access, q.page, q.perPage));
  });
  api.openapi(r.usersBacktests, async (c) => {
    const { user, access } = who(c);
    const q = c.req.valid("query");
    return ok(
      c,
      await p.usersBacktests(user, access, {
        interval: q.interval,
        minPicks: q.minTotalPicks,
        minSuccess: q.minSuccessPercentage,
        maxSuccess: q.maxSuccessPercentage,
        minRoi: q.minCalculatedRoi ?? null,
        minMeanWinningOdd: q.minAvgWinningOddValue ?? null,
        minLeagues: q.minNumberOfLeagues,
        sortBy: q.sortBy,
        sortOrder: q.sortOrder,
        page: q.page,
        perPage: q.perPage,
      }),
    );
  });
  api.openapi(r.backtest, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.backtest(user, access, c.req.valid("param").id));
  });
  api.openapi(r.excel, async (c) => {
    const { user, access } = who(c);
    const { file, name } = await p.backtestExcel(user, access, c.req.valid("param").id);
    return c.body(new Uint8Array(file), 200, {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${name}"`,
    }) as never;
  });
  api.openapi(r.importBacktest, async (c) => {
    const { user, access } = who(c);
    return ok(c, await p.importFromBacktest(user, access, c.req.valid("param").id));
  });
  return api;
}
