import type * as q from "../../db/queries/scanner-engine.ts";
import type { LiveState } from "../../domain/live/state.ts";
import type { FeatureStore } from "../../domain/prematch/feature-store.ts";
import type { TickStats } from "../../domain/scanner/engine-io.ts";
import type { Rule } from "../../domain/scanner/rules.ts";
import { ruleSchema } from "../../domain/scanner/schema.ts";
import type { AlertsService, RecordPickResult } from "../alerts.ts";

export interface LiveScannerDeps {
  alerts: Pick<AlertsService, "recordPicks">;
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

export interface FilterInfo {
  row: q.ScannerFilterRow;
  rules: Rule[];
}

/** Change margin: a transaction committing this long after its updated_at is still seen. */
export const LATE_COMMIT_MS = 10_000;
/** The pre-match store is followed at least this often (it is reloaded when results and predictions change). */
export const STORE_MAX_AGE_MS = 3_600_000;
const liveRuleSchema = ruleSchema("live");

/** A stored filter's rules, or null when one of them is not a valid live rule (such a filter stays out). */
export function rulesOf(stored: unknown): Rule[] | null {
  if (!Array.isArray(stored)) return null;
  const rules: Rule[] = [];
  for (const r of stored) {
    const parsed = liveRuleSchema.safeParse(r);
    if (!parsed.success) return null;
    rules.push(parsed.data as Rule);
  }
  return rules;
}
