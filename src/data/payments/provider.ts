import type Stripe from "stripe";
import type { Addon, PlanMonths, Prices } from "../../domain/premium/plans.ts";

export interface CheckoutRequest {
  /** our id of the checkout, sent back in the events as the client reference */
  userId: number;
  email: string;
  mode: "subscription" | "addon";
  planMonths?: PlanMonths;
  addon?: Addon;
  /** what the buyer pays now, in cents (the sandbox shows it; Stripe takes it from its prices) */
  amountCents: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
}

/** Stripe or the offline sandbox: both speak Stripe's event format, signed the same way. */
export interface PaymentProvider {
  readonly name: "stripe" | "sandbox" | "none";
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** auto-renew off = cancel at period end */
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a subscription now, without a refund (a second plan whose payment extended the member's running one). */
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
  /** Moves the next billing date of a subscription to `until` (its period was extended by a paid plan). */
  extendSubscription(providerSubscriptionId: string, until: Date): Promise<void>;
  /** Verifies the signature and parses the event; throws on a bad or stale signature. */
  verifyEvent(payload: string, signature: string): Stripe.Event;
}

export interface BankDetails {
  beneficiary: string;
  iban: string;
  bic: string;
  bank: string;
}

/** What the payments service is given at start: the provider, the prices and the bank details for transfers. */
export interface PaymentsSettings {
  provider: PaymentProvider;
  prices: Prices;
  bank: BankDetails;
}

/** Where the offline sandbox shows its checkout page (a page of the site). */
export const SANDBOX_CHECKOUT_PATH = "/payments/sandbox";

export const METADATA = {
  userId: "pitchlab_user_id",
  planMonths: "pitchlab_plan_months",
  addon: "pitchlab_addon",
} as const;

/**
 * No payments: a production server on an external database without Stripe keys. The offline sandbox would
 * hand out premium for nothing there, so buying is refused instead.
 */
export function createDisabledProvider(): PaymentProvider {
  const refuse = (): never => {
    throw new PaymentsUnavailable();
  };
  return {
    name: "none",
    createCheckout: async () => refuse(),
    setCancelAtPeriodEnd: async () => refuse(),
    cancelSubscription: async () => refuse(),
    extendSubscription: async () => refuse(),
    verifyEvent: () => refuse(),
  };
}

export class PaymentsUnavailable extends Error {
  constructor() {
    super("payments are not configured (set the Stripe keys)");
  }
}
