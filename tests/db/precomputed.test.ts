/**
 * Precomputed figures on real data (two seasons of the Premier League): what the precompute job stores equals
 * what the request would compute at every moment it is read (so the two cannot drift), a result ending, an
 * import or a new replay shift refreshes them, trends from the stored facts equal trends computed from the
 * teams' matches, and the premium events stay hidden from visitors although the stored rows hold every event.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSource } from "../../src/data/csv-source.ts";
import { importFile } from "../../src/data/importer.ts";
import { applyClockState } from "../../src/db/clock-state.ts";
import { readFigures } from "../../src/db/queries/precomputed.ts";
import { recentTeamMatches, upcomingFixtures } from "../../src/db/queries/team-stats.ts";
import { isPremiumTeamEvent, TEAM_EVENTS, visibleTeamStats } from "../../src/domain/stats/team-events.ts";
import { baseRates, teamTrends } from "../../src/domain/stats/trends.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

const MIN = 60_000;
const DAY = 86_400_000;
let db: TestDatabase;
let services: Services;
const clock = fixedClock("2025-10-01T00:00:00Z");
/** A Premier League match being played at T0 (kicked off 30 minutes before). */
let live: { id: number; home: number; away: number; kickoff: Date };
let T0: Date;
let teams: number[];

const import_ = async (season: string, file: string) =>
  importFile(db.pool, await readSource(path.resolve("datasets/football-data", season, file), `${season}/${file}`));

const at = (ms: number) => new Date(T0.getTime() + ms);

/** What the request computes at the clock's time, with nothing stored (the kind's computation called directly). */
async function fresh<K extends "teams" | "preMatch" | "teamTrends">(kind: K, id: number) {
  const [row] = await services.teamStats.compute[kind]([id], clock.now());
  return row;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await import_("2024-2025", "E0.csv.gz");
  await import_("2025-2026", "E0.csv.gz");
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 2, filesTotal: 2 }), jobs: async () => null },
  );
  const { rows } = await db.pool.query<{ id: number; home: number; away: number; kickoff: Date }>(
    `SELECT f.id, f.home_team_id AS home, f.away_team_id AS away, f.kickoff FROM fixtures f JOIN seasons s ON s.id = f.season_id
      WHERE s.name = '2025-2026' ORDER BY f.kickoff, f.id OFFSET 60 LIMIT 1`,
  );
  live = rows[0]!;
  T0 = new Date(live.kickoff.getTime() + 30 * MIN);
  clock.set(T0);
  teams = (await db.pool.query<{ id: number }>("SELECT id FROM teams ORDER BY id")).rows.map((r) => r.id);
}, 120_000);
afterAll(async () => db?.drop());

