/** SPEC §9 affiliate programme. */
export const AFFILIATE = {
  commissionPercent: 30,
  cookieDays: 60,
  /** commissions lock this long after the end of the month they were earned in */
  lockDays: 14,
  minPayoutCents: 3000,
  premiumDaysPerEuro: 3,
} as const;

export const PAYOUT_METHODS = ["paypal", "skrill", "bank_transfer", "crypto", "premium_days"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export function isPayoutMethod(value: unknown): value is PayoutMethod {
  return (PAYOUT_METHODS as readonly unknown[]).includes(value);
}

export function commissionCents(paymentCents: number): number {
  return Math.floor((paymentCents * AFFILIATE.commissionPercent) / 100);
}

/** The earning period of an instant: its calendar month in UTC, as YYYY-MM. */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** When the commissions of a period lock: two weeks after the period's last day ends. */
export function lockDate(period: string): Date {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1) + AFFILIATE.lockDays * 86_400_000);
}

export function isLocked(period: string, now: Date): boolean {
  return now.getTime() >= lockDate(period).getTime();
}

/** Premium days bought with a payout taken as days (3 a euro, whole euros). */
export function premiumDaysFor(amountCents: number): number {
  return Math.floor(amountCents / 100) * AFFILIATE.premiumDaysPerEuro;
}
