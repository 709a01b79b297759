/** The pre-match scanner's backtests under /api/v1/prematch/backtests (SPEC §3 backtesting). */
import { INTERVALS } from "../../domain/prematch/backtest.ts";
import type { Services } from "../../services/index.ts";
import { MIN_STAKE } from "../../services/scanner/prematch-backtests.ts";
import * as answers from "./answers.gen.ts";
import { createApiApp, idNumber, intText, jsonBody, numberText, ok, rawRoute, route, z } from "./contract.ts";
import { IdParams, PRE_MATCH_ERRORS as errors } from "./scanner-common.ts";

const tags = ["Pre-match scanner"];
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const BacktestInput = z
  .object({
    filterId: idNumber,
    interval: z.enum(INTERVALS).default("ThreeMonths"),
    from: z.iso.datetime({ offset: true }).optional().openapi({ description: "Custom: start" }),
    to: z.iso.datetime({ offset: true }).optional().openapi({ description: "Custom: end (default now)" }),
    leagueIds: z.array(idNumber).max(200).optional().openapi({ description: "empty: the filter's leagues, or all" }),
    stake: z
      .number()
      .min(MIN_STAKE)
      .max(1_000_000)
      .optional()
      .openapi({ description: "assumed stake per pick (default 10)" }),
  })
  .openapi("BacktestInput");

const UsersBacktestsQuery = z.object({
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
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});

const r = {
  submit: route({
    method: "post",
    path: "/prematch/backtests",
    tags,
    summary:
      "Backtest a filter (premium; a desired outcome and at least 3 rules). Answers with the id, status and queue position; a normal backtest is already Done.",
    request: jsonBody(BacktestInput),
    data: answers.Backtest,
    errors,
  }),
  mine: route({
    method: "get",
    path: "/prematch/backtests",
    tags,
    summary: "The caller's backtests, newest first",
    request: {
      query: z.object({
        page: z.coerce.number().int().min(1).max(10_000).default(1),
        perPage: z.coerce.number().int().min(1).max(100).default(40),
      }),
    },
    data: answers.MyBacktests,
    errors,
  }),
  users: route({
    method: "get",
    path: "/prematch/backtests/users",
    tags,
    summary: "The best backtests of all members (premium; rules and Excel with the add-on 'backtesting')",
    request: { query: UsersBacktestsQuery },
    data: answers.UsersBacktests,
    errors,
  }),
  one: route({
    method: "get",
    path: "/prematch/backtests/{id}",
    tags,
    summary: "A backtest with its status, queue position and result",
    request: { params: IdParams },
    data: answers.Backtest,
    errors,
  }),
  excel: rawRoute({
    method: "get",
    path: "/prematch/backtests/{id}/excel",
    tags,
    summary: "The .xlsx of a backtest: one row per pick (own backtests, or the add-on 'backtesting')",
    request: { params: IdParams },
    content: { [XLSX]: { schema: z.string().openapi({ format: "binary" }) } },
    contentDescription: "The workbook",
    errors,
  }),
  importFilter: route({
    method: "post",
    path: "/prematch/backtests/{id}/import",
    tags,
    summary: "Import the filter of a backtest (add-on 'backtesting' for others' backtests)",
    request: { params: IdParams },
    data: answers.PrematchFilter,
    errors,
  }),
};

export function preMatchBacktestRoutes(services: Services) {
  const api = createApiApp();
  const p = services.prematch;
  api.openapi(r.submit, async (c) => {
    const body = c.req.valid("json");
    const view = await p.submitBacktest(c.get("user"), c.get("access"), {
      filterId: body.filterId,
      interval: body.interval,
      ...(body.from ? { from: new Date(body.from) } : {}),
      ...(body.to ? { to: new Date(body.to) } : {}),
      ...(body.leagueIds ? { leagueIds: body.leagueIds } : {}),
      ...(body.stake ? { stake: body.stake } : {}),
    });
    return ok(c, view);
  });
  api.openapi(r.mine, async (c) => {
    const { page, perPage } = c.req.valid("query");
    return ok(c, await p.myBacktests(c.get("user"), c.get("access"), page, perPage));
  });
  api.openapi(r.users, async (c) => {
    const q = c.req.valid("query");
    const query = {
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
    };
    return ok(c, await p.usersBacktests(c.get("user"), c.get("access"), query));
  });
  api.openapi(r.one, async (c) => ok(c, await p.backtest(c.get("user"), c.get("access"), c.req.valid("param").id)));
  api.openapi(r.excel, async (c) => {
    const { file, name } = await p.backtestExcel(c.get("user"), c.get("access"), c.req.valid("param").id);
    return c.body(new Uint8Array(file), 200, {
      "content-type": XLSX,
      "content-disposition": `attachment; filename="${name}"`,
    });
  });
  api.openapi(r.importFilter, async (c) => {
    return ok(c, await p.importFromBacktest(c.get("user"), c.get("access"), c.req.valid("param").id));
  });
  return api;
}
