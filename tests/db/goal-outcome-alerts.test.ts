import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import type { LiveState } from "../../src/domain/live/state.ts";
import type { Rule } from "../../src/domain/scanner/rules.ts";
import { createServices } from "../../src/services/index.ts";
import { createLiveScannerService } from "../../src/services/live-scanner.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";

/**
 * Goal outcomes through the live alert path, end to end on the embedded database: replayed matches ticked minute by
 * minute on a driven clock, the scanner's picks, then grading after full time. Each grade is checked against what
 * the live states the scanner saw say happened after the alert (an independent reading: the states, not the
 * timeline or the grading code).
 */

let db: TestDatabase;
const clock = fixedClock("2025-08-01T12:00:00Z");
const probes = { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null };
let kickoff = 0;
const finals = new Map<number, { home: number; away: number; htHome: number; htAway: number }>();
const seen = new Map<number, LiveState[]>();

const minuteAtLeast = (value: number): Rule => ({
  id: "t",
  category: "time",
  stat: "minute",
  target: "Match",
  comparator: "GreaterEqualThan",
  value,
});
const FILTERS = {
  goal_after: [minuteAtLeast(70)],
  no_goal_after: [minuteAtLeast(75)],
  next_goal_home: [minuteAtLeast(30)],
  next_goal_away: [minuteAtLeast(30)],
  goal_before_ht: [minuteAtLeast(20)],
  btts_yes: [minuteAtLeast(5)],
  "over_2.5": [minuteAtLeast(5)],
  "ht_under_1.5": [minuteAtLeast(5)],
} as const;
const filterIds = new Map<string, number>();

let services: ReturnType<typeof createServices>;
let scanner: ReturnType<typeof createLiveScannerService>;

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      mainRow("02/08/2025", "15:00", "Arsenal", "Fulham", "2-0", "1-0"),
      mainRow("02/08/2025", "15:00", "Chelsea", "Brighton", "1-1", "0-1"),
      mainRow("02/08/2025", "15:00", "Everton", "Burnley", "0-0", "0-0"),
      mainRow("02/08/2025", "15:00", "Leeds", "Wolves", "3-2", "1-2"),
      mainRow("09/08/2025", "15:00", "Arsenal", "Chelsea", "3-1", "1-1", 1.6),
      mainRow("09/08/2025", "15:00", "Brighton", "Fulham", "0-2", "0-1"),
      mainRow("09/08/2025", "15:00", "Everton", "Leeds", "2-2", "0-1"),
      mainRow("09/08/2025", "15:00", "Wolves", "Burnley", "0-0", "0-0"),
    ]),
  );
  const { rows } = await db.pool.query<{
    id: number;
    kickoff: Date;
    home: number;
    away: number;
    htHome: number;
    htAway: number;
  }>(
    `SELECT id, kickoff, ft_home AS home, ft_away AS away, ht_home AS "htHome", ht_away AS "htAway"
       FROM fixtures WHERE kickoff = (SELECT max(kickoff) FROM fixtures)`,
  );
  for (const r of rows) finals.set(r.id, r);
  kickoff = rows[0]!.kickoff.getTime();
  clock.set(new Date(kickoff - 3_600_000));
  services = createServices({ pool: db.pool, clock, publicUrl: "http://pitchlab.test" }, probes);
  scanner = createLiveScannerService(
    { pool: db.pool, clock },
    { alerts: services.alerts, features: services.prematch.featureStore, currentStates: services.live.currentStates },
    { filterCheckMs: 0 },
  );
  const user = (
    await db.pool.query(
      "INSERT INTO users (email, first_name, language_code, timezone, newsletter_key) VALUES ('goals@example.com', 'Fan', 'en', 'Europe/London', 'k') RETURNING id",
    )
  ).rows[0].id as number;
  await grantPremium(db.pool, user, { now: clock.now(), days: 365 });
  for (const [outcome, rules] of Object.entries(FILTERS)) {
    const { rows: made } = await db.pool.query(
      `INSERT INTO live_filters (user_id, name, desired_outcome, league_ids, muted, active, rules, updated_at)
       VALUES ($1, $2, $3, '{}', true, true, $4, now()) RETURNING id`,
      [user, `Goals ${outcome}`, outcome, JSON.stringify(rules)],
    );
    filterIds.set(outcome, made[0].id);
  }
});
afterAll(async () => db?.drop());

