import { afterAll, beforeAll, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import type { Rule } from "../../src/domain/scanner/rules.ts";
import { SHARD_COUNT, shardOf } from "../../src/domain/scale/shards.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";

/**
 * The live scanner shared by two workers on one database, minute by minute on a driven clock: each scans the
 * fixtures of its shards; one dies between its tick and its scan (its changed states never scanned); the other
 * takes its shards and records what it left, so that every (filter, fixture) pair alerts exactly once.
 */

let db: TestDatabase;
const clock = fixedClock("2025-08-16T12:00:00Z");
const probes = { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null };
const TEAMS = [
  "Arsenal",
  "Chelsea",
  "Brighton",
  "Fulham",
  "Everton",
  "Leeds",
  "Wolves",
  "Spurs",
  "Burnley",
  "Luton",
  "Bournemouth",
  "Brentford",
  "Villa",
  "Newcastle",
  "Forest",
  "Palace",
];
let kickoff = 0;
const filterIds: number[] = [];

const processOf = (id: string): Services =>
  createServices({ pool: db.pool, clock, instance: { id, role: "worker" } }, probes);

/** A minute of one worker: the tick on its shards, then the scanner on what changed; the picks it recorded. */
async function minuteOf(p: Services): Promise<Array<{ filterId: number; fixtureId: number }>> {
  const tick = await p.live.tick({ shard: p.scale.liveShard() });
  const scan = await p.liveScanner.scan(tick.states, [...tick.ended, ...tick.left]);
  return scan.picks.filter((x) => x.created).map((x) => ({ filterId: x.filterId, fixtureId: x.fixtureId }));
}

beforeAll(async () => {
  db = await createTestDatabase();
  const rows = [MAIN_HEADER];
  for (let i = 0; i < TEAMS.length; i += 2)
    rows.push(mainRow("16/08/2025", "15:00", TEAMS[i]!, TEAMS[i + 1]!, "2-1", "1-0"));
  await importFile(db.pool, source("E0.csv", rows));
  kickoff = (await db.pool.query("SELECT min(kickoff) AS k FROM fixtures")).rows[0].k.getTime();
  const { rows: users } = await db.pool.query(
    "INSERT INTO users (email, first_name, language_code, newsletter_key) VALUES ('shards@example.com', 'Fan', 'en', 'k') RETURNING id",
  );
  await grantPremium(db.pool, users[0].id, { now: clock.now(), days: 365 });
  // Home shots on target reach 1, 2, 3 and 4 at different minutes in each match (every match ends on 5).
  for (const k of [1, 2, 3, 4]) {
    const rule: Rule = {
      id: "s",
      category: "liveStats",
      stat: "shotsOnGoal",
      target: "Home",
      comparator: "GreaterEqualThan",
      value: k,
    };
    const { rows: f } = await db.pool.query(
      "INSERT INTO live_filters (user_id, name, desired_outcome, rules, updated_at) VALUES ($1, $2, 'home', $3, now()) RETURNING id",
      [users[0].id, `Home ${k}+ on target`, JSON.stringify([rule])],
    );
    filterIds.push(f[0].id);
  }
});
afterAll(async () => {
  await db?.drop();
});

it("records every pair once across two workers, one of which dies between its tick and its scan", async () => {
  const a = processOf("scan-a");
  const b = processOf("scan-b");
  // As a worker does before it takes shards (src/jobs/runner.ts): the feature store, loaded on a worker thread,
  // and the filters; the leases below last LEASE_MS of wall time.
  await Promise.all([a.liveScanner.warm(), b.liveScanner.warm()]);
  for (const p of [a, b, a, b]) await p.scale.heartbeat();
  expect([a.scale.shards().length, b.scale.shards().length]).toEqual([SHARD_COUNT / 2, SHARD_COUNT / 2]);
  const fixtureIds = (await db.pool.query<{ id: number }>("SELECT id FROM fixtures ORDER BY id")).rows.map((r) => r.id);
  // Both workers have fixtures to scan (else the test would prove nothing).
  expect(new Set(fixtureIds.map((id) => a.scale.shards().includes(shardOf(id)))).size).toBe(2);

  const byA: Array<{ filterId: number; fixtureId: number }> = [];
  const byB: Array<{ filterId: number; fixtureId: number }> = [];
  let bAlive = true;
  let takenOver = false;
  const bFixtures = fixtureIds.filter((id) => b.scale.shards().includes(shardOf(id)));
  for (let minute = 1; minute <= 110; minute++) {
    clock.set(new Date(kickoff + minute * 60_000));
    // The beats a worker's timer gives every second: a slow machine's minutes must not let the leases lapse.
    if (bAlive) await Promise.all([a.scale.heartbeat(), b.scale.heartbeat()]);
    byA.push(...(await minuteOf(a)));
    if (bAlive && minute < 30) byB.push(...(await minuteOf(b)));
    else if (bAlive) {
      // B's last tick: states stored, then killed before its scanner ran (nothing recorded for them).
      await b.live.tick({ shard: b.scale.liveShard() });
      bAlive = false;
      // Its heartbeat and leases expire (what LEASE_MS of silence does; tests/db/scale.test.ts waits for it for real).
      await db.pool.query("UPDATE scale_workers SET expires_at = now() - interval '1 second' WHERE id = 'scan-b'");
      await db.pool.query("UPDATE scale_shards SET lease_until = now() - interval '1 second' WHERE owner = 'scan-b'");
    } else if (!takenOver) {
      await a.scale.heartbeat();
      expect(a.scale.shards()).toHaveLength(SHARD_COUNT);
      takenOver = true;
    }
  }
  // Every (filter, fixture) pair once in the database…
  const { rows } = await db.pool.query<{ filterId: number; fixtureId: number; n: number }>(
    `SELECT filter_id AS "filterId", fixture_id AS "fixtureId", count(*)::int AS n FROM alert_picks WHERE source = 'live' GROUP BY 1, 2`,
  );
  expect(rows).toHaveLength(filterIds.length * fixtureIds.length);
  expect(rows.every((r) => r.n === 1)).toBe(true);
  // …and created once by the workers: B before its death, A for its own fixtures and, after the takeover, B's.
  const created = [...byA, ...byB].map((p) => `${p.filterId}:${p.fixtureId}`);
  expect(new Set(created).size).toBe(created.length);
  expect(created).toHaveLength(filterIds.length * fixtureIds.length);
  expect(byB.length).toBeGreaterThan(0);
  expect(byA.some((p) => bFixtures.includes(p.fixtureId))).toBe(true);
  // No fixture was scanned by the wrong worker while both lived.
  expect(byB.every((p) => bFixtures.includes(p.fixtureId))).toBe(true);
});
