import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { CheckoutRequest, PaymentProvider } from "./provider.ts";

/**
 * The offline payment provider: its checkout is a page of this site, and what it "charges" reaches the
 * webhook code as Stripe-format events signed with its own secret, so the whole premium flow runs, and is
 * verified, exactly as with Stripe.
 */
export interface SandboxProvider extends PaymentProvider {
  readonly name: "sandbox";
  /** A signature header for an event body, as Stripe would send it. */
  sign(payload: string): string;
}

export function createSandboxProvider(options: { secret: string; checkoutPath: string }): SandboxProvider {
  return {
    name: "sandbox",
    async createCheckout(_request: CheckoutRequest) {
      const id = `cs_sandbox_${randomBytes(12).toString("hex")}`;
      // A path of this site: the buyer stays on the host they came from.
      return { id, url: `${options.checkoutPath}/${id}` };
    },
    // The sandbox keeps no state of its own: the service records the flag and the sandbox renewals read it.
    async setCancelAtPeriodEnd() {},
    // Likewise: a merged subscription has no row the renewals read, and an extended one renews at its new end.
    async cancelSubscription() {},
    async extendSubscription() {},
    verifyEvent(payload, signature) {
      return Stripe.webhooks.constructEvent(payload, signature, options.secret);
    },
    sign(payload) {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret });
    },
  };
}
