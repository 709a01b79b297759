import type { Pool } from "pg";

/**
 * Gives a user an active subscription straight in the database, for tests of features behind premium (the
 * payment flow itself is tested on its own). Returns the subscription id.
 */
export async function grantPremium(
  pool: Pool,
  userId: number,
  options: { days?: number; addonFilters?: boolean; addonBacktesting?: boolean; now?: Date } = {},
): Promise<number> {
  const end = new Date((options.now ?? new Date()).getTime() + (options.days ?? 30) * 86_400_000);
  const { rows } = await pool.query(
    `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_months, status, current_period_end,
       addon_filters, addon_backtesting)
     VALUES ($1, 'test', $5, 1, 'active', $2, $3, $4) RETURNING id`,
    [
      userId,
      end,
      options.addonFilters ?? false,
      options.addonBacktesting ?? false,
      `test_${userId}_${end.getTime()}_${Math.random()}`,
    ],
  );
  return rows[0].id;
}
