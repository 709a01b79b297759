import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sportmonksState } from "../../src/data/live/sportmonks-feed.ts";
import type { Standin } from "../../src/data/standin/server.ts";
import { readHeader, readRow } from "../../src/domain/football-data/record.ts";
import { HALF_SECONDS, MATCH_SPAN_SECONDS, elapsedOfSecond } from "../../src/domain/live/state.ts";
import { closingOddsModel, replayedMatchState } from "../../src/domain/standin/replayed-match.ts";
import { type InplayMatch, inplayAnswer, inplayFixture } from "../../src/domain/standin/sportmonks-livescores.ts";
import { MAIN_HEADER, mainRow } from "../support/csv.ts";
import { listeningStandin } from "../support/standin.ts";

/**
 * The stand-in's SportMonks livescores, made from a replayed match: written in SportMonks' documented shape and
 * read back through the live feed's own adapter mapping, every minute of the match says what the replay says.
 */

const KICKOFF = Date.parse("2026-11-28T15:00:00Z");
const INCLUDE = ["participants", "scores", "statistics", "events", "periods", "inplayOdds"];
const record = readRow(
  mainRow("28/11/2025", "15:00", "Arsenal", "Chelsea", "3-1", "1-1").split(","),
  readHeader(MAIN_HEADER.split(",")),
);
const matchAt = (nowMs: number): InplayMatch => ({
  fixtureId: 4711,
  leagueId: 8,
  seasonId: 2026,
  home: { id: 19, name: "Arsenal" },
  away: { id: 18, name: "Chelsea" },
  kickoffMs: KICKOFF,
  state: replayedMatchState(4711, record, KICKOFF, nowMs),
});
type SmFixture = Parameters<typeof sportmonksState>[1];

describe("SportMonks livescores of the stand-in", () => {
  it("reads back through the adapter as the replay's state, minute by minute", () => {
    for (let elapsed = 0; elapsed < MATCH_SPAN_SECONDS; elapsed += 37) {
      const match = matchAt(KICKOFF + elapsed * 1000);
      const replay = match.state;
      const read = sportmonksState(replay.fixtureId, inplayFixture(match, INCLUDE) as unknown as SmFixture);
      expect(read).toMatchObject({
        status: replay.status,
        second: replay.second,
        minute: replay.minute,
        homeScore: replay.homeScore,
        awayScore: replay.awayScore,
        home: replay.home,
        away: replay.away,
      });
      // SportMonks lists events by minute (and has no corner events: corners are a statistic).
      const listed = (events: typeof replay.events) =>
        events.filter((e) => e.type !== "corner").map((e) => `${e.minute}:${e.type}:${e.side}`);
      expect(listed(read.events).sort()).toEqual(listed(replay.events).sort());
      // Prices travel as two-decimal strings (below 1.005 a suspended 1.00); the adapter reads no line unless at
      // least two of the three result prices are open.
      const o = replay.odds;
      const open = o ? [o.home, o.draw, o.away].filter((p) => p !== null && p >= 1.005).length : 0;
      if (!o || open < 2) expect(read.odds).toBeNull();
      else {
        const priced = (x: { home: number | null; draw: number | null; away: number | null; overUnder: object[] }) => [
          x.home,
          x.draw,
          x.away,
          ...x.overUnder.flatMap((l) => Object.values(l).slice(1)),
        ];
        const expected = priced(o).map((p) => (p === null || p < 1.005 ? null : Number(p.toFixed(2))));
        expect(priced(read.odds!)).toEqual(expected);
      }
    }
  });

  it("writes the documented fixture fields, states, periods and scores", () => {
    const secondHalf = matchAt(KICKOFF + elapsedOfSecond(HALF_SECONDS + 600) * 1000);
    const f = inplayFixture(secondHalf, INCLUDE) as Record<string, unknown> & {
      participants: Array<{ meta: { location: string } }>;
      scores: Array<{ description: string; type_id: number; score: { participant: string; goals: number } }>;
      periods: Array<{ type_id: number; ticking: boolean; minutes: number; counts_from: number }>;
      inplayodds: Array<{ market_id: number; label: string; value: string; total: string | null }>;
    };
    expect(f).toMatchObject({
      id: 4711,
      state_id: 22,
      name: "Arsenal vs Chelsea",
      starting_at: "2026-11-28 15:00:00",
      starting_at_timestamp: KICKOFF / 1000,
    });
    expect(f.participants.map((p) => p.meta.location)).toEqual(["home", "away"]);
    expect(f.scores.map((s) => `${s.type_id}:${s.description}:${s.score.participant}`)).toEqual([
      "1:1ST_HALF:home",
      "1:1ST_HALF:away",
      "2:2ND_HALF:home",
      "2:2ND_HALF:away",
      "1525:CURRENT:home",
      "1525:CURRENT:away",
    ]);
    // The half-time score is the file's (1-1): the replay places the goals so.
    expect(f.scores.filter((s) => s.type_id === 1).map((s) => s.score.goals)).toEqual([1, 1]);
    expect(f.periods).toMatchObject([
      { type_id: 1, ticking: false, minutes: 45, counts_from: 0 },
      { type_id: 2, ticking: true, minutes: 55, counts_from: 45 },
    ]);
    expect(f.inplayodds.filter((o) => o.market_id === 1).map((o) => o.label)).toEqual(["1", "X", "2"]);
    expect(f.inplayodds.filter((o) => o.market_id === 80 && o.total === "2.5").map((o) => o.label)).toEqual([
      "Over",
      "Under",
    ]);
    const halftime = inplayFixture(matchAt(KICKOFF + (HALF_SECONDS + 300) * 1000), ["periods"]);
    expect(halftime).toMatchObject({ state_id: 3, periods: [{ type_id: 1, ticking: false }] });
    // Only the includes asked for.
    expect(Object.keys(halftime)).not.toContain("participants");
  });

  it("anchors the odds to the preferred closing prices, and answers a message when nothing is played", () => {
    // The row's closing prices are Pinnacle's (PSC*, PC>2.5): the model is theirs, as the replay feed's is.
    expect(closingOddsModel(record)).not.toBeNull();
    expect(closingOddsModel({ odds: record.odds.filter((o) => !o.closing) })).toBeNull();
    const empty = inplayAnswer([], INCLUDE);
    expect(empty).not.toHaveProperty("data");
    expect(empty).toMatchObject({ message: expect.stringMatching(/No result/), timezone: "UTC" });
    const two = inplayAnswer([matchAt(KICKOFF + 60_000), { ...matchAt(KICKOFF + 60_000), fixtureId: 1 }], []);
    expect((two.data as Array<{ id: number }>).map((f) => f.id)).toEqual([1, 4711]);
  });
});

