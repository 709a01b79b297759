/** Plans of SPEC §9: 1, 3 and 12 months, billed monthly, quarterly and annually, with a first-period discount. */
export const PLAN_MONTHS = [1, 3, 12] as const;
export type PlanMonths = (typeof PLAN_MONTHS)[number];

export const ADDONS = ["filters", "backtesting"] as const;
export type Addon = (typeof ADDONS)[number];

export interface Prices {
  /** price of each plan per billing period, in cents */
  plans: Record<PlanMonths, number>;
  addons: Record<Addon, number>;
  currency: string;
  /** percent off the first billing period */
  firstPeriodDiscountPercent: number;
}

export const DEFAULT_PRICES: Prices = {
  plans: { 1: 1499, 3: 3499, 12: 9999 },
  addons: { filters: 999, backtesting: 999 },
  currency: "EUR",
  firstPeriodDiscountPercent: 30,
};

export function isPlanMonths(value: unknown): value is PlanMonths {
  return (PLAN_MONTHS as readonly unknown[]).includes(value);
}

export function isAddon(value: unknown): value is Addon {
  return (ADDONS as readonly unknown[]).includes(value);
}

export function firstPeriodPrice(prices: Prices, plan: PlanMonths): number {
  return Math.round((prices.plans[plan] * (100 - prices.firstPeriodDiscountPercent)) / 100);
}

/** The end of a billing period that starts at `from`: calendar months, clamped to the month's last day. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
