import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPORTMONKS_BOOKMAKERS, SPORTMONKS_LEAGUES } from "../../src/domain/sportmonks/prematch.ts";
import type { Standin } from "../../src/data/standin/server.ts";
import { createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { listeningStandin } from "../support/standin.ts";

/**
 * Real mode's SportMonks pre-match sync against the stand-in, both clocks driven together: once football-data.co.uk's
 * sync has listed the weekend, SportMonks' prices are stored per bookmaker for those fixtures (the odds table's
 * current price, a history row per changed price), the same prices as the fixtures file's; an unchanged read
 * changes nothing; hours later the moved prices are stored; a name that matches no team is reported, not created.
 */

const FRIDAY = "2026-11-27T13:00:00Z";
const FRIDAY_EVENING = "2026-11-27T19:00:00Z";
const SATURDAY_MORNING = "2026-11-28T09:00:00Z";
const EVERY_MS = 30 * 60_000;
/** The bookmakers SportMonks lists that we store (bet365, Pinnacle, and those the bundled season has of the rest). */
const CODES = Object.values(SPORTMONKS_BOOKMAKERS);
const isSportmonksBookmakers = (codes: string[]) => {
  expect(codes).toEqual(expect.arrayContaining(["B365", "PS"]));
  expect(codes.every((c) => CODES.includes(c))).toBe(true);
};
let db: TestDatabase;
let standin: Standin;
const clock = fixedClock(FRIDAY);
let services: ReturnType<typeof createServices>;

const at = (iso: string) => {
  clock.set(iso);
  standin.setNow(Date.parse(iso));
};
const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.pool.query<{ n: number }>(sql, params)).rows[0]!.n);
const historyAt = (iso: string) =>
  db.pool.query<{ code: string; n: number }>(
    `SELECT b.code, count(*)::int AS n FROM odds_history h JOIN bookmakers b ON b.id = h.bookmaker_id
      WHERE h.seen_at = $1 GROUP BY b.code ORDER BY b.code`,
    [iso],
  );
/**
 * The opening 1X2 and over/under 2.5 rows (the markets SportMonks brings) of its bookmakers in its leagues (not the
 * lower English and Scottish divisions), as text to compare.
 */
const sportmonksPrices = async () =>
  (
    await db.pool.query<{ row: string }>(
      `SELECT concat_ws('|', o.fixture_id, b.code, o.market, o.price_home, o.price_draw, o.price_away) AS row
         FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id JOIN fixtures f ON f.id = o.fixture_id
         JOIN leagues l ON l.id = f.league_id
        WHERE NOT o.closing AND f.kickoff > $1 AND b.code = ANY($2::text[]) AND o.market IN ('1x2', 'ou25')
          AND l.source_key = ANY($3::text[])
        ORDER BY 1`,
      [clock.now(), CODES, Object.values(SPORTMONKS_LEAGUES)],
    )
  ).rows.map((r) => r.row);

beforeAll(async () => {
  db = await createTestDatabase();
  const listening = await listeningStandin(FRIDAY);
  standin = listening.standin;
  services = createServices(
    {
      pool: db.pool,
      clock,
      sources: {
        footballData: { files: listening.files, everyMs: 15 * 60_000 },
        sportmonks: { api: listening.sportmonks, everyMs: EVERY_MS },
      },
    },
    { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => standin?.server.close(() => resolve()));
  await db?.drop();
});

describe("SportMonks pre-match sync against the stand-in", () => {
  it("stores the prices it reads, per bookmaker, for the fixtures football-data.co.uk listed", async () => {
    expect((await services.footballData!.cycle()).errors).toEqual([]);
    at(FRIDAY_EVENING);
    const report = await services.sportmonks!.cycle();
    expect(report.error).toBeNull();
    expect(report.fixtures).toBeGreaterThan(25);
    expect(report.matched).toBeGreaterThan(25);
    expect(report.unmatchedTeams).toEqual([]);
    expect(report.pricesChanged).toBeGreaterThan(0);
    expect(report.pricesRecorded).toBe(report.pricesChanged);
    const rows = (await historyAt(FRIDAY_EVENING)).rows;
    isSportmonksBookmakers(rows.map((r) => r.code));
    // The same prices as the fixtures file shows at the same moment: its import changes none of them.
    const before = await sportmonksPrices();
    expect(before.length).toBeGreaterThan(50);
    await services.footballData!.cycle();
    expect(await sportmonksPrices()).toEqual(before);
    const state = await services.sportmonks!.state();
    expect(state).toMatchObject({ lastSuccessAt: new Date(FRIDAY_EVENING).toISOString(), lastError: null });
    expect(state.rowsChanged).toBe(report.pricesChanged);
    const health = await services.health.report();
    expect(health.sources?.sportmonks).toMatchObject({ status: "ok", rowsChanged: report.pricesChanged });
  });

  it("changes nothing when it reads the same prices again", async () => {
    const history = await count("SELECT count(*)::int AS n FROM odds_history");
    const report = await services.sportmonks!.cycle();
    expect(report.error).toBeNull();
    expect(report.pricesChanged).toBe(0);
    expect(report.pricesRecorded).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM odds_history")).toBe(history);
  });

  it("hours later stores the moved prices, a history row for each price that changed", async () => {
    at(SATURDAY_MORNING);
    const report = await services.sportmonks!.cycle();
    expect(report.error).toBeNull();
    expect(report.pricesChanged).toBeGreaterThan(0);
    expect(report.pricesRecorded).toBeGreaterThan(0);
    isSportmonksBookmakers((await historyAt(SATURDAY_MORNING)).rows.map((r) => r.code));
    // Every morning row differs from the row before it.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM odds_history h JOIN LATERAL (
           SELECT p.price_home, p.price_draw, p.price_away FROM odds_history p
            WHERE (p.fixture_id, p.bookmaker_id, p.market) = (h.fixture_id, h.bookmaker_id, h.market)
              AND p.seen_at < h.seen_at ORDER BY p.seen_at DESC LIMIT 1) p ON true
          WHERE h.seen_at = $1 AND (p.price_home, p.price_draw, p.price_away)
                IS NOT DISTINCT FROM (h.price_home, h.price_draw, h.price_away)`,
        [SATURDAY_MORNING],
      ),
    ).toBe(0);
  });

  it("reports a name that matches no team, and creates none", async () => {
    const { rows } = await db.pool.query<{ name: string }>(
      `SELECT t.name FROM fixtures f JOIN teams t ON t.id = f.home_team_id JOIN leagues l ON l.id = f.league_id
        WHERE l.source_key = 'E0' AND f.kickoff > $1 ORDER BY f.kickoff LIMIT 1`,
      [SATURDAY_MORNING],
    );
    const teams = await count("SELECT count(*)::int AS n FROM teams");
    standin.rename(rows[0]!.name, "Renamed Rovers");
    const report = await services.sportmonks!.cycle();
    expect(report.unmatchedTeams).toMatchObject([{ name: "Renamed Rovers", league: "Premier League" }]);
    expect((await services.sportmonks!.state()).unmatchedTeams).toEqual(report.unmatchedTeams);
    expect(await count("SELECT count(*)::int AS n FROM teams")).toBe(teams);
  });
});
