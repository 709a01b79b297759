import type { LiveFeed } from "../../data/live/feed.ts";
import { createReplayFeed } from "../../data/live/replay-feed.ts";
import type { LiveState } from "../../domain/live/state.ts";
import type { TimelineRecorder } from "../../domain/live/timeline.ts";
import type { ServiceContext } from "../context.ts";

import type { LiveFixture } from "./shared.ts";

/**
 * What the live use cases share: the feed (the provider's, else the replay), and the state one service instance
 * keeps between calls (the last tick's signatures and states, the recorders, the fixtures' names).
 */
export function createLiveDeps(ctx: ServiceContext) {
  const replay = createReplayFeed(ctx.pool);
  const feed: LiveFeed = ctx.liveFeed ?? replay;
  /** The provider's state, else the replay's (a provider knows today's matches; the bundled history is replayed). */
  const stateOf = async (id: number, now: Date) =>
    (await feed.state(id, now)) ?? (feed === replay ? null : await replay.state(id, now));
  return {
    ctx,
    replay,
    feed,
    stateOf,
    previous: null as Map<number, string> | null,
    published: null as { atMs: number; states: LiveState[] } | null,
    /** A provider sends counters, not events: its matches are recorded tick by tick and stored when they end. */
    recorders: new Map<number, TimelineRecorder>(),
    names: new Map<number, LiveFixture>(),
    namesShift: ctx.clock.shiftWeeks(),
    version: 0,
    stored: null as { atMs: number; states: Promise<LiveState[]> } | null,
  };
}

export type LiveDeps = ReturnType<typeof createLiveDeps>;
