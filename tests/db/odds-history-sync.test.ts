import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Standin } from "../../src/data/standin/server.ts";
import { listeningStandin } from "../support/standin.ts";
import { createApi } from "../../src/server/api/app.ts";
import { createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

/**
 * Prices over time: each sync against the stand-in (both clocks driven together) records the prices it saw for
 * every upcoming fixture, a row per fixture, bookmaker and market only when they changed. The stand-in's prices
 * move from the opening toward the closing ones, so the last row seen before kick-off is about the closing price
 * Monday's results file brings. The API serves the series oldest first and nothing seen after the site's now.
 */

const FRIDAY = "2026-11-27T13:00:00Z";
const FRIDAY_EVENING = "2026-11-27T19:00:00Z";
const SATURDAY_NOON = "2026-11-28T12:00:00Z";
const MONDAY = "2026-11-30T13:00:00Z";
let db: TestDatabase;
let standin: Standin;
const clock = fixedClock(FRIDAY);
let services: ReturnType<typeof createServices>;
let api: ReturnType<typeof createApi>;

const at = (iso: string) => {
  clock.set(iso);
  standin.setNow(Date.parse(iso));
};
const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.pool.query<{ n: number }>(sql, params)).rows[0]!.n);
const silent = { error: () => {}, warn: () => {}, info: () => {} };

interface Series {
  bookmaker: { code: string };
  market: string;
  prices: Array<{ seenAt: string; prices: Record<string, number | null> }>;
}
const historyOf = async (id: number | string) => api.request(`/fixtures/${id}/price-history`);

beforeAll(async () => {
  db = await createTestDatabase();
  const listening = await listeningStandin(FRIDAY);
  standin = listening.standin;
  const files = listening.files;
  services = createServices(
    { pool: db.pool, clock, sources: { footballData: { files, everyMs: 15 * 60_000 } } },
    { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services, { logger: silent });
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => standin?.server.close(() => resolve()));
  await db?.drop();
});

