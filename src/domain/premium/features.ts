import type { Addon } from "./plans.ts";

/**
 * What the landed version can do, in ONE place: the plans, register and login pages offer a feature, and the
 * server sells an add-on, only when its flag is on. Whoever lands a feature turns its flag on here.
 */
export const FEATURES = {
  /** the live scanner: live filters, alerts and their notifications (SPEC §2.4 /vip/football-live-scanner) */
  liveScanner: { available: true },
  /** the pre-match scanner and its backtesting (SPEC §2.4 /vip/pre-match-scanner-for-football) */
  preMatchScanner: { available: true },
  /** the value-bet bot (SPEC §2.4 /vip/value-bet-bot) */
  valueBetBot: { available: true },
  /** the trend bot */
  trendBot: { available: true },
  /** the private Telegram group (SPEC §2.4 /vip/telegram-group) */
  telegramGroup: { available: true },
  /** add-on: up to 150 scanner filters */
  filtersAddon: { available: true },
  /** add-on: other users' backtests (import, rules, Excel) */
  backtestingAddon: { available: true },
} satisfies Record<string, { available: boolean }>;

export type Feature = keyof typeof FEATURES;
export type FeatureFlags = Record<Feature, boolean>;

/** The flags as they are declared above (services take them from their context, so a test can turn one on). */
export const FEATURE_FLAGS: FeatureFlags = Object.fromEntries(
  Object.entries(FEATURES).map(([k, v]) => [k, v.available]),
) as FeatureFlags;

/** The feature an add-on adds to: it is sold only while that feature exists. */
export const ADDON_FEATURE: Record<Addon, Feature> = { filters: "filtersAddon", backtesting: "backtestingAddon" };

/** The add-ons on sale with these flags. */
export function addonsOnSale(flags: FeatureFlags = FEATURE_FLAGS): Addon[] {
  return (Object.keys(ADDON_FEATURE) as Addon[]).filter((addon) => flags[ADDON_FEATURE[addon]]);
}

/** Whether any scanner exists (texts that speak of "the scanners" depend on it). */
export function hasScanners(flags: FeatureFlags = FEATURE_FLAGS): boolean {
  return flags.liveScanner || flags.preMatchScanner;
}
