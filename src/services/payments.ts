import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import {
  METADATA,
  type PaymentsSettings,
  PaymentsUnavailable,
  SANDBOX_CHECKOUT_PATH,
} from "../data/payments/provider.ts";
import { type SandboxProvider, createSandboxProvider } from "../data/payments/sandbox.ts";
import { type PoolClient, inTransaction } from "../db/client.ts";
import * as q from "../db/queries/premium.ts";
import { type Access, remainingDays } from "../domain/premium/access.ts";
import {
  type Addon,
  DEFAULT_PRICES,
  type PlanMonths,
  addMonths,
  firstPeriodPrice,
  isAddon,
  isPlanMonths,
} from "../domain/premium/plans.ts";
import type { ServiceContext } from "./context.ts";
import { recordCommission } from "./affiliates.ts";
import { ServiceError, badRequest } from "./errors.ts";
import { PREMIUM_REQUIRED } from "./access.ts";
import { grantOneOffPeriod } from "./premium-grant.ts";
import { premiumPath } from "../i18n/routes-premium.ts";
import { FEATURE_FLAGS, addonsOnSale } from "../domain/premium/features.ts";
import { DEFAULT_LOCALE, isLocale } from "../i18n/locales.ts";

export type { PaymentsSettings } from "../data/payments/provider.ts";
export { SANDBOX_CHECKOUT_PATH };
/** A payment as the receipt shows it. */
export type Payment = q.PaymentRow;

const RECURRING = new Set(["stripe", "sandbox"]);
/** A checkout's return page reports the payments of the last day. */
const RESULT_WINDOW_MS = 86_400_000;

export type CheckoutResult =
  | { state: "signIn" }
  | { state: "none" }
  | { state: "paid"; kind: string; planMonths: number | null; receiptNumber: string; premiumUntil: string | null };

function sandboxDefaults(): PaymentsSettings {
  return {
    provider: createSandboxProvider({
      secret: `whsec_${randomBytes(24).toString("hex")}`,
      checkoutPath: SANDBOX_CHECKOUT_PATH,
    }),
    prices: DEFAULT_PRICES,
    bank: {
      beneficiary: "Pitchlab Ltd",
      iban: "GB33 BUKB 2020 1555 5555 55",
      bic: "BUKBGB22",
      bank: "Barclays Bank UK",
    },
  };
}

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

