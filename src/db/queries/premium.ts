import type { Pool, PoolClient } from "pg";

type Q = Pool | PoolClient;

/** What the provider's events set on a subscription. */
export interface SubscriptionWrite {
  userId: number;
  provider: string;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  planMonths: number;
  status: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface SubscriptionRow extends SubscriptionWrite {
  id: number;
  addonFilters: boolean;
  addonBacktesting: boolean;
  createdAt: Date;
}

const SUBSCRIPTION_COLUMNS = `id, user_id AS "userId", provider, provider_subscription_id AS "providerSubscriptionId",
  provider_customer_id AS "providerCustomerId", plan_months AS "planMonths", status,
  current_period_end AS "currentPeriodEnd", cancel_at_period_end AS "cancelAtPeriodEnd",
  addon_filters AS "addonFilters", addon_backtesting AS "addonBacktesting", created_at AS "createdAt"`;

/** The user's subscription that runs longest (an active one if any). */
export async function currentSubscription(q: Q, userId: number): Promise<SubscriptionRow | null> {
  const { rows } = await q.query(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE user_id = $1 ORDER BY current_period_end DESC, id DESC LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** currentSubscription of many users at once (a batch of alerts). */
export async function currentSubscriptions(q: Q, userIds: number[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await q.query(
    `SELECT DISTINCT ON (user_id) ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE user_id = ANY($1::int[])
     ORDER BY user_id, current_period_end DESC, id DESC`,
    [userIds],
  );
  return rows;
}

export async function subscriptionById(q: Q, id: number): Promise<SubscriptionRow | null> {
  const { rows } = await q.query(`SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks the row, so that concurrent events of one subscription apply one after the other. */
export async function subscriptionByProviderId(
  q: Q,
  provider: string,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const { rows } = await q.query(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE provider = $1 AND provider_subscription_id = $2 FOR UPDATE`,
    [provider, providerSubscriptionId],
  );
  return rows[0] ?? null;
}

/** Creates or updates by the provider's id; the period end never moves back (events can arrive out of order). */
export async function upsertSubscription(q: Q, s: SubscriptionWrite): Promise<SubscriptionRow> {
  const { rows } = await q.query(
    `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, provider_customer_id, plan_months, status,
       current_period_end, cancel_at_period_end)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (provider, provider_subscription_id) DO UPDATE SET
       provider_customer_id = COALESCE(EXCLUDED.provider_customer_id, subscriptions.provider_customer_id),
       plan_months = EXCLUDED.plan_months,
       status = EXCLUDED.status,
       current_period_end = GREATEST(subscriptions.current_period_end, EXCLUDED.current_period_end),
       cancel_at_period_end = EXCLUDED.cancel_at_period_end,
       updated_at = now()
     RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [
      s.userId,
      s.provider,
      s.providerSubscriptionId,
      s.providerCustomerId,
      s.planMonths,
      s.status,
      s.currentPeriodEnd,
      s.cancelAtPeriodEnd,
    ],
  );
  return rows[0];
}

/**
 * Makes the payment events of one member take turns until the transaction ends (`q` must be one): two plans
 * paid at the same moment cannot both become a billing subscription.
 */
export async function lockBilling(q: PoolClient, userId: number): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext('billing'), $1::int)", [userId]);
}

/**
 * The member's billing subscription (Stripe or the sandbox) whose paid period runs at `now`, other than the
 * provider subscription named; locked. A plan paid while one runs extends it instead of starting another.
 */
export async function runningBillingSubscription(
  q: PoolClient,
  userId: number,
  exceptProviderSubscriptionId: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  const { rows } = await q.query(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions
      WHERE user_id = $1 AND provider IN ('stripe', 'sandbox') AND status NOT IN ('canceled', 'merged')
        AND current_period_end > $2 AND provider_subscription_id <> $3
      ORDER BY current_period_end DESC, id DESC LIMIT 1 FOR UPDATE`,
    [userId, now, exceptProviderSubscriptionId],
  );
  return rows[0] ?? null;
}

/** A paid extension: the period ends later (never earlier). */
export async function extendPeriod(q: Q, id: number, end: Date): Promise<SubscriptionRow> {
  const { rows } = await q.query(
    `UPDATE subscriptions SET current_period_end = GREATEST(current_period_end, $2), updated_at = now() WHERE id = $1 RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [id, end],
  );
  return rows[0];
}

export async function setCancelAtPeriodEnd(q: Q, id: number, cancelAtPeriodEnd: boolean): Promise<void> {
  await q.query("UPDATE subscriptions SET cancel_at_period_end = $2, updated_at = now() WHERE id = $1", [
    id,
    cancelAtPeriodEnd,
  ]);
}

/** Ends the period now (an immediate cancellation or a refund by the provider). */
export async function endSubscription(q: Q, id: number, now: Date): Promise<void> {
  await q.query(
    "UPDATE subscriptions SET status = 'canceled', current_period_end = LEAST(current_period_end, $2), updated_at = now() WHERE id = $1",
    [id, now],
  );
}

export async function setAddon(q: Q, id: number, addon: "filters" | "backtesting"): Promise<void> {
  const column = addon === "filters" ? "addon_filters" : "addon_backtesting";
  await q.query(`UPDATE subscriptions SET ${column} = true, updated_at = now() WHERE id = $1`, [id]);
}

/** Records an event id; false when it was recorded before (the caller then changes nothing). */
export async function claimWebhookEvent(q: Q, provider: string, eventId: string, type: string): Promise<boolean> {
  const { rowCount } = await q.query(
    "INSERT INTO webhook_events (provider, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
    [provider, eventId, type],
  );
  return rowCount === 1;
}

export interface PaymentWrite {
  userId: number;
  subscriptionId: number | null;
  provider: string;
  providerPaymentId: string;
  kind: string;
  planMonths: number | null;
  amountCents: number;
  currency: string;
  paidAt: Date;
}

export interface PaymentRow extends PaymentWrite {
  id: number;
  receiptNumber: string;
}

const PAYMENT_COLUMNS = `id, user_id AS "userId", subscription_id AS "subscriptionId", provider,
  provider_payment_id AS "providerPaymentId", kind, plan_months AS "planMonths", amount_cents AS "amountCents",
  currency, paid_at AS "paidAt", receipt_number AS "receiptNumber"`;

/**
 * Inserts a payment once; null when the provider's payment was recorded before. Its receipt number is the next
 * of the year's series (PL-2026-000001, …) with no gaps: the series' counter row is taken in the caller's
 * transaction (`q` must be one), which also serialises concurrent payments, and given back when the payment
 * turns out to be a repeat.
 */
export async function insertPayment(q: Q, p: PaymentWrite): Promise<PaymentRow | null> {
  const year = String(p.paidAt.getUTCFullYear());
  const series = `PL-${year}`;
  const { rows: counter } = await q.query<{ last: number }>(
    `INSERT INTO receipt_counters (series, last)
     VALUES ($1, 1 + coalesce((SELECT max(substring(receipt_number from '[0-9]+$')::int) FROM payments WHERE receipt_number LIKE $1 || '-%'), 0))
     ON CONFLICT (series) DO UPDATE SET last = receipt_counters.last + 1
     RETURNING last`,
    [series],
  );
  const receiptNumber = `${series}-${String(counter[0]!.last).padStart(6, "0")}`;
  const { rows } = await q.query(
    `INSERT INTO payments (user_id, subscription_id, provider, provider_payment_id, kind, plan_months, amount_cents,
       currency, paid_at, receipt_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (provider, provider_payment_id) DO NOTHING
     RETURNING ${PAYMENT_COLUMNS}`,
    [
      p.userId,
      p.subscriptionId,
      p.provider,
      p.providerPaymentId,
      p.kind,
      p.planMonths,
      p.amountCents,
      p.currency,
      p.paidAt,
      receiptNumber,
    ],
  );
  if (!rows[0]) await q.query("UPDATE receipt_counters SET last = last - 1 WHERE series = $1", [series]);
  return rows[0] ?? null;
}

export async function paymentsOf(q: Q, userId: number): Promise<PaymentRow[]> {
  const { rows } = await q.query(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = $1 ORDER BY paid_at DESC, id DESC`,
    [userId],
  );
  return rows;
}

/** The member's newest payment of these kinds made since `since` (what a checkout's return page reports). */
export async function latestPaymentSince(
  q: Q,
  userId: number,
  kinds: string[],
  since: Date,
): Promise<PaymentRow | null> {
  const { rows } = await q.query(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = $1 AND kind = ANY($2::text[]) AND paid_at >= $3 ORDER BY paid_at DESC, id DESC LIMIT 1`,
    [userId, kinds, since],
  );
  return rows[0] ?? null;
}

export async function paymentOf(q: Q, userId: number, id: number): Promise<PaymentRow | null> {
  const { rows } = await q.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = $1 AND id = $2`, [
    userId,
    id,
  ]);
  return rows[0] ?? null;
}

export interface SandboxCheckoutRow {
  id: string;
  userId: number;
  mode: "subscription" | "addon";
  item: string;
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
  status: string;
}

export async function insertSandboxCheckout(q: Q, c: Omit<SandboxCheckoutRow, "status">): Promise<void> {
  await q.query(
    `INSERT INTO sandbox_checkouts (id, user_id, mode, item, amount_cents, success_url, cancel_url) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [c.id, c.userId, c.mode, c.item, c.amountCents, c.successUrl, c.cancelUrl],
  );
}

export async function sandboxCheckout(q: Q, id: string): Promise<SandboxCheckoutRow | null> {
  const { rows } = await q.query(
    `SELECT id, user_id AS "userId", mode, item, amount_cents AS "amountCents", success_url AS "successUrl",
       cancel_url AS "cancelUrl", status FROM sandbox_checkouts WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Moves an open checkout to its final state; false when it was not open (a second click). */
export async function closeSandboxCheckout(q: Q, id: string, status: "paid" | "canceled"): Promise<boolean> {
  const { rowCount } = await q.query("UPDATE sandbox_checkouts SET status = $2 WHERE id = $1 AND status = 'open'", [
    id,
    status,
  ]);
  return rowCount === 1;
}

export interface TransferRow {
  id: number;
  userId: number;
  planMonths: number;
  amountCents: number;
  reference: string;
  status: string;
  createdAt: Date;
}

const TRANSFER_COLUMNS = `id, user_id AS "userId", plan_months AS "planMonths", amount_cents AS "amountCents", reference, status,
  created_at AS "createdAt"`;

/** A pending transfer request; the open one of the same user and plan when there is one already. */
export async function insertTransfer(
  q: Q,
  t: { userId: number; planMonths: number; amountCents: number; reference: string },
): Promise<TransferRow> {
  const { rows } = await q.query(
    `WITH added AS (
       INSERT INTO transfer_requests (user_id, plan_months, amount_cents, reference) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, plan_months) WHERE status = 'pending' DO NOTHING
       RETURNING ${TRANSFER_COLUMNS})
     SELECT * FROM added
     UNION ALL
     SELECT ${TRANSFER_COLUMNS} FROM transfer_requests
     WHERE user_id = $1 AND plan_months = $2 AND status = 'pending' AND NOT EXISTS (SELECT 1 FROM added)`,
    [t.userId, t.planMonths, t.amountCents, t.reference],
  );
  if (rows[0]) return rows[0];
  // a request made at the same instant won: it is committed now, outside this statement's snapshot
  const again = await q.query(
    `SELECT ${TRANSFER_COLUMNS} FROM transfer_requests WHERE user_id = $1 AND plan_months = $2 AND status = 'pending'`,
    [t.userId, t.planMonths],
  );
  return again.rows[0];
}

export async function transfersOf(q: Q, userId: number): Promise<TransferRow[]> {
  const { rows } = await q.query(
    `SELECT ${TRANSFER_COLUMNS} FROM transfer_requests WHERE user_id = $1 ORDER BY id DESC`,
    [userId],
  );
  return rows;
}

/** Confirms a pending transfer once (locked, so two operators cannot both grant it). */
export async function confirmTransfer(q: Q, id: number, now: Date): Promise<TransferRow | null> {
  const { rows } = await q.query(
    `UPDATE transfer_requests SET status = 'confirmed', confirmed_at = $2 WHERE id = $1 AND status = 'pending' RETURNING ${TRANSFER_COLUMNS}`,
    [id, now],
  );
  return rows[0] ?? null;
}

export async function setStatus(q: Q, id: number, status: string): Promise<void> {
  await q.query("UPDATE subscriptions SET status = $2, updated_at = now() WHERE id = $1", [id, status]);
}

/** Add-ons bought on an earlier subscription come back with the user's next one. */
export async function carryAddons(q: Q, userId: number, subscriptionId: number): Promise<void> {
  await q.query(
    `UPDATE subscriptions s SET addon_filters = s.addon_filters OR o.f, addon_backtesting = s.addon_backtesting OR o.b
     FROM (SELECT coalesce(bool_or(addon_filters), false) AS f, coalesce(bool_or(addon_backtesting), false) AS b FROM subscriptions WHERE user_id = $1 AND id <> $2) o
     WHERE s.id = $2`,
    [userId, subscriptionId],
  );
}

/** Sandbox subscriptions whose period has ended: to renew, or to close when cancelled at period end. */
export async function dueSandboxSubscriptions(q: Q, now: Date): Promise<SubscriptionRow[]> {
  const { rows } = await q.query(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions
     WHERE provider = 'sandbox' AND status NOT IN ('canceled', 'merged') AND current_period_end <= $1 ORDER BY id`,
    [now],
  );
  return rows;
}

export async function hasPaid(q: Q, userId: number): Promise<boolean> {
  const { rows } = await q.query(
    "SELECT 1 FROM payments WHERE user_id = $1 AND kind IN ('subscription', 'extension') LIMIT 1",
    [userId],
  );
  return rows.length > 0;
}

/** Pending transfer requests with the buyer's address, oldest first (operators confirm them). */
export async function pendingTransfers(q: Q): Promise<Array<TransferRow & { email: string }>> {
  const { rows } = await q.query(
    `SELECT t.id, t.user_id AS "userId", t.plan_months AS "planMonths", t.amount_cents AS "amountCents", t.reference, t.status,
       t.created_at AS "createdAt", u.email
     FROM transfer_requests t JOIN users u ON u.id = t.user_id WHERE t.status = 'pending' ORDER BY t.id`,
  );
  return rows;
}
