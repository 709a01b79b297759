import {
  fixtureKickoff,
  fixturesWithoutTimeline,
  replaySources,
  saveTimelines,
  storedTimelines,
} from "../../db/queries/live.ts";
import { oddsModelOf, replayEntry } from "../../data/live/replay-feed.ts";
import type { OddsModel } from "../../domain/live/odds.ts";
import { stateAt } from "../../domain/live/replay.ts";
import { type LiveState, MATCH_SECONDS, MATCH_SPAN_SECONDS, replayClock } from "../../domain/live/state.ts";
import { type Timeline, cutTimeline } from "../../domain/live/timeline.ts";
import { timeSlices } from "../time-slices.ts";
import { decodeTimeline, encodeTimeline } from "../../domain/live/timeline-bytes.ts";
import { ServiceError, badRequest } from "../errors.ts";

import type { LiveDeps } from "./deps.ts";
import { notFound } from "./shared.ts";

/** A stored timeline, else the feed's, cut at the match-clock second reached by now. */
export async function timelineNow(d: LiveDeps, fixtureId: number, now: Date): Promise<Timeline | null> {
  const kick = await fixtureKickoff(d.ctx.pool, fixtureId);
  if (!kick) return null;
  const clock = replayClock((now.getTime() - kick.kickoff.getTime()) / 1000);
  if (clock.second === null) return null;
  if (clock.status === "finished") {
    const [stored] = await storedTimelines(d.ctx.pool, { fixtureId }, now);
    if (stored) return decodeTimeline(fixtureId, stored.events);
  }
  const timeline =
    (await d.feed.timeline(fixtureId, now)) ?? (d.feed === d.replay ? null : await d.replay.timeline(fixtureId, now));
  return timeline && clock.status !== "finished" ? cutTimeline(timeline, clock.second) : timeline;
}

/** A finished fixture's state at any match-clock second (0–5400): what backtests of live filters replay. */
export async function timelineAt(d: LiveDeps, fixtureId: number, second: number): Promise<LiveState> {
  const now = d.ctx.clock.now();
  const kick = await fixtureKickoff(d.ctx.pool, fixtureId);
  if (!kick) throw notFound();
  if (now.getTime() < kick.kickoff.getTime() + MATCH_SPAN_SECONDS * 1000)
    throw new ServiceError(409, "live.errors.notFinished");
  const timeline = await timelineNow(d, fixtureId, now);
  if (!timeline) throw badRequest("live.errors.noTimeline");
  const model = (await d.replay.entries([fixtureId], now)).get(fixtureId)?.model ?? null;
  const at = Math.max(0, Math.min(MATCH_SECONDS, Math.floor(second)));
  return stateAt(timeline, at >= MATCH_SECONDS ? "finished" : "live", at, model);
}

/** The stored timelines of a season's finished fixtures, decoded: one query for a whole season. */
export async function seasonTimelines(d: LiveDeps, seasonId: number): Promise<Timeline[]> {
  return (await storedTimelines(d.ctx.pool, { seasonId }, d.ctx.clock.now())).map((row) =>
    decodeTimeline(row.fixtureId, row.events),
  );
}

/**
 * The in-play odds models of finished fixtures (null without closing odds), for backtests that replay stored
 * timelines in memory: `stateAt(timeline, "live", second, model)` gives the state with live odds at any second.
 */
export async function oddsModels(d: LiveDeps, fixtureIds: number[]): Promise<Map<number, OddsModel | null>> {
  const at = d.ctx.clock.now();
  const now = at.getTime();
  const rows = await replaySources(d.ctx.pool, fixtureIds, at);
  // Tens of thousands of models at a start (the live backtests' timelines): fitted in slices of the event loop.
  const models = new Map<number, OddsModel | null>();
  const pause = timeSlices();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.kickoff.getTime() + MATCH_SPAN_SECONDS * 1000 <= now) models.set(row.id, oddsModelOf(row));
    await pause(i);
  }
  return models;
}

/** Builds and stores the timelines of up to `limit` finished fixtures that have none yet; returns how many. */
export async function storeTimelines(d: LiveDeps, limit: number): Promise<number> {
  const ids = await fixturesWithoutTimeline(d.ctx.pool, d.ctx.clock.now(), limit);
  const sources = await replaySources(d.ctx.pool, ids, d.ctx.clock.now());
  const rows = [];
  const pause = timeSlices();
  for (const [k, row] of sources.entries()) {
    rows.push({
      fixtureId: row.id,
      seasonId: row.seasonId,
      source: "replay",
      events: encodeTimeline(replayEntry(row).timeline),
    });
    await pause(k);
  }
  await saveTimelines(d.ctx.pool, rows);
  return rows.length;
}
