import type { Pool } from "../../db/client.ts";
import { type ReplaySourceRow, fixturesPlayingAt, replaySources } from "../../db/queries/live.ts";
import { type OddsModel, fitOddsModel } from "../../domain/live/odds.ts";
import { replayState } from "../../domain/live/replay.ts";
import { type LiveState, replayClock } from "../../domain/live/state.ts";
import { type SideTotals, type Timeline, buildReplayTimeline, cutTimeline } from "../../domain/live/timeline.ts";
import type { LiveFeed } from "./feed.ts";

export interface ReplayEntry {
  timeline: Timeline;
  model: OddsModel | null;
  seasonId: number;
}

const side = (stats: Array<number | null> | null): SideTotals | null =>
  stats === null
    ? null
    : {
        shots: stats[0] ?? null,
        shotsOnTarget: stats[1] ?? null,
        fouls: stats[2] ?? null,
        corners: stats[3] ?? null,
        yellowCards: stats[4] ?? null,
        redCards: stats[5] ?? null,
      };

/** The replay timeline and odds model of a fixture from its stored data. */
export function replayEntry(row: ReplaySourceRow): ReplayEntry {
  const timeline = buildReplayTimeline({
    fixtureId: row.id,
    result: row,
    home: side(row.homeStats),
    away: side(row.awayStats),
    // Five substitutions per team were allowed from 2020/21 on.
    maxSubstitutions: row.seasonName >= "2020" ? 5 : 3,
  });
  return { timeline, model: oddsModelOf(row), seasonId: row.seasonId };
}

/** The in-play odds model of a fixture, anchored to its closing odds (null without closing 1X2 prices). */
export function oddsModelOf(row: Pick<ReplaySourceRow, "close1x2" | "closeOu25">): OddsModel | null {
  return row.close1x2
    ? fitOddsModel({
        home: row.close1x2[0],
        draw: row.close1x2[1],
        away: row.close1x2[2],
        over25: row.closeOu25?.[0] ?? null,
        under25: row.closeOu25?.[1] ?? null,
      })
    : null;
}

/**
 * The default feed: plays each fixture's deterministic timeline out on the site's clock. Timelines are built
 * once per process and kept while their fixture is live (the same fixture replays the same way everywhere).
 */
export function createReplayFeed(
  pool: Pool,
): LiveFeed & { entries(ids: number[], now: Date): Promise<Map<number, ReplayEntry>> } {
  const cache = new Map<number, ReplayEntry>();
  const entries = async (ids: number[], now: Date) => {
    const missing = ids.filter((id) => !cache.has(id));
    // Only kicked-off fixtures are kept: before kick-off the closing prices (the odds model) do not exist yet.
    const fresh = new Map<number, ReplayEntry>();
    for (const row of await replaySources(pool, missing, now)) {
      const entry = replayEntry(row);
      if (row.kickoff.getTime() <= now.getTime()) cache.set(row.id, entry);
      else fresh.set(row.id, entry);
    }
    const entry = (id: number) => cache.get(id) ?? fresh.get(id);
    return new Map(ids.flatMap((id) => (entry(id) ? [[id, entry(id)!] as const] : [])));
  };
  return {
    name: "replay",
    entries,
    async playing(now, only) {
      const playing = (await fixturesPlayingAt(pool, now)).filter((p) => !only || only(p.id));
      const found = await entries(
        playing.map((p) => p.id),
        now,
      );
      // Keep the cache to the fixtures being played (plus those asked for one by one since).
      if (cache.size > playing.length + 2000) for (const id of cache.keys()) if (!found.has(id)) cache.delete(id);
      const states: LiveState[] = [];
      for (const p of playing) {
        const entry = found.get(p.id);
        if (entry) states.push(replayState(entry.timeline, p.kickoff.getTime(), now.getTime(), entry.model));
      }
      return states.filter((s) => s.status === "live" || s.status === "halftime");
    },
    async state(fixtureId, now) {
      const [row] = await replaySources(pool, [fixtureId], now);
      if (!row) return null;
      const entry = cache.get(fixtureId) ?? replayEntry(row);
      return replayState(entry.timeline, row.kickoff.getTime(), now.getTime(), entry.model);
    },
    async timeline(fixtureId, now) {
      const [row] = await replaySources(pool, [fixtureId], now);
      if (!row || row.ftHome === null) return null;
      const clock = replayClock((now.getTime() - row.kickoff.getTime()) / 1000);
      if (clock.second === null) return null;
      const timeline = (cache.get(fixtureId) ?? replayEntry(row)).timeline;
      return clock.status === "finished" ? timeline : cutTimeline(timeline, clock.second);
    },
  };
}
