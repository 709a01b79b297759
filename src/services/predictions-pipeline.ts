import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  type AccuracyRow,
  type PredictionRow,
  playedWithPredictions,
  predictionCoverage,
  readState,
  replaceAccuracy,
  sweepInputs,
  writePredictions,
  writeState,
} from "../db/queries/predictions.ts";
import { headlineProbs } from "../domain/predictions/blend.ts";
import { KINDS, KINDS_SIGNATURE, outcomeHappened, picksOf } from "../domain/predictions/kinds.ts";
import { marketsOf } from "../domain/predictions/probabilities.ts";
import { MODEL_VERSION, WalkForward } from "../domain/predictions/walk-forward.ts";
import type { ServiceContext } from "./context.ts";

export interface PipelineState {
  version: string;
  phase: "idle" | "sweeping" | "writing" | "accuracy" | "done" | "failed";
  done: number;
  total: number;
  written: number;
  startedAt: string | null;
  finishedAt: string | null;
  /** played fixtures the accuracy table was computed from */
  accuracyPlayed: number;
  /** the kinds (codes and outcomes) it was computed for: another set of kinds recomputes it */
  accuracyKinds?: string;
  error?: string;
}

const STATE_KEY = "predictions";
const CHUNK = 2000;
const WRITE_BATCH = 4000;
/** After the back-fill only fixtures from this far back can have changed predictions. */
const RECENT_MS = 2 * 86_400_000;

/**
 * The walk-forward pipeline: every fixture predicted from what was known before its kick-off, upcoming
 * fixtures written first, then the history (the back-fill). Chunks yield to the event loop so the
 * site keeps answering; a restart resumes because unchanged predictions are not rewritten.
 */
export function createPredictionPipeline(ctx: ServiceContext, onWritten: () => void = () => {}) {
  let running: Promise<PipelineState> | null = null;

  const save = (state: PipelineState) => writeState(ctx.pool, STATE_KEY, state);

  async function run(): Promise<PipelineState> {
    const previous = await readState<PipelineState>(ctx.pool, STATE_KEY);
    const now = ctx.clock.now();
    const state: PipelineState = {
      version: MODEL_VERSION,
      phase: "sweeping",
      done: 0,
      total: 0,
      written: 0,
      startedAt: now.toISOString(),
      finishedAt: null,
      // The table is kept only when it was computed by this model for these kinds; otherwise it is recomputed.
      accuracyPlayed:
        previous?.version === MODEL_VERSION && previous.accuracyKinds === KINDS_SIGNATURE ? previous.accuracyPlayed : 0,
      accuracyKinds: previous?.accuracyKinds,
    };
    try {
      await save(state);
      const inputs = await sweepInputs(ctx.pool, now);
      state.total = inputs.length;
      const sweep = new WalkForward();
      const rows: Array<PredictionRow & { kickoffMs: number }> = [];
      for (let i = 0; i < inputs.length; i++) {
        const input = inputs[i]!;
        const p = sweep.next(input);
        const headline = headlineProbs(p.final.home, p.final.away, p.final.rho);
        rows.push({
          fixtureId: p.fixtureId,
          kickoffMs: input.kickoffMs,
          modelVersion: MODEL_VERSION,
          model: p.model,
          final: p.final,
          market: p.market ? { probabilities: p.market, prices: input.prices } : null,
          marketWeight: p.weight,
          pHome: headline.home,
          pDraw: 1 - headline.home - headline.away,
          pAway: headline.away,
          pOver25: headline.over,
        });
        if (i % CHUNK === CHUNK - 1) {
          state.done = i + 1;
          await yieldToEventLoop();
        }
      }

      const coverage = await predictionCoverage(ctx.pool, MODEL_VERSION);
      const backfilled = coverage.predicted >= coverage.fixtures;
      const recentFrom = now.getTime() - RECENT_MS;
      const upcoming = rows.filter((r) => r.kickoffMs >= recentFrom);
      const history = backfilled ? [] : rows.filter((r) => r.kickoffMs < recentFrom).reverse();
      state.phase = "writing";
      state.done = 0;
      state.total = upcoming.length + history.length;
      await save(state);
      for (const list of [upcoming, history]) {
        for (let i = 0; i < list.length; i += WRITE_BATCH) {
          state.written += await writePredictions(ctx.pool, list.slice(i, i + WRITE_BATCH));
          state.done += Math.min(WRITE_BATCH, list.length - i);
          await save(state);
        }
      }

      state.phase = "accuracy";
      await save(state);
      const played = await playedWithPredictions(ctx.pool, now);
      if (played.length !== state.accuracyPlayed || state.accuracyKinds !== KINDS_SIGNATURE) {
        const totals = new Map<string, AccuracyRow>();
        for (let i = 0; i < played.length; i++) {
          const f = played[i]!;
          const facts = {
            ftHome: f.ft_home,
            ftAway: f.ft_away,
            htHome: f.ht_home,
            htAway: f.ht_away,
            corners: f.corners,
          };
          for (const pick of picksOf(marketsOf(f.final), {}, true)) {
            const happened = outcomeHappened(pick.outcome, facts);
            if (happened === null) continue;
            const key = `${f.league_id}|${pick.kind}`;
            let row = totals.get(key);
            if (!row) {
              row = { leagueId: f.league_id, kind: pick.kind, picks: 0, hits: 0, probabilitySum: 0, logLossSum: 0 };
              totals.set(key, row);
            }
            row.picks++;
            row.hits += happened ? 1 : 0;
            row.probabilitySum += pick.probability;
            row.logLossSum += -Math.log(Math.max(happened ? pick.probability : 1 - pick.probability, 1e-9));
          }
          if (i % CHUNK === CHUNK - 1) await yieldToEventLoop();
        }
        await replaceAccuracy(ctx.pool, [...totals.values()]);
        state.accuracyPlayed = played.length;
        state.accuracyKinds = KINDS_SIGNATURE;
      }
      state.phase = "done";
      state.finishedAt = ctx.clock.now().toISOString();
      await save(state);
      // pages showing predictions are stale now (the page cache and the page data follow the data version)
      if (state.written > 0) onWritten();
      return state;
    } catch (error) {
      state.phase = "failed";
      state.error = (error as Error).message;
      await save(state).catch(() => {});
      throw error;
    }
  }

  return {
    /** Recomputes predictions; concurrent calls in one process share the same run. */
    refresh(): Promise<PipelineState> {
      if (!running) running = run().finally(() => (running = null));
      return running;
    },
    async status(): Promise<PipelineState | null> {
      return readState<PipelineState>(ctx.pool, STATE_KEY);
    },
    /** Whether every fixture has a prediction of the current model (false until the first back-fill ends). */
    async backfilled(): Promise<boolean> {
      const coverage = await predictionCoverage(ctx.pool, MODEL_VERSION);
      return coverage.predicted >= coverage.fixtures;
    },
    kinds: KINDS,
  };
}
