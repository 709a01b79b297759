/** What a caller may use: premium is the presence of an active subscription, add-ons come from it (SPEC §6). */
export interface Access {
  loggedIn: boolean;
  premium: boolean;
  addonFilters: boolean;
  addonBacktesting: boolean;
}

export const VISITOR: Access = { loggedIn: false, premium: false, addonFilters: false, addonBacktesting: false };
export const FREE_USER: Access = { ...VISITOR, loggedIn: true };

export interface SubscriptionState {
  status: string;
  currentPeriodEnd: Date;
  addonFilters: boolean;
  addonBacktesting: boolean;
}

/** A subscription counts until the end of the period paid for, whatever happened to it since. */
export function isActive(subscription: SubscriptionState, now: Date): boolean {
  return subscription.currentPeriodEnd.getTime() > now.getTime();
}

export function accessOf(loggedIn: boolean, subscription: SubscriptionState | null, now: Date): Access {
  if (!loggedIn) return VISITOR;
  if (!subscription || !isActive(subscription, now)) return FREE_USER;
  return {
    loggedIn,
    premium: true,
    addonFilters: subscription.addonFilters,
    addonBacktesting: subscription.addonBacktesting,
  };
}

/** Whole days of premium left, counting a started day (the profile's "remaining PREMIUM days"). */
export function remainingDays(subscription: SubscriptionState | null, now: Date): number {
  if (!subscription || !isActive(subscription, now)) return 0;
  return Math.ceil((subscription.currentPeriodEnd.getTime() - now.getTime()) / 86_400_000);
}
