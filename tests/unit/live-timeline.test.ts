import path from "node:path";
import { describe, expect, it } from "vitest";
import { listBundledFiles } from "../../src/data/bundled-dataset.ts";
import { readSource } from "../../src/data/csv-source.ts";
import { parseFootballData } from "../../src/data/importer.ts";
import { type ReplayInput, buildReplayTimeline, snapshotAt, totalsOf } from "../../src/domain/live/timeline.ts";
import { decodeTimeline, encodeTimeline } from "../../src/domain/live/timeline-bytes.ts";
import { replayState } from "../../src/domain/live/replay.ts";
import { matchState } from "../../src/domain/replay/match-state.ts";

const stats = (shots: number, onTarget: number, corners: number, fouls: number, yellow: number, red: number) => ({
  shots,
  shotsOnTarget: onTarget,
  corners,
  fouls,
  yellowCards: yellow,
  redCards: red,
});

const input: ReplayInput = {
  fixtureId: 4242,
  result: { htHome: 1, htAway: 1, ftHome: 3, ftAway: 1 },
  home: stats(17, 7, 8, 11, 2, 0),
  away: stats(9, 3, 4, 14, 3, 1),
  maxSubstitutions: 5,
};
const KICKOFF = Date.parse("2026-11-21T15:00:00Z");

describe("replay timeline", () => {
  it("ends on the file's totals, with estimated counters marked", () => {
    const t = totalsOf(buildReplayTimeline(input));
    expect([t.homeScore, t.awayScore]).toEqual([3, 1]);
    expect(t.home).toMatchObject({
      shots: 17,
      shotsOnTarget: 7,
      shotsOffTarget: 10,
      corners: 8,
      fouls: 11,
      yellowCards: 2,
      redCards: 0,
    });
    expect(t.away).toMatchObject({
      shots: 9,
      shotsOnTarget: 3,
      shotsOffTarget: 6,
      corners: 4,
      fouls: 14,
      yellowCards: 3,
      redCards: 1,
    });
    expect(t.home.dangerousAttacks!).toBeGreaterThanOrEqual(17);
    expect(t.home.attacks!).toBeGreaterThan(t.home.dangerousAttacks!);
    expect(t.home.possession! + t.away.possession!).toBeGreaterThanOrEqual(99);
    expect(t.home.substitutions).toBeGreaterThanOrEqual(3);
    expect(buildReplayTimeline(input).estimated).not.toBe(0);
  });

  it("is the same every time, and differs between fixtures", () => {
    const a = encodeTimeline(buildReplayTimeline(input));
    expect(encodeTimeline(buildReplayTimeline(input))).toEqual(a);
    expect(encodeTimeline(buildReplayTimeline({ ...input, fixtureId: 4243 }))).not.toEqual(a);
  });

  it("round-trips through its compact bytes", () => {
    const timeline = buildReplayTimeline(input);
    const back = decodeTimeline(input.fixtureId, encodeTimeline(timeline));
    expect(snapshotAt(back, 3000)).toEqual(snapshotAt(timeline, 3000));
    expect(totalsOf(back)).toEqual(totalsOf(timeline));
    expect(() => decodeTimeline(1, new Uint8Array(5))).toThrow(/bad length/);
  });

  it("has the score of the existing replay at every minute, and counters that never go down", () => {
    const timeline = buildReplayTimeline(input);
    let previous = replayState(timeline, KICKOFF, KICKOFF, null);
    for (let s = 0; s <= 106 * 60; s += 20) {
      const now = KICKOFF + s * 1000;
      const state = replayState(timeline, KICKOFF, now, null);
      const old = matchState(input.fixtureId, KICKOFF, now, input.result);
      expect(state.status).toBe(old.status);
      expect(state.minute).toBe(old.minute);
      expect([state.homeScore, state.awayScore]).toEqual([old.score?.home ?? null, old.score?.away ?? null]);
      for (const side of ["home", "away"] as const) {
        expect(state[side].shots!).toBeGreaterThanOrEqual(previous[side].shots ?? 0);
        expect(state[side].shotsOnTarget!).toBeGreaterThanOrEqual(
          state.events.filter((e) => e.type === "goal" && e.side === side).length - 0,
        );
      }
      previous = state;
    }
  });

  it("reveals nothing before kick-off and holds the first half's figures through the break", () => {
    const timeline = buildReplayTimeline(input);
    const before = replayState(timeline, KICKOFF, KICKOFF - 1000, null);
    expect(before).toMatchObject({ status: "upcoming", homeScore: null, events: [] });
    expect(before.home.shots).toBeNull();
    const end = replayState(timeline, KICKOFF, KICKOFF + (45 * 60 - 1) * 1000, null);
    const halftime = replayState(timeline, KICKOFF, KICKOFF + 50 * 60 * 1000, null);
    expect(halftime.status).toBe("halftime");
    expect({ ...halftime, status: "live" }).toEqual({ ...end, status: "live" });
    expect([halftime.homeScore, halftime.awayScore]).toEqual([1, 1]);
  });

  it("leaves counters absent, not zero, when the file has no statistics", () => {
    const t = totalsOf(buildReplayTimeline({ ...input, home: null, away: null }));
    expect(t.homeScore).toBe(3);
    expect(t.home.shots).toBeNull();
    expect(t.home.corners).toBeNull();
    expect(t.home.redCards).toBeNull();
    expect(t.home.dangerousAttacks!).toBeGreaterThan(0);
  });

  it("keeps the file's figures when it says fewer shots than shots on target", () => {
    const t = totalsOf(buildReplayTimeline({ ...input, home: stats(2, 4, 1, 1, 0, 0) }));
    expect(t.home).toMatchObject({ shots: 2, shotsOnTarget: 4 });
  });

  it("puts yellow cards later than shots on average (cards cluster late)", () => {
    let cards = 0;
    let cardSum = 0;
    let shots = 0;
    let shotSum = 0;
    for (let id = 1; id <= 400; id++) {
      const timeline = buildReplayTimeline({ ...input, fixtureId: id });
      for (let i = 0; i < timeline.codes.length; i++) {
        const kind = timeline.codes[i]! >> 1;
        if (kind === 5) {
          cards++;
          cardSum += timeline.seconds[i]!;
        }
        if (kind === 2) {
          shots++;
          shotSum += timeline.seconds[i]!;
        }
      }
    }
    expect(cardSum / cards).toBeGreaterThan(shotSum / shots + 300);
  });
});

