import { METADATA } from "../../data/payments/provider.ts";
import type { SandboxProvider } from "../../data/payments/sandbox.ts";
import * as q from "../../db/queries/premium.ts";
import { type PlanMonths, addMonths } from "../../domain/premium/plans.ts";
import { ServiceError } from "../errors.ts";
import type { PaymentsDeps } from "./deps.ts";
import { handleWebhook } from "./webhook.ts";

/** The sandbox provider and how it "charges": signed events handed to the webhook, as Stripe would send them. */
interface SandboxSide {
  ctx: PaymentsDeps["ctx"];
  prices: PaymentsDeps["prices"];
  sandbox: SandboxProvider | null;
  deliver: (event: Record<string, unknown>) => Promise<unknown>;
  created: () => number;
}

/** The sandbox's side: its checkout page, its "charges" as signed events, and renewals at period end. */
export function sandboxService(d: PaymentsDeps) {
  const { ctx, provider, prices } = d;
  const sandbox = provider.name === "sandbox" ? (provider as SandboxProvider) : null;
  const deliver = async (event: Record<string, unknown>) => {
    const payload = JSON.stringify({
      object: "event",
      api_version: "2025-01-01",
      livemode: false,
      pending_webhooks: 1,
      request: null,
      ...event,
    });
    return handleWebhook(d, payload, sandbox!.sign(payload));
  };
  const created = () => Math.floor(ctx.clock.now().getTime() / 1000);
  const side: SandboxSide = { ctx, prices, sandbox, deliver, created };

  return {
    enabled: sandbox !== null,
    checkout: (user: { id: number }, id: string) => checkoutRow(side, user, id),
    pay: (user: { id: number }, id: string) => pay(side, user, id),
    cancel: (user: { id: number }, id: string) => cancel(side, user, id),
    renewDue: (options: { fail?: boolean } = {}) => renewDue(side, options),
  };
}

async function checkoutRow(d: SandboxSide, user: { id: number }, id: string) {
  const { ctx, prices, sandbox } = d;
  const row = sandbox ? await q.sandboxCheckout(ctx.pool, id) : null;
  if (!row || row.userId !== user.id) throw new ServiceError(404, "payments.noCheckout");
  return { ...row, currency: prices.currency };
}

/** "Pay": the events Stripe would send. Their ids come from the checkout, so a second click is a replay. */
async function pay(d: SandboxSide, user: { id: number }, id: string): Promise<string> {
  const { ctx, prices, deliver, created } = d;
  const row = await checkoutRow(d, user, id);
  if (row.status === "canceled") throw new ServiceError(409, "payments.checkoutClosed");
  const now = created();
  if (row.mode === "subscription") {
    const months = Number(row.item) as PlanMonths;
    const metadata = { [METADATA.userId]: String(user.id), [METADATA.planMonths]: row.item };
    const periodEnd = Math.floor(addMonths(ctx.clock.now(), months).getTime() / 1000);
    const subId = `sub_${id}`;
    const subscription = {
      id: subId,
      object: "subscription",
      status: "active",
      metadata,
      customer: `cus_sandbox_${user.id}`,
      created: now,
      cancel_at_period_end: false,
      ended_at: null,
      items: { object: "list", data: [{ current_period_start: now, current_period_end: periodEnd }] },
    };
    await deliver({
      id: `evt_${id}_subscription`,
      type: "customer.subscription.created",
      created: now,
      data: { object: subscription },
    });
    await deliver({
      id: `evt_${id}_invoice`,
      type: "invoice.paid",
      created: now,
      data: {
        object: invoiceObject(prices.currency, `in_${id}`, subId, metadata, row.amountCents, now, periodEnd),
      },
    });
  } else {
    await deliver({
      id: `evt_${id}_checkout`,
      type: "checkout.session.completed",
      created: now,
      data: {
        object: {
          id,
          object: "checkout.session",
          mode: "payment",
          payment_intent: `pi_${id}`,
          amount_total: row.amountCents,
          currency: prices.currency.toLowerCase(),
          metadata: { [METADATA.userId]: String(user.id), [METADATA.addon]: row.item },
        },
      },
    });
  }
  await q.closeSandboxCheckout(ctx.pool, id, "paid");
  return row.successUrl;
}

async function cancel(d: SandboxSide, user: { id: number }, id: string): Promise<string> {
  const { ctx } = d;
  const row = await checkoutRow(d, user, id);
  await q.closeSandboxCheckout(ctx.pool, id, "canceled");
  return row.cancelUrl;
}

/**
 * Period ends of sandbox subscriptions: renewed with a new paid invoice, or ended when auto-renew was
 * switched off; `fail` makes the renewal's payment fail instead (past due, premium ends with the period).
 */
async function renewDue(d: SandboxSide, options: { fail?: boolean } = {}): Promise<number> {
  const { ctx, prices, sandbox, deliver, created } = d;
  if (!sandbox) return 0;
  const due = await q.dueSandboxSubscriptions(ctx.pool, ctx.clock.now());
  for (const sub of due) {
    const now = created();
    const periodKey = Math.floor(sub.currentPeriodEnd.getTime() / 1000);
    const metadata = { [METADATA.userId]: String(sub.userId), [METADATA.planMonths]: String(sub.planMonths) };
    if (sub.cancelAtPeriodEnd) {
      await deliver({
        id: `evt_${sub.providerSubscriptionId}_deleted`,
        type: "customer.subscription.deleted",
        created: now,
        data: {
          object: {
            id: sub.providerSubscriptionId,
            object: "subscription",
            status: "canceled",
            metadata,
            created: now,
            cancel_at_period_end: true,
            ended_at: periodKey,
            items: { object: "list", data: [] },
          },
        },
      });
    } else if (options.fail || sub.status === "past_due") {
      await deliver({
        id: `evt_${sub.providerSubscriptionId}_${periodKey}_failed`,
        type: "invoice.payment_failed",
        created: now,
        data: {
          object: invoiceObject(
            prices.currency,
            `in_${sub.providerSubscriptionId}_${periodKey}`,
            sub.providerSubscriptionId,
            metadata,
            0,
            now,
            periodKey,
          ),
        },
      });
    } else {
      const end = Math.floor(addMonths(sub.currentPeriodEnd, sub.planMonths).getTime() / 1000);
      await deliver({
        id: `evt_${sub.providerSubscriptionId}_${periodKey}_paid`,
        type: "invoice.paid",
        created: now,
        data: {
          object: invoiceObject(
            prices.currency,
            `in_${sub.providerSubscriptionId}_${periodKey}`,
            sub.providerSubscriptionId,
            metadata,
            prices.plans[sub.planMonths as PlanMonths],
            now,
            end,
          ),
        },
      });
    }
  }
  return due.length;
}

function invoiceObject(
  currency: string,
  id: string,
  subId: string,
  metadata: Record<string, string>,
  amountCents: number,
  paidAt: number,
  periodEnd: number,
) {
  return {
    id,
    object: "invoice",
    customer: null,
    currency: currency.toLowerCase(),
    amount_paid: amountCents,
    status_transitions: { paid_at: paidAt },
    parent: { type: "subscription_details", subscription_details: { subscription: subId, metadata } },
    lines: { object: "list", data: [{ period: { start: paidAt, end: periodEnd } }] },
  };
}
