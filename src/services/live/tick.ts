import { fixtureKickoff, readLiveStates, saveLiveStates, saveTimelines } from "../../db/queries/live.ts";
import type { LiveState } from "../../domain/live/state.ts";
import { TimelineRecorder } from "../../domain/live/timeline.ts";
import { encodeTimeline } from "../../domain/live/timeline-bytes.ts";

import type { LiveDeps } from "./deps.ts";
import { type LiveShard, type LiveTick, signature } from "./shared.ts";

/** A provider's matches recorded tick by tick; the timelines of those that ended stored. */
async function record(d: LiveDeps, states: LiveState[], endedIds: number[], now: Date): Promise<void> {
  for (const state of states) {
    const recorder = d.recorders.get(state.fixtureId) ?? new TimelineRecorder(state.fixtureId);
    d.recorders.set(state.fixtureId, recorder);
    recorder.add(state);
  }
  const rows: Array<{ fixtureId: number; seasonId: number; source: string; events: Uint8Array }> = [];
  for (const id of endedIds) {
    const recorder = d.recorders.get(id);
    d.recorders.delete(id);
    const final = await d.feed.state(id, now).catch(() => null);
    const kick = await fixtureKickoff(d.ctx.pool, id);
    if (!recorder || !kick) continue;
    // The provider may drop a match as soon as it ends: then its last live state is the record's end.
    if (final?.status === "finished") recorder.add(final);
    rows.push({
      fixtureId: id,
      seasonId: kick.seasonId,
      source: d.feed.name,
      events: encodeTimeline(recorder.timeline()),
    });
  }
  await saveTimelines(d.ctx.pool, rows);
}

/**
 * One tick of the live job: the states of the fixtures being played, the changed ones written to the
 * database (the rest left alone), finished ones removed. A restarted process starts from the stored states.
 * With `shard` (a worker among several), only the fixtures of the shards it holds: their states are
 * computed, stored and removed, and the others' are left to their workers.
 */
export async function tick(d: LiveDeps, options: { shard?: LiveShard } = {}): Promise<LiveTick> {
  const now = d.ctx.clock.now();
  const shard = options.shard ?? null;
  const owns = (id: number) => !shard || shard.owns(id);
  if (d.previous === null) {
    d.previous = new Map();
    for (const row of await readLiveStates(d.ctx.pool))
      d.previous.set(row.fixtureId, signature(row.state as LiveState));
  }
  const states = await d.feed.playing(now, shard ? owns : undefined);
  const changed: Array<{ fixtureId: number; second: number | null; state: LiveState }> = [];
  const next = new Map<number, string>();
  for (const state of states) {
    const sig = signature(state);
    next.set(state.fixtureId, sig);
    if (d.previous.get(state.fixtureId) !== sig)
      changed.push({ fixtureId: state.fixtureId, second: state.second, state });
  }
  // A fixture whose shard went to another worker has not ended: only this worker's fixtures can.
  const endedIds = [...d.previous.keys()].filter((id) => !next.has(id) && owns(id));
  const ended = endedIds.length > 0;
  const left = [...d.previous.keys()].filter((id) => !next.has(id) && !owns(id));
  if (d.feed !== d.replay) await record(d, states, endedIds, now);
  if (changed.length > 0 || ended) {
    await saveLiveStates(
      d.ctx.pool,
      changed,
      [...next.keys()],
      shard ? { shards: shard.shards, shardCount: shard.shardCount } : null,
    );
    d.version++;
  }
  d.previous = next;
  // Readers in this process reuse the tick's states only when they are all of them.
  d.published = !shard || shard.all ? { atMs: now.getTime(), states } : null;
  return {
    live: states.length,
    changed: changed.length,
    version: d.version,
    states: changed.map((c) => c.state),
    ended: endedIds,
    left,
    at: now,
  };
}