describe("the bundled dataset", () => {
  it("every played main-division fixture's timeline ends on the CSV's figures", async () => {
    const dir = "datasets/football-data";
    const files = (await listBundledFiles(dir)).filter((f) => !f.startsWith("extra"));
    let checked = 0;
    const mismatches: string[] = [];
    let id = 0;
    for (const file of files) {
      const parsed = parseFootballData(await readSource(path.join(dir, file), file));
      for (const record of parsed.records) {
        id++;
        if (record.ftHome === null || record.ftAway === null) continue;
        const timeline = buildReplayTimeline({
          fixtureId: id,
          result: record,
          home: record.homeStats,
          away: record.awayStats,
          maxSubstitutions: record.season >= "2020-2021" ? 5 : 3,
        });
        const t = totalsOf(timeline);
        const want: Array<[string, unknown, unknown]> = [
          ["score", `${t.homeScore}-${t.awayScore}`, `${record.ftHome}-${record.ftAway}`],
        ];
        if (record.htHome !== null) {
          const half = snapshotAt(timeline, 45 * 60 - 1);
          want.push(["half time", `${half.homeScore}-${half.awayScore}`, `${record.htHome}-${record.htAway}`]);
        }
        for (const key of ["shots", "shotsOnTarget", "corners", "fouls", "yellowCards", "redCards"] as const) {
          const both = record.homeStats?.[key] != null && record.awayStats?.[key] != null;
          want.push([`home ${key}`, t.home[key], both ? record.homeStats![key] : null]);
          want.push([`away ${key}`, t.away[key], both ? record.awayStats![key] : null]);
        }
        for (const [what, got, expected] of want)
          if (got !== expected) mismatches.push(`${record.sourceKey} ${what}: ${got} ≠ ${expected}`);
        checked++;
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(checked).toBeGreaterThan(60_000);
  }, 300_000);
});
