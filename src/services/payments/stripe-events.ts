import type Stripe from "stripe";
import { METADATA } from "../../data/payments/provider.ts";
import type { PoolClient } from "../../db/client.ts";
import * as q from "../../db/queries/premium.ts";
import { addMonths, isAddon } from "../../domain/premium/plans.ts";
import { recordCommission } from "../affiliates.ts";
import { badRequest } from "../errors.ts";
import type { PaymentsDeps } from "./deps.ts";

/** The provider's events (Stripe's shapes; the sandbox sends the same) applied to subscriptions and payments. */

const unix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe's subscription status as ours: premium itself only follows the paid period. */
function statusOf(stripeStatus: string): string {
  if (stripeStatus === "active" || stripeStatus === "trialing") return "active";
  if (stripeStatus === "past_due" || stripeStatus === "unpaid") return "past_due";
  if (stripeStatus === "incomplete") return "incomplete";
  return "canceled";
}

function numberMeta(metadata: Stripe.Metadata | null | undefined, key: string): number | null {
  const value = Number(metadata?.[key]);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Never two billing subscriptions: a plan paid while the member's billing subscription runs (auto-renew off, or
 * two checkouts paid at once) is merged into it. Its provider subscription is kept as a row with the status
 * "merged" (granting nothing, so that its later events change nothing) and ended at the provider; its invoice
 * extends the running period by the plan (see invoicePaid). The member's lock makes concurrent payments take turns.
 * Returns the row of this provider subscription, or null when it is not known yet.
 */
async function mergeIfRunning(
  d: PaymentsDeps,
  tx: PoolClient,
  userId: number,
  planMonths: number,
  providerSubId: string,
  createdAt: Date,
) {
  const { ctx, provider } = d;
  await q.lockBilling(tx, userId);
  const existing = await q.subscriptionByProviderId(tx, provider.name, providerSubId);
  if (existing) return existing;
  const running = await q.runningBillingSubscription(tx, userId, providerSubId, ctx.clock.now());
  if (!running) return null;
  const merged = await q.upsertSubscription(tx, {
    userId,
    provider: provider.name,
    providerSubscriptionId: providerSubId,
    providerCustomerId: null,
    planMonths,
    status: "merged",
    currentPeriodEnd: createdAt,
    cancelAtPeriodEnd: true,
  });
  // Inside the transaction: when the provider cannot be told, nothing is recorded and the event comes again.
  await provider.cancelSubscription(providerSubId);
  return merged;
}

async function subscriptionEvent(d: PaymentsDeps, tx: PoolClient, sub: Stripe.Subscription, deleted: boolean) {
  const { ctx, provider } = d;
  let existing = await q.subscriptionByProviderId(tx, provider.name, sub.id);
  const userId = numberMeta(sub.metadata, METADATA.userId) ?? existing?.userId;
  const planMonths = numberMeta(sub.metadata, METADATA.planMonths) ?? existing?.planMonths;
  if (!userId || !planMonths)
    throw badRequest("apiErrors.paymentEventIncomplete", { object: "subscription", id: sub.id });
  if (!existing && !deleted)
    existing = await mergeIfRunning(d, tx, userId, planMonths, sub.id, new Date(sub.created * 1000));
  // A merged subscription's own events (updated, deleted by its cancellation) change nothing.
  if (existing?.status === "merged") return;
  const status = deleted ? "canceled" : statusOf(sub.status);
  const periodEnd = unix(sub.items?.data?.[0]?.current_period_end) ?? new Date(sub.created * 1000);
  const row = await q.upsertSubscription(tx, {
    userId,
    provider: provider.name,
    providerSubscriptionId: sub.id,
    providerCustomerId: typeof sub.customer === "string" ? sub.customer : (sub.customer?.id ?? null),
    planMonths,
    // An unpaid first invoice grants nothing: its period starts counting when the invoice is paid.
    status,
    currentPeriodEnd: status === "incomplete" ? new Date(sub.created * 1000) : periodEnd,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  });
  if (!existing) await q.carryAddons(tx, userId, row.id);
  if (deleted) await q.endSubscription(tx, row.id, unix(sub.ended_at) ?? ctx.clock.now());
}

