import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSportmonksFeed } from "../../src/data/live/sportmonks-feed.ts";
import type { Standin } from "../../src/data/standin/server.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { READY_PROBES, callApi, signInMember } from "../support/api-client.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";
import { listeningStandin } from "../support/standin.ts";

/**
 * Real mode's weekend, end to end on the services, against the offline stand-in of both providers with both clocks
 * driven together: Friday's fixtures file brings the weekend and its predictions follow at once; a pre-match filter
 * alerts once (a second process, as after a restart, does not alert again); Saturday morning's prices move the
 * final probabilities; Saturday afternoon's live matches come from the stand-in's SportMonks livescores through the
 * real SportMonks adapter and a live filter alerts once per match; Monday's result files finish the fixtures,
 * every pick is graded and the value-bet track record counts the weekend.
 */

const FRIDAY = "2026-11-27T13:00:00Z";
const SATURDAY_MORNING = "2026-11-28T11:00:00Z";
/** The 15:00 UK matches in the first half, then a minute later. */
const SATURDAY_LIVE = ["2026-11-28T15:31:10Z", "2026-11-28T15:32:10Z"];
const MONDAY = "2026-11-30T13:00:00Z";

let db: TestDatabase;
let standin: Standin;
const clock = fixedClock(FRIDAY);
let sites: Array<{ services: Services; api: ReturnType<typeof createApi> }> = [];
let member: { token: string; userId: number };

/** A process of the site in real mode: the football-data sync and the SportMonks live feed, both at the stand-in. */
function siteProcess(files: Awaited<ReturnType<typeof listeningStandin>>["files"], origin: string) {
  const liveFeed = createSportmonksFeed({
    token: "any-token-1",
    baseUrl: `${origin}/sportmonks/v3/football`,
    pool: db.pool,
    cacheMs: 0,
  });
  const services = createServices(
    { pool: db.pool, clock, sources: { footballData: { files, everyMs: 15 * 60_000 } }, liveFeed },
    READY_PROBES,
  );
  return { services, api: createApi(services) };
}

const at = (iso: string) => {
  clock.set(iso);
  standin.setNow(Date.parse(iso));
};
const rows = async <T>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows as T[];

beforeAll(async () => {
  db = await createTestDatabase();
  const listening = await listeningStandin(FRIDAY);
  standin = listening.standin;
  const origin = `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}`;
  sites = [siteProcess(listening.files, origin), siteProcess(listening.files, origin)];
  member = await signInMember({ db, ...sites[0]! }, "weekend@pitchlab.test");
  await grantPremium(db.pool, member.userId, { now: new Date(FRIDAY), days: 30 });
}, 180_000);
afterAll(async () => {
  await new Promise<void>((resolve) => standin?.server.close(() => resolve()));
  await db?.drop();
});

/** Saturday's fixtures with a price, and each one's final home probability. */
const saturdayFinals = () =>
  rows<{ id: number; p: number }>(
    `SELECT f.id, p.p_home AS p FROM fixtures f JOIN predictions p ON p.fixture_id = f.id
      WHERE f.kickoff >= $1 AND f.kickoff < $2 AND EXISTS (SELECT 1 FROM odds o WHERE o.fixture_id = f.id)
      ORDER BY f.id`,
    ["2026-11-28T00:00:00Z", "2026-11-29T00:00:00Z"],
  );

