/** How a pre-match backtest is shown: its status, queue position and result; rules and Excel per SPEC §6. */
import type { BacktestRow, BacktestStatus } from "../../db/queries/scanner-backtests.ts";
import type { BacktestResult } from "../../domain/prematch/backtest.ts";
import type { Access } from "../../domain/premium/access.ts";
import type { LeagueDataGap } from "../../domain/scanner/data-gaps.ts";
import type { Rule } from "../../domain/scanner/rules.ts";
import { toRules } from "./filter-rules.ts";

const EQUITY_POINTS = 400;

export interface BacktestView {
  id: number;
  status: BacktestStatus;
  queuePosition: number | null;
  filterId: number | null;
  filter: { name: string; desiredOutcome: string; rules: Rule[] | null; ruleCount: number; leagueIds: number[] };
  interval: string;
  from: string;
  to: string;
  leagueIds: number[];
  stake: number;
  owner: string;
  mine: boolean;
  hasExcel: boolean;
  error: string | null;
  summary: {
    picks: number | null;
    successRate: number | null;
    roi: number | null;
    meanWinningOdd: number | null;
    leagues: number | null;
  };
  result: StoredResult | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** server time from start to finish, ms */
  durationMs: number | null;
}

export interface StoredResult {
  figures: BacktestResult["figures"];
  leagues: Array<BacktestResult["leagues"][number] & { name: string; country: string }>;
  outOfSample: BacktestResult["outOfSample"];
  /** cumulative net in money at the backtest's stake, sampled to at most 400 points, with the played-pick index of each */
  equity: Array<[number, number]>;
  /** the kick-off (ISO) of the pick of each point of `equity` (empty in results stored before it was kept) */
  equityDates: string[];
  /** analysis time of the scan itself, ms */
  scanMs: number;
  /**
   * the leagues of the backtest where no match has what the filter needs (prices for odds rules and ROI): such a
   * league makes no pick on an odds rule, or picks without a price (empty in results stored before it was computed)
   */
  dataGaps: DataGapView[];
}

/** A league of a backtest without data the filter needs, with its name. */
export type DataGapView = LeagueDataGap & { name: string; country: string };

export interface BacktestInput {
  filterId?: number;
  interval?: string;
  from?: Date;
  to?: Date;
  leagueIds?: number[];
  stake?: number;
}

/** The equity curve sampled to at most EQUITY_POINTS points, with the played-pick index of each and its kick-off. */
export function sampleEquity(
  equity: number[],
  kickoffs: readonly number[],
): Pick<StoredResult, "equity" | "equityDates"> {
  const at = (i: number) => new Date(kickoffs[i]!).toISOString();
  if (equity.length <= EQUITY_POINTS)
    return {
      equity: equity.map((v, i) => [i + 1, Math.round(v * 100) / 100]),
      equityDates: equity.map((_, i) => at(i)),
    };
  const out: Pick<StoredResult, "equity" | "equityDates"> = { equity: [], equityDates: [] };
  const step = (equity.length - 1) / (EQUITY_POINTS - 1);
  for (let k = 0; k < EQUITY_POINTS; k++) {
    const i = Math.round(k * step);
    out.equity.push([i + 1, Math.round(equity[i]! * 100) / 100]);
    out.equityDates.push(at(i));
  }
  return out;
}

/** A stored result as shown: results stored before the data gaps were computed have none. */
function resultView(stored: StoredResult | null): StoredResult | null {
  return stored ? { ...stored, equityDates: stored.equityDates ?? [], dataGaps: stored.dataGaps ?? [] } : null;
}

export function backtestView(row: BacktestRow, userId: number | null, access: Access): BacktestView {
  const filter = (row.filter ?? {}) as {
    name?: string;
    desiredOutcome?: string;
    rules?: Rule[];
    leagueIds?: number[];
  };
  const mine = userId !== null && row.userId === userId;
  const rules = toRules(filter.rules);
  return {
    id: row.id,
    status: row.status,
    queuePosition: row.queuePosition,
    filterId: row.filterId,
    filter: {
      name: filter.name ?? "",
      desiredOutcome: filter.desiredOutcome ?? "none",
      rules: mine || access.addonBacktesting ? rules : null,
      ruleCount: rules.length,
      leagueIds: filter.leagueIds ?? [],
    },
    interval: row.interval,
    from: row.fromAt.toISOString(),
    to: row.toAt.toISOString(),
    leagueIds: row.leagueIds,
    stake: row.stake,
    owner: row.ownerName,
    mine,
    hasExcel: row.hasExcel && (mine || access.addonBacktesting),
    error: row.error,
    summary: {
      picks: row.picks,
      successRate: row.successRate,
      roi: row.roi,
      meanWinningOdd: row.meanWinningOdd,
      leagues: row.leagues,
    },
    result: resultView((row.result as StoredResult | null) ?? null),
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
  };
}
