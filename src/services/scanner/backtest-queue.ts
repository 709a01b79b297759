/**
 * Running pre-match backtests: the submitting process runs them at once, one after another (a local queue), and
 * the job queue carries the same ids so that any worker can finish leftovers. A backtest runs where its
 * Todo → OnGoing claim is won; a scan of the feature store takes milliseconds, the Excel is made on first download.
 */
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  type BacktestRow,
  claimBacktest,
  finishBacktest,
  pendingBacktests,
} from "../../db/queries/scanner-backtests.ts";
import { namesOf } from "../../db/queries/scanner-fixtures.ts";
import { type BacktestResult, runBacktest } from "../../domain/prematch/backtest.ts";
import { prematchDataGaps } from "../../domain/prematch/data-gaps.ts";
import { dataNeeds } from "../../domain/scanner/data-gaps.ts";
import { outcomePriced } from "../../domain/scanner/goal-outcomes.ts";
import { scopeOf } from "../../domain/scanner/stat-scope.ts";
import { compileRules } from "../../domain/scanner/compile.ts";
import type { DesiredOutcome, Rule } from "../../domain/scanner/rules.ts";
import type { ServiceContext } from "../context.ts";
import { EXCEL_MAX_ROWS, toPickRow } from "./backtest-excel.ts";
import { type StoredResult, sampleEquity } from "./backtest-views.ts";
import type { Features } from "./feature-store.ts";

/** An OnGoing backtest older than this was left by a stopped process. */
const STALE_MS = 10 * 60_000;

/** Scans the feature store for a claimed backtest: the result and what is stored of it. */
async function scan(ctx: ServiceContext, features: Features, row: BacktestRow) {
  const s = await features();
  const filter = row.filter as { rules: Rule[]; desiredOutcome: DesiredOutcome; leagueIds: number[] };
  const started = performance.now();
  const predicate = compileRules(filter.rules, s.source(), scopeOf);
  const query = {
    from: row.fromAt.getTime(),
    to: row.toAt.getTime(),
    leagueIds: row.leagueIds.length ? row.leagueIds : filter.leagueIds,
    outcome: filter.desiredOutcome,
    stake: row.stake,
  };
  const result: BacktestResult = runBacktest(s, predicate, query);
  const scanMs = performance.now() - started;
  const gaps = prematchDataGaps(s, query, dataNeeds(filter.rules, outcomePriced("preMatch", filter.desiredOutcome)));
  const names = await namesOf(ctx.pool, [], [...result.leagues.map((l) => l.leagueId), ...gaps.map((g) => g.leagueId)]);
  const named = (id: number) => ({
    name: names.leagues.get(id)?.name ?? "",
    country: names.leagues.get(id)?.country ?? "",
  });
  const stored: StoredResult = {
    figures: result.figures,
    leagues: result.leagues.map((l) => ({ ...l, ...named(l.leagueId) })),
    outOfSample: result.outOfSample,
    ...sampleEquity(result.equity, equityKickoffs(result)),
    dataGaps: gaps.map((g) => ({ ...g, ...named(g.leagueId) })),
    scanMs: Math.round(scanMs * 100) / 100,
  };
  return { result, stored };
}

/** The kick-off of each played pick (the points of the equity curve): void picks and picks without a price are not. */
function equityKickoffs(result: BacktestResult): number[] {
  return result.picks.filter((p) => p.grade !== "void" && p.odds !== null).map((p) => p.kickoff);
}

/** Runs one backtest if this caller wins its Todo → OnGoing claim. */
async function runOne(ctx: ServiceContext, features: Features, id: number): Promise<void> {
  const row = await claimBacktest(ctx.pool, id);
  if (!row) return;
  let done: Awaited<ReturnType<typeof scan>>;
  try {
    done = await scan(ctx, features, row);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishBacktest(ctx.pool, id, { status: "EndedWithError", error: message });
    return;
  }
  const { result, stored } = done;
  // The .xlsx is made from these rows at each download, in the reader's language (a few hundred ms for thousands of picks), so that a
  // backtest is Done as soon as its figures are; past the sheet's row limit there is no Excel.
  const excelPossible = result.picks.length <= EXCEL_MAX_ROWS;
  await finishBacktest(ctx.pool, id, {
    status: excelPossible ? "Done" : "EndedWithoutExcel",
    result: stored,
    pickRows: excelPossible ? result.picks.map(toPickRow) : null,
    picks: result.figures.picks,
    successRate: result.figures.successRate,
    roi: result.figures.profit.roi,
    meanWinningOdd: result.figures.meanWinningOdd,
    leagues: result.leagues.filter((l) => l.picks > 0).length,
  });
}

export function createBacktestQueue(ctx: ServiceContext, features: Features) {
  const waiting = new Map<number, Array<() => void>>();
  const localQueue: number[] = [];
  let draining = false;
  let enqueue: ((id: number) => Promise<void>) | null = null;

  async function drain() {
    if (draining) return;
    draining = true;
    try {
      while (localQueue.length > 0) {
        const id = localQueue.shift()!;
        try {
          await runOne(ctx, features, id);
        } finally {
          for (const resolve of waiting.get(id) ?? []) resolve();
          waiting.delete(id);
        }
        await yieldToEventLoop();
      }
    } finally {
      draining = false;
    }
  }

  function waitFor(id: number, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      const list = waiting.get(id) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
      waiting.set(id, list);
    });
  }

  return {
    /** Queues a submitted backtest here and on the job queue; resolves when it is done or after `waitMs`. */
    async submit(id: number, waitMs: number): Promise<void> {
      localQueue.push(id);
      const done = waitFor(id, waitMs);
      void drain();
      if (enqueue) await enqueue(id).catch(() => {});
      await done;
    },
    /** The job queue's side: runs one backtest (a no-op when another worker took it). */
    runBacktest: (id: number) => runOne(ctx, features, id),
    /** Backtests left in the queue (a restart, another process's submissions): run them here. */
    async runPending(): Promise<number> {
      const ids = await pendingBacktests(ctx.pool, new Date(Date.now() - STALE_MS));
      for (const id of ids) if (!localQueue.includes(id)) localQueue.push(id);
      await drain();
      return ids.length;
    },
    /** The job runner hands its queue over: a backtest is also sent to pg-boss, so another worker can take it. */
    setQueue(send: (id: number) => Promise<void>) {
      enqueue = send;
    },
  };
}
