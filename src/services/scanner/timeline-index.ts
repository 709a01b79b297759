/**
 * The stored timelines a live backtest replays, kept in memory: the decoded timelines of the last 25 months and
 * their in-play odds models (about 3 bytes an event; loaded on first use, then only the timelines stored since are
 * read, in the background).
 */
import { backtestTimelines, timelinesStoredAfter } from "../../db/queries/scanner-timelines.ts";
import type { OddsModel } from "../../domain/live/odds.ts";
import type { Timeline } from "../../domain/live/timeline.ts";
import type { ServiceContext } from "../context.ts";
import type { LiveService } from "../live.ts";
import { timeSlices } from "../time-slices.ts";
import { DAY } from "./feature-store.ts";

/** Timelines are kept for 25 months back: the 24-month backtests and their first days. */
const HORIZON_MS = 25 * 31 * DAY;
/** New timelines (matches that ended) are looked for at most this often. */
const CHECK_MS = 20_000;
/** A stored row may commit after a later one (built_at is its transaction's start): incremental reads overlap by this. */
const OVERLAP_MS = 60_000;

export interface TimelineIndex {
  timelines: Map<number, Timeline>;
  models: Map<number, OddsModel | null>;
  /** built_at of the newest row read */
  builtUpTo: Date | null;
  checkedAt: number;
  shiftWeeks: number;
  events: number;
}

/** Decodes rows into two shared arrays (one allocation per batch, views per fixture). */
async function decodeInto(target: TimelineIndex, rows: Array<{ fixtureId: number; events: Buffer }>): Promise<void> {
  let total = 0;
  for (const row of rows) total += (row.events.length - 4) / 3;
  const seconds = new Uint16Array(total);
  const codes = new Uint8Array(total);
  let at = 0;
  // Millions of events at a start: decoded in slices of the event loop.
  const pause = timeSlices();
  for (const [k, row] of rows.entries()) {
    await pause(k);
    const bytes = row.events;
    if (bytes.length < 4 || (bytes.length - 4) % 3 !== 0) continue;
    const n = (bytes.length - 4) / 3;
    for (let i = 0; i < n; i++) {
      seconds[at + i] = (bytes[4 + 3 * i]! << 8) | bytes[5 + 3 * i]!;
      codes[at + i] = bytes[6 + 3 * i]!;
    }
    target.events -= target.timelines.get(row.fixtureId)?.seconds.length ?? 0;
    target.timelines.set(row.fixtureId, {
      fixtureId: row.fixtureId,
      known: bytes[0]! | (bytes[1]! << 8),
      estimated: bytes[2]! | (bytes[3]! << 8),
      seconds: seconds.subarray(at, at + n),
      codes: codes.subarray(at, at + n),
    });
    at += n;
  }
  target.events += at;
}

/** The index of stored timelines, kept fresh: `timelines()` for a backtest, `warm()` for a job. */
export function createTimelineIndex(
  ctx: ServiceContext,
  live: Pick<LiveService, "oddsModels">,
  options: { checkMs?: number } = {},
) {
  const checkMs = options.checkMs ?? CHECK_MS;
  let index: TimelineIndex | null = null;
  let loading: Promise<TimelineIndex> | null = null;

  async function read(target: TimelineIndex, builtAfter: Date | null): Promise<void> {
    const now = ctx.clock.now();
    const held = target.builtUpTo;
    // The overlap reads again rows already held; a row stored again since has a later built_at.
    const rows = (await backtestTimelines(ctx.pool, new Date(now.getTime() - HORIZON_MS), now, builtAfter)).filter(
      (row) => !(held && row.builtAt <= held && target.timelines.has(row.fixtureId)),
    );
    if (rows.length === 0) return;
    await decodeInto(target, rows);
    const models = await live.oddsModels(rows.map((r) => r.fixtureId));
    for (const row of rows) target.models.set(row.fixtureId, models.get(row.fixtureId) ?? null);
    const newest = rows.at(-1)!.builtAt;
    if (!target.builtUpTo || newest > target.builtUpTo) target.builtUpTo = newest;
  }

  async function load(): Promise<TimelineIndex> {
    const fresh: TimelineIndex = {
      timelines: new Map(),
      models: new Map(),
      builtUpTo: null,
      checkedAt: Date.now(),
      shiftWeeks: ctx.clock.shiftWeeks(),
      events: 0,
    };
    await read(fresh, null);
    index = fresh;
    return fresh;
  }

  let refreshing: Promise<void> | null = null;

  /** Reads the timelines stored since the index's newest (a cheap look first). */
  async function refresh(current: TimelineIndex): Promise<void> {
    current.checkedAt = Date.now();
    const since = current.builtUpTo ? new Date(current.builtUpTo.getTime() - OVERLAP_MS) : null;
    if (!since || (await timelinesStoredAfter(ctx.pool, since))) await read(current, since);
  }

  /**
   * The index: loaded once (a backtest waits for the first load); then the timelines stored since are added in the
   * background while backtests use what is held. A new replay shift moves kick-offs: reload.
   */
  async function timelines(): Promise<TimelineIndex> {
    if (loading) return loading;
    if (!index || index.shiftWeeks !== ctx.clock.shiftWeeks()) {
      loading = load().finally(() => {
        loading = null;
      });
      return loading;
    }
    if (!refreshing && Date.now() - index.checkedAt >= checkMs) {
      refreshing = refresh(index)
        .catch(() => {})
        .finally(() => {
          refreshing = null;
        });
    }
    return index;
  }

  return {
    timelines,
    /** Loads the timelines now, or adds those stored since; returns what is held. */
    async warm(): Promise<{ fixtures: number; events: number }> {
      const idx = await timelines();
      await (refreshing ?? refresh(idx));
      return { fixtures: idx.timelines.size, events: idx.events };
    },
  };
}
