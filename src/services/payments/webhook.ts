import type Stripe from "stripe";
import { inTransaction } from "../../db/client.ts";
import * as q from "../../db/queries/premium.ts";
import { ServiceError } from "../errors.ts";
import type { PaymentsDeps } from "./deps.ts";
import { apply } from "./stripe-events.ts";

/**
 * A webhook delivery: the signature is checked, then the event is applied once. Its id is recorded in the
 * same transaction, so a replay, or a second delivery running at the same time (it waits on the first
 * one's row), changes nothing.
 */
export async function handleWebhook(
  d: PaymentsDeps,
  payload: string,
  signature: string | undefined,
): Promise<{ duplicate: boolean; type: string }> {
  const { ctx, provider } = d;
  let event: Stripe.Event;
  try {
    event = provider.verifyEvent(payload, signature ?? "");
  } catch {
    throw new ServiceError(400, "payments.badSignature");
  }
  return inTransaction(ctx.pool, async (tx) => {
    if (!(await q.claimWebhookEvent(tx, provider.name, event.id, event.type)))
      return { duplicate: true, type: event.type };
    await apply(d, tx, event);
    return { duplicate: false, type: event.type };
  });
}
