import type { Access } from "./access.ts";

/** SPEC §6/§9 limits and the SPEC §8 message each one answers with. */
export const LIMITS = {
  liveFilters: { free: 1, premium: 40, addon: 150 },
  preMatchFilters: { free: 1, premium: 40, addon: 150 },
  freeLiveNotificationsPerDay: 5,
} as const;

export type FilterKind = "live" | "preMatch";

export function filterLimit(kind: FilterKind, access: Access): number {
  const limits = kind === "live" ? LIMITS.liveFilters : LIMITS.preMatchFilters;
  if (!access.premium) return limits.free;
  return access.addonFilters ? limits.addon : limits.premium;
}

/** The message key shown when one more filter would pass the limit, or null while there is room. */
export function filterLimitMessage(kind: FilterKind, access: Access, existing: number): string | null {
  if (existing < filterLimit(kind, access)) return null;
  if (!access.premium) return kind === "live" ? "premium.limitFreeLiveFilter" : "premium.limitFreePreMatchFilter";
  return access.addonFilters ? "premium.limitAddonFilters" : "premium.limitPremiumFilters";
}

/** Free users get 5 live notifications a day; premium members are not counted. */
export function liveNotificationAllowed(access: Access, sentToday: number): boolean {
  return access.premium || sentToday < LIMITS.freeLiveNotificationsPerDay;
}
