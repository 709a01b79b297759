/**
 * The pre-match feature store (walk-forward typed arrays, src/domain/prematch/feature-store.ts): loaded once per
 * process, reloaded when results or predictions changed. Pre-match filters, backtests and alerts scan it; the live
 * scanner and live backtests read its pre-match parts.
 */
import { connectionStringOf } from "../../db/client.ts";
import { storeFingerprint } from "../../db/queries/scanner-store.ts";
import { runInThread } from "../../data/worker-thread.ts";
import { CompileError, compileRules } from "../../domain/scanner/compile.ts";
import type { FeatureStore } from "../../domain/prematch/feature-store.ts";
import { type FeatureStoreParts, storeFromParts } from "../../domain/prematch/feature-store-parts.ts";
import { scopeOf } from "../../domain/scanner/stat-scope.ts";
import type { Rule } from "../../domain/scanner/rules.ts";
import type { ServiceContext } from "../context.ts";
import type { DataVersion } from "../data-version.ts";
import { ServiceError } from "../errors.ts";
import type { FeatureStoreJob } from "./feature-store-thread.ts";

export const DAY = 86_400_000;
/** Feature rows cover 25 months back (the 24-month backtests and their first days) and every upcoming fixture. */
const HORIZON_MS = 25 * 31 * DAY;
/** The store is checked for new results at most this often (a reload costs a few seconds of one core). */
const STORE_CHECK_MS = 5 * 60_000;

export type Features = () => Promise<FeatureStore>;

export function createFeatureStore(ctx: ServiceContext, dataVersion?: Pick<DataVersion, "generation">) {
  let store: { value: FeatureStore; fingerprint: string; checkedAt: number; generation: number } | null = null;
  let loading: Promise<FeatureStore> | null = null;

  async function load(fingerprint?: string): Promise<FeatureStore> {
    const now = ctx.clock.now();
    const generation = dataVersion?.generation() ?? 0;
    const fp = fingerprint ?? (await storeFingerprint(ctx.pool, now));
    // Seconds of one core (reading and building the columns): on a worker thread, never on the serving loop.
    const job: FeatureStoreJob = {
      connectionString: connectionStringOf(ctx.pool),
      now: now.getTime(),
      horizonStart: now.getTime() - HORIZON_MS,
    };
    const value = storeFromParts(
      await runInThread<FeatureStoreParts>(new URL("./feature-store-thread.ts", import.meta.url), job),
    );
    store = { value, fingerprint: fp, checkedAt: Date.now(), generation };
    return value;
  }

  const reload = () => {
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  };

  /** The feature store: loaded once, reloaded in the background when results or predictions changed. */
  async function features(): Promise<FeatureStore> {
    if (!store) return reload();
    // This process wrote new predictions since the load (the first back-fill, results coming in): the next
    // caller waits for the fresh store rather than backtesting on figures that are gone.
    if ((dataVersion?.generation() ?? 0) !== store.generation) return reload();
    if (Date.now() - store.checkedAt > STORE_CHECK_MS && !loading) {
      store.checkedAt = Date.now();
      const current = store;
      loading = storeFingerprint(ctx.pool, ctx.clock.now())
        .then((fp) => (fp === current.fingerprint ? current.value : load(fp)))
        .finally(() => {
          loading = null;
        });
    }
    return store.value;
  }

  return features;
}

/** A filter's rules compiled over the store; rules the store cannot judge answer 400 `badRule`. */
export function compileOver(rules: Rule[], store: FeatureStore, badRule: string) {
  try {
    return compileRules(rules, store.source(), scopeOf);
  } catch (error) {
    if (error instanceof CompileError) throw new ServiceError(400, badRule);
    throw error;
  }
}

/**
 * The store's rows of fixtures kicking off in (from, to] in the given leagues (all when none) that `predicate`
 * matches, in kick-off order, at most `limit`.
 */
export function matchingRows(
  store: FeatureStore,
  predicate: (row: number) => boolean,
  from: number,
  to: number,
  leagueIds: number[],
  limit = Number.POSITIVE_INFINITY,
): number[] {
  const [start, end] = store.rowRange(from + 1, to + 1);
  const leagues = leagueIds.length ? new Set(leagueIds) : null;
  const rows: number[] = [];
  for (let r = start; r < end && rows.length < limit; r++) {
    if (leagues && !leagues.has(store.league[store.fixtureIndex(r)]!)) continue;
    if (predicate(r)) rows.push(r);
  }
  return rows;
}
