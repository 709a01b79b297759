/** The periods of a live-filter backtest, back from now (SPEC §9 intervals from 30 days to 24 months). */
export const LIVE_BACKTEST_INTERVALS = [
  "ThirtyDays",
  "ThreeMonths",
  "SixMonths",
  "NineMonths",
  "TwelveMonths",
  "TwentyFourMonths",
] as const;
export type LiveBacktestInterval = (typeof LIVE_BACKTEST_INTERVALS)[number];
export const DEFAULT_LIVE_BACKTEST_INTERVAL: LiveBacktestInterval = "ThreeMonths";
