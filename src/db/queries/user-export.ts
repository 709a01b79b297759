import type { Pool, PoolClient } from "pg";

/** Everything stored about a user, for the data export (split from users.ts). */

type Q = Pool | PoolClient;

/** Columns that are secrets of the system, not data about the person (hashes of tokens, push keys). */
const SECRET_COLUMNS = new Set(["token_hash", "password_hash", "newsletter_key", "p256dh", "auth", "secret"]);

const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * Everything stored about an account (GDPR art. 15 and 20): the named sections, then every other row of any
 * table that refers to the account (found through the foreign keys to users, so a table added later is
 * exported without a change here).
 */
export async function userDataExport(q: Q, userId: number) {
  const one = async (sql: string, params: unknown[] = [userId]) => (await q.query(sql, params)).rows;
  const email = (await one("SELECT email FROM users WHERE id = $1"))[0]?.email ?? null;
  const named = {
    sessions: await one(
      'SELECT created_at AS "createdAt", expires_at AS "expiresAt", remember_me AS "rememberMe" FROM sessions WHERE user_id = $1',
    ),
    identities: await one("SELECT provider FROM user_identities WHERE user_id = $1"),
    filterNotificationSettings: await one("SELECT type, settings FROM filter_notification_settings WHERE user_id = $1"),
    teamGroups: await one(
      `SELECT g.id, g.name, g.description, g.generic, coalesce(json_agg(json_build_object('id', t.id, 'name', t.name)) FILTER (WHERE t.id IS NOT NULL), '[]') AS teams
         FROM favourite_team_groups g LEFT JOIN favourite_group_teams gt ON gt.group_id = g.id LEFT JOIN teams t ON t.id = gt.team_id
        WHERE g.user_id = $1 GROUP BY g.id ORDER BY g.id`,
    ),
    favouriteLeagues: await one(
      "SELECT l.id, l.name FROM favourite_leagues f JOIN leagues l ON l.id = f.league_id WHERE f.user_id = $1",
    ),
    favouriteMatches: await one(
      'SELECT fixture_id AS "fixtureId", timestamp FROM favourite_matches WHERE user_id = $1',
    ),
    pushSubscriptions: await one(
      'SELECT endpoint, created_at AS "createdAt" FROM push_subscriptions WHERE user_id = $1',
    ),
    followedFixtures: await one(
      'SELECT fixture_id AS "fixtureId", created_at AS "createdAt" FROM livescore_notifications WHERE user_id = $1',
    ),
    subscriptions: await one(
      `SELECT id, provider, provider_subscription_id AS "providerSubscriptionId", plan_months AS "planMonths", status,
         current_period_end AS "currentPeriodEnd", cancel_at_period_end AS "cancelAtPeriodEnd", addon_filters AS "addonFilters",
         addon_backtesting AS "addonBacktesting", created_at AS "createdAt", updated_at AS "updatedAt"
       FROM subscriptions WHERE user_id = $1 ORDER BY id`,
    ),
    payments: await one(
      `SELECT id, provider, provider_payment_id AS "providerPaymentId", kind, plan_months AS "planMonths", amount_cents AS "amountCents",
         currency, paid_at AS "paidAt", receipt_number AS "receiptNumber" FROM payments WHERE user_id = $1 ORDER BY id`,
    ),
    transferRequests: await one(
      `SELECT id, plan_months AS "planMonths", amount_cents AS "amountCents", reference, status, created_at AS "createdAt",
         confirmed_at AS "confirmedAt" FROM transfer_requests WHERE user_id = $1 ORDER BY id`,
    ),
    leagueGroups: await one(
      'SELECT id, name, league_ids AS "leagueIds", created_at AS "createdAt" FROM league_groups WHERE user_id = $1 ORDER BY id',
    ),
    savedSearches: await one("SELECT * FROM saved_searches WHERE user_id = $1 ORDER BY id"),
    votes: await one(
      'SELECT fixture_id AS "fixtureId", choice, created_at AS "createdAt" FROM votes WHERE voter = $1 ORDER BY created_at',
      [`user:${userId}`],
    ),
    contactMessages: email
      ? await one(
          'SELECT id, topic, subject, email, message, locale, created_at AS "createdAt" FROM contact_messages WHERE lower(email) = lower($1) ORDER BY id',
          [email],
        )
      : [],
    affiliate: {
      referredBy:
        (
          await one(
            'SELECT affiliate_id AS "affiliateId", created_at AS "createdAt" FROM affiliate_referrals WHERE user_id = $1',
          )
        )[0] ?? null,
      referrals: await one(
        'SELECT user_id AS "userId", created_at AS "createdAt" FROM affiliate_referrals WHERE affiliate_id = $1 ORDER BY created_at',
      ),
      clicks: await one("SELECT at FROM affiliate_clicks WHERE affiliate_id = $1 ORDER BY at"),
      commissions: await one(
        `SELECT id, payment_id AS "paymentId", amount_cents AS "amountCents", currency, period, payout_id AS "payoutId", created_at AS "createdAt"
         FROM affiliate_commissions WHERE affiliate_id = $1 ORDER BY id`,
      ),
      payouts: await one(
        `SELECT id, method, details, amount_cents AS "amountCents", premium_days AS "premiumDays", status, period, created_at AS "createdAt"
         FROM affiliate_payouts WHERE affiliate_id = $1 ORDER BY id`,
      ),
    },
  };
  return named;
}