interface Pick {
  fixtureId: number;
  status: string;
  odds: number | null;
  content: { minute: number; score: { home: number; away: number }; probability?: number; firstHalf?: boolean };
}
const picksOf = async (outcome: string): Promise<Pick[]> =>
  (
    await db.pool.query(
      `SELECT fixture_id AS "fixtureId", status, odds, content FROM alert_picks WHERE source = 'live' AND filter_id = $1`,
      [filterIds.get(outcome)],
    )
  ).rows;

/** Who scored first after the pick, read from the states the scanner saw (null: no more goal, or two at once). */
function nextScorerSeen(pick: Pick): "home" | "away" | "none" | "unclear" {
  const states = seen.get(pick.fixtureId)!;
  const { home, away } = pick.content.score;
  for (const s of states) {
    const h = s.homeScore ?? 0;
    const a = s.awayScore ?? 0;
    if (h + a <= home + away) continue;
    if (h > home && a > away) return "unclear";
    return h > home ? "home" : "away";
  }
  return "none";
}

describe("goal outcomes on replayed matches, alerted and graded", () => {
  it("alerts each filter once per match, with the model's probability and price at the alert", async () => {
    for (let m = 0; m <= 115; m++) {
      clock.set(new Date(kickoff + (m + 0.5) * 60_000));
      const tick = await services.live.tick();
      for (const s of tick.states) seen.set(s.fixtureId, [...(seen.get(s.fixtureId) ?? []), s]);
      await scanner.scan(tick.states, tick.ended);
    }
    for (const outcome of Object.keys(FILTERS)) {
      const picks = await picksOf(outcome);
      expect(picks.length, outcome).toBe(finals.size);
      for (const p of picks) {
        expect(p.content.probability, outcome).toBeGreaterThan(0);
        expect(p.content.probability, outcome).toBeLessThan(1);
        // Every outcome here is priced by the in-play model, within the cap.
        if (p.odds !== null) expect(p.odds).toBeGreaterThan(1);
      }
    }
  });

  it("grades every pick as the states after the alert and the final score say", async () => {
    clock.set(new Date(kickoff + 4 * 3_600_000));
    await services.alerts.grade();
    // Before the live job stores the match's timeline, a next-goal pick whose scorer only the order of the goals
    // tells (both sides scored after the alert) waits, pending, instead of going void.
    const waiting = (await picksOf("next_goal_home")).filter((p) => {
      const f = finals.get(p.fixtureId)!;
      return f.home > p.content.score.home && f.away > p.content.score.away;
    });
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((p) => p.status === "pending")).toBe(true);
    await services.live.storeTimelines(100);
    await services.alerts.grade();
    const status = (x: boolean | null) => (x === null ? "void" : x ? "won" : "lost");
    let checked = 0;
    for (const outcome of Object.keys(FILTERS)) {
      for (const p of await picksOf(outcome)) {
        const f = finals.get(p.fixtureId)!;
        const at = p.content.score.home + p.content.score.away;
        const total = f.home + f.away;
        const next = nextScorerSeen(p);
        const expected: Record<string, boolean | null> = {
          goal_after: total > at,
          no_goal_after: total === at,
          next_goal_home: next === "unclear" ? null : next === "home",
          next_goal_away: next === "unclear" ? null : next === "away",
          goal_before_ht: p.content.minute <= 45 ? f.htHome + f.htAway > at : null,
          btts_yes: f.home > 0 && f.away > 0,
          "over_2.5": total > 2.5,
          "ht_under_1.5": p.content.minute <= 45 ? f.htHome + f.htAway < 1.5 : null,
        };
        if (next === "unclear" && outcome.startsWith("next_goal")) continue;
        expect(p.status, `${outcome} at ${p.content.minute}' ${p.content.score.home}-${p.content.score.away}`).toBe(
          status(expected[outcome]!),
        );
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(Object.keys(FILTERS).length * finals.size - 2);
    // The 3-1, the 0-2 and the 2-2 have goals after 30': both next-goal sides were won somewhere.
    const won = async (o: string) => (await picksOf(o)).filter((p) => p.status === "won").length;
    expect((await won("next_goal_home")) + (await won("next_goal_away"))).toBeGreaterThan(0);
    const figures = (await services.alerts.figures("live", [filterIds.get("goal_after")!])).get(
      filterIds.get("goal_after")!,
    )!;
    expect(figures.picks).toBe(finals.size);
    expect(figures.modelPicks).toBe(finals.size);
    expect(figures.basis).toBe("roi");
  });
});