/** Subscriptions, checkouts, webhooks, receipts and manual transfers (SPEC §2.3, §4 Payment). */
export function createPaymentsService(ctx: ServiceContext) {
  const settings = ctx.payments ?? sandboxDefaults();
  const { provider, prices } = settings;
  const features = ctx.features ?? FEATURE_FLAGS;

  /**
   * Never two billing subscriptions: a plan paid while the member's billing subscription runs (auto-renew off, or
   * two checkouts paid at once) is merged into it. Its provider subscription is kept as a row with the status
   * "merged" (granting nothing, so that its later events change nothing) and ended at the provider; its invoice
   * extends the running period by the plan (see invoicePaid). The member's lock makes concurrent payments take turns.
   * Returns the row of this provider subscription, or null when it is not known yet.
   */
  async function mergeIfRunning(
    tx: PoolClient,
    userId: number,
    planMonths: number,
    providerSubId: string,
    createdAt: Date,
  ) {
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

  async function subscriptionEvent(tx: PoolClient, sub: Stripe.Subscription, deleted: boolean) {
    let existing = await q.subscriptionByProviderId(tx, provider.name, sub.id);
    const userId = numberMeta(sub.metadata, METADATA.userId) ?? existing?.userId;
    const planMonths = numberMeta(sub.metadata, METADATA.planMonths) ?? existing?.planMonths;
    if (!userId || !planMonths)
      throw badRequest("apiErrors.paymentEventIncomplete", { object: "subscription", id: sub.id });
    if (!existing && !deleted)
      existing = await mergeIfRunning(tx, userId, planMonths, sub.id, new Date(sub.created * 1000));
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

  async function invoicePaid(tx: PoolClient, invoice: Stripe.Invoice, eventAt: Date) {
    const details = invoice.parent?.subscription_details;
    const providerSubId = typeof details?.subscription === "string" ? details.subscription : details?.subscription?.id;
    if (!providerSubId) return; // not a subscription invoice: add-ons arrive as checkout sessions
    let existing = await q.subscriptionByProviderId(tx, provider.name, providerSubId);
    const userId = existing?.userId ?? numberMeta(details?.metadata, METADATA.userId);
    const planMonths = existing?.planMonths ?? numberMeta(details?.metadata, METADATA.planMonths);
    if (!userId || !planMonths)
      throw badRequest("apiErrors.paymentEventIncomplete", { object: "invoice", id: invoice.id ?? "" });
    const paidAt = unix(invoice.status_transitions?.paid_at) ?? eventAt;
    if (!existing) existing = await mergeIfRunning(tx, userId, planMonths, providerSubId, paidAt);
    if (existing?.status === "merged") {
      await q.lockBilling(tx, userId);
      const running = await q.runningBillingSubscription(tx, userId, providerSubId, ctx.clock.now());
      if (running) return extendRunning(tx, running, invoice, providerSubId, planMonths, paidAt);
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
    tx: PoolClient,
    running: q.SubscriptionRow,
    invoice: Stripe.Invoice,
    providerSubId: string,
    planMonths: number,
    paidAt: Date,
  ) {
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

  async function checkoutCompleted(tx: PoolClient, session: Stripe.Checkout.Session, eventAt: Date) {
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

  async function apply(tx: PoolClient, event: Stripe.Event) {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case "customer.subscription.created":
      case "customer.subscription.updated":
        return subscriptionEvent(tx, event.data.object, false);
      case "customer.subscription.deleted":
        return subscriptionEvent(tx, event.data.object, true);
      case "invoice.paid":
        return invoicePaid(tx, event.data.object, at);
      case "invoice.payment_failed": {
        const details = event.data.object.parent?.subscription_details;
        const id = typeof details?.subscription === "string" ? details.subscription : details?.subscription?.id;
        const sub = id ? await q.subscriptionByProviderId(tx, provider.name, id) : null;
        // A merged subscription stays merged: it grants nothing and is never renewed.
        if (sub && sub.status !== "merged") await q.setStatus(tx, sub.id, "past_due");
        return;
      }
      case "checkout.session.completed":
        return checkoutCompleted(tx, event.data.object, at);
      default:
        return; // other events change nothing here
    }
  }

  const service = {
    provider: provider.name,
    prices,
    bank: settings.bank,

    /**
     * A webhook delivery: the signature is checked, then the event is applied once. Its id is recorded in the
     * same transaction, so a replay, or a second delivery running at the same time (it waits on the first
     * one's row), changes nothing.
     */
    async handleWebhook(payload: string, signature: string | undefined): Promise<{ duplicate: boolean; type: string }> {
      let event: Stripe.Event;
      try {
        event = provider.verifyEvent(payload, signature ?? "");
      } catch {
        throw new ServiceError(400, "payments.badSignature");
      }
      return inTransaction(ctx.pool, async (tx) => {
        if (!(await q.claimWebhookEvent(tx, provider.name, event.id, event.type)))
          return { duplicate: true, type: event.type };
        await apply(tx, event);
        return { duplicate: false, type: event.type };
      });
    },

    /** What the profile and the Premium room show: the subscription, remaining days and the payments. */
    async overview(user: { id: number }) {
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
            RECURRING.has(subscription.provider) &&
            !subscription.cancelAtPeriodEnd &&
            subscription.status !== "canceled",
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
    },

    /**
     * What a checkout's return page may say: nothing to a visitor (sign in), "no payment found" to someone who
     * paid nothing of this kind in the last day, else the payment and what it gave (premium until, an extension,
     * an add-on). The page never claims a payment the person did not make.
     */
    async checkoutResult(user: { id: number } | null, outcome: "success" | "addons"): Promise<CheckoutResult> {
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
    },

    /** The price list of the plans page (first period discounted for an account that never paid). */
    async offer(user: { id: number } | null) {
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
    },

    /** Starts a checkout; the page sends the buyer to the returned address (Stripe, or the sandbox page). */
    async startCheckout(
      user: { id: number; email: string },
      access: Access,
      item: { plan?: unknown; addon?: unknown },
      locale: string,
    ) {
      const origin = ctx.publicUrl ?? "";
      const target = isLocale(locale) ? locale : DEFAULT_LOCALE;
      const page = (name: "addons" | "cancel" | "success") => `${origin}${premiumPath(target, name)}`;
      if (item.addon !== undefined) {
        if (!isAddon(item.addon)) throw new ServiceError(400, "payments.unknownItem");
        if (!addonsOnSale(features).includes(item.addon)) throw new ServiceError(409, "site.addonUnavailable");
        if (!access.premium) throw new ServiceError(403, PREMIUM_REQUIRED);
        if (
          (item.addon === "filters" && access.addonFilters) ||
          (item.addon === "backtesting" && access.addonBacktesting)
        ) {
          throw new ServiceError(409, "payments.alreadyOwned");
        }
        return checkout(
          user,
          { mode: "addon", addon: item.addon, amountCents: prices.addons[item.addon] },
          page("addons"),
          `${page("cancel")}?addon=${item.addon}`,
        );
      }
      const plan = Number(item.plan);
      if (!isPlanMonths(plan)) throw new ServiceError(400, "payments.unknownItem");
      const current = await q.currentSubscription(ctx.pool, user.id);
      if (access.premium && current && RECURRING.has(current.provider) && !current.cancelAtPeriodEnd)
        throw new ServiceError(409, "payments.alreadyPremium");
      const amountCents = (await q.hasPaid(ctx.pool, user.id)) ? prices.plans[plan] : firstPeriodPrice(prices, plan);
      return checkout(
        user,
        { mode: "subscription", planMonths: plan, amountCents },
        page("success"),
        `${page("cancel")}?plan=${plan}`,
      );
    },

    /** Auto-renew on or off (SPEC §7.1 autoRenewal): cancel at period end with the provider, then here. */
    async setAutoRenewal(user: { id: number }, subscriptionId: number, autoRenewal: unknown) {
      if (typeof autoRenewal !== "boolean") throw new ServiceError(400, "payments.autoRenewalBoolean");
      const sub = await q.subscriptionById(ctx.pool, subscriptionId);
      if (!sub || sub.userId !== user.id) throw new ServiceError(404, "payments.noSubscription");
      if (sub.provider === "apple") throw new ServiceError(400, "payments.appleManaged");
      if (!RECURRING.has(sub.provider) || sub.status === "canceled")
        throw new ServiceError(400, "payments.notRecurring");
      if (sub.provider !== provider.name) throw new ServiceError(400, "payments.otherProvider");
      await provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, !autoRenewal);
      await q.setCancelAtPeriodEnd(ctx.pool, sub.id, !autoRenewal);
      return service.overview(user);
    },

    async receipt(user: { id: number }, paymentId: number) {
      const payment = await q.paymentOf(ctx.pool, user.id, paymentId);
      if (!payment) throw new ServiceError(404, "payments.noReceipt");
      return payment;
    },

    /** The manual money transfer: a pending request with a reference the buyer writes on the transfer. */
    async requestTransfer(user: { id: number }, plan: unknown) {
      const months = Number(plan);
      if (!isPlanMonths(months)) throw new ServiceError(400, "payments.unknownItem");
      const reference = `PL-${user.id}-${Date.now().toString(36).toUpperCase()}`;
      const transfer = await q.insertTransfer(ctx.pool, {
        userId: user.id,
        planMonths: months,
        amountCents: prices.plans[months],
        reference,
      });
      return {
        ...transfer,
        createdAt: transfer.createdAt.toISOString(),
        bank: settings.bank,
        currency: prices.currency,
      };
    },

    /** For the operator: transfer requests still waiting for their money. */
    async pendingTransfers() {
      return q.pendingTransfers(ctx.pool);
    },

    /** The operator saw the money arrive: premium for the plan, from the end of any premium already running. */
    async confirmTransfer(transferId: number) {
      return inTransaction(ctx.pool, async (tx) => {
        const transfer = await q.confirmTransfer(tx, transferId, ctx.clock.now());
        if (!transfer) throw new ServiceError(404, "payments.noPendingTransfer");
        const now = ctx.clock.now();
        const sub = await grantOneOffPeriod(tx, {
          userId: transfer.userId,
          provider: "transfer",
          id: `transfer_${transfer.id}`,
          planMonths: transfer.planMonths,
          now,
          end: (start) => addMonths(start, transfer.planMonths),
        });
        const payment = await q.insertPayment(tx, {
          userId: transfer.userId,
          subscriptionId: sub.id,
          provider: "transfer",
          providerPaymentId: `transfer_${transfer.id}`,
          kind: "subscription",
          planMonths: transfer.planMonths,
          amountCents: transfer.amountCents,
          currency: prices.currency,
          paidAt: now,
        });
        if (payment) await recordCommission(tx, payment);
        return { transfer, subscriptionId: sub.id, premiumUntil: sub.currentPeriodEnd };
      });
    },

    sandbox: sandboxService(),
  };

  async function checkout(
    user: { id: number; email: string },
    item: { mode: "subscription" | "addon"; planMonths?: PlanMonths; addon?: Addon; amountCents: number },
    successUrl: string,
    cancelUrl: string,
  ) {
    const session = await provider
      .createCheckout({ userId: user.id, email: user.email, ...item, currency: prices.currency, successUrl, cancelUrl })
      .catch((error) => {
        throw error instanceof PaymentsUnavailable ? new ServiceError(503, "payments.unavailable") : error;
      });
    if (provider.name === "sandbox") {
      await q.insertSandboxCheckout(ctx.pool, {
        id: session.id,
        userId: user.id,
        mode: item.mode,
        item: item.mode === "subscription" ? String(item.planMonths) : (item.addon as string),
        amountCents: item.amountCents,
        successUrl,
        cancelUrl,
      });
    }
    return session;
  }

  /** The sandbox's side: its checkout page, its "charges" as signed events, and renewals at period end. */
  function sandboxService() {
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
      return service.handleWebhook(payload, sandbox!.sign(payload));
    };
    const created = () => Math.floor(ctx.clock.now().getTime() / 1000);

    return {
      enabled: sandbox !== null,

      async checkout(user: { id: number }, id: string) {
        const row = sandbox ? await q.sandboxCheckout(ctx.pool, id) : null;
        if (!row || row.userId !== user.id) throw new ServiceError(404, "payments.noCheckout");
        return { ...row, currency: prices.currency };
      },

      /** "Pay": the events Stripe would send. Their ids come from the checkout, so a second click is a replay. */
      async pay(user: { id: number }, id: string): Promise<string> {
        const row = await this.checkout(user, id);
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
            data: { object: invoiceObject(`in_${id}`, subId, metadata, row.amountCents, now, periodEnd) },
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
      },

      async cancel(user: { id: number }, id: string): Promise<string> {
        const row = await this.checkout(user, id);
        await q.closeSandboxCheckout(ctx.pool, id, "canceled");
        return row.cancelUrl;
      },

      /**
       * Period ends of sandbox subscriptions: renewed with a new paid invoice, or ended when auto-renew was
       * switched off; `fail` makes the renewal's payment fail instead (past due, premium ends with the period).
       */
      async renewDue(options: { fail?: boolean } = {}): Promise<number> {
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
      },
    };
  }

  function invoiceObject(
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
      currency: prices.currency.toLowerCase(),
      amount_paid: amountCents,
      status_transitions: { paid_at: paidAt },
      parent: { type: "subscription_details", subscription_details: { subscription: subId, metadata } },
      lines: { object: "list", data: [{ period: { start: paidAt, end: periodEnd } }] },
    };
  }

  return service;
}
