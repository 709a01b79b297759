import type { PoolClient } from "../db/client.ts";
import * as q from "../db/queries/premium.ts";

/**
 * A one-off premium period (a bank transfer, an affiliate payout in days): it starts when any premium already
 * running ends, never renews, and keeps the member's add-ons.
 */
export async function grantOneOffPeriod(
  tx: PoolClient,
  grant: { userId: number; provider: string; id: string; planMonths: number; now: Date; end: (start: Date) => Date },
): Promise<q.SubscriptionRow> {
  const current = await q.currentSubscription(tx, grant.userId);
  const start = current && current.currentPeriodEnd > grant.now ? current.currentPeriodEnd : grant.now;
  const sub = await q.upsertSubscription(tx, {
    userId: grant.userId,
    provider: grant.provider,
    providerSubscriptionId: grant.id,
    providerCustomerId: null,
    planMonths: grant.planMonths,
    status: "active",
    currentPeriodEnd: grant.end(start),
    cancelAtPeriodEnd: true,
  });
  await q.carryAddons(tx, grant.userId, sub.id);
  return sub;
}
