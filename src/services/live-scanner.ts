import { liveFixtureInfo } from "../db/queries/live.ts";
import * as q from "../db/queries/scanner-engine.ts";
import type { LiveState } from "../domain/live/state.ts";
import type { FeatureStore } from "../domain/prematch/feature-store.ts";
import { CompileError } from "../domain/scanner/compile.ts";
import type { EngineMatch, FixtureUpdate, TickStats } from "../domain/scanner/engine-io.ts";
import { LiveScanEngine } from "../domain/scanner/engine.ts";
import { type LiveFixtureInfo, liveAlertContent, livePickOdds } from "../domain/scanner/live-pick.ts";
import { liveSource } from "../domain/scanner/live-source.ts";
import type { Rule } from "../domain/scanner/rules.ts";
import { ruleSchema } from "../domain/scanner/schema.ts";
import { scopeOf } from "../domain/scanner/stat-scope.ts";
import type { AlertsService, RecordPickResult } from "./alerts.ts";
import type { ServiceContext } from "./context.ts";

/**
 * The live scanner's alerting loop (issue: live scanner). After each live tick, `scan(changed states)` runs the
 * rules engine (src/domain/scanner/engine.ts) over the fixtures whose state changed and records each new match
 * through the shared alerts module (pick and outbox in one transaction, once-only by the database, muted filters
 * record and send nothing, the free 5 live alerts a day), which delivers, grades and reports.
 *
 * Filters: every active, non-deleted live filter, compiled once. A cheap look (count and newest change) at most
 * every `filterCheckMs` tells whether any filter moved; then the filters changed since the last look (with a
 * margin for transactions that commit late) are compiled again, and deleted or switched-off ones leave the
 * engine. Pre-match parts come from the pre-match feature store (walk-forward); when it is reloaded the engine
 * recompiles. A restart reads the picks already recorded for the live fixtures, so nothing is recorded twice
 * (the database's unique key would refuse it anyway).
 */

export interface LiveScannerDeps {
  alerts: Pick<AlertsService, "recordPick">;
  /** the pre-match feature store (the pre-match scanner's, shared) */
  features(): Promise<FeatureStore>;
  /** every live fixture's current state (the first scan after a start) */
  currentStates(): Promise<LiveState[]>;
}

export interface LiveScannerOptions {
  /** how often (real time) the filters table is looked at; 0: at every scan */
  filterCheckMs?: number;
}

export interface RecordedLivePick {
  filterId: number;
  fixtureId: number;
  userId: number;
  minute: number | null;
  odds: number | null;
  pickId: number;
  created: boolean;
  delivery: RecordPickResult["delivery"];
}

export interface LiveScanResult {
  filters: number;
  fixtures: number;
  tick: TickStats;
  picks: RecordedLivePick[];
  /** matches whose pick could not be recorded (they are tried again), and the last reason */
  failed: number;
  lastError?: string;
}

interface FilterInfo {
  row: q.ScannerFilterRow;
  rules: Rule[];
}

/** Change margin: a transaction committing this long after its updated_at is still seen. */
const LATE_COMMIT_MS = 10_000;
/** The pre-match store is followed at least this often (it is reloaded when results and predictions change). */
const STORE_MAX_AGE_MS = 3_600_000;
const liveRuleSchema = ruleSchema("live");

/** A stored filter's rules, or null when one of them is not a valid live rule (such a filter stays out). */
function rulesOf(stored: unknown): Rule[] | null {
  if (!Array.isArray(stored)) return null;
  const rules: Rule[] = [];
  for (const r of stored) {
    const parsed = liveRuleSchema.safeParse(r);
    if (!parsed.success) return null;
    rules.push(parsed.data as Rule);
  }
  return rules;
}

