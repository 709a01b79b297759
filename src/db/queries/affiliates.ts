import type { Pool, PoolClient } from "pg";

type Q = Pool | PoolClient;

export async function userExists(q: Q, id: number): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM users WHERE id = $1", [id]);
  return rows.length === 1;
}

/** Counts a click once per affiliate, visitor and day (`day` YYYY-MM-DD); false when it was counted before. */
export async function insertClick(
  q: Q,
  affiliateId: number,
  at: Date,
  visitorHash: string,
  day: string,
): Promise<boolean> {
  const result = await q.query(
    `WITH first AS (
       INSERT INTO affiliate_click_visitors (affiliate_id, visitor_hash, day) VALUES ($1, $3, $4) ON CONFLICT DO NOTHING RETURNING 1)
     INSERT INTO affiliate_clicks (affiliate_id, at) SELECT $1, $2 FROM first`,
    [affiliateId, at, visitorHash, day],
  );
  return (result.rowCount ?? 0) === 1;
}

/** A user is referred once, by the first affiliate whose link brought them. */
export async function insertReferral(q: Q, userId: number, affiliateId: number): Promise<void> {
  await q.query("INSERT INTO affiliate_referrals (user_id, affiliate_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
    userId,
    affiliateId,
  ]);
}

export async function affiliateOf(q: Q, userId: number): Promise<number | null> {
  const { rows } = await q.query("SELECT affiliate_id AS id FROM affiliate_referrals WHERE user_id = $1", [userId]);
  return rows[0]?.id ?? null;
}

export async function insertCommission(
  q: Q,
  c: { affiliateId: number; paymentId: number; amountCents: number; currency: string; period: string },
): Promise<void> {
  await q.query(
    `INSERT INTO affiliate_commissions (affiliate_id, payment_id, amount_cents, currency, period) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (payment_id) DO NOTHING`,
    [c.affiliateId, c.paymentId, c.amountCents, c.currency, c.period],
  );
}

export interface CommissionRow {
  id: number;
  amountCents: number;
  currency: string;
  period: string;
  payoutId: number | null;
  paidAt: Date;
}

export async function commissionsOf(q: Q, affiliateId: number): Promise<CommissionRow[]> {
  const { rows } = await q.query(
    `SELECT c.id, c.amount_cents AS "amountCents", c.currency, c.period, c.payout_id AS "payoutId", p.paid_at AS "paidAt"
     FROM affiliate_commissions c JOIN payments p ON p.id = c.payment_id
     WHERE c.affiliate_id = $1 ORDER BY p.paid_at DESC`,
    [affiliateId],
  );
  return rows;
}

/** Locks the affiliate's unpaid commissions for a payout (rows are taken under FOR UPDATE). */
export async function unpaidCommissionsForUpdate(
  q: Q,
  affiliateId: number,
): Promise<Array<{ id: number; amountCents: number; period: string }>> {
  const { rows } = await q.query(
    `SELECT id, amount_cents AS "amountCents", period FROM affiliate_commissions
     WHERE affiliate_id = $1 AND payout_id IS NULL ORDER BY id FOR UPDATE`,
    [affiliateId],
  );
  return rows;
}

export async function attachToPayout(q: Q, commissionIds: number[], payoutId: number): Promise<void> {
  await q.query("UPDATE affiliate_commissions SET payout_id = $2 WHERE id = ANY($1::int[])", [commissionIds, payoutId]);
}

export interface PayoutRow {
  id: number;
  method: string;
  amountCents: number;
  premiumDays: number | null;
  status: string;
  period: string;
  createdAt: Date;
}

export async function insertPayout(
  q: Q,
  p: {
    affiliateId: number;
    method: string;
    details: string;
    amountCents: number;
    premiumDays: number | null;
    period: string;
    status: string;
  },
): Promise<PayoutRow> {
  const { rows } = await q.query(
    `INSERT INTO affiliate_payouts (affiliate_id, method, details, amount_cents, premium_days, period, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id, method, amount_cents AS "amountCents", premium_days AS "premiumDays", status, period, created_at AS "createdAt"`,
    [p.affiliateId, p.method, p.details, p.amountCents, p.premiumDays, p.period, p.status],
  );
  return rows[0];
}

export async function payoutsOf(q: Q, affiliateId: number): Promise<PayoutRow[]> {
  const { rows } = await q.query(
    `SELECT id, method, amount_cents AS "amountCents", premium_days AS "premiumDays", status, period, created_at AS "createdAt"
     FROM affiliate_payouts WHERE affiliate_id = $1 ORDER BY id DESC`,
    [affiliateId],
  );
  return rows;
}

export async function payoutInPeriod(q: Q, affiliateId: number, period: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM affiliate_payouts WHERE affiliate_id = $1 AND period = $2", [
    affiliateId,
    period,
  ]);
  return rows.length > 0;
}

export async function affiliateCounts(
  q: Q,
  affiliateId: number,
): Promise<{ clicks: number; signups: number; payments: number }> {
  const { rows } = await q.query(
    `SELECT (SELECT count(*)::int FROM affiliate_clicks WHERE affiliate_id = $1) AS clicks,
            (SELECT count(*)::int FROM affiliate_referrals WHERE affiliate_id = $1) AS signups,
            (SELECT count(*)::int FROM affiliate_commissions WHERE affiliate_id = $1) AS payments`,
    [affiliateId],
  );
  return rows[0];
}
