import type { MatchRecord, OddsQuote } from "../football-data/record.ts";
import { type OddsModel, fitOddsModel } from "../live/odds.ts";
import { replayState } from "../live/replay.ts";
import type { LiveState } from "../live/state.ts";
import { buildReplayTimeline } from "../live/timeline.ts";

/**
 * A bundled match replayed as the offline stand-in's live provider plays it: the same timeline and in-play odds
 * model the replay feed builds from the stored fixture (src/data/live/replay-feed.ts), made here from the file's
 * row instead of the database's, so that the stand-in's SportMonks answers describe the match as the replay would.
 * The timeline is seeded by the fixture id it is given (the replay's is the site's own fixture id).
 */

/** The replay feed's preference among closing prices (src/db/queries/live.ts): Pinnacle, average, Bet365, any. */
const PREFERRED = ["PS", "Avg", "B365"];

function closing(odds: OddsQuote[], market: "1x2" | "ou25"): OddsQuote | null {
  const rank = (q: OddsQuote) => {
    const i = PREFERRED.indexOf(q.bookmaker);
    return i >= 0 ? i : PREFERRED.length;
  };
  const usable = odds.filter(
    (q) =>
      q.market === market &&
      q.closing &&
      q.prices[0] !== null &&
      q.prices[2] !== null &&
      (market === "ou25" || q.prices[1] !== null),
  );
  usable.sort((a, b) => rank(a) - rank(b) || (a.bookmaker < b.bookmaker ? -1 : a.bookmaker > b.bookmaker ? 1 : 0));
  return usable[0] ?? null;
}

/** The in-play odds model of a match, anchored to its closing prices (null without closing 1X2 prices). */
export function closingOddsModel(record: Pick<MatchRecord, "odds">): OddsModel | null {
  const x12 = closing(record.odds, "1x2");
  if (!x12) return null;
  const ou = closing(record.odds, "ou25");
  return fitOddsModel({
    home: x12.prices[0]!,
    draw: x12.prices[1]!,
    away: x12.prices[2]!,
    over25: ou?.prices[0] ?? null,
    under25: ou?.prices[2] ?? null,
  });
}

/** The replayed state of a bundled match at `nowMs`, kicking off at `kickoffMs` (its shifted kick-off). */
export function replayedMatchState(
  fixtureId: number,
  record: MatchRecord,
  kickoffMs: number,
  nowMs: number,
): LiveState {
  const timeline = buildReplayTimeline({
    fixtureId,
    result: record,
    home: record.homeStats,
    away: record.awayStats,
    // Five substitutions per team were allowed from 2020/21 on (as the replay feed counts them).
    maxSubstitutions: record.season >= "2020" ? 5 : 3,
  });
  return replayState(timeline, kickoffMs, nowMs, closingOddsModel(record));
}
