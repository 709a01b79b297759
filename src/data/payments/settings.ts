import { randomBytes } from "node:crypto";
import type { Pool } from "../../db/client.ts";
import type { Config } from "../../config.ts";
import { writeStateOnce } from "../../db/queries/state.ts";
import type { Prices } from "../../domain/premium/plans.ts";
import { type PaymentsSettings, SANDBOX_CHECKOUT_PATH, createDisabledProvider } from "./provider.ts";
import { createSandboxProvider } from "./sandbox.ts";
import { createStripeProvider } from "./stripe.ts";

const cents = (price: string) => Math.round(Number(price) * 100);

export function pricesOf(config: Config): Prices {
  const [m1, m3, m12] = config.PLAN_PRICES.split(",").map(cents) as [number, number, number];
  const [filters, backtesting] = config.ADDON_PRICES.split(",").map(cents) as [number, number];
  return {
    plans: { 1: m1, 3: m3, 12: m12 },
    addons: { filters, backtesting },
    currency: config.PRICE_CURRENCY,
    firstPeriodDiscountPercent: config.FIRST_PERIOD_DISCOUNT_PERCENT,
  };
}

/**
 * Stripe when its key, webhook secret and plan prices are all set; otherwise the offline sandbox, whose
 * signing secret is made on the first start and kept in the database (every process verifies the same way),
 * where a sandbox is allowed (outside production, or a local run on the embedded database); else no payments.
 */
export async function paymentsSettings(
  config: Config,
  pool: Pool,
  options: { allowSandbox: boolean },
): Promise<PaymentsSettings> {
  const bank = {
    beneficiary: config.TRANSFER_BENEFICIARY,
    iban: config.TRANSFER_IBAN,
    bic: config.TRANSFER_BIC,
    bank: config.TRANSFER_BANK,
  };
  const prices = pricesOf(config);
  const {
    STRIPE_SECRET_KEY: key,
    STRIPE_WEBHOOK_SECRET: secret,
    STRIPE_PRICE_1M: p1,
    STRIPE_PRICE_3M: p3,
    STRIPE_PRICE_12M: p12,
  } = config;
  if (key && secret && p1 && p3 && p12) {
    const provider = createStripeProvider({
      secretKey: key,
      webhookSecret: secret,
      planPrices: { 1: p1, 3: p3, 12: p12 },
      addonPrices: { filters: config.STRIPE_PRICE_ADDON_FILTERS, backtesting: config.STRIPE_PRICE_ADDON_BACKTESTING },
      firstPeriodCoupon: config.STRIPE_COUPON_FIRST_PERIOD,
      apiUrl: config.STRIPE_API_URL,
    });
    return { provider, prices, bank };
  }
  if (!options.allowSandbox) return { provider: createDisabledProvider(), prices, bank };
  const sandboxSecret = await writeStateOnce(
    pool,
    "payments_sandbox_secret",
    `whsec_${randomBytes(24).toString("hex")}`,
  );
  return {
    provider: createSandboxProvider({ secret: sandboxSecret, checkoutPath: SANDBOX_CHECKOUT_PATH }),
    prices,
    bank,
  };
}
