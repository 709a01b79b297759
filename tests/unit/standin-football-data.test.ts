import type { AddressInfo } from "node:net";
import { seasonCodeOf } from "../../src/domain/football-data/provider-files.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFootballData } from "../../src/data/importer.ts";
import { loadFootballDataSite } from "../../src/data/standin/football-data-site.ts";
import { type Standin, createStandin } from "../../src/data/standin/server.ts";
import { pricesVisible } from "../../src/domain/predictions/price-visibility.ts";
import {
  RESULT_AFTER_MS,
  fixturesAt,
  resultsAt,
  shiftSeasonLabel,
  ukDateTime,
  datedRows,
} from "../../src/domain/standin/football-data-files.ts";

/**
 * The offline stand-in of football-data.co.uk: what its files hold at a moment (finished matches only in the
 * results, the next 7 days without results and with only published prices in the fixtures), conditional requests,
 * a movable clock and the failures it can be told to produce. Our own importer reads every file it serves.
 */

const HEADER = [
  "Div",
  "Date",
  "Time",
  "HomeTeam",
  "AwayTeam",
  "FTHG",
  "FTAG",
  "FTR",
  "HS",
  "B365H",
  "B365CH",
  "AvgC>2.5",
];
const row = (date: string, time: string, home: string, away: string) => [
  "E0",
  date,
  time,
  home,
  away,
  "2",
  "1",
  "H",
  "12",
  "1.9",
  "1.85",
  "1.7",
];

describe("football-data files at a moment (pure)", () => {
  const table = {
    header: HEADER,
    rows: [
      row("01/11/2025", "15:00", "Arsenal", "Chelsea"),
      row("08/11/2025", "15:00", "Everton", "Leeds"),
      row("11/11/2025", "19:45", "Wolves", "Fulham"),
      row("29/11/2025", "15:00", "Spurs", "Brighton"),
    ],
  };
  const { rows } = datedRows(table);
  const weeks = 52;
  // Friday 6 November 2026, 13:00 UTC: the first row (shifted to Saturday 31 October 2026) is played, the second
  // (Saturday 7th) has its prices since noon, the third (Tuesday 10th) not yet; the fourth is beyond 7 days.
  const now = Date.parse("2026-11-06T13:00:00Z");

  it("writes dates and times in UK time, season labels and codes one year on", () => {
    expect(ukDateTime(Date.parse("2026-07-01T14:00:00Z"))).toEqual({ date: "01/07/2026", time: "15:00" });
    expect(ukDateTime(Date.parse("2026-12-01T14:00:00Z"))).toEqual({ date: "01/12/2026", time: "14:00" });
    expect(shiftSeasonLabel("2025/2026", 1)).toBe("2026/2027");
    expect(shiftSeasonLabel("2026", 1)).toBe("2027");
    expect(seasonCodeOf(2026)).toBe("2627");
    expect(seasonCodeOf(1999)).toBe("9900");
  });

  it("lists in the results only what was played, shifted, with every column", () => {
    const results = resultsAt(table, rows, weeks, now);
    expect(results.rows).toEqual([row("31/10/2026", "15:00", "Arsenal", "Chelsea")]);
  });

  it("lists the next 7 days without results or closing prices, and opening prices only once published", () => {
    const fixtures = fixturesAt(table, rows, weeks, now);
    expect(fixtures.rows).toEqual([
      ["E0", "07/11/2026", "15:00", "Everton", "Leeds", "", "", "", "", "1.9", "", ""],
      ["E0", "10/11/2026", "19:45", "Wolves", "Fulham", "", "", "", "", "", "", ""],
    ]);
    expect(pricesVisible(Date.parse("2026-11-10T19:45:00Z"), now)).toBe(false);
  });

  it("keeps a match being played in the fixtures until its result is listed", () => {
    // Everton–Leeds kicks off Saturday 7th at 15:00 UTC; its result is listed from 17:00. A site started at 16:10
    // reads it in neither file otherwise, and then has nothing to match the live feed's match to.
    const teams = (t: { rows: string[][] }) => t.rows.map((r) => `${r[3]}-${r[4]}`);
    const at = (iso: string) => Date.parse(iso);
    expect(teams(fixturesAt(table, rows, weeks, at("2026-11-07T16:10:00Z")))).toContain("Everton-Leeds");
    expect(teams(resultsAt(table, rows, weeks, at("2026-11-07T16:10:00Z")))).not.toContain("Everton-Leeds");
    expect(fixturesAt(table, rows, weeks, at("2026-11-07T16:10:00Z")).rows[0]!.slice(5, 8)).toEqual(["", "", ""]);
    expect(teams(fixturesAt(table, rows, weeks, at("2026-11-07T17:00:00Z")))).not.toContain("Everton-Leeds");
    expect(teams(resultsAt(table, rows, weeks, at("2026-11-07T17:00:00Z")))).toContain("Everton-Leeds");
  });

  it("looks further ahead and quotes every listed match when told to (a heavier provider, for benches)", () => {
    const fixtures = fixturesAt(table, rows, weeks, now, { aheadMs: 28 * 86_400_000, quoteAll: true });
    expect(fixtures.rows).toEqual([
      ["E0", "07/11/2026", "15:00", "Everton", "Leeds", "", "", "", "", "1.9", "", ""],
      ["E0", "10/11/2026", "19:45", "Wolves", "Fulham", "", "", "", "", "1.9", "", ""],
      ["E0", "28/11/2026", "15:00", "Spurs", "Brighton", "", "", "", "", "1.9", "", ""],
    ]);
  });

  it("moves a fixture's price from the opening toward the closing one as kick-off nears", () => {
    // Everton–Leeds kicks off Saturday 7th at 15:00 UTC: 1.9 at Friday noon's publication, 1.85 at kick-off.
    const quoted = (iso: string) => fixturesAt(table, rows, weeks, Date.parse(iso)).rows[0]![9];
    expect(quoted("2026-11-06T13:00:00Z")).toBe("1.9");
    expect(quoted("2026-11-07T01:30:00Z")).toBe("1.88");
    expect(quoted("2026-11-07T14:45:00Z")).toBe("1.85");
  });
});