/** Tables the named sections of the export already cover. */
const NAMED_TABLES = new Set([
  "sessions",
  "user_identities",
  "filter_notification_settings",
  "favourite_team_groups",
  "favourite_leagues",
  "favourite_matches",
  "push_subscriptions",
  "livescore_notifications",
  "subscriptions",
  "payments",
  "transfer_requests",
  "league_groups",
  "saved_searches",
  "affiliate_referrals",
  "affiliate_clicks",
  "affiliate_commissions",
  "affiliate_payouts",
  "affiliate_click_visitors",
]);

/**
 * Columns the export names instead of inlining: stored files (every bytea column, as its size in bytes) and
 * data derived from other stored data (as the number of its items), by table.
 */
const DERIVED_JSON_COLUMNS: Record<string, string[]> = {
  // the picks of a backtest: recomputed from its filter and period, and downloadable as its .xlsx
  prematch_backtests: ["pick_rows"],
};

/** One batch of rows of a table that refers to the account (`key`: the table, and the column when not user_id). */
export interface UserRecordBatch {
  key: string;
  table: string;
  /** camelCase columns; the columns of `sized` hold a size (of a file in bytes, of derived data in items) instead of their content */
  rows: Record<string, unknown>[];
  sized: Record<string, "bytes" | "items">;
}

/**
 * The rows of every other table with a foreign key to users, table by table in batches of `batchSize`
 * (keyset on the row's physical position), so that an export holds one batch in memory at a time. Secret
 * columns are left out; files and derived columns come as sizes (UserRecordBatch.sized).
 */
export async function* userRecordBatches(pool: Pool, userId: number, batchSize = 200): AsyncGenerator<UserRecordBatch> {
  const { rows: references } = await pool.query<{ table: string; column: string }>(
    `SELECT rel.relname AS table, att.attname AS column
       FROM pg_constraint con
       JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_namespace ns ON ns.oid = rel.relnamespace
       JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
      WHERE con.contype = 'f' AND con.confrelid = 'users'::regclass AND ns.nspname = current_schema() AND array_length(con.conkey, 1) = 1
      ORDER BY 1, 2`,
  );
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const { table, column } of references) {
    if (NAMED_TABLES.has(table) || table === "user_tokens") continue;
    const { rows: columns } = await pool.query<{ name: string; type: string }>(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [quote(table)],
    );
    const derived = new Set(DERIVED_JSON_COLUMNS[table] ?? []);
    const sized: Record<string, "bytes" | "items"> = {};
    const select = columns
      .filter((c) => !SECRET_COLUMNS.has(c.name))
      .map((c) => {
        if (c.type === "bytea") {
          sized[camel(c.name)] = "bytes";
          return `octet_length(${quote(c.name)}) AS ${quote(c.name)}`;
        }
        if (derived.has(c.name)) {
          sized[camel(c.name)] = "items";
          return `CASE jsonb_typeof(${quote(c.name)}::jsonb) WHEN 'array' THEN jsonb_array_length(${quote(c.name)}::jsonb) END AS ${quote(c.name)}`;
        }
        return quote(c.name);
      });
    const key = column === "user_id" ? camel(table) : `${camel(table)}.${camel(column)}`;
    let after = "(0,0)";
    for (;;) {
      const { rows } = await pool.query<Record<string, unknown> & { __position: string }>(
        `SELECT ctid::text AS "__position", ${select.join(", ")} FROM ${quote(table)}
          WHERE ${quote(column)} = $1 AND ctid > $2::tid ORDER BY ctid LIMIT $3`,
        [userId, after, batchSize],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.__position;
      yield {
        key,
        table,
        sized,
        rows: rows.map(({ __position: _p, ...row }) =>
          Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v])),
        ),
      };
      if (rows.length < batchSize) break;
    }
  }
}