describe("precomputed figures", () => {
  it("the job computes the figures around now once; a second run finds nothing to do", async () => {
    const first = await services.precompute.refresh();
    expect(first.teams).toBeGreaterThanOrEqual(20);
    expect(first.teamTrends).toBe(first.teams);
    expect(first.preMatch).toBeGreaterThanOrEqual(5);
    expect(first.leagueStats).toBe(1);
    const second = await services.precompute.refresh();
    expect(second).toMatchObject({ teams: 0, teamTrends: 0, preMatch: 0, leagueStats: 0 });
  });

  it("stored figures equal the request's own computation whenever they are read (every team, fixtures around now, league averages)", async () => {
    await services.precompute.refresh();
    const { rows: fixtures } = await db.pool.query<{ id: number }>(
      "SELECT id FROM fixtures WHERE kickoff >= $1 AND kickoff < $2 ORDER BY kickoff, id",
      [at(-DAY), at(3 * DAY)],
    );
    expect(fixtures.length).toBeGreaterThanOrEqual(5);
    let compared = 0;
    // Read at the job's time and later, while the stored rows still hold (a later moment reads only the rows still valid).
    for (const ms of [0, 10 * MIN, 70 * MIN, 5 * 3_600_000, DAY]) {
      clock.set(at(ms));
      const stored = {
        teams: await readFigures(db.pool, "team", teams, clock.now()),
        teamTrends: await readFigures(db.pool, "team-trends", teams, clock.now()),
        preMatch: await readFigures(
          db.pool,
          "pre-match",
          fixtures.map((f) => f.id),
          clock.now(),
        ),
      };
      for (const kind of ["teams", "teamTrends", "preMatch"] as const) {
        for (const [id, data] of stored[kind]) {
          expect(data, `${kind} ${id} at +${ms / MIN} min`).toEqual((await fresh(kind, id))!.data);
          compared++;
        }
      }
      const leagues = await readFigures(db.pool, "league-stats", [0], clock.now());
      if (leagues.has(0))
        expect(leagues.get(0)).toEqual((await services.leagues.compute.statistics([0], clock.now()))[0]!.data);
    }
    expect(compared).toBeGreaterThan(100);
    clock.set(T0);
  });

  it("a match being played counts nowhere; once it has ended, its teams' figures are recomputed with it", async () => {
    clock.set(T0);
    await services.precompute.refresh();
    const before = await services.teamStats.team(live.home, undefined, true);
    expect(before.lastMatches.map((f) => f.id)).not.toContain(live.id);
    const [row] = (
      await db.pool.query("SELECT valid_until FROM precomputed_figures WHERE kind = 'team' AND subject_id = $1", [
        live.home,
      ])
    ).rows;
    expect(row.valid_until).toEqual(new Date(live.kickoff.getTime() + 105 * MIN));
    const { rows: next } = await db.pool.query<{ id: number; home: number }>(
      "SELECT id, home_team_id AS home FROM fixtures WHERE (home_team_id = $1 OR away_team_id = $1) AND kickoff > $2 ORDER BY kickoff LIMIT 1",
      [live.home, live.kickoff],
    );
    const nextFixture = next[0]!.id;
    const side = next[0]!.home === live.home ? "localTeam" : "visitorTeam";
    // The match being played is neither last nor next: the next is the one after it.
    expect(before.next?.id).toBe(nextFixture);
    const preBefore = await services.teamStats.preMatch(nextFixture, true);

    // The result is in: 106 minutes after kick-off the match has ended.
    clock.set(new Date(live.kickoff.getTime() + 106 * MIN));
    const refreshed = await services.precompute.refresh();
    expect(refreshed.teams).toBeGreaterThanOrEqual(2);
    const after = await services.teamStats.team(live.home, undefined, true);
    expect(after.lastMatches[0]?.id).toBe(live.id);
    expect(after.stats.season.overall.totals.matches).toBe(before.stats.season.overall.totals.matches + 1);
    const preAfter = await services.teamStats.preMatch(nextFixture, true);
    expect(preAfter[side].season.overall.totals.matches).toBe(preBefore[side].season.overall.totals.matches + 1);
    expect(preAfter).toEqual({ ...(await fresh("preMatch", nextFixture))!.data });
    // The played match's own pre-match figures never change: only matches that kicked off before it count.
    const own = await services.teamStats.preMatch(live.id, true);
    clock.set(at(30 * DAY));
    expect(await services.teamStats.preMatch(live.id, true)).toEqual(own);
    clock.set(T0);
  });

  it("trends from the stored facts equal trends computed from every team's matches", async () => {
    clock.set(T0);
    await services.precompute.refresh();
    const from = T0;
    const to = at(3 * DAY);
    const { items } = await services.teamStats.trends({ from, to, tab: "AllTrends", premium: true });
    // The computation the facts replace: each team's last 30 matches, base rates pooled over the teams of the range.
    const upcoming = await upcomingFixtures(db.pool, { from, to, now: T0, limit: 400 });
    const first = new Map<number, number>();
    for (const f of upcoming) {
      if (!first.has(f.homeTeamId)) first.set(f.homeTeamId, f.id);
      if (!first.has(f.awayTeamId)) first.set(f.awayTeamId, f.id);
    }
    const history = await recentTeamMatches(db.pool, [...first.keys()], T0, T0, 30);
    const rates = baseRates(
      [...history.values()].flat(),
      TEAM_EVENTS.map((e) => e.key),
    );
    const expected = [...first.keys()].flatMap((team) => teamTrends(team, history.get(team) ?? [], rates));
    const shown = new Map<number, number>();
    for (const i of items) shown.set(i.team.id, (shown.get(i.team.id) ?? 0) + 1);
    expect(items.length).toBeGreaterThan(0);
    for (const [team, n] of shown) {
      const mine = items.filter((i) => i.team.id === team).map((i) => i.trend);
      expect(mine).toEqual(expected.filter((t) => t.teamId === team).slice(0, n));
    }
  });

  it("the trends page's pages are slices of the trends, with the count of all rows; past the last, the last", async () => {
    clock.set(T0);
    const { items } = await services.teamStats.trends({ tab: "AllTrends", premium: true });
    const first = await services.teamStats.trendsPage({ tab: "AllTrends", premium: true, page: 1 });
    expect(first.total).toBe(items.length);
    expect(first.pages).toBe(Math.max(1, Math.ceil(items.length / first.pageRows)));
    const pages = [first];
    for (let page = 2; page <= first.pages; page++)
      pages.push(await services.teamStats.trendsPage({ tab: "AllTrends", premium: true, page }));
    expect(pages.flatMap((p) => p.items)).toEqual(items);
    expect(pages.every((p) => p.items.length <= p.pageRows)).toBe(true);
    const beyond = await services.teamStats.trendsPage({ tab: "AllTrends", premium: true, page: 1_000_000 });
    expect(beyond.page).toBe(first.pages);
    expect(beyond.items).toEqual(pages.at(-1)!.items);
  });

  it("an old fixture's pre-match figures are answered per request, not stored; stale rows are pruned", async () => {
    clock.set(T0);
    const { rows } = await db.pool.query<{ id: number }>(
      "SELECT id FROM fixtures WHERE kickoff < $1 ORDER BY kickoff DESC LIMIT 1",
      [at(-10 * DAY)],
    );
    const old = rows[0]!.id;
    expect(await services.teamStats.preMatch(old, true)).toEqual((await fresh("preMatch", old))!.data);
    const stored = await db.pool.query(
      "SELECT 1 FROM precomputed_figures WHERE kind = 'pre-match' AND subject_id = $1",
      [old],
    );
    expect(stored.rowCount).toBe(0);
    await services.precompute.refresh();
    // A week and a day later every row computed at T0 is gone or recomputed.
    clock.set(at(8 * DAY));
    await services.precompute.refresh();
    const left = await db.pool.query("SELECT 1 FROM precomputed_figures WHERE valid_from < $1", [at(DAY)]);
    expect(left.rowCount).toBe(0);
    clock.set(T0);
  });

  it("an import makes every stored figure stale; the next run recomputes them", async () => {
    clock.set(T0);
    await services.precompute.refresh();
    expect((await readFigures(db.pool, "team", teams, T0)).size).toBeGreaterThan(0);
    await import_("2025-2026", "SC0.csv.gz");
    expect((await readFigures(db.pool, "team", teams, T0)).size).toBe(0);
    const run = await services.precompute.refresh();
    expect(run.teams).toBeGreaterThanOrEqual(20);
    expect(run.leagueStats).toBe(1);
  });

  it("a new replay shift (every kick-off moved) makes every stored figure stale too", async () => {
    clock.set(T0);
    await services.precompute.refresh();
    await applyClockState(db.pool, { mode: "replay", shiftWeeks: 1 });
    expect((await readFigures(db.pool, "team", teams, T0)).size).toBe(0);
    expect((await readFigures(db.pool, "league-stats", [0], T0)).size).toBe(0);
    await applyClockState(db.pool, { mode: "real", shiftWeeks: 0 });
    expect((await services.precompute.refresh()).teams).toBeGreaterThanOrEqual(20);
    expect((await readFigures(db.pool, "team", teams, T0)).size).toBeGreaterThanOrEqual(20);
  });

  it("visitors never see premium events, though the stored rows hold them all; members see the same figures in full", async () => {
    clock.set(T0);
    await services.precompute.refresh();
    const team = live.away;
    const member = await services.teamStats.team(team, undefined, true);
    const visitor = await services.teamStats.team(team, undefined, false);
    expect(visitor.stats).toEqual(visibleTeamStats(member.stats, false));
    const keys = Object.keys(visitor.stats.season.overall.events);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some(isPremiumTeamEvent)).toBe(false);
    expect(Object.keys(member.stats.season.overall.events).some(isPremiumTeamEvent)).toBe(true);
    const api = createApi(services, { logger: { warn: () => {}, error: () => {} } });
    const answer = (await (
      await api.request(`/teams/${team}/stats`, { headers: { "x-test-client-ip": "10.8.0.1" } })
    ).json()) as {
      data: { stats: { season: { overall: { events: Record<string, unknown> } } } };
    };
    expect(Object.keys(answer.data.stats.season.overall.events).sort()).toEqual([...keys].sort());
    const pre = (await (
      await api.request(`/fixtures/${live.id}/team-stats`, { headers: { "x-test-client-ip": "10.8.0.2" } })
    ).json()) as {
      data: { localTeam: { last10: { overall: { events: Record<string, unknown> } } } };
    };
    expect(Object.keys(pre.data.localTeam.last10.overall.events).some(isPremiumTeamEvent)).toBe(false);
  });
});
