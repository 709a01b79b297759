import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Standin } from "../../src/data/standin/server.ts";
import { pricesVisible } from "../../src/domain/predictions/price-visibility.ts";
import { type SmOdd, prematchQuotes } from "../../src/domain/sportmonks/prematch.ts";
import {
  type UpcomingMatch,
  fixturesBetweenAnswer,
  prematchOdds,
  prematchOddsAnswer,
  upcomingFixture,
} from "../../src/domain/standin/sportmonks-fixtures.ts";
import { listeningStandin } from "../support/standin.ts";

/**
 * The stand-in's SportMonks pre-match data: fixtures and odds written in SportMonks' documented shape read back
 * through the sync's own mapping as the prices they were made from; pages of 25 with `has_more`; and, served,
 * the same matches and prices the stand-in's fixtures file shows at its clock, none before they are published.
 */

const match: UpcomingMatch = {
  fixtureId: 4711,
  leagueId: 8,
  leagueName: "Premier League",
  seasonId: 2026,
  home: { id: 19, name: "Arsenal" },
  away: { id: 18, name: "Chelsea" },
  kickoffMs: Date.parse("2026-11-28T15:00:00Z"),
  odds: [
    { bookmaker: "B365", market: "1x2", closing: false, line: null, prices: [2.1, 3.4, 3.5] },
    { bookmaker: "PS", market: "ou25", closing: false, line: null, prices: [1.9, null, 1.95] },
    // Not a SportMonks bookmaker of ours, a closing price and a handicap: none is written.
    { bookmaker: "Avg", market: "1x2", closing: false, line: null, prices: [2, 3.3, 3.4] },
    { bookmaker: "B365", market: "1x2", closing: true, line: null, prices: [2, 3.5, 3.6] },
    { bookmaker: "B365", market: "ah", closing: false, line: -0.5, prices: [1.9, null, 2] },
  ],
};

describe("SportMonks pre-match JSON of the stand-in", () => {
  it("writes the documented odd fields and reads back as the quotes it was made from", () => {
    const odds = prematchOdds(match);
    expect(odds).toHaveLength(5);
    expect(odds[0]).toMatchObject({
      fixture_id: 4711,
      market_id: 1,
      bookmaker_id: 2,
      label: "Home",
      value: "2.10",
      dp3: "2.100",
      market_description: "Match Winner",
      stopped: false,
      total: null,
    });
    expect(odds.find((o) => o.label === "Over")).toMatchObject({ market_id: 80, bookmaker_id: 70, total: "2.5" });
    expect(new Set(odds.map((o) => o.id)).size).toBe(odds.length);
    expect(prematchQuotes(odds as unknown as SmOdd[])).toEqual(match.odds.slice(0, 2));
  });

  it("reads the other documented labels and leaves out what it cannot store", () => {
    const odd = (label: string, value: string, extra: Partial<SmOdd> = {}): SmOdd => ({
      fixture_id: 1,
      market_id: 1,
      bookmaker_id: 2,
      label,
      value,
      ...extra,
    });
    expect(prematchQuotes([odd("1", "2.05"), odd("X", "3.10"), odd("2", "3.20")])).toEqual([
      { bookmaker: "B365", market: "1x2", closing: false, line: null, prices: [2.05, 3.1, 3.2] },
    ]);
    // Half a market, an unknown bookmaker, another total, a stopped line.
    expect(prematchQuotes([odd("1", "2.05"), odd("X", "3.10")])).toEqual([]);
    expect(
      prematchQuotes([odd("1", "2"), odd("X", "3"), odd("2", "4")].map((o) => ({ ...o, bookmaker_id: 999 }))),
    ).toEqual([]);
    const ou = { market_id: 80, total: "2.75" };
    expect(prematchQuotes([odd("Over", "1.8", ou), odd("Under", "2", ou)])).toEqual([]);
    expect(prematchQuotes([odd("1", "2"), odd("X", "3", { stopped: true }), odd("2", "4")])).toEqual([]);
  });

  it("lists a fixture with its participants, league and state, and pages 25 at a time", () => {
    const fixture = upcomingFixture(match, ["participants", "league", "state"]);
    expect(fixture).toMatchObject({ id: 4711, league_id: 8, state_id: 1, starting_at: "2026-11-28 15:00:00" });
    expect(fixture.participants).toMatchObject([
      { id: 19, name: "Arsenal", meta: { location: "home" } },
      { id: 18, name: "Chelsea", meta: { location: "away" } },
    ]);
    expect(fixture.league).toMatchObject({ id: 8, name: "Premier League" });
    expect(fixture.odds).toBeUndefined();
    const many = Array.from({ length: 30 }, (_, i) => ({ ...match, fixtureId: i + 1, kickoffMs: match.kickoffMs + i }));
    const url = (n: number) => `http://x/fixtures/between/a/b?page=${n}`;
    const first = fixturesBetweenAnswer(many, [], 1, url) as { data: unknown[]; pagination: Record<string, unknown> };
    expect(first.data).toHaveLength(25);
    expect(first.pagination).toEqual({ count: 25, per_page: 25, current_page: 1, next_page: url(2), has_more: true });
    const second = fixturesBetweenAnswer(many, [], 2, url) as { data: unknown[]; pagination: Record<string, unknown> };
    expect(second.pagination).toMatchObject({ count: 5, has_more: false, next_page: null });
    expect(fixturesBetweenAnswer(many, [], 3, url)).toHaveProperty("message");
    expect(prematchOddsAnswer(undefined)).toHaveProperty("message");
  });
});

describe("SportMonks pre-match data served by the stand-in", () => {
  let standin: Standin;
  let base = "";
  const FRIDAY = "2026-11-27T13:00:00Z";
  beforeAll(async () => {
    ({ standin } = await listeningStandin(FRIDAY));
    const address = standin.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}/sportmonks/v3/football`;
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => standin?.server.close(() => resolve()));
  });
  const get = async (path: string) => (await fetch(`${base}${path}`, { headers: { authorization: "token" } })).json();

  it("pages the next 7 days' fixtures, with odds only once published", async () => {
    const all: Array<{ id: number; starting_at_timestamp: number; odds: unknown[] }> = [];
    let page = 1;
    for (;;) {
      const answer = await get(
        `/fixtures/between/2026-11-27/2026-12-04?include=participants;league;state;odds&page=${page}`,
      );
      all.push(...answer.data);
      if (!answer.pagination.has_more) break;
      page += 1;
    }
    expect(page).toBeGreaterThan(1);
    const now = Date.parse(FRIDAY);
    expect(all.every((f) => f.starting_at_timestamp * 1000 > now)).toBe(true);
    for (const f of all) {
      const published = pricesVisible(f.starting_at_timestamp * 1000, now);
      if (!published) expect(f.odds).toEqual([]);
    }
    const priced = all.find((f) => f.odds.length > 0)!;
    expect(priced).toBeDefined();
    const odds = await get(`/odds/pre-match/fixtures/${priced.id}`);
    expect(odds.data).toEqual(priced.odds);
    expect((await fetch(`${base}/fixtures/between/2026-11-27/2026-12-04`)).status).toBe(401);
  });
});
