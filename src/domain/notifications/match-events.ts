import type { MatchEvent } from "../accounts/rules.ts";
import {
  BREAK_MIN,
  FIRST_HALF_MIN,
  MATCH_SPAN_MIN,
  type RawResult,
  matchState,
  redCardTimeline,
} from "../replay/match-state.ts";

/** A message of the locale files (under `push`) with its placeholders; the caller translates it. */
export interface LocalisedText {
  key: string;
  vars: Record<string, string | number>;
}

/** Something that happened in a match and may be notified to the users who follow it. */
export interface MatchEventItem {
  /** Stable within a fixture ("started", "goal:2", "red_card:1", "half_time", "full_time"): the outbox dedupes on it. */
  key: string;
  /** The notification preference that covers it. */
  kind: MatchEvent;
  /** The moment it happened on the site's clock. */
  atMs: number;
  minute: number | null;
  title: LocalisedText;
  body: LocalisedText;
}

export interface MatchEventsInput {
  fixtureId: number;
  kickoffMs: number;
  nowMs: number;
  result: RawResult;
  /** Red-card totals of the match; null when the data has none. */
  redCards: { home: number; away: number } | null;
  home: string;
  away: string;
}

/**
 * Body message per kind. Extra time and penalties never occur in league data, but a live provider can report
 * them, so they keep their messages.
 */
export const EVENT_MESSAGES: Record<MatchEvent, string> = {
  started: "push.started",
  goals: "push.goal",
  half_time: "push.halfTime",
  full_time: "push.fullTime",
  red_cards: "push.redCard",
  after_extra_time: "push.afterExtraTime",
  after_penalty: "push.afterPenalties",
};

/** When match minute `minute` begins on the clock: the replay plays the second half after a break. */
export function minuteStartMs(kickoffMs: number, minute: number): number {
  return kickoffMs + (minute - 1 + (minute > FIRST_HALF_MIN ? BREAK_MIN : 0)) * 60_000;
}

type Score = { home: number; away: number };

/** The events of a fixture that have happened by `nowMs`, in the order they happened. */
export function matchEvents(input: MatchEventsInput): MatchEventItem[] {
  const { fixtureId, kickoffMs, nowMs, result, home, away } = input;
  const state = matchState(fixtureId, kickoffMs, nowMs, result);
  if (state.status === "upcoming") return [];
  const title = (score: Score): LocalisedText => ({
    key: "push.title",
    vars: { home, away, homeScore: score.home, awayScore: score.away },
  });
  const team = (side: "home" | "away") => (side === "home" ? home : away);
  const scoreAt = (minute: number): Score => {
    const goals = state.goals.filter((g) => g.minute <= minute);
    return { home: goals.filter((g) => g.side === "home").length, away: goals.filter((g) => g.side === "away").length };
  };
  const event = (
    key: string,
    kind: MatchEvent,
    atMs: number,
    minute: number | null,
    score: Score,
    vars: LocalisedText["vars"] = {},
  ): MatchEventItem => ({
    key,
    kind,
    atMs,
    minute,
    title: title(score),
    body: { key: EVENT_MESSAGES[kind], vars },
  });

  const events: MatchEventItem[] = [event("started", "started", kickoffMs, null, { home: 0, away: 0 })];
  const running: Score = { home: 0, away: 0 };
  state.goals.forEach((goal, i) => {
    running[goal.side] += 1;
    events.push(
      event(
        `goal:${i + 1}`,
        "goals",
        minuteStartMs(kickoffMs, goal.minute),
        goal.minute,
        { ...running },
        { team: team(goal.side), minute: goal.minute },
      ),
    );
  });
  // Cards are revealed like goals: up to the minute being played, the first half at the break, all at the end.
  const playedUpTo =
    state.status === "finished" ? 90 : state.status === "halftime" ? FIRST_HALF_MIN : (state.minute ?? 0);
  redCardTimeline(fixtureId, input.redCards ?? { home: 0, away: 0 })
    .filter((card) => card.minute <= playedUpTo)
    .forEach((card, i) => {
      events.push(
        event(
          `red_card:${i + 1}`,
          "red_cards",
          minuteStartMs(kickoffMs, card.minute),
          card.minute,
          scoreAt(card.minute),
          { team: team(card.side), minute: card.minute },
        ),
      );
    });
  const pastHalfTime =
    state.status === "halftime" || state.status === "finished" || (state.minute ?? 0) > FIRST_HALF_MIN;
  if (pastHalfTime)
    events.push(
      event("half_time", "half_time", kickoffMs + FIRST_HALF_MIN * 60_000, FIRST_HALF_MIN, scoreAt(FIRST_HALF_MIN)),
    );
  if (state.status === "finished")
    events.push(event("full_time", "full_time", kickoffMs + MATCH_SPAN_MIN * 60_000, 90, scoreAt(90)));
  // A stable order: by time; at the same moment the order they were listed in.
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.atMs - b.e.atMs || a.i - b.i)
    .map(({ e }) => e);
}