describe("the stand-in server on the bundled season", () => {
  let standin: Standin;
  let base = "";
  const AT = "2026-11-28T12:00:00Z";
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(5000) });
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });

  beforeAll(async () => {
    standin = createStandin({ site: await loadFootballDataSite("datasets/football-data"), atMs: Date.parse(AT) });
    await new Promise<void>((resolve) => standin.server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => new Promise<void>((resolve) => standin.server.close(() => resolve())));

  it("serves the current season's results of the past only, in a file our importer reads whole", async () => {
    const clock = (await (await get("/_standin/clock")).json()) as { now: string; shiftWeeks: number };
    expect(Math.abs(Date.parse(clock.now) - Date.parse(AT))).toBeLessThan(60_000);
    expect(clock.shiftWeeks).toBeGreaterThan(0);
    expect((await get("/mmz4281/2526/E0.csv")).status).toBe(404);
    const response = await get("/mmz4281/2627/E0.csv");
    expect(response.status).toBe(200);
    const parsed = parseFootballData({ name: "E0.csv", text: await response.text(), sha256: "" });
    expect(parsed.problems).toEqual([]);
    expect(parsed.records.length).toBeGreaterThan(50);
    for (const r of parsed.records) {
      expect(r.kickoff.getTime() + 2 * 3_600_000).toBeLessThanOrEqual(Date.parse(AT) + 60_000);
      expect(r.season).toBe("2026-2027");
      expect(r.ftHome).not.toBeNull();
    }
  });

  it("answers 304 to a conditional request until the clock brings new results", async () => {
    const first = await get("/mmz4281/2627/E0.csv");
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    const before = (await first.text()).split("\r\n").length;
    expect((await get("/mmz4281/2627/E0.csv", { "if-none-match": etag })).status).toBe(304);
    expect((await get("/mmz4281/2627/E0.csv", { "if-modified-since": lastModified })).status).toBe(304);
    // Saturday noon → Sunday noon: Saturday's matches are over.
    expect((await post("/_standin/clock", { at: "2026-11-29T12:00:00Z" })).status).toBe(200);
    const after = await get("/mmz4281/2627/E0.csv", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect((await after.text()).split("\r\n").length).toBeGreaterThan(before);
    await post("/_standin/clock", { at: AT });
  });

  it("lists the next 7 days' fixtures (and those being played) of every division in one file, without results", async () => {
    const response = await get("/fixtures.csv");
    const parsed = parseFootballData({ name: "fixtures.csv", text: await response.text(), sha256: "" });
    expect(parsed.problems).toEqual([]);
    expect(new Set(parsed.records.map((r) => r.leagueKey)).size).toBeGreaterThan(10);
    for (const r of parsed.records) {
      expect(r.kickoff.getTime()).toBeGreaterThan(Date.parse(AT) - RESULT_AFTER_MS);
      expect(r.kickoff.getTime()).toBeLessThanOrEqual(Date.parse(AT) + 7 * 86_400_000);
      expect(r.ftHome).toBeNull();
      // Opening prices only once published; closing prices never before kick-off.
      if (!pricesVisible(r.kickoff.getTime(), Date.parse(AT))) expect(r.odds).toEqual([]);
      expect(r.odds.filter((o) => o.closing)).toEqual([]);
    }
    expect(parsed.records.some((r) => r.odds.length > 0)).toBe(true);
    const extra = await get("/new_league_fixtures.csv");
    expect(extra.status).toBe(200);
  });

  it("renames a team and postpones a match when told to", async () => {
    const text = await (await get("/fixtures.csv")).text();
    const [, first] = text.split("\r\n");
    const cells = first!.split(",");
    const [home, away] = [cells[3]!, cells[4]!];
    expect((await post("/_standin/rename", { from: home, to: `${home} FC` })).status).toBe(200);
    expect(await (await get("/fixtures.csv")).text()).toContain(`${home} FC,${away}`);
    expect((await post("/_standin/postpone", { home: `${home} FC`, away, to: "2027-01-20T19:45:00Z" })).status).toBe(
      200,
    );
    expect(await (await get("/fixtures.csv")).text()).not.toContain(`${home} FC,${away}`);
    expect((await post("/_standin/postpone", { home: "Nobody", away, to: "2027-01-20T19:45:00Z" })).status).toBe(404);
    expect((await post("/_standin/clock", { at: "soon" })).status).toBe(400);
  });

  it("lists four weeks of fixtures, every one quoted, when told to; refuses a horizon it cannot serve", async () => {
    const listed = async () => (await (await get("/fixtures.csv")).text()).trim().split("\r\n").length - 1;
    const week = await listed();
    expect((await post("/_standin/fixtures", { aheadDays: 28, quoteAll: true })).status).toBe(200);
    const month = await listed();
    const text = await (await get("/fixtures.csv")).text();
    const { records } = parseFootballData({ name: "fixtures.csv", text, sha256: "" });
    expect(month).toBeGreaterThan(2 * week);
    // Every match the bundled season has prices of (a few rows of the files have none).
    expect(records.filter((r) => r.odds.length > 0).length).toBeGreaterThan(0.95 * records.length);
    for (const bad of [{ aheadDays: 0 }, { aheadDays: 1.5 }, { aheadDays: 366 }, { quoteAll: "yes" }])
      expect((await post("/_standin/fixtures", bad)).status).toBe(400);
    expect((await post("/_standin/fixtures", {})).status).toBe(200);
    expect(await listed()).toBe(week);
  });

  it("fails when told to: 503, a truncated download, an answer that never comes; then recovers", async () => {
    await post("/_standin/fail", { mode: "503", seconds: 60 });
    expect((await get("/fixtures.csv")).status).toBe(503);
    await post("/_standin/fail", { mode: "truncate", seconds: 60 });
    await expect(get("/fixtures.csv").then((r) => r.text())).rejects.toThrow();
    await post("/_standin/fail", { mode: "timeout", seconds: 60 });
    await expect(fetch(`${base}/fixtures.csv`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    await post("/_standin/fail", { mode: "none" });
    expect((await get("/fixtures.csv")).status).toBe(200);
  });
});
