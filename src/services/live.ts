import type { ServiceContext } from "./context.ts";
import { currentStates, storedStates } from "./live/current-states.ts";
import { createLiveDeps } from "./live/deps.ts";
import { tick } from "./live/tick.ts";
import { oddsModels, seasonTimelines, storeTimelines, timelineAt } from "./live/timelines.ts";
import { fixture, inplayOdds, livescores, prematchOdds } from "./live/views.ts";

export type { LiveChart, LiveFixtureView, LiveScore } from "./live/shared.ts";

/**
 * Live match data (issue: live match data): the states of the fixtures being played, a fixture's state and
 * timeline, live and pre-match odds, and the every-second tick that stores and publishes them. One use case per
 * function in src/services/live/ (current states, views, timelines, the tick).
 */
export function createLiveService(ctx: ServiceContext) {
  const d = createLiveDeps(ctx);
  return {
    feedName: d.feed.name,
    /** Real mode without a live provider follows no match minute by minute (the replay is for replay mode). */
    configured: ctx.clock.mode === "replay" || ctx.liveFeed !== undefined,
    livescores: (...args: DropFirst<Parameters<typeof livescores>>) => livescores(d, ...args),
    currentStates: (...args: DropFirst<Parameters<typeof currentStates>>) => currentStates(d, ...args),
    fixture: (...args: DropFirst<Parameters<typeof fixture>>) => fixture(d, ...args),
    timelineAt: (...args: DropFirst<Parameters<typeof timelineAt>>) => timelineAt(d, ...args),
    seasonTimelines: (...args: DropFirst<Parameters<typeof seasonTimelines>>) => seasonTimelines(d, ...args),
    oddsModels: (...args: DropFirst<Parameters<typeof oddsModels>>) => oddsModels(d, ...args),
    inplayOdds: (...args: DropFirst<Parameters<typeof inplayOdds>>) => inplayOdds(d, ...args),
    prematchOdds: (...args: DropFirst<Parameters<typeof prematchOdds>>) => prematchOdds(d, ...args),
    tick: (...args: DropFirst<Parameters<typeof tick>>) => tick(d, ...args),
    storedStates: (...args: DropFirst<Parameters<typeof storedStates>>) => storedStates(d, ...args),
    storeTimelines: (...args: DropFirst<Parameters<typeof storeTimelines>>) => storeTimelines(d, ...args),
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type LiveService = ReturnType<typeof createLiveService>;
