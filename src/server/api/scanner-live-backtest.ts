/** The live scanner's backtest under /api/v1/live-filters/backtest. */
import { DESIRED_OUTCOMES } from "../../domain/scanner/rules.ts";
import type { Services } from "../../services/index.ts";
import { LIVE_BACKTEST_INTERVALS } from "../../domain/scanner/live-backtest-intervals.ts";
import * as answers from "./answers.gen.ts";
import { createApiApp, idNumber, jsonBody, ok, route, z } from "./contract.ts";
import { ruleBody } from "./scanner-common.ts";

const tags = ["Live scanner"];

/** What a backtest takes: a live filter's rules, desired outcome and leagues (not saved yet), and a period. */
const LiveBacktestInput = z
  .object({
    // The rule schema of POST /live-filters: rules need no id.
    rules: z
      .array(ruleBody("live"))
      .openapi({ description: "the filter's rules (at least one); SPEC §5 messages per field" }),
    desiredOutcome: z.enum(DESIRED_OUTCOMES).openapi({ description: "how picks are judged (not none or all)" }),
    leagueIds: z.array(idNumber).optional().openapi({ description: "empty or absent: every league" }),
    interval: z
      .enum(LIVE_BACKTEST_INTERVALS)
      .optional()
      .openapi({ description: "the period back from now (default ThreeMonths)" }),
  })
  .openapi("LiveBacktestInput");

const backtest = route({
  method: "post",
  path: "/live-filters/backtest",
  tags,
  summary:
    "Backtest a live filter before saving it (premium): replayed minute by minute over the stored timelines of the period's matches",
  description:
    "Walk-forward: at each minute the rules see the match up to that minute, the live odds of that minute and the pre-match figures known before kick-off; the first moment all rules hold is the pick, priced at the live odd of the desired outcome then (as live alerts are) and judged like an alert. The goal and event minutes of replayed matches are simulated from each match's totals (eventMinutes: simulated), so their live prices are the model's; prices stop at maxLivePrice (101, where real in-play markets stop) and a pick priced above it has no odd, is left out of the ROI and is counted in beyondCap. Answers inline with the figures of live alerts, the per-league breakdown, an equity curve and the newest 300 picks.",
  request: jsonBody(LiveBacktestInput),
  data: answers.LiveBacktest,
  errors: { 401: "Not signed in", 403: "Not premium (SPEC §6 message)" },
});

export function liveBacktestRoutes(services: Services) {
  const api = createApiApp();
  api.openapi(backtest, async (c) =>
    ok(c, await services.liveBacktest.run(c.req.valid("json"), c.get("access"), c.get("user")?.id)),
  );
  return api;
}