describe("the price history the football-data.co.uk sync records", () => {
  // A Saturday fixture kicking off after the Saturday noon cycle, with its prices.
  let fixture = 0;
  let kickoff = new Date(0);

  it("Friday after publication: one row per upcoming fixture, bookmaker and market, stamped with the sync's clock", async () => {
    const report = await services.footballData!.cycle();
    expect(report.errors).toEqual([]);
    const published = await count(
      `SELECT count(*)::int AS n FROM odds o JOIN fixtures f ON f.id = o.fixture_id
        WHERE NOT o.closing AND f.kickoff > $1`,
      [FRIDAY],
    );
    expect(published).toBeGreaterThan(100);
    expect(report.pricesRecorded).toBe(published);
    expect(await count("SELECT count(*)::int AS n FROM odds_history")).toBe(published);
    expect(await count("SELECT count(*)::int AS n FROM odds_history WHERE seen_at <> $1", [FRIDAY])).toBe(0);
    const { rows } = await db.pool.query<{ id: number; kickoff: Date }>(
      `SELECT f.id, f.kickoff FROM fixtures f
        WHERE f.kickoff > $1 AND extract(dow FROM f.kickoff) = 6 AND EXISTS (SELECT 1 FROM odds_history h WHERE h.fixture_id = f.id)
        ORDER BY f.kickoff, f.id LIMIT 1`,
      [SATURDAY_NOON],
    );
    fixture = rows[0]!.id;
    kickoff = rows[0]!.kickoff;
  });

  it("adds nothing when a cycle sees the same prices", async () => {
    const before = await count("SELECT count(*)::int AS n FROM odds_history");
    const report = await services.footballData!.cycle();
    expect(report.pricesRecorded).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM odds_history")).toBe(before);
  });

  it("hours later adds a row for the prices that moved, and only for those", async () => {
    at(FRIDAY_EVENING);
    const report = await services.footballData!.cycle();
    expect(report.errors).toEqual([]);
    expect(report.pricesRecorded).toBeGreaterThan(0);
    expect(await count("SELECT count(*)::int AS n FROM odds_history WHERE seen_at = $1", [FRIDAY_EVENING])).toBe(
      report.pricesRecorded,
    );
    // Every evening row differs from the row before it: an unchanged price adds nothing.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM odds_history h JOIN odds_history p
            ON (p.fixture_id, p.bookmaker_id, p.market) = (h.fixture_id, h.bookmaker_id, h.market) AND p.seen_at = $1
          WHERE h.seen_at = $2 AND (p.line, p.price_home, p.price_draw, p.price_away)
                IS NOT DISTINCT FROM (h.line, h.price_home, h.price_draw, h.price_away)`,
        [FRIDAY, FRIDAY_EVENING],
      ),
    ).toBe(0);
    expect(
      await count("SELECT count(*)::int AS n FROM odds_history WHERE fixture_id = $1 AND seen_at = $2", [
        fixture,
        FRIDAY_EVENING,
      ]),
    ).toBeGreaterThan(0);
  });

  it("serves the series oldest first, never a row seen after the site's now", async () => {
    const answer = await historyOf(fixture);
    expect(answer.status).toBe(200);
    const series = ((await answer.json()) as { data: Series[] }).data;
    expect(series.length).toBeGreaterThan(0);
    expect(series.some((s) => s.prices.length === 2)).toBe(true);
    for (const s of series) {
      const times = s.prices.map((p) => Date.parse(p.seenAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBe(Date.parse(FRIDAY));
    }
    // The site's clock before the evening cycle: only what was seen by then.
    clock.set("2026-11-27T16:00:00Z");
    const earlier = ((await (await historyOf(fixture)).json()) as { data: Series[] }).data;
    expect(earlier.every((s) => s.prices.length === 1 && s.prices[0]!.seenAt === new Date(FRIDAY).toISOString())).toBe(
      true,
    );
    clock.set(FRIDAY_EVENING);
    expect((await historyOf(999_999_999)).status).toBe(404);
    expect((await historyOf("abc")).status).toBe(400);
  });

  it("the last price seen before kick-off is the closing price until Monday's results bring theirs, about the same", async () => {
    // The last cycle before this fixture's kick-off, 15 minutes before it.
    at(SATURDAY_NOON);
    await services.footballData!.cycle();
    at(new Date(kickoff.getTime() - 15 * 60_000).toISOString());
    await services.footballData!.cycle();
    // Half an hour after kick-off, before any result: its closing prices are the last ones seen.
    at(new Date(kickoff.getTime() + 30 * 60_000).toISOString());
    const closing = `SELECT b.code, o.market, o.line, o.price_home, o.price_draw, o.price_away FROM odds o
                       JOIN bookmakers b ON b.id = o.bookmaker_id WHERE o.fixture_id = $1 AND o.closing ORDER BY 1, 2`;
    expect((await db.pool.query(closing, [fixture])).rows).toEqual([]);
    expect((await services.footballData!.cycle()).closingPrices).toBeGreaterThan(0);
    const lastSeen = await db.pool.query(
      `SELECT DISTINCT ON (b.code, h.market) b.code, h.market, h.line, h.price_home, h.price_draw, h.price_away
         FROM odds_history h JOIN bookmakers b ON b.id = h.bookmaker_id
        WHERE h.fixture_id = $1 AND h.seen_at < $2 ORDER BY b.code, h.market, h.seen_at DESC`,
      [fixture, kickoff],
    );
    expect(lastSeen.rows.length).toBeGreaterThan(0);
    expect((await db.pool.query(closing, [fixture])).rows).toEqual(lastSeen.rows);
    expect((await services.footballData!.cycle()).closingPrices).toBe(0);
    // Monday's results file then brings the provider's closing column over them.
    at(MONDAY);
    expect((await services.footballData!.cycle()).errors).toEqual([]);
    const { rows } = await db.pool.query<{ market: string; last: number; closing: number; seen: Date }>(
      `SELECT c.market, c.price_home AS closing, l.price_home AS last, l.seen_at AS seen
         FROM odds c JOIN LATERAL (
           SELECT h.price_home, h.seen_at FROM odds_history h
            WHERE (h.fixture_id, h.bookmaker_id, h.market) = (c.fixture_id, c.bookmaker_id, c.market) AND h.seen_at < $2
            ORDER BY h.seen_at DESC LIMIT 1) l ON true
        WHERE c.fixture_id = $1 AND c.closing AND c.market = '1x2'`,
      [fixture, kickoff],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(Math.abs(r.last - r.closing)).toBeLessThanOrEqual(0.02 * r.closing);
    // Nothing recorded for a fixture once it has kicked off.
    expect(
      await count("SELECT count(*)::int AS n FROM odds_history WHERE fixture_id = $1 AND seen_at >= $2", [
        fixture,
        kickoff,
      ]),
    ).toBe(0);
  });
});
