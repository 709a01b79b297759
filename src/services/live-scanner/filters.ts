import * as q from "../../db/queries/scanner-engine.ts";
import { CompileError } from "../../domain/scanner/compile.ts";

import type { LiveScanDeps } from "./deps.ts";
import { LATE_COMMIT_MS, rulesOf } from "./shared.ts";

function leave(d: LiveScanDeps, id: number): void {
  d.filters.delete(id);
  d.engine?.removeFilter(id);
}

export function place(d: LiveScanDeps, row: q.ScannerFilterRow): void {
  d.seen.set(row.id, row.updatedAt.getTime());
  if (!row.live) {
    d.liveIds.delete(row.id);
    leave(d, row.id);
    return;
  }
  d.liveIds.add(row.id);
  const rules = rulesOf(row.rules);
  if (!rules || rules.length === 0) {
    leave(d, row.id);
    return;
  }
  try {
    d.engine?.upsertFilter({ id: row.id, rules, leagueIds: row.leagueIds });
    d.filters.set(row.id, { row, rules });
  } catch (error) {
    if (!(error instanceof CompileError)) throw error;
    leave(d, row.id);
  }
}

/** Brings the engine's filters up to date with the table; true when it holds any. */
export async function refreshFilters(d: LiveScanDeps, force = false): Promise<boolean> {
  if (!force && performance.now() - d.lastCheck < d.filterCheckMs) return d.filters.size > 0;
  d.lastCheck = performance.now();
  const v = await q.scannerFiltersVersion(d.ctx.pool);
  const now = { count: v.count, newest: v.newest?.getTime() ?? 0 };
  if (!force && d.version && d.version.count === now.count && d.version.newest === now.newest)
    return d.filters.size > 0;
  if (d.version && !force) {
    const since = new Date(d.version.newest - LATE_COMMIT_MS);
    for (const row of await q.scannerFiltersChangedSince(d.ctx.pool, since)) {
      if (d.seen.get(row.id) === row.updatedAt.getTime() && row.live === d.liveIds.has(row.id)) continue;
      place(d, row);
    }
  }
  if (!d.version || force || d.liveIds.size !== now.count) {
    // First look, or rows gone without a trace (a user deleted with their filters): read them all.
    const rows = await q.scannerFilters(d.ctx.pool);
    const ids = new Set(rows.map((r) => r.id));
    for (const id of [...d.liveIds]) {
      if (!ids.has(id)) {
        d.liveIds.delete(id);
        leave(d, id);
      }
    }
    for (const row of rows) if (d.seen.get(row.id) !== row.updatedAt.getTime() || !d.liveIds.has(row.id)) place(d, row);
  }
  d.version = now;
  return d.filters.size > 0;
}
