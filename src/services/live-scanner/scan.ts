import * as q from "../../db/queries/scanner-engine.ts";
import type { LiveState } from "../../domain/live/state.ts";
import type { FeatureStore } from "../../domain/prematch/feature-store.ts";
import type { EngineMatch, FixtureUpdate } from "../../domain/scanner/engine-io.ts";
import type { LiveScanEngine } from "../../domain/scanner/engine.ts";
import { inFirstHalf, liveAlertContent, livePickQuote } from "../../domain/scanner/live-pick.ts";

import type { RecordPickInput, RecordPickResult } from "../alerts.ts";
import { preMatchParts } from "../scanner/prematch-alerts.ts";
import type { LiveScanDeps } from "./deps.ts";
import { contextOf, ensureEngine } from "./engine.ts";
import { refreshFilters } from "./filters.ts";
import type { LiveScanResult, RecordedLivePick } from "./shared.ts";

/** The pick a match makes (null: its filter or fixture left the scanner meanwhile). */
function pickOf(d: LiveScanDeps, m: EngineMatch, s: FeatureStore): RecordPickInput | null {
  const f = d.filters.get(m.filterId);
  const fixture = d.fixtures.get(m.fixtureId);
  if (!f || !fixture) return null;
  const row = m.state.row;
  const favorite = row >= 0 ? s.favorite[row]! : -1;
  const quote = livePickQuote(f.row.desiredOutcome, favorite, m.state.live);
  const known = (x: number) => !Number.isNaN(x) && x > 1;
  const pre =
    row >= 0 ? { home: s.openingPrice(row, 0), draw: s.openingPrice(row, 2), away: s.openingPrice(row, 1) } : null;
  const content = liveAlertContent(fixture.info, m.state.live, {
    ...(row >= 0 ? preMatchParts(s, row) : {}),
    ...(pre && known(pre.home) && known(pre.draw) && known(pre.away) ? { odds1x2: pre } : {}),
    firstHalf: inFirstHalf(m.state.live),
    probability: quote.probability,
  });
  return {
    source: "live",
    filterId: f.row.id,
    fixtureId: m.fixtureId,
    userId: f.row.userId,
    selection: "",
    filterName: f.row.name,
    outcome: f.row.desiredOutcome,
    favourite: favorite === 0 ? "home" : favorite === 1 ? "away" : null,
    odds: quote.odds,
    muted: f.row.muted,
    content,
  };
}

/**
 * The tick's picks in one transaction (one batch per scan, that is per shard's tick). Should the batch fail,
 * each pick is tried alone, so that one bad pick does not hold back the others; a pick that fails alone is
 * left to the engine to match again.
 */
async function recordAll(d: LiveScanDeps, e: LiveScanEngine, matches: EngineMatch[], s: FeatureStore) {
  let failed = 0;
  let lastError: string | undefined;
  const missed = (m: EngineMatch, error: unknown) => {
    failed += 1;
    // Not recorded: the pair may match again (next change of what the filter reads).
    e.retry(m.filterId, m.fixtureId);
    lastError = error instanceof Error ? error.message : String(error);
  };
  const pending: Array<{ m: EngineMatch; input: RecordPickInput }> = [];
  for (const m of matches) {
    try {
      const input = pickOf(d, m, s);
      if (input) pending.push({ m, input });
    } catch (error) {
      missed(m, error);
    }
  }
  const picks: RecordedLivePick[] = [];
  const recorded = (m: EngineMatch, input: RecordPickInput, r: RecordPickResult) =>
    picks.push({
      filterId: input.filterId,
      fixtureId: m.fixtureId,
      userId: input.userId!,
      minute: m.state.live.minute,
      odds: input.odds,
      pickId: r.pickId,
      created: r.created,
      delivery: r.delivery,
    });
  try {
    const results = await d.services.alerts.recordPicks(pending.map((p) => p.input));
    for (const [i, p] of pending.entries()) recorded(p.m, p.input, results[i]!);
  } catch {
    for (const { m, input } of pending) {
      try {
        recorded(m, input, (await d.services.alerts.recordPicks([input]))[0]!);
      } catch (error) {
        missed(m, error);
      }
    }
  }
  return { picks, failed, lastError };
}

async function scanNow(
  d: LiveScanDeps,
  changed: readonly LiveState[],
  ended: readonly number[],
): Promise<LiveScanResult> {
  const empty = {
    filters: 0,
    fixtures: 0,
    tick: { fixtures: 0, candidates: 0, evaluations: 0, matches: 0 },
    picks: [],
    failed: 0,
  };
  const any = await refreshFilters(d);
  if (!any && !d.engine) return empty;
  const e = await ensureEngine(
    d,
    changed.map((st) => st.fixtureId),
  );
  const s = d.store!;
  e.endFixtures(ended);
  for (const id of ended) d.fixtures.delete(id);
  const states = d.pendingStates.length > 0 ? [...d.pendingStates, ...changed] : changed;
  d.pendingStates = [];
  // A fixture new to this process in the middle of its match (its shard came from another worker, which may
  // have died): the pairs that worker recorded are not evaluated for nothing (the unique key would refuse them).
  const arrived = await contextOf(
    d,
    states.map((st) => st.fixtureId),
  );
  if (arrived.length > 0)
    for (const p of await q.livePicksOf(d.ctx.pool, arrived)) e.markMatched(p.filterId, p.fixtureId);
  const updates: FixtureUpdate[] = [];
  for (const live of states) {
    const fixture = d.fixtures.get(live.fixtureId);
    if (!fixture) continue;
    updates.push({ live, leagueId: fixture.leagueId, row: s.rowOf(live.fixtureId) });
    if (live.status === "finished") d.fixtures.delete(live.fixtureId);
  }
  const matches = e.tick(updates);
  const { picks, failed, lastError } = await recordAll(d, e, matches, s);
  return {
    filters: e.size,
    fixtures: e.fixtureIds().length,
    tick: e.lastTick,
    picks,
    failed,
    ...(lastError ? { lastError } : {}),
  };
}

/**
 * One scan after a live tick: the changed states (and the fixtures that ended) through the engine; each new
 * match recorded once through the alerts module. Scans never overlap (a call during a scan waits for it).
 */
export async function scan(
  d: LiveScanDeps,
  changed: readonly LiveState[],
  ended: readonly number[] = [],
): Promise<LiveScanResult> {
  while (d.running) await d.running.catch(() => undefined);
  const run = scanNow(d, changed, ended);
  d.running = run;
  try {
    return await run;
  } finally {
    d.running = null;
  }
}

/**
 * Loads the feature store and compiles every filter, without looking at any fixture: a worker does it before
 * it takes its share of the live fixtures, so that the long first compilation never delays the heartbeat that
 * keeps its shards (src/jobs/runner.ts). Answers how many filters the engine holds.
 */
export async function warm(d: LiveScanDeps): Promise<number> {
  while (d.running) await d.running.catch(() => undefined);
  await refreshFilters(d, true);
  if (d.filters.size > 0 || d.engine) await ensureEngine(d, [], false);
  return d.filters.size;
}

/** Reads the filters table now (after an edit, in tests); answers how many filters the engine holds. */
export async function refresh(d: LiveScanDeps): Promise<number> {
  await refreshFilters(d, true);
  return d.filters.size;
}

/** Filters in the engine and live fixtures it follows. */
export function status(d: LiveScanDeps): { filters: number; fixtures: number } {
  return { filters: d.filters.size, fixtures: d.engine?.fixtureIds().length ?? 0 };
}
