import * as q from "../../db/queries/scanner-engine.ts";
import type { LiveState } from "../../domain/live/state.ts";
import type { FeatureStore } from "../../domain/prematch/feature-store.ts";
import type { EngineMatch, FixtureUpdate } from "../../domain/scanner/engine-io.ts";
import { inFirstHalf, liveAlertContent, livePickQuote } from "../../domain/scanner/live-pick.ts";

import { preMatchParts } from "../scanner/prematch-alerts.ts";
import type { LiveScanDeps } from "./deps.ts";
import { contextOf, ensureEngine } from "./engine.ts";
import { refreshFilters } from "./filters.ts";
import type { LiveScanResult, RecordedLivePick } from "./shared.ts";

async function record(d: LiveScanDeps, m: EngineMatch, s: FeatureStore): Promise<RecordedLivePick | null> {
  const f = d.filters.get(m.filterId);
  const fixture = d.fixtures.get(m.fixtureId);
  if (!f || !fixture) return null;
  const row = m.state.row;
  const favorite = row >= 0 ? s.favorite[row]! : -1;
  const quote = livePickQuote(f.row.desiredOutcome, favorite, m.state.live);
  const odds = quote.odds;
  const known = (x: number) => !Number.isNaN(x) && x > 1;
  const pre =
    row >= 0 ? { home: s.openingPrice(row, 0), draw: s.openingPrice(row, 2), away: s.openingPrice(row, 1) } : null;
  const content = liveAlertContent(fixture.info, m.state.live, {
    ...(row >= 0 ? preMatchParts(s, row) : {}),
    ...(pre && known(pre.home) && known(pre.draw) && known(pre.away) ? { odds1x2: pre } : {}),
    firstHalf: inFirstHalf(m.state.live),
    probability: quote.probability,
  });
  const result = await d.services.alerts.recordPick({
    source: "live",
    filterId: f.row.id,
    fixtureId: m.fixtureId,
    userId: f.row.userId,
    selection: "",
    filterName: f.row.name,
    outcome: f.row.desiredOutcome,
    favourite: favorite === 0 ? "home" : favorite === 1 ? "away" : null,
    odds,
    muted: f.row.muted,
    content,
  });
  return {
    filterId: f.row.id,
    fixtureId: m.fixtureId,
    userId: f.row.userId,
    minute: m.state.live.minute,
    odds,
    pickId: result.pickId,
    created: result.created,
    delivery: result.delivery,
  };
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
  const picks: RecordedLivePick[] = [];
  let failed = 0;
  let lastError: string | undefined;
  for (const m of matches) {
    try {
      const p = await record(d, m, s);
      if (p) picks.push(p);
    } catch (error) {
      failed += 1;
      // Not recorded: the pair may match again (next change of what the filter reads).
      e.retry(m.filterId, m.fixtureId);
      lastError = error instanceof Error ? error.message : String(error);
    }
  }
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
