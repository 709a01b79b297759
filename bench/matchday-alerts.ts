/**
 * The alert accounts of bench:matchday: what the latency filters must fire in the window (a brute-force replay
 * over the replayed fixtures' kick-offs), against the picks, the outbox and the messages the Telegram stand-in
 * received: latency from the moment of truth to the message sent, per minute; expected but missing; twice sent.
 */
import type { Pool } from "pg";
import type { BotApiCall } from "../tests/support/telegram-api.ts";
import { type Playing, truthOf } from "./members.ts";

const p95 = (xs: number[]) =>
  xs.length === 0 ? null : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))]!;
export const p99 = (xs: number[]) =>
  xs.length === 0 ? null : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))]!;

interface Window {
  /** site-clock times */
  from: number;
  /** the last moment of truth counted (the window's end less a grace for the message to go out) */
  lastTruth: number;
  minutes: number;
}

export async function alertAccounts(
  pool: Pool,
  latencyFilters: Map<number, { minute: number; leagueId: number }>,
  playing: Playing[],
  window: Window,
  calls: BotApiCall[],
) {
  // Brute force: every (latency filter, fixture of its league) whose "after minute m" starts in the window.
  const expected = new Map<string, number>();
  for (const [filterId, g] of latencyFilters)
    for (const f of playing) {
      if (f.leagueId !== g.leagueId) continue;
      const truth = truthOf(f.kickoff, g.minute);
      if (truth >= window.from && truth <= window.lastTruth) expected.set(`${filterId}:${f.id}`, truth);
    }
  const { rows } = await pool.query<{
    filterId: number;
    fixtureId: number;
    picks: number;
    pickedAt: Date;
    sentAt: Date | null;
  }>(
    `SELECT p.filter_id AS "filterId", p.fixture_id AS "fixtureId", count(DISTINCT p.id)::int AS picks,
            min(p.created_at) AS "pickedAt", min(o.sent_at) AS "sentAt"
       FROM alert_picks p LEFT JOIN alert_outbox o ON o.pick_id = p.id AND o.channel = 'telegram' AND o.state = 'sent'
      WHERE p.source = 'live' AND p.filter_id = ANY($1::int[])
      GROUP BY p.filter_id, p.fixture_id`,
    [[...latencyFilters.keys()]],
  );
  const perMinute: number[][] = Array.from({ length: window.minutes }, () => []);
  const scanMs: number[] = [];
  const deliveryMs: number[] = [];
  let lost = 0;
  let unexpected = 0;
  const got = new Map(rows.map((r) => [`${r.filterId}:${r.fixtureId}`, r]));
  for (const [key, truth] of expected) {
    const r = got.get(key);
    if (!r?.sentAt) {
      lost++;
      continue;
    }
    const minute = Math.floor((truth - window.from) / 60_000);
    if (minute < window.minutes) perMinute[minute]!.push(r.sentAt.getTime() - truth);
    // Where the time goes: the scan (moment of truth → pick recorded), then the delivery (→ message sent).
    scanMs.push(r.pickedAt.getTime() - truth);
    deliveryMs.push(r.sentAt.getTime() - r.pickedAt.getTime());
  }
  // Picks of latency filters made in the window that the replay does not expect (fired early or wrongly).
  const { rows: made } = await pool.query<{ filterId: number; fixtureId: number }>(
    `SELECT filter_id AS "filterId", fixture_id AS "fixtureId" FROM alert_picks
      WHERE source = 'live' AND filter_id = ANY($1::int[]) AND created_at >= $2 AND created_at <= $3`,
    [[...latencyFilters.keys()], new Date(window.from), new Date(window.lastTruth)],
  );
  for (const m of made) if (!expected.has(`${m.filterId}:${m.fixtureId}`)) unexpected++;
  // Doubled: the same text to the same chat twice at the stand-in (every bot and scanner), and picks counted
  // twice for a (filter, fixture) (the database's once-only rule should make that impossible).
  const seen = new Set<string>();
  let doubledMessages = 0;
  for (const c of calls) {
    if (c.method !== "sendMessage") continue;
    const key = `${c.params.chat_id}\u0000${c.params.text}`;
    if (seen.has(key)) doubledMessages++;
    else seen.add(key);
  }
  const doubledPicks = rows.reduce((n, r) => n + Math.max(0, r.picks - 1), 0);
  return {
    expected: expected.size,
    lost,
    unexpected,
    doubledMessages,
    doubledPicks,
    messages: seen.size + doubledMessages,
    scanP95Ms: p95(scanMs),
    deliveryP95Ms: p95(deliveryMs),
    latencyP95PerMinute: perMinute.map((xs) => ({ alerts: xs.length, p95Ms: p95(xs) })),
  };
}
