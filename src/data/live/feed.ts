import type { LiveState } from "../../domain/live/state.ts";
import type { Timeline } from "../../domain/live/timeline.ts";

/**
 * Where live match data comes from. The replay (default) plays the bundled history out in real time; a provider
 * adapter (SportMonks) reads a real livescores service. Every method answers as of `now` and never with a figure
 * from after it.
 */
export interface LiveFeed {
  readonly name: string;
  /**
   * States of every fixture being played at `now` (status live or halftime); with `only`, just the fixtures it
   * accepts (a worker's shard), and a feed that can skip the others' work does.
   */
  playing(now: Date, only?: (fixtureId: number) => boolean): Promise<LiveState[]>;
  /** One fixture's state at `now`; null when the feed does not know the fixture. */
  state(fixtureId: number, now: Date): Promise<LiveState | null>;
  /** A fixture's timeline cut at `now` (null before kick-off) when the feed can rebuild it (the replay can), else null. */
  timeline(fixtureId: number, now: Date): Promise<Timeline | null>;
}
