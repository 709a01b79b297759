import { type OddsModel, liveOdds } from "./odds.ts";
import { type LiveState, type LiveStatus, emptyCounters, minuteOfSecond, replayClock } from "./state.ts";
import { type Timeline, estimatedCounters, snapshotAt } from "./timeline.ts";

/** The state of a timeline at a match-clock second, with its status; live odds while the match is being played. */
export function stateAt(
  timeline: Timeline,
  status: LiveStatus,
  second: number | null,
  model: OddsModel | null,
): LiveState {
  if (status === "upcoming" || second === null) {
    return {
      fixtureId: timeline.fixtureId,
      status: "upcoming",
      second: null,
      minute: null,
      homeScore: null,
      awayScore: null,
      home: emptyCounters(),
      away: emptyCounters(),
      estimated: estimatedCounters(timeline),
      events: [],
      odds: null,
    };
  }
  const snap = snapshotAt(timeline, second);
  const playing = status === "live" || status === "halftime";
  return {
    fixtureId: timeline.fixtureId,
    status,
    second,
    minute: status === "finished" ? null : minuteOfSecond(second),
    homeScore: snap.homeScore,
    awayScore: snap.awayScore,
    home: snap.home,
    away: snap.away,
    estimated: estimatedCounters(timeline),
    events: snap.events,
    odds:
      playing && model
        ? liveOdds(model, {
            second,
            homeScore: snap.homeScore,
            awayScore: snap.awayScore,
            homeReds: snap.home.redCards ?? 0,
            awayReds: snap.away.redCards ?? 0,
          })
        : null,
  };
}

/** The replayed state of a fixture at wall-clock `nowMs`: nothing of the match before kick-off. */
export function replayState(timeline: Timeline, kickoffMs: number, nowMs: number, model: OddsModel | null): LiveState {
  const clock = replayClock((nowMs - kickoffMs) / 1000);
  return stateAt(timeline, clock.status, clock.second, model);
}
