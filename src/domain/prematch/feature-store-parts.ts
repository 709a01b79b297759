import { FeatureStore } from "./feature-store.ts";
import { FinalPredictions, type FinalPredictionsParts } from "./final-predictions.ts";

/**
 * A feature store's arrays: what a worker thread that built the store (src/services/scanner/feature-store-thread.ts)
 * sends back, the buffers transferred rather than copied. The names are the store's own fields.
 */
export interface FeatureStoreParts {
  n: number;
  base: number;
  rows: number;
  id: Int32Array;
  kickoff: Float64Array;
  league: Int32Array;
  season: Int32Array;
  home: Int32Array;
  away: Int32Array;
  ftHome: Int16Array;
  ftAway: Int16Array;
  htHome: Int16Array;
  htAway: Int16Array;
  statCols: Record<"corners" | "yellow" | "red" | "shots" | "shotsOnTarget", Int16Array>;
  columns: Map<string, Float32Array>;
  favorite: Int8Array;
  finals: FinalPredictionsParts;
  closing: Record<"home" | "draw" | "away" | "over25" | "under25", Float32Array>;
  teamList: Map<number, Int32Array>;
  position: Int32Array;
}

/** The fields of a store (some private to its class: read here as the plain arrays they are). */
type StoreFields = Omit<FeatureStoreParts, "finals"> & { finals: FinalPredictions };

/** A store's parts and the buffers to transfer with them (postMessage(parts, transfer)). */
export function storeParts(store: FeatureStore): { parts: FeatureStoreParts; transfer: ArrayBuffer[] } {
  const s = store as unknown as StoreFields;
  const { n, base, rows, id, kickoff, league, season, home, away, ftHome, ftAway, htHome, htAway } = s;
  const { statCols, columns, favorite, closing, teamList, position } = s;
  const parts: FeatureStoreParts = {
    ...{ n, base, rows, id, kickoff, league, season, home, away, ftHome, ftAway, htHome, htAway },
    ...{ statCols, columns, favorite, closing, teamList, position },
    finals: s.finals.parts(),
  };
  const arrays = [
    ...[parts.id, parts.kickoff, parts.league, parts.season, parts.home, parts.away],
    ...[parts.ftHome, parts.ftAway, parts.htHome, parts.htAway, parts.favorite, parts.position],
    ...Object.values(parts.statCols),
    ...parts.columns.values(),
    ...Object.values(parts.finals),
    ...Object.values(parts.closing),
    ...parts.teamList.values(),
  ];
  return { parts, transfer: [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))] };
}

/** The store of `storeParts`, on the thread that received them. */
export function storeFromParts(parts: FeatureStoreParts): FeatureStore {
  const store = Object.create(FeatureStore.prototype) as FeatureStore;
  const byId = new Map<number, number>();
  for (let i = 0; i < parts.n; i++) byId.set(parts.id[i]!, i);
  Object.assign(store, { ...parts, finals: new FinalPredictions(parts.finals), eventBits: new Map(), byId });
  return store;
}