describe("the stand-in's SportMonks route on the bundled season", () => {
  let standin: Standin;
  let base = "";
  const AT = "2026-11-28T15:30:00Z";
  interface Listed {
    id: number;
    name: string;
    starting_at_timestamp: number;
    participants: Array<{ id: number; name: string }>;
  }
  const inplay = async () =>
    (
      (await (
        await fetch(`${base}/sportmonks/v3/football/livescores/inplay?include=participants`, {
          headers: { Authorization: "any" },
        })
      ).json()) as { data: Listed[] }
    ).data;

  beforeAll(async () => {
    ({ standin } = await listeningStandin(AT));
    base = `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => new Promise<void>((resolve) => standin.server.close(() => resolve())));

  it("lists a renamed team under its new name with the same ids, and a postponed match at its new time", async () => {
    const [first] = await inplay();
    const home = first!.participants[0]!;
    standin.rename(home.name, `${home.name} Town`);
    const renamed = (await inplay()).find((f) => f.id === first!.id)!;
    expect(renamed.participants[0]).toEqual({ ...home, name: `${home.name} Town` });
    // An evening match moved to a kick-off ten minutes ago is in play.
    const fixtures = (await (await fetch(`${base}/fixtures.csv`)).text()).split("\r\n").slice(1);
    const [, , , later, laterAway] = fixtures[fixtures.length - 2]!.split(",");
    expect(standin.postpone(later!, laterAway!, Date.parse(AT) - 600_000)).toBe(true);
    const moved = (await inplay()).find((f) => f.name === `${later} vs ${laterAway}`);
    expect(moved?.starting_at_timestamp).toBe((Date.parse(AT) - 600_000) / 1000);
  });

  it("answers 404 to another endpoint and cuts its answers short when told to", async () => {
    const other = await fetch(`${base}/sportmonks/v3/football/fixtures?api_token=any`);
    expect(other.status).toBe(404);
    standin.fail("truncate", 60_000);
    await expect(
      fetch(`${base}/sportmonks/v3/football/livescores/inplay?api_token=any`).then((r) => r.text()),
    ).rejects.toThrow();
    standin.fail("503", 0);
  });
});
