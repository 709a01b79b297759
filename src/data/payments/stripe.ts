import Stripe from "stripe";
import type { Addon, PlanMonths } from "../../domain/premium/plans.ts";
import { type CheckoutRequest, METADATA, type PaymentProvider } from "./provider.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  planPrices: Record<PlanMonths, string>;
  addonPrices: Partial<Record<Addon, string>>;
  firstPeriodCoupon?: string;
  /** another API origin: a local stand-in in tests */
  apiUrl?: string;
}

/** Stripe Checkout in subscription mode for plans, payment mode for add-ons; webhooks verified with the SDK. */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  return {
    name: "stripe",
    async createCheckout(request: CheckoutRequest) {
      const metadata: Record<string, string> = { [METADATA.userId]: String(request.userId) };
      let price: string | undefined;
      if (request.mode === "subscription" && request.planMonths) {
        price = settings.planPrices[request.planMonths];
        metadata[METADATA.planMonths] = String(request.planMonths);
      } else if (request.addon) {
        price = settings.addonPrices[request.addon];
        metadata[METADATA.addon] = request.addon;
      }
      if (!price) throw new Error(`no Stripe price is configured for ${request.planMonths ?? request.addon}`);
      const session = await stripe.checkout.sessions.create({
        mode: request.mode === "subscription" ? "subscription" : "payment",
        line_items: [{ price, quantity: 1 }],
        customer_email: request.email,
        client_reference_id: String(request.userId),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata,
        ...(request.mode === "subscription"
          ? {
              subscription_data: { metadata },
              ...(settings.firstPeriodCoupon ? { discounts: [{ coupon: settings.firstPeriodCoupon }] } : {}),
            }
          : { payment_intent_data: { metadata } }),
      });
      if (!session.url) throw new Error("Stripe returned no checkout address");
      return { id: session.id, url: session.url };
    },
    async setCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
    },
    async cancelSubscription(providerSubscriptionId) {
      await stripe.subscriptions.cancel(providerSubscriptionId);
    },
    async extendSubscription(providerSubscriptionId, until) {
      // A free period up to the new end: the next invoice comes then, and nothing is prorated.
      await stripe.subscriptions.update(providerSubscriptionId, {
        trial_end: Math.floor(until.getTime() / 1000),
        proration_behavior: "none",
      });
    },
    verifyEvent(payload, signature) {
      return stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret);
    },
  };
}