async function invoicePaid(d: PaymentsDeps, tx: PoolClient, invoice: Stripe.Invoice, eventAt: Date) {
  const { ctx, provider } = d;
  const details = invoice.parent?.subscription_details;
  const providerSubId = typeof details?.subscription === "string" ? details.subscription : details?.subscription?.id;
  if (!providerSubId) return; // not a subscription invoice: add-ons arrive as checkout sessions
  let existing = await q.subscriptionByProviderId(tx, provider.name, providerSubId);
  const userId = existing?.userId ?? numberMeta(details?.metadata, METADATA.userId);
  const planMonths = existing?.planMonths ?? numberMeta(details?.metadata, METADATA.planMonths);
  if (!userId || !planMonths)
    throw badRequest("apiErrors.paymentEventIncomplete", { object: "invoice", id: invoice.id ?? "" });
  const paidAt = unix(invoice.status_transitions?.paid_at) ?? eventAt;
  if (!existing) existing = await mergeIfRunning(d, tx, userId, planMonths, providerSubId, paidAt);
  if (existing?.status === "merged") {
    await q.lockBilling(tx, userId);
    const running = await q.runningBillingSubscription(tx, userId, providerSubId, ctx.clock.now());
    if (running) return extendRunning(d, tx, running, invoice, providerSubId, planMonths, paidAt);
    // The running one ended meanwhile: this plan stands on its own, once, as the member's only subscription.
  }
  const periodEnd = new Date(Math.max(...invoice.lines.data.map((l) => l.period.end * 1000)));
  const sub = await q.upsertSubscription(tx, {
    userId,
    provider: provider.name,
    providerSubscriptionId: providerSubId,
    providerCustomerId: typeof invoice.customer === "string" ? invoice.customer : null,
    planMonths,
    status: "active",
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: existing?.cancelAtPeriodEnd ?? false,
  });
  if (!existing) await q.carryAddons(tx, userId, sub.id);
  const payment = await q.insertPayment(tx, {
    userId,
    subscriptionId: sub.id,
    provider: provider.name,
    providerPaymentId: invoice.id ?? `invoice_${sub.id}_${periodEnd.getTime()}`,
    kind: "subscription",
    planMonths,
    amountCents: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    paidAt,
  });
  if (payment) await recordCommission(tx, payment);
}

/** The invoice of a merged plan: its months are added to the running period; the receipt says "extension". */
async function extendRunning(
  d: PaymentsDeps,
  tx: PoolClient,
  running: q.SubscriptionRow,
  invoice: Stripe.Invoice,
  providerSubId: string,
  planMonths: number,
  paidAt: Date,
) {
  const { ctx, provider } = d;
  const payment = await q.insertPayment(tx, {
    userId: running.userId,
    subscriptionId: running.id,
    provider: provider.name,
    providerPaymentId: invoice.id ?? `invoice_${providerSubId}`,
    kind: "extension",
    planMonths,
    amountCents: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    paidAt,
  });
  if (!payment) return; // the same invoice again: extended once already
  const now = ctx.clock.now();
  const from = new Date(Math.max(running.currentPeriodEnd.getTime(), now.getTime()));
  const extended = await q.extendPeriod(tx, running.id, addMonths(from, planMonths));
  await provider.extendSubscription(running.providerSubscriptionId, extended.currentPeriodEnd);
  await recordCommission(tx, payment);
}

async function checkoutCompleted(d: PaymentsDeps, tx: PoolClient, session: Stripe.Checkout.Session, eventAt: Date) {
  const { provider, prices } = d;
  const addon = session.metadata?.[METADATA.addon];
  const userId = numberMeta(session.metadata, METADATA.userId);
  if (session.mode !== "payment" || !isAddon(addon) || !userId) return;
  const current = await q.currentSubscription(tx, userId);
  if (current) await q.setAddon(tx, current.id, addon);
  const payment = await q.insertPayment(tx, {
    userId,
    subscriptionId: current?.id ?? null,
    provider: provider.name,
    providerPaymentId: typeof session.payment_intent === "string" ? session.payment_intent : session.id,
    kind: `addon_${addon}`,
    planMonths: null,
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? prices.currency).toUpperCase(),
    paidAt: eventAt,
  });
  if (payment) await recordCommission(tx, payment);
}

export async function apply(d: PaymentsDeps, tx: PoolClient, event: Stripe.Event) {
  const { provider } = d;
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
      return subscriptionEvent(d, tx, event.data.object, false);
    case "customer.subscription.deleted":
      return subscriptionEvent(d, tx, event.data.object, true);
    case "invoice.paid":
      return invoicePaid(d, tx, event.data.object, at);
    case "invoice.payment_failed": {
      const details = event.data.object.parent?.subscription_details;
      const id = typeof details?.subscription === "string" ? details.subscription : details?.subscription?.id;
      const sub = id ? await q.subscriptionByProviderId(tx, provider.name, id) : null;
      // A merged subscription stays merged: it grants nothing and is never renewed.
      if (sub && sub.status !== "merged") await q.setStatus(tx, sub.id, "past_due");
      return;
    }
    case "checkout.session.completed":
      return checkoutCompleted(d, tx, event.data.object, at);
    default:
      return; // other events change nothing here
  }
}
