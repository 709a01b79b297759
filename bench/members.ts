/**
 * Members and live filters of the scanner benches (scale, matchday): premium members linked to the live Telegram
 * bot, latency filters whose moment of truth is known to the second, and filters that rarely fire as the load.
 */
import type { Pool } from "pg";
import { elapsedOfSecond } from "../src/domain/live/state.ts";
import type { Rule } from "../src/domain/scanner/rules.ts";

export interface Playing {
  id: number;
  kickoff: Date;
  leagueId: number;
}

/** The fixtures with statistics being played at `at` (kicked off in the last 105 minutes). */
export const playingAt = async (pool: Pool, at: Date) =>
  (
    await pool.query<Playing>(
      `SELECT f.id, f.kickoff, f.league_id AS "leagueId" FROM fixtures f JOIN leagues l ON l.id = f.league_id
        WHERE f.ft_home IS NOT NULL AND f.kickoff <= $1 AND f.kickoff > $1 - interval '105 minutes' AND l.source_key NOT LIKE '%:%'`,
      [at],
    )
  ).rows;

/** The match minute (1-based) of a fixture kicked off at `kickoff`, at `at`; null at half time. */
export function minuteAt(kickoff: Date, at: Date): number | null {
  const elapsed = (at.getTime() - kickoff.getTime()) / 1000;
  const second = elapsed < 2700 ? elapsed : elapsed < 3600 ? null : elapsed - 900;
  return second === null ? null : Math.floor(second / 60) + 1;
}

/** When "after minute m" starts to hold for a fixture kicked off at `kickoff` (match-clock second 60·m). */
export const truthOf = (kickoff: Date, m: number) => kickoff.getTime() + elapsedOfSecond(60 * m) * 1000;

/** `count` premium members linked to the live bot (and pre-match notifications on), by email prefix. */
export async function seedMembers(pool: Pool, prefix: string, count: number): Promise<number[]> {
  await pool.query("DELETE FROM users WHERE email LIKE $1", [`${prefix}-%`]);
  const users: number[] = [];
  for (let i = 0; i < count; i++) {
    const { rows } = await pool.query(
      `INSERT INTO users (email, first_name, language_code, newsletter_key, telegram_notifications_enabled, telegram_pre_match_notifications_enabled)
       VALUES ($1, 'Bench', 'en', 'k', true, true) RETURNING id`,
      [`${prefix}-${i}@example.com`],
    );
    users.push(rows[0].id);
    await pool.query("INSERT INTO telegram_chats (user_id, bot, chat_id, linked_at) VALUES ($1, 'live', $2, now())", [
      rows[0].id,
      900_000 + i,
    ]);
    await pool.query(
      `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_months, status, current_period_end, addon_filters, addon_backtesting)
       VALUES ($1, 'test', $2, 12, 'active', now() + interval '10 years', true, false)`,
      [rows[0].id, `bench_${rows[0].id}`],
    );
  }
  return users;
}

/**
 * `total` live filters named `<prefix> …`. Latency filters: "after minute m and before minute m + 3" for each
 * (league, minute) group: each fires once per fixture of its league, at a moment known to the second (minute
 * m + 1 starts). The rest: what a match reaches rarely (evaluated at every change of what they read; a few alert).
 */
export async function seedLiveFilters(
  pool: Pool,
  prefix: string,
  users: number[],
  groups: Iterable<{ leagueId: number; minute: number }>,
  leagues: number[],
  total: number,
) {
  const rows: Array<[number, string, number[], Rule[]]> = [];
  for (const g of groups) {
    const after: Rule = {
      id: "t",
      category: "liveStats",
      stat: "shots",
      target: "Home",
      comparator: "GreaterEqualThan",
      value: 0,
      time: { kind: "AfterMinute", minute: g.minute },
    };
    const before: Rule = {
      id: "v",
      category: "liveStats",
      stat: "shots",
      target: "Away",
      comparator: "GreaterEqualThan",
      value: 0,
      time: { kind: "BeforeMinute", minute: g.minute + 3 },
    };
    rows.push([users[rows.length % users.length]!, `${prefix} latency ${g.minute}`, [g.leagueId], [after, before]]);
  }
  const stats = ["corners", "shotsOnGoal", "dangerousAttacks", "shots", "yellowCards"] as const;
  const high = { corners: 13, shotsOnGoal: 11, dangerousAttacks: 140, shots: 28, yellowCards: 6 };
  for (let i = 0; rows.length < total; i++) {
    const stat = stats[i % stats.length]!;
    const rule: Rule = {
      id: "s",
      category: "liveStats",
      stat,
      target: i % 3 === 0 ? "Home" : i % 3 === 1 ? "Away" : "Match",
      comparator: "GreaterEqualThan",
      value: high[stat] + (i % 7),
    };
    const second: Rule = {
      id: "u",
      category: "liveStats",
      stat: "goals",
      target: "Match",
      comparator: "GreaterEqualThan",
      value: i % 4,
    };
    rows.push([
      users[i % users.length]!,
      `${prefix} load ${i}`,
      i % 10 < 7 ? [] : [leagues[i % leagues.length]!],
      i % 2 ? [rule, second] : [rule],
    ]);
  }
  await pool.query("DELETE FROM live_filters WHERE name LIKE 'bench%'");
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await pool.query(
      `INSERT INTO live_filters (user_id, name, desired_outcome, league_ids, rules, updated_at)
       SELECT u, n, 'home', l::int[], r::jsonb, now() FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS t(u, n, l, r)`,
      [
        chunk.map((r) => r[0]),
        chunk.map((r) => r[1]),
        chunk.map((r) => `{${r[2].join(",")}}`),
        chunk.map((r) => JSON.stringify(r[3])),
      ],
    );
  }
  const { rows: latency } = await pool.query<{ id: number; name: string; leagueId: number }>(
    `SELECT id, name, league_ids[1] AS "leagueId" FROM live_filters WHERE name LIKE $1`,
    [`${prefix} latency %`],
  );
  return new Map(latency.map((r) => [r.id, { minute: Number(r.name.split(" ")[2]), leagueId: r.leagueId }]));
}
