import { describe, expect, it } from "vitest";
import { MATCH_EVENTS } from "../../src/domain/accounts/rules.ts";
import {
  EVENT_MESSAGES,
  type MatchEventsInput,
  matchEvents,
  minuteStartMs,
} from "../../src/domain/notifications/match-events.ts";
import { redCardTimeline } from "../../src/domain/replay/match-state.ts";
import en from "../../src/i18n/locales/en.json";

const KICKOFF = Date.parse("2026-11-22T15:00:00Z");
const at = (minutes: number) => KICKOFF + minutes * 60_000;
const base: MatchEventsInput = {
  fixtureId: 4242,
  kickoffMs: KICKOFF,
  nowMs: KICKOFF,
  result: { htHome: 1, htAway: 0, ftHome: 3, ftAway: 2 },
  redCards: { home: 1, away: 1 },
  home: "Arsenal",
  away: "Chelsea",
};
const eventsAt = (minutes: number, extra: Partial<MatchEventsInput> = {}) =>
  matchEvents({ ...base, ...extra, nowMs: at(minutes) });
const keys = (minutes: number) => eventsAt(minutes).map((e) => e.key);

describe("match events", () => {
  it("has nothing before kick-off and 'started' from kick-off on", () => {
    expect(eventsAt(-1)).toEqual([]);
    const [started] = eventsAt(0);
    expect(started).toMatchObject({ key: "started", kind: "started", atMs: KICKOFF, body: { key: "push.started" } });
    expect(started!.title).toEqual({
      key: "push.title",
      vars: { home: "Arsenal", away: "Chelsea", homeScore: 0, awayScore: 0 },
    });
  });

  it("has nothing for a fixture without a result", () => {
    expect(eventsAt(50, { result: { htHome: null, htAway: null, ftHome: null, ftAway: null } })).toEqual([]);
  });

  it("lists every goal with its minute, team and the score after it, then half time and full time", () => {
    const all = eventsAt(200);
    const goals = all.filter((e) => e.kind === "goals");
    expect(goals.map((g) => g.key)).toEqual(["goal:1", "goal:2", "goal:3", "goal:4", "goal:5"]);
    const last = goals.at(-1)!;
    expect(Number(last.title.vars.homeScore) + Number(last.title.vars.awayScore)).toBe(5);
    for (const goal of goals) {
      expect(goal.body.key).toBe("push.goal");
      expect(["Arsenal", "Chelsea"]).toContain(goal.body.vars.team);
      expect(goal.body.vars.minute).toBe(goal.minute);
    }
    const halfTime = all.find((e) => e.key === "half_time")!;
    expect(halfTime.title.vars).toMatchObject({ homeScore: 1, awayScore: 0 });
    expect(halfTime.atMs).toBe(at(45));
    const fullTime = all.at(-1)!;
    expect(fullTime).toMatchObject({ key: "full_time", kind: "full_time", atMs: at(105) });
    expect(fullTime.title.vars).toMatchObject({ homeScore: 3, awayScore: 2 });
  });

  it("reveals each event exactly at its moment: the events at any time are the finished list up to then", () => {
    const all = eventsAt(200);
    for (let minute = -2; minute <= 110; minute += 0.5) {
      expect(keys(minute)).toEqual(all.filter((e) => e.atMs <= at(minute)).map((e) => e.key));
    }
  });

  it("keeps keys unique and stable as the match goes on", () => {
    const all = eventsAt(200);
    expect(new Set(all.map((e) => e.key)).size).toBe(all.length);
    const midway = eventsAt(70);
    for (const event of midway) expect(all.find((e) => e.key === event.key)).toEqual(event);
  });

  it("puts the second half after the break", () => {
    expect(minuteStartMs(KICKOFF, 1)).toBe(at(0));
    expect(minuteStartMs(KICKOFF, 45)).toBe(at(44));
    expect(minuteStartMs(KICKOFF, 46)).toBe(at(60));
    expect(minuteStartMs(KICKOFF, 90)).toBe(at(104));
  });

  it("places red cards consistently with the totals, the same for a fixture every time", () => {
    const cards = redCardTimeline(base.fixtureId, { home: 2, away: 1 });
    expect(cards.filter((c) => c.side === "home")).toHaveLength(2);
    expect(cards.filter((c) => c.side === "away")).toHaveLength(1);
    expect(cards.every((c) => c.minute >= 1 && c.minute <= 90)).toBe(true);
    expect(redCardTimeline(base.fixtureId, { home: 2, away: 1 })).toEqual(cards);
    const notified = eventsAt(200).filter((e) => e.kind === "red_cards");
    expect(notified.map((e) => e.key)).toEqual(["red_card:1", "red_card:2"]);
    expect(notified.map((e) => e.body.vars.team).sort()).toEqual(["Arsenal", "Chelsea"]);
    expect(eventsAt(200, { redCards: null }).some((e) => e.kind === "red_cards")).toBe(false);
  });

  it("has an English message for every event kind and the title", () => {
    const lookup = (key: string) =>
      key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    for (const kind of MATCH_EVENTS) expect(typeof lookup(EVENT_MESSAGES[kind])).toBe("string");
    expect(lookup("push.title")).toContain("{{homeScore}}");
  });
});
