import type { LiveState } from "../../domain/live/state.ts";
import type { FeatureStore } from "../../domain/prematch/feature-store.ts";
import type { LiveScanEngine } from "../../domain/scanner/engine.ts";
import type { LiveFixtureInfo } from "../../domain/scanner/live-pick.ts";
import type { ServiceContext } from "../context.ts";

import type { FilterInfo, LiveScanResult, LiveScannerDeps, LiveScannerOptions } from "./shared.ts";

/**
 * What the live scanner's use cases share: the services it reads and records through, and the state one scanner
 * keeps between scans (the engine, its feature store, the filters it compiled, the fixtures it follows).
 */
export function createLiveScanDeps(ctx: ServiceContext, services: LiveScannerDeps, options: LiveScannerOptions) {
  return {
    ctx,
    services,
    filterCheckMs: options.filterCheckMs ?? 1000,
    engine: null as LiveScanEngine | null,
    store: null as FeatureStore | null,
    filters: new Map<number, FilterInfo>(),
    /** updated_at of each filter the engine knows (also those left out: invalid rules) */
    seen: new Map<number, number>(),
    version: null as { count: number; newest: number } | null,
    lastCheck: Number.NEGATIVE_INFINITY,
    fixtures: new Map<number, { leagueId: number; info: LiveFixtureInfo }>(),
    running: null as Promise<LiveScanResult> | null,
    /** filters whose row is active and not deleted (also those left out for rules the engine cannot read) */
    liveIds: new Set<number>(),
    pendingStates: [] as LiveState[],
    storeAdoptedAt: 0,
    statesLoaded: false,
  };
}

export type LiveScanDeps = ReturnType<typeof createLiveScanDeps>;
