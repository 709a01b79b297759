import type { Clock } from "../data/clock.ts";

/**
 * The version of the data pages show: the clock's minute (live minutes and results move with it) and a
 * generation that moves when this process writes new predictions. The page cache refreshes a page of an
 * older version, and page data kept per version (memoizePerMinute) is fetched again.
 */
export function createDataVersion(clock: Clock) {
  let generation = 0;
  return {
    current(): string {
      return `${Math.floor(clock.now().getTime() / 60_000)}.${generation}`;
    },
    /** New predictions (or results) were written: pages and their data are stale now. */
    changed(): void {
      generation++;
    },
    /** How many times this process wrote new predictions: data derived from them before is stale. */
    generation(): number {
      return generation;
    },
  };
}
export type DataVersion = ReturnType<typeof createDataVersion>;
