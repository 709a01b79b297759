import { remainingDays } from "../../domain/premium/access.ts";
import { type Addon, firstPeriodPrice } from "../../domain/premium/plans.ts";
import { addonsOnSale } from "../../domain/premium/features.ts";
import * as q from "../../db/queries/premium.ts";
import { ServiceError } from "../errors.ts";
import { type PaymentsDeps, RECURRING } from "./deps.ts";

/** A checkout's return page reports the payments of the last day. */
const RESULT_WINDOW_MS = 86_400_000;

export type CheckoutResult =
  | { state: "signIn" }
  | { state: "none" }
  | { state: "paid"; kind: string; planMonths: number | null; receiptNumber: string; premiumUntil: string | null };

/** What the profile and the Premium room show: the subscription, remaining days and the payments. */
export async function overview(d: PaymentsDeps, user: { id: number }) {
  const { ctx } = d;
  const now = ctx.clock.now();
  const subscription = await q.currentSubscription(ctx.pool, user.id);
  return {
    subscription: subscription && {
      id: subscription.id,
      provider: subscription.provider,
      planMonths: subscription.planMonths,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
      autoRenewal:
        RECURRING.has(subscription.provider) && !subscription.cancelAtPeriodEnd && subscription.status !== "canceled",
      recurring: RECURRING.has(subscription.provider),
      managedByApple: subscription.provider === "apple",
      addonUpTo150Filters: subscription.addonFilters,
      backtestingImport: subscription.addonBacktesting,
    },
    remainingDays: remainingDays(subscription, now),
    payments: (await q.paymentsOf(ctx.pool, user.id)).map((p) => ({
      id: p.id,
      kind: p.kind,
      planMonths: p.planMonths,
      amountCents: p.amountCents,
      currency: p.currency,
      paidAt: p.paidAt.toISOString(),
      receiptNumber: p.receiptNumber,
    })),
    transfers: (await q.transfersOf(ctx.pool, user.id)).map((t) => ({
      ...t,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}

/**
 * What a checkout's return page may say: nothing to a visitor (sign in), "no payment found" to someone who
 * paid nothing of this kind in the last day, else the payment and what it gave (premium until, an extension,
 * an add-on). The page never claims a payment the person did not make.
 */
export async function checkoutResult(
  d: PaymentsDeps,
  user: { id: number } | null,
  outcome: "success" | "addons",
): Promise<CheckoutResult> {
  const { ctx } = d;
  if (!user) return { state: "signIn" };
  const now = ctx.clock.now();
  const kinds = outcome === "addons" ? ["addon_filters", "addon_backtesting"] : ["subscription", "extension"];
  const payment = await q.latestPaymentSince(ctx.pool, user.id, kinds, new Date(now.getTime() - RESULT_WINDOW_MS));
  if (!payment) return { state: "none" };
  const current = await q.currentSubscription(ctx.pool, user.id);
  return {
    state: "paid",
    kind: payment.kind,
    planMonths: payment.planMonths,
    receiptNumber: payment.receiptNumber,
    premiumUntil: current && current.currentPeriodEnd > now ? current.currentPeriodEnd.toISOString() : null,
  };
}

/** The price list of the plans page (first period discounted for an account that never paid). */
export async function offer(d: PaymentsDeps, user: { id: number } | null) {
  const { ctx, prices, features } = d;
  const discounted = !user || !(await q.hasPaid(ctx.pool, user.id));
  return {
    currency: prices.currency,
    discountPercent: discounted ? prices.firstPeriodDiscountPercent : 0,
    plans: ([1, 3, 12] as const).map((months) => ({
      months,
      price: prices.plans[months],
      firstPeriodPrice: discounted ? firstPeriodPrice(prices, months) : prices.plans[months],
    })),
    // Only the add-ons whose feature exists are offered (and sold: see startCheckout).
    addons: Object.fromEntries(addonsOnSale(features).map((addon) => [addon, prices.addons[addon]])) as Partial<
      Record<Addon, number>
    >,
  };
}

export async function receipt(d: PaymentsDeps, user: { id: number }, paymentId: number) {
  const { ctx } = d;
  const payment = await q.paymentOf(ctx.pool, user.id, paymentId);
  if (!payment) throw new ServiceError(404, "payments.noReceipt");
  return payment;
}

/** Auto-renew on or off (SPEC §7.1 autoRenewal): cancel at period end with the provider, then here. */
export async function setAutoRenewal(
  d: PaymentsDeps,
  user: { id: number },
  subscriptionId: number,
  autoRenewal: unknown,
) {
  const { ctx, provider } = d;
  if (typeof autoRenewal !== "boolean") throw new ServiceError(400, "payments.autoRenewalBoolean");
  const sub = await q.subscriptionById(ctx.pool, subscriptionId);
  if (!sub || sub.userId !== user.id) throw new ServiceError(404, "payments.noSubscription");
  if (sub.provider === "apple") throw new ServiceError(400, "payments.appleManaged");
  if (!RECURRING.has(sub.provider) || sub.status === "canceled") throw new ServiceError(400, "payments.notRecurring");
  if (sub.provider !== provider.name) throw new ServiceError(400, "payments.otherProvider");
  await provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, !autoRenewal);
  await q.setCancelAtPeriodEnd(ctx.pool, sub.id, !autoRenewal);
  return overview(d, user);
}
