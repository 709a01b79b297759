/**
 * The periods of a live-filter backtest, back from now (SPEC §9 intervals from 30 days to 24 months). Each is one of
 * the pre-match backtest's intervals, and its dates are `intervalRange` of domain/prematch/backtest.ts (calendar
 * months, clamped at the month's end).
 */
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
