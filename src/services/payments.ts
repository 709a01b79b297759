import { SANDBOX_CHECKOUT_PATH } from "../data/payments/provider.ts";
import type * as q from "../db/queries/premium.ts";
import type { Access } from "../domain/premium/access.ts";
import type { ServiceContext } from "./context.ts";
import { startCheckout } from "./payments/checkout.ts";
import { paymentsDeps } from "./payments/deps.ts";
import { checkoutResult, offer, overview, receipt, setAutoRenewal } from "./payments/overview.ts";
import { sandboxService } from "./payments/sandbox.ts";
import { confirmTransfer, pendingTransfers, requestTransfer } from "./payments/transfers.ts";
import { handleWebhook } from "./payments/webhook.ts";

export { SANDBOX_CHECKOUT_PATH };
/** A payment as the receipt shows it. */
export type Payment = q.PaymentRow;

/**
 * Subscriptions, checkouts, webhooks, receipts and manual transfers (SPEC §2.3, §4 Payment): one use case per
 * function in src/services/payments/ (webhook and the provider's events, overview, checkout, transfers, sandbox).
 */
export function createPaymentsService(ctx: ServiceContext) {
  const d = paymentsDeps(ctx);
  return {
    provider: d.provider.name,
    prices: d.prices,
    bank: d.settings.bank,
    handleWebhook: (payload: string, signature: string | undefined) => handleWebhook(d, payload, signature),
    overview: (user: { id: number }) => overview(d, user),
    checkoutResult: (user: { id: number } | null, outcome: "success" | "addons") => checkoutResult(d, user, outcome),
    offer: (user: { id: number } | null) => offer(d, user),
    startCheckout: (
      user: { id: number; email: string },
      access: Access,
      item: { plan?: unknown; addon?: unknown },
      locale: string,
    ) => startCheckout(d, user, access, item, locale),
    setAutoRenewal: (user: { id: number }, subscriptionId: number, autoRenewal: unknown) =>
      setAutoRenewal(d, user, subscriptionId, autoRenewal),
    receipt: (user: { id: number }, paymentId: number) => receipt(d, user, paymentId),
    requestTransfer: (user: { id: number }, plan: unknown) => requestTransfer(d, user, plan),
    pendingTransfers: () => pendingTransfers(d),
    confirmTransfer: (transferId: number) => confirmTransfer(d, transferId),
    sandbox: sandboxService(d),
  };
}
