import { readLiveStates } from "../../db/queries/live.ts";
import type { LiveState } from "../../domain/live/state.ts";

import type { LiveDeps } from "./deps.ts";

/**
 * The feed's live states; when a provider fails (after its own short grace), the states stored by the last
 * tick, so that pages and the API keep answering.
 */
export async function playingNow(d: LiveDeps, now: Date): Promise<LiveState[]> {
  // What the last tick published, when it is at most 1.5 s old: one computation per second, whatever the readers.
  const age = d.published ? now.getTime() - d.published.atMs : -1;
  if (d.published && age >= 0 && age < 1500) return d.published.states;
  // A web process next to workers: a provider is asked by the workers only; pages read what they stored.
  if (d.ctx.instance?.role === "web" && d.feed !== d.replay) return storedNow(d, now);
  try {
    return await d.feed.playing(now);
  } catch (error) {
    if (d.feed === d.replay) throw error;
    return (await readLiveStates(d.ctx.pool)).map((row) => row.state as LiveState);
  }
}

/** The states the workers stored, read at most once a second. */
function storedNow(d: LiveDeps, now: Date): Promise<LiveState[]> {
  const age = d.stored ? now.getTime() - d.stored.atMs : -1;
  if (!d.stored || age < 0 || age >= 1000) {
    d.stored = {
      atMs: now.getTime(),
      states: readLiveStates(d.ctx.pool).then((rows) => rows.map((row) => row.state as LiveState)),
    };
    d.stored.states.catch(() => (d.stored = null));
  }
  return d.stored.states;
}

/** Current states of all live fixtures, without names: the live scanner's read every second. */
export async function currentStates(d: LiveDeps): Promise<LiveState[]> {
  return playingNow(d, d.ctx.clock.now());
}

/** The live states as stored by the last tick (any process): what a reader without a feed of its own sees. */
export async function storedStates(d: LiveDeps): Promise<LiveState[]> {
  return (await readLiveStates(d.ctx.pool)).map((row) => row.state as LiveState);
}
