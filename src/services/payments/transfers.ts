import { inTransaction } from "../../db/client.ts";
import { addMonths, isPlanMonths } from "../../domain/premium/plans.ts";
import { recordCommission } from "../affiliates.ts";
import { grantOneOffPeriod } from "../premium-grant.ts";
import * as q from "../../db/queries/premium.ts";
import { ServiceError } from "../errors.ts";
import type { PaymentsDeps } from "./deps.ts";

/** The manual money transfer: a pending request with a reference the buyer writes on the transfer. */
export async function requestTransfer(d: PaymentsDeps, user: { id: number }, plan: unknown) {
  const { ctx, prices, settings } = d;
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
}

/** For the operator: transfer requests still waiting for their money. */
export async function pendingTransfers(d: PaymentsDeps) {
  const { ctx } = d;
  return q.pendingTransfers(ctx.pool);
}

/** The operator saw the money arrive: premium for the plan, from the end of any premium already running. */
export async function confirmTransfer(d: PaymentsDeps, transferId: number) {
  const { ctx, prices } = d;
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
}
