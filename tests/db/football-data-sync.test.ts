import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Standin } from "../../src/data/standin/server.ts";
import { listeningStandin } from "../support/standin.ts";
import { createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

/**
 * Real mode's sync from football-data.co.uk against the offline stand-in, both clocks driven together from a
 * Friday to the Monday after: the first cycle brings the season so far and the next 7 days' fixtures with the
 * prices published by then; an unchanged cycle costs only 304s; Monday's cycle turns the weekend's fixtures into
 * played ones (the same fixtures, now with scores and closing prices); an outage of the stand-in turns health to
 * degraded once it lasts longer than two cycles, and the recovery loses and doubles nothing.
 */

const FRIDAY = "2026-11-27T13:00:00Z";
const MONDAY = "2026-11-30T13:00:00Z";
const EVERY_MS = 15 * 60_000;
let db: TestDatabase;
let standin: Standin;
const clock = fixedClock(FRIDAY);
let services: ReturnType<typeof createServices>;

const at = async (iso: string) => {
  clock.set(iso);
  standin.setNow(Date.parse(iso));
};
const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.pool.query<{ n: number }>(sql, params)).rows[0]!.n);

beforeAll(async () => {
  db = await createTestDatabase();
  const listening = await listeningStandin(FRIDAY);
  standin = listening.standin;
  const files = listening.files;
  services = createServices(
    { pool: db.pool, clock, sources: { footballData: { files, everyMs: EVERY_MS } } },
    { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => standin?.server.close(() => resolve()));
  await db?.drop();
});

describe("football-data.co.uk sync against the stand-in", () => {
  let saturday: { id: number; home: string; away: string } | undefined;

  it("brings the season so far and the next 7 days' fixtures, prices only once published", async () => {
    const report = await services.footballData!.cycle();
    expect(report.errors).toEqual([]);
    expect(report.imported).toBe(report.files);
    expect(report.added).toBeGreaterThan(1000);
    // Played matches of the current (shifted) season, and upcoming ones without a score.
    expect(await count("SELECT count(*)::int AS n FROM seasons WHERE name = '2026-2027'")).toBeGreaterThan(10);
    const upcoming = await db.pool.query<{ id: number; home: string; away: string; kickoff: Date; prices: number }>(
      `SELECT f.id, h.name AS home, a.name AS away, f.kickoff,
              (SELECT count(*)::int FROM odds o WHERE o.fixture_id = f.id) AS prices
         FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
        WHERE f.kickoff > $1 ORDER BY f.kickoff`,
      [FRIDAY],
    );
    expect(upcoming.rows.length).toBeGreaterThan(50);
    expect(upcoming.rows.every((f) => f.kickoff.getTime() <= Date.parse(FRIDAY) + 7 * 86_400_000)).toBe(true);
    expect(
      await count("SELECT count(*)::int AS n FROM fixtures WHERE kickoff > $1 AND ft_home IS NOT NULL", [FRIDAY]),
    ).toBe(0);
    // Saturday's matches have their opening prices (published Friday noon); next Tuesday's have none yet.
    saturday = upcoming.rows.find((f) => f.kickoff.getUTCDay() === 6 && f.prices > 0);
    expect(saturday).toBeDefined();
    const tuesday = upcoming.rows.filter((f) => f.kickoff.getUTCDay() === 2);
    expect(tuesday.length).toBeGreaterThan(0);
    expect(tuesday.every((f) => f.prices === 0)).toBe(true);
    // The fixtures files' prices exist from this sync on; the results files' follow the rule (seen_from null).
    const seen = await db.pool.query<{ upcoming: boolean; from: Date | null; n: number }>(
      `SELECT f.kickoff > $1 AS upcoming, o.seen_from AS from, count(*)::int AS n
         FROM odds o JOIN fixtures f ON f.id = o.fixture_id WHERE NOT o.closing GROUP BY 1, 2`,
      [FRIDAY],
    );
    expect(seen.rows.map((r) => [r.upcoming, r.from?.toISOString() ?? null]).sort()).toEqual([
      [false, null],
      [true, new Date(FRIDAY).toISOString()],
    ]);
    const state = await services.footballData!.state();
    expect(state.lastSuccessAt).toBe(new Date(FRIDAY).toISOString());
    expect(state.rowsChanged).toBe(report.added + report.updated);
    // Pages say the data is as of the last full read.
    expect(await services.footballData!.updatedAt()).toBe(new Date(FRIDAY).toISOString());
  });

  it("reads nothing again when nothing changed: every file answers 304", async () => {
    const before = await count("SELECT count(*)::int AS n FROM fixtures");
    const report = await services.footballData!.cycle();
    expect(report.errors).toEqual([]);
    expect(report.unchanged).toBe(report.files);
    expect(report.imported).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM fixtures")).toBe(before);
  });

  it("turns Saturday's fixture into the played match on Monday: the same fixture, with its score and closing prices", async () => {
    await at(MONDAY);
    const fixtures = await count("SELECT count(*)::int AS n FROM fixtures WHERE kickoff <= $1", [MONDAY]);
    const report = await services.footballData!.cycle();
    expect(report.errors).toEqual([]);
    expect(report.updated).toBeGreaterThan(0);
    const played = await db.pool.query(
      `SELECT f.ft_home, f.ft_away, (SELECT count(*)::int FROM odds o WHERE o.fixture_id = f.id AND o.closing) AS closing
         FROM fixtures f WHERE f.id = $1`,
      [saturday!.id],
    );
    expect(played.rows[0].ft_home).not.toBeNull();
    expect(played.rows[0].closing).toBeGreaterThan(0);
    // The results file brings the provider's opening prices; the moment the sync first saw them stays.
    expect(
      await count("SELECT count(*)::int AS n FROM odds WHERE fixture_id = $1 AND NOT closing AND seen_from = $2", [
        saturday!.id,
        FRIDAY,
      ]),
    ).toBeGreaterThan(0);
    // No match doubled: every one is once, by league, date and teams.
    expect(
      await count(
        "SELECT count(*)::int AS n FROM (SELECT 1 FROM fixtures GROUP BY league_id, home_team_id, away_team_id, kickoff HAVING count(*) > 1) d",
      ),
    ).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM fixtures WHERE kickoff <= $1", [MONDAY])).toBeGreaterThanOrEqual(
      fixtures,
    );
  });

  it("shows an outage as degraded once it outlasts two cycles, and recovers with nothing lost or doubled", async () => {
    const before = await count("SELECT count(*)::int AS n FROM fixtures");
    standin.fail("503", 3_600_000);
    const failed = await services.footballData!.cycle();
    expect(failed.unavailable).toBe(true);
    expect(failed.files).toBe(1);
    let health = await services.health.report();
    expect(health.sources?.footballData.status).toBe("ok");
    expect(health.sources?.footballData.lastError).toContain("unavailable");
    await at(new Date(Date.parse(MONDAY) + 2 * EVERY_MS).toISOString());
    await services.footballData!.cycle();
    health = await services.health.report();
    expect(health.sources?.footballData.status).toBe("degraded");
    expect(health.status).toBe("degraded");
    expect(health.sources?.footballData.failingSince).toBe(new Date(MONDAY).toISOString());

    standin.fail("503", 0);
    await at(new Date(Date.parse(MONDAY) + 3 * EVERY_MS).toISOString());
    const recovered = await services.footballData!.cycle();
    expect(recovered.unavailable).toBe(false);
    expect(recovered.errors).toEqual([]);
    health = await services.health.report();
    expect(health.sources?.footballData.status).toBe("ok");
    expect(health.sources?.footballData.failingSince).toBeNull();
    expect(await count("SELECT count(*)::int AS n FROM fixtures")).toBe(before);
  });

  it("keeps a postponed match's fixture: listed again with a new date, it moves instead of doubling", async () => {
    const now = new Date(Date.parse(MONDAY) + 3 * EVERY_MS);
    const { rows } = await db.pool.query<{ id: number; home: string; away: string; kickoff: Date }>(
      `SELECT f.id, h.name AS home, a.name AS away, f.kickoff
         FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
        WHERE f.kickoff > $1 AND f.kickoff < $1::timestamptz + interval '3 days' AND f.ft_home IS NULL
        ORDER BY f.kickoff, f.id LIMIT 1`,
      [now],
    );
    const match = rows[0]!;
    const to = new Date(match.kickoff.getTime() + 2 * 86_400_000);
    const before = await count("SELECT count(*)::int AS n FROM fixtures");
    expect(standin.postpone(match.home, match.away, to.getTime())).toBe(true);
    const report = await services.footballData!.cycle();
    expect(report.errors).toEqual([]);
    const moved = await db.pool.query<{ kickoff: Date; ft_home: number | null }>(
      "SELECT kickoff, ft_home FROM fixtures WHERE id = $1",
      [match.id],
    );
    expect(moved.rows[0]!.kickoff.toISOString()).toBe(to.toISOString());
    expect(await count("SELECT count(*)::int AS n FROM fixtures")).toBe(before);
  });
});
