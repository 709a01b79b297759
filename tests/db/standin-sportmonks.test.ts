import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayEntry } from "../../src/data/live/replay-feed.ts";
import { createSportmonksFeed } from "../../src/data/live/sportmonks-feed.ts";
import type { Standin } from "../../src/data/standin/server.ts";
import { replaySources } from "../../src/db/queries/live.ts";
import { replayState } from "../../src/domain/live/replay.ts";
import type { LiveState } from "../../src/domain/live/state.ts";
import { createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { listeningStandin } from "../support/standin.ts";

/**
 * Real mode's live feed against the offline stand-in: the site syncs Saturday's fixtures from the stand-in's
 * football-data files, then the real SportMonks adapter, pointed at the stand-in with any token, reads the matches
 * in play. Once Monday's sync brings the results, the replay of those fixtures at each moment (seeded, as the
 * stand-in's is, by the SportMonks fixture id) gives the same minutes, scores and counters. A match that has not
 * kicked off is not in play; no token is refused and the fail switch fails these answers too.
 */

const SATURDAY = "2026-11-28T10:00:00Z";
const MONDAY = "2026-11-30T13:00:00Z";
/** Saturday's 15:00 UK matches in the first half, at half time and in the second half. */
const MOMENTS = ["2026-11-28T15:31:10Z", "2026-11-28T15:52:00Z", "2026-11-28T16:24:45Z"];
const INCLUDE = "participants;scores;statistics;events;periods;inplayOdds";
let db: TestDatabase;
let standin: Standin;
let origin: string;
const clock = fixedClock(SATURDAY);
let services: ReturnType<typeof createServices>;

interface SmFixture {
  id: number;
  starting_at_timestamp: number;
  participants: Array<{ name: string; meta: { location: string } }>;
}
/** What the adapter read at a moment, and the stand-in's own answer (for its fixture ids). */
const seen: Array<{ at: string; states: LiveState[]; answer: SmFixture[] }> = [];

const at = async (iso: string) => {
  clock.set(iso);
  standin.setNow(Date.parse(iso));
};
const feedWith = (token: string) =>
  createSportmonksFeed({ token, baseUrl: `${origin}/sportmonks/v3/football`, pool: db.pool, cacheMs: 0 });
const inplay = async (query: string) => fetch(`${origin}/sportmonks/v3/football/livescores/inplay${query}`);
const fixtureNames = async (ids: number[]) =>
  (
    await db.pool.query<{ id: number; home: string; away: string; kickoff: Date }>(
      `SELECT f.id, h.name AS home, a.name AS away, f.kickoff
         FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
        WHERE f.id = ANY($1::int[])`,
      [ids],
    )
  ).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  const listening = await listeningStandin(SATURDAY);
  standin = listening.standin;
  origin = `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}`;
  services = createServices(
    { pool: db.pool, clock, sources: { footballData: { files: listening.files, everyMs: 15 * 60_000 } } },
    { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  expect((await services.footballData!.cycle()).errors).toEqual([]);
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => standin?.server.close(() => resolve()));
  await db?.drop();
});

describe("SportMonks livescores of the stand-in, read by the SportMonks adapter", () => {
  it("lists Saturday's matches being played, with any token", async () => {
    const feed = feedWith("any");
    for (const moment of MOMENTS) {
      await at(moment);
      const states = await feed.playing(new Date(moment));
      const answer = ((await (await inplay(`?api_token=any&include=${INCLUDE}`)).json()) as { data: SmFixture[] }).data;
      seen.push({ at: moment, states, answer });
      expect(states.length).toBeGreaterThan(5);
      // Nearly every fixture in play is one of ours (a few team names may not match across divisions).
      expect(states.length).toBeGreaterThan(answer.length * 0.8);
    }
    expect(seen.map((s) => [...new Set(s.states.map((x) => x.status))].sort())).toEqual([
      ["live"],
      ["halftime", "live"],
      ["halftime", "live"],
    ]);
  });

  it("gives the minutes, scores and counters the replay gives for those fixtures at that moment", async () => {
    await at(MONDAY);
    expect((await services.footballData!.cycle()).errors).toEqual([]);
    let compared = 0;
    for (const { at: moment, states, answer } of seen) {
      const names = await fixtureNames(states.map((s) => s.fixtureId));
      const rows = await replaySources(
        db.pool,
        states.map((s) => s.fixtureId),
        new Date(MONDAY),
      );
      for (const state of states) {
        const ours = names.find((n) => n.id === state.fixtureId)!;
        const theirs = answer.find(
          (f) =>
            f.starting_at_timestamp * 1000 === ours.kickoff.getTime() &&
            f.participants.some((p) => p.meta.location === "home" && p.name === ours.home) &&
            f.participants.some((p) => p.meta.location === "away" && p.name === ours.away),
        );
        if (!theirs) continue;
        const row = rows.find((r) => r.id === state.fixtureId)!;
        expect(row.ftHome).not.toBeNull();
        // The replay of the stored fixture, seeded by the provider's fixture id as the stand-in seeds it.
        const entry = replayEntry({ ...row, id: theirs.id });
        const replay = replayState(entry.timeline, row.kickoff.getTime(), Date.parse(moment), entry.model);
        expect(state).toMatchObject({
          status: replay.status,
          second: replay.second,
          minute: replay.minute,
          homeScore: replay.homeScore,
          awayScore: replay.awayScore,
          home: replay.home,
          away: replay.away,
        });
        if (state.odds && replay.odds) expect(state.odds.home).toBeCloseTo(replay.odds.home!, 2);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("does not list a match that has not kicked off", async () => {
    const moment = MOMENTS[0]!;
    await at(moment);
    const later = await db.pool.query<{ id: number }>(
      "SELECT id FROM fixtures WHERE kickoff > $1 AND kickoff < $1::timestamptz + interval '4 hours' ORDER BY kickoff",
      [moment],
    );
    expect(later.rows.length).toBeGreaterThan(0);
    const feed = feedWith("any");
    const playing = new Set((await feed.playing(new Date(moment))).map((s) => s.fixtureId));
    for (const { id } of later.rows) {
      expect(playing.has(id)).toBe(false);
      expect(await feed.state(id, new Date(moment))).toBeNull();
    }
  });

  it("refuses a missing or empty token as SportMonks does, and fails when told to", async () => {
    for (const query of ["", "?api_token=", "?api_token=%20"]) {
      const refused = await inplay(query);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: "Unauthenticated." });
    }
    await expect(feedWith("").playing(new Date(MOMENTS[0]!))).rejects.toThrow(/HTTP 401/);
    standin.fail("503", 60_000);
    await expect(feedWith("any").playing(new Date(MOMENTS[0]!))).rejects.toThrow(/HTTP 503/);
    await fetch(`${origin}/_standin/fail`, { method: "POST", body: JSON.stringify({ mode: "none" }) });
    expect((await inplay("?api_token=any")).status).toBe(200);
  });
});
