/**
 * The scanner's API under /api/v1, one feature for two kinds of filter: pre-match (`/prematch/...`,
 * scanner-prematch.ts and scanner-backtests.ts) and live (`/live-filters/...`, scanner-live.ts and
 * scanner-live-backtest.ts); what they share: scanner-common.ts.
 */
import type { Services } from "../../services/index.ts";
import { createApiApp } from "./contract.ts";
import { preMatchBacktestRoutes } from "./scanner-backtests.ts";
import { liveBacktestRoutes } from "./scanner-live-backtest.ts";
import { liveFilterRoutes } from "./scanner-live.ts";
import { preMatchFilterRoutes } from "./scanner-prematch.ts";

/** Every scanner route, mounted with one line in app.ts. */
export function scannerRoutes(services: Services) {
  const api = createApiApp();
  api.route("/", preMatchFilterRoutes(services));
  api.route("/", preMatchBacktestRoutes(services));
  api.route("/", liveBacktestRoutes(services));
  api.route("/", liveFilterRoutes(services));
  return api;
}
