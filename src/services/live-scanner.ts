import type { ServiceContext } from "./context.ts";
import { createLiveScanDeps } from "./live-scanner/deps.ts";
import { refresh, scan, status, warm } from "./live-scanner/scan.ts";
import type { LiveScannerDeps, LiveScannerOptions } from "./live-scanner/shared.ts";

export type { LiveScanResult } from "./live-scanner/shared.ts";

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
 * (the database's unique key would refuse it anyway). One use case per function in src/services/live-scanner/
 * (the filters, the engine, the scan).
 */
export function createLiveScannerService(ctx: ServiceContext, deps: LiveScannerDeps, options: LiveScannerOptions = {}) {
  const d = createLiveScanDeps(ctx, deps, options);
  return {
    scan: (...args: DropFirst<Parameters<typeof scan>>) => scan(d, ...args),
    warm: (...args: DropFirst<Parameters<typeof warm>>) => warm(d, ...args),
    refresh: (...args: DropFirst<Parameters<typeof refresh>>) => refresh(d, ...args),
    status: (...args: DropFirst<Parameters<typeof status>>) => status(d, ...args),
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
