import { liveFixtureInfo } from "../../db/queries/live.ts";
import * as q from "../../db/queries/scanner-engine.ts";
import { LiveScanEngine } from "../../domain/scanner/engine.ts";
import { liveSource } from "../../domain/scanner/live-source.ts";
import { scopeOf } from "../../domain/scanner/stat-scope.ts";

import type { LiveScanDeps } from "./deps.ts";
import { place } from "./filters.ts";
import { STORE_MAX_AGE_MS } from "./shared.ts";

/** Names and leagues of fixtures new to this process; answers which were new. */
export async function contextOf(d: LiveScanDeps, ids: number[]): Promise<number[]> {
  const missing = ids.filter((id) => !d.fixtures.has(id));
  if (missing.length === 0) return missing;
  for (const r of await liveFixtureInfo(d.ctx.pool, missing)) {
    d.fixtures.set(r.id, {
      leagueId: r.leagueId,
      info: {
        home: r.homeTeamName,
        away: r.awayTeamName,
        league: r.leagueName,
        country: r.countryName,
        kickoff: r.kickoff.toISOString(),
      },
    });
  }
  return missing;
}

/** The live fixtures' states now and the pairs that alerted before: what a (re)started scanner starts from. */
async function loadStates(d: LiveScanDeps, e: LiveScanEngine): Promise<void> {
  d.statesLoaded = true;
  const states = await d.services.currentStates();
  const ids = states.map((st) => st.fixtureId);
  for (const p of await q.livePicksOf(d.ctx.pool, ids)) e.markMatched(p.filterId, p.fixtureId);
  await contextOf(d, ids);
  d.pendingStates = states;
}

/**
 * The engine over the current feature store, with every filter; rebuilt when the store is reloaded.
 * `withStates` false: compile only (a worker warming up before it takes its share of the fixtures).
 */
export async function ensureEngine(
  d: LiveScanDeps,
  fixtureIds: readonly number[],
  withStates = true,
): Promise<LiveScanEngine> {
  const s = await d.services.features();
  const current = async (e: LiveScanEngine) => {
    if (withStates && !d.statesLoaded) await loadStates(d, e);
    return e;
  };
  if (d.engine && s === d.store) return current(d.engine);
  // A reloaded store changes nothing for fixtures already in the old one (a fixture's pre-match row uses only
  // what ended before its kick-off), and adopting it recompiles every filter: adopted only when it knows a live
  // fixture the old one does not, or once it is an hour old.
  if (d.engine && d.store && performance.now() - d.storeAdoptedAt < STORE_MAX_AGE_MS) {
    const old = d.store;
    const known = (id: number) => old.rowOf(id) >= 0 || s.rowOf(id) < 0;
    if (fixtureIds.every(known) && d.engine.fixtureIds().every(known)) return current(d.engine);
  }
  d.store = s;
  d.storeAdoptedAt = performance.now();
  const source = liveSource(s.source());
  if (d.engine) {
    const engine = d.engine;
    engine.setSource(source);
    for (const id of engine.fixtureIds()) engine.setRow(id, s.rowOf(id));
    if (withStates && !d.statesLoaded) await loadStates(d, engine);
    return engine;
  }
  const fresh = new LiveScanEngine(source, scopeOf);
  d.engine = fresh;
  for (const f of [...d.filters.values()]) place(d, f.row);
  // A restart: the live fixtures' states now, and the pairs that alerted before.
  if (withStates) await loadStates(d, fresh);
  return fresh;
}
