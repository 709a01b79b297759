import { randomBytes } from "node:crypto";
import { type PaymentsSettings, SANDBOX_CHECKOUT_PATH } from "../../data/payments/provider.ts";
import { createSandboxProvider } from "../../data/payments/sandbox.ts";
import { FEATURE_FLAGS, type FeatureFlags } from "../../domain/premium/features.ts";
import { DEFAULT_PRICES } from "../../domain/premium/plans.ts";
import type { ServiceContext } from "../context.ts";

/** What every payments use case works with: the context, the provider, its prices and bank, the features. */
export interface PaymentsDeps {
  ctx: ServiceContext;
  settings: PaymentsSettings;
  provider: PaymentsSettings["provider"];
  prices: PaymentsSettings["prices"];
  features: FeatureFlags;
}

/** Providers whose subscriptions renew by themselves (and can be told not to). */
export const RECURRING = new Set(["stripe", "sandbox"]);

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

export function paymentsDeps(ctx: ServiceContext): PaymentsDeps {
  const settings = ctx.payments ?? sandboxDefaults();
  return {
    ctx,
    settings,
    provider: settings.provider,
    prices: settings.prices,
    features: ctx.features ?? FEATURE_FLAGS,
  };
}