export function createLiveScannerService(ctx: ServiceContext, deps: LiveScannerDeps, options: LiveScannerOptions = {}) {
  const filterCheckMs = options.filterCheckMs ?? 1000;
  let engine: LiveScanEngine | null = null;
  let store: FeatureStore | null = null;
  const filters = new Map<number, FilterInfo>();
  /** updated_at of each filter the engine knows (also those left out: invalid rules) */
  const seen = new Map<number, number>();
  let version: { count: number; newest: number } | null = null;
  let lastCheck = Number.NEGATIVE_INFINITY;
  const fixtures = new Map<number, { leagueId: number; info: LiveFixtureInfo }>();
  let running: Promise<LiveScanResult> | null = null;

  /** filters whose row is active and not deleted (also those left out for rules the engine cannot read) */
  const liveIds = new Set<number>();
  let pendingStates: LiveState[] = [];
  let storeAdoptedAt = 0;

  function leave(id: number): void {
    filters.delete(id);
    engine?.removeFilter(id);
  }

  function place(row: q.ScannerFilterRow): void {
    seen.set(row.id, row.updatedAt.getTime());
    if (!row.live) {
      liveIds.delete(row.id);
      leave(row.id);
      return;
    }
    liveIds.add(row.id);
    const rules = rulesOf(row.rules);
    if (!rules || rules.length === 0) {
      leave(row.id);
      return;
    }
    try {
      engine?.upsertFilter({ id: row.id, rules, leagueIds: row.leagueIds });
      filters.set(row.id, { row, rules });
    } catch (error) {
      if (!(error instanceof CompileError)) throw error;
      leave(row.id);
    }
  }

  /** Brings the engine's filters up to date with the table; true when it holds any. */
  async function refreshFilters(force = false): Promise<boolean> {
    if (!force && performance.now() - lastCheck < filterCheckMs) return filters.size > 0;
    lastCheck = performance.now();
    const v = await q.scannerFiltersVersion(ctx.pool);
    const now = { count: v.count, newest: v.newest?.getTime() ?? 0 };
    if (!force && version && version.count === now.count && version.newest === now.newest) return filters.size > 0;
    if (version && !force) {
      const since = new Date(version.newest - LATE_COMMIT_MS);
      for (const row of await q.scannerFiltersChangedSince(ctx.pool, since)) {
        if (seen.get(row.id) === row.updatedAt.getTime() && row.live === liveIds.has(row.id)) continue;
        place(row);
      }
    }
    if (!version || force || liveIds.size !== now.count) {
      // First look, or rows gone without a trace (a user deleted with their filters): read them all.
      const rows = await q.scannerFilters(ctx.pool);
      const ids = new Set(rows.map((r) => r.id));
      for (const id of [...liveIds]) {
        if (!ids.has(id)) {
          liveIds.delete(id);
          leave(id);
        }
      }
      for (const row of rows) if (seen.get(row.id) !== row.updatedAt.getTime() || !liveIds.has(row.id)) place(row);
    }
    version = now;
    return filters.size > 0;
  }

  /** Names and leagues of fixtures new to this process; answers which were new. */
  async function contextOf(ids: number[]): Promise<number[]> {
    const missing = ids.filter((id) => !fixtures.has(id));
    if (missing.length === 0) return missing;
    for (const r of await liveFixtureInfo(ctx.pool, missing)) {
      fixtures.set(r.id, {
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

  /** The engine over the current feature store, with every filter; rebuilt when the store is reloaded. */
  /** The live fixtures' states now and the pairs that alerted before: what a (re)started scanner starts from. */
  let statesLoaded = false;
  async function loadStates(e: LiveScanEngine): Promise<void> {
    statesLoaded = true;
    const states = await deps.currentStates();
    const ids = states.map((st) => st.fixtureId);
    for (const p of await q.livePicksOf(ctx.pool, ids)) e.markMatched(p.filterId, p.fixtureId);
    await contextOf(ids);
    pendingStates = states;
  }

  /** `withStates` false: compile only (a worker warming up before it takes its share of the fixtures). */
  async function ensureEngine(fixtureIds: readonly number[], withStates = true): Promise<LiveScanEngine> {
    const s = await deps.features();
    const current = async (e: LiveScanEngine) => {
      if (withStates && !statesLoaded) await loadStates(e);
      return e;
    };
    if (engine && s === store) return current(engine);
    // A reloaded store changes nothing for fixtures already in the old one (a fixture's pre-match row uses only
    // what ended before its kick-off), and adopting it recompiles every filter: adopted only when it knows a live
    // fixture the old one does not, or once it is an hour old.
    if (engine && store && performance.now() - storeAdoptedAt < STORE_MAX_AGE_MS) {
      const old = store;
      const known = (id: number) => old.rowOf(id) >= 0 || s.rowOf(id) < 0;
      if (fixtureIds.every(known) && engine.fixtureIds().every(known)) return current(engine);
    }
    store = s;
    storeAdoptedAt = performance.now();
    const source = liveSource(s.source());
    if (engine) {
      engine.setSource(source);
      for (const id of engine.fixtureIds()) engine.setRow(id, s.rowOf(id));
      if (withStates && !statesLoaded) await loadStates(engine);
      return engine;
    }
    const fresh = new LiveScanEngine(source, scopeOf);
    engine = fresh;
    for (const f of [...filters.values()]) place(f.row);
    // A restart: the live fixtures' states now, and the pairs that alerted before.
    if (withStates) await loadStates(fresh);
    return fresh;
  }

  async function record(m: EngineMatch, s: FeatureStore): Promise<RecordedLivePick | null> {
    const f = filters.get(m.filterId);
    const fixture = fixtures.get(m.fixtureId);
    if (!f || !fixture) return null;
    const row = m.state.row;
    const favorite = row >= 0 ? s.favorite[row]! : -1;
    const odds = livePickOdds(f.row.desiredOutcome, favorite, m.state.live.odds);
    const known = (x: number) => !Number.isNaN(x) && x > 1;
    const pre =
      row >= 0 ? { home: s.openingPrice(row, 0), draw: s.openingPrice(row, 2), away: s.openingPrice(row, 1) } : null;
    const content = liveAlertContent(
      fixture.info,
      m.state.live,
      f.rules,
      pre && known(pre.home) && known(pre.draw) && known(pre.away) ? { odds1x2: pre } : {},
    );
    const result = await deps.alerts.recordPick({
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

  async function scanNow(changed: readonly LiveState[], ended: readonly number[]): Promise<LiveScanResult> {
    const empty = {
      filters: 0,
      fixtures: 0,
      tick: { fixtures: 0, candidates: 0, evaluations: 0, matches: 0 },
      picks: [],
      failed: 0,
    };
    const any = await refreshFilters();
    if (!any && !engine) return empty;
    const e = await ensureEngine(changed.map((st) => st.fixtureId));
    const s = store!;
    e.endFixtures(ended);
    for (const id of ended) fixtures.delete(id);
    const states = pendingStates.length > 0 ? [...pendingStates, ...changed] : changed;
    pendingStates = [];
    // A fixture new to this process in the middle of its match (its shard came from another worker, which may
    // have died): the pairs that worker recorded are not evaluated for nothing (the unique key would refuse them).
    const arrived = await contextOf(states.map((st) => st.fixtureId));
    if (arrived.length > 0)
      for (const p of await q.livePicksOf(ctx.pool, arrived)) e.markMatched(p.filterId, p.fixtureId);
    const updates: FixtureUpdate[] = [];
    for (const live of states) {
      const fixture = fixtures.get(live.fixtureId);
      if (!fixture) continue;
      updates.push({ live, leagueId: fixture.leagueId, row: s.rowOf(live.fixtureId) });
      if (live.status === "finished") fixtures.delete(live.fixtureId);
    }
    const matches = e.tick(updates);
    const picks: RecordedLivePick[] = [];
    let failed = 0;
    let lastError: string | undefined;
    for (const m of matches) {
      try {
        const p = await record(m, s);
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

  return {
    /**
     * One scan after a live tick: the changed states (and the fixtures that ended) through the engine; each new
     * match recorded once through the alerts module. Scans never overlap (a call during a scan waits for it).
     */
    async scan(changed: readonly LiveState[], ended: readonly number[] = []): Promise<LiveScanResult> {
      while (running) await running.catch(() => undefined);
      const run = scanNow(changed, ended);
      running = run;
      try {
        return await run;
      } finally {
        running = null;
      }
    },

    /**
     * Loads the feature store and compiles every filter, without looking at any fixture: a worker does it before
     * it takes its share of the live fixtures, so that the long first compilation never delays the heartbeat that
     * keeps its shards (src/jobs/runner.ts). Answers how many filters the engine holds.
     */
    async warm(): Promise<number> {
      while (running) await running.catch(() => undefined);
      await refreshFilters(true);
      if (filters.size > 0 || engine) await ensureEngine([], false);
      return filters.size;
    },

    /** Reads the filters table now (after an edit, in tests); answers how many filters the engine holds. */
    async refresh(): Promise<number> {
      await refreshFilters(true);
      return filters.size;
    },

    /** Filters in the engine and live fixtures it follows. */
    status(): { filters: number; fixtures: number } {
      return { filters: filters.size, fixtures: engine?.fixtureIds().length ?? 0 };
    },
  };
}