// A whole sweep of the season and a sync per step: minutes on a loaded machine, not the usual seconds.
describe("real mode's weekend against the stand-in of both providers", { timeout: 240_000 }, () => {
  const first = () => sites[0]!.services;
  let fridayFinals: Map<number, number>;
  let prematchFilter: number;

  it("Friday: the weekend's fixtures appear with prices, and their predictions follow at once", async () => {
    expect((await first().footballData!.cycle()).errors).toEqual([]);
    await first().pipeline.refresh();
    const upcoming = await rows<{ n: number; predicted: number }>(
      `SELECT count(*)::int AS n, count(p.fixture_id)::int AS predicted
         FROM fixtures f LEFT JOIN predictions p ON p.fixture_id = f.id WHERE f.kickoff > $1`,
      [FRIDAY],
    );
    expect(upcoming[0]!.n).toBeGreaterThan(50);
    expect(upcoming[0]!.predicted).toBe(upcoming[0]!.n);
    const finals = await saturdayFinals();
    expect(finals.length).toBeGreaterThan(10);
    fridayFinals = new Map(finals.map((f) => [f.id, f.p]));
  });

  it("a pre-match filter alerts once, and a second process (a restarted site) does not alert again", async () => {
    const created = await callApi(sites[0]!.api, "POST", "/prematch/filters", member.token, {
      name: "Weekend favourites",
      desiredOutcome: "home",
      leadTime: { amount: 2, unit: "days" },
      rules: [{ category: "odds", stat: "win", target: "Home", comparator: "LessThan", value: 20 }],
    });
    expect(created.status).toBe(200);
    prematchFilter = created.body.data.id;
    const alerted = (await first().prematch.findAlerts()).filter((p) => p.filterId === prematchFilter);
    expect(alerted.length).toBeGreaterThan(0);
    const again = (await sites[1]!.services.prematch.findAlerts()).filter((p) => p.filterId === prematchFilter);
    expect(again).toHaveLength(0);
  });

  it("Saturday morning: newer prices are stored over time and move the final probabilities", async () => {
    at(SATURDAY_MORNING);
    expect((await first().footballData!.cycle()).errors).toEqual([]);
    await first().pipeline.refresh();
    const history = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT fixture_id FROM odds_history GROUP BY fixture_id, bookmaker_id, market HAVING count(*) > 1) moved`,
    );
    expect(history[0]!.n).toBeGreaterThan(0);
    const moved = (await saturdayFinals()).filter(
      (f) => fridayFinals.has(f.id) && Math.abs(f.p - fridayFinals.get(f.id)!) > 1e-6,
    );
    expect(moved.length).toBeGreaterThan(0);
  });

  it("Saturday afternoon: live matches come from the SportMonks stand-in, and a live filter alerts once per match", async () => {
    const created = await callApi(sites[0]!.api, "POST", "/live-filters", member.token, {
      name: "Any live match",
      desiredOutcome: "home",
      rules: [{ category: "time", stat: "minute", target: "Match", comparator: "GreaterThan", value: 1 }],
    });
    expect(created.status).toBe(200);
    const liveFilter = created.body.data.id as number;
    await first().liveScanner.refresh();
    const picked: number[] = [];
    for (const moment of SATURDAY_LIVE) {
      at(moment);
      const tick = await first().live.tick();
      expect(tick.states.length).toBeGreaterThan(0);
      expect(tick.states.every((s) => (s.minute ?? 0) > 1)).toBe(true);
      const scan = await first().liveScanner.scan(tick.states, tick.ended);
      picked.push(scan.picks.filter((p) => p.filterId === liveFilter).length);
    }
    // The first tick alerts on every match in play; a minute later nothing is new.
    expect(picked[0]).toBeGreaterThan(0);
    expect(picked[1]).toBe(0);
    const perMatch = await rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM alert_picks WHERE source = 'live' AND filter_id = $1 GROUP BY fixture_id",
      [liveFilter],
    );
    expect(perMatch.every((r) => r.n === 1)).toBe(true);
  });

  it("Monday: the result files finish the weekend, every pick is graded and the value-bet record counts it", async () => {
    await first().valueBets.scan();
    at(MONDAY);
    expect((await first().footballData!.cycle()).errors).toEqual([]);
    await first().pipeline.refresh();
    await first().alerts.grade();
    const picks = await rows<{ status: string; finished: boolean }>(
      `SELECT p.status, (f.ft_home IS NOT NULL) AS finished
         FROM alert_picks p JOIN fixtures f ON f.id = p.fixture_id
        WHERE p.user_id = $1 AND f.kickoff + interval '2 hours' < $2`,
      [member.userId, MONDAY],
    );
    expect(picks.length).toBeGreaterThan(0);
    expect(picks.every((p) => p.finished && p.status !== "pending")).toBe(true);
    const record = await first().valueBets.record();
    expect(record.total.picks).toBeGreaterThan(0);
  });
});
