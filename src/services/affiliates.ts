import { createHash } from "node:crypto";
import { type PoolClient, inTransaction } from "../db/client.ts";
import { isId } from "../domain/ids.ts";
import * as q from "../db/queries/affiliates.ts";
import type * as premium from "../db/queries/premium.ts";
import {
  AFFILIATE,
  commissionCents,
  isLocked,
  isPayoutMethod,
  lockDate,
  periodOf,
  premiumDaysFor,
} from "../domain/premium/affiliate.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError } from "./errors.ts";
import { grantOneOffPeriod } from "./premium-grant.ts";

/** 30% of every payment of a referred user, in the payment's own transaction (so it is counted once). */
export async function recordCommission(tx: PoolClient, payment: premium.PaymentRow): Promise<void> {
  if (payment.amountCents <= 0 || payment.userId === null) return;
  const affiliateId = await q.affiliateOf(tx, payment.userId);
  if (!affiliateId) return;
  await q.insertCommission(tx, {
    affiliateId,
    paymentId: payment.id,
    amountCents: commissionCents(payment.amountCents),
    currency: payment.currency,
    period: periodOf(payment.paidAt),
  });
}

/** The affiliate programme (SPEC §2.4, §9): tracking links, attribution, earnings and payouts. */
export function createAffiliatesService(ctx: ServiceContext) {
  return {
    click: (...args: DropFirst<Parameters<typeof click>>) => click(ctx, ...args),
    dashboard: (...args: DropFirst<Parameters<typeof dashboard>>) => dashboard(ctx, ...args),
    requestPayout: (...args: DropFirst<Parameters<typeof requestPayout>>) => requestPayout(ctx, ...args),
  };
}

/**
 * A visit through `?via=<id>`: counted when the id is an account, once per visitor (hashed address) and
 * day; the affiliate's id when the cookie should be set.
 */
async function click(
  ctx: ServiceContext,
  via: string | undefined,
  visitor: string | null = null,
): Promise<number | null> {
  const id = Number(via);
  if (!isId(id)) return null;
  if (!(await q.userExists(ctx.pool, id))) return null;
  const now = ctx.clock.now();
  const visitorHash = createHash("sha256")
    .update(`pitchlab-visitor:${visitor ?? "unknown"}`)
    .digest("hex");
  await q.insertClick(ctx.pool, id, now, visitorHash, now.toISOString().slice(0, 10));
  return id;
}

async function dashboard(ctx: ServiceContext, user: { id: number }) {
  const now = ctx.clock.now();
  const commissions = await q.commissionsOf(ctx.pool, user.id);
  const sum = (rows: q.CommissionRow[]) => rows.reduce((total, c) => total + c.amountCents, 0);
  const unpaid = commissions.filter((c) => c.payoutId === null);
  const locked = unpaid.filter((c) => isLocked(c.period, now));
  const payouts = await q.payoutsOf(ctx.pool, user.id);
  const canRequest =
    sum(locked) >= AFFILIATE.minPayoutCents && !(await q.payoutInPeriod(ctx.pool, user.id, periodOf(now)));
  return {
    affiliateId: user.id,
    ...(await q.affiliateCounts(ctx.pool, user.id)),
    earnings: {
      pendingCents: sum(unpaid) - sum(locked),
      lockedCents: sum(locked),
      paidCents: sum(commissions) - sum(unpaid),
    },
    minPayoutCents: AFFILIATE.minPayoutCents,
    canRequestPayout: canRequest,
    commissions: commissions.map((c) => ({
      id: c.id,
      amountCents: c.amountCents,
      currency: c.currency,
      period: c.period,
      paidAt: c.paidAt.toISOString(),
      state: c.payoutId !== null ? "paid" : isLocked(c.period, now) ? "locked" : "pending",
      locksAt: lockDate(c.period).toISOString(),
    })),
    payouts: payouts.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}

/**
 * A monthly payout of the locked earnings (minimum €30), by one of the SPEC's methods, or as Premium days
 * (3 a euro), granted at once.
 */
async function requestPayout(
  ctx: ServiceContext,
  user: { id: number },
  input: { method?: unknown; details?: unknown },
) {
  if (!isPayoutMethod(input.method)) throw new ServiceError(400, "affiliates.unknownMethod");
  const details = typeof input.details === "string" ? input.details.trim().slice(0, 300) : "";
  if (input.method !== "premium_days" && details.length < 3)
    throw new ServiceError(400, "affiliates.detailsRequired", { details: "affiliates.detailsRequired" });
  const method = input.method;
  return inTransaction(ctx.pool, async (tx) => {
    const now = ctx.clock.now();
    const period = periodOf(now);
    if (await q.payoutInPeriod(tx, user.id, period)) throw new ServiceError(409, "affiliates.oncePerMonth");
    const locked = (await q.unpaidCommissionsForUpdate(tx, user.id)).filter((c) => isLocked(c.period, now));
    const amountCents = locked.reduce((total, c) => total + c.amountCents, 0);
    if (amountCents < AFFILIATE.minPayoutCents) throw new ServiceError(400, "affiliates.belowMinimum");
    const premiumDays = method === "premium_days" ? premiumDaysFor(amountCents) : null;
    const payout = await q.insertPayout(tx, {
      affiliateId: user.id,
      method,
      details,
      amountCents,
      premiumDays,
      period,
      status: premiumDays ? "paid" : "requested",
    });
    await q.attachToPayout(
      tx,
      locked.map((c) => c.id),
      payout.id,
    );
    if (premiumDays) {
      await grantOneOffPeriod(tx, {
        userId: user.id,
        provider: "affiliate",
        id: `payout_${payout.id}`,
        planMonths: 1,
        now,
        end: (start) => new Date(start.getTime() + premiumDays * 86_400_000),
      });
    }
    return { ...payout, createdAt: payout.createdAt.toISOString() };
  });
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
