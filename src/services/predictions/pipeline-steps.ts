import {
  type AccuracyRow,
  type PredictionRow,
  playedWithPredictions,
  replaceAccuracy,
  sweepChecksum,
  sweepInputs,
  writePredictions,
} from "../../db/queries/predictions.ts";
import { headlineProbs } from "../../domain/predictions/blend.ts";
import { KINDS_SIGNATURE, outcomeHappened, picksOf } from "../../domain/predictions/kinds.ts";
import { marketsOf } from "../../domain/predictions/probabilities.ts";
import { MODEL_VERSION, WalkForward } from "../../domain/predictions/walk-forward.ts";
import { timeSlices } from "../time-slices.ts";
import type { PipelineDeps, PipelineState, SweepCheckpoint } from "./pipeline-deps.ts";

const WRITE_BATCH = 4000;
/** After the back-fill only fixtures from this far back can have changed predictions. */
export const RECENT_MS = 2 * 86_400_000;

type SweptRow = PredictionRow & { kickoffMs: number };
type PlayedFixture = Awaited<ReturnType<typeof playedWithPredictions>>[number];

/**
 * Every fixture predicted from what was known before its kick-off, in kick-off order. Once the history is
 * back-filled, only the fixtures from the kept sweep's cut on are swept (see SweepCheckpoint), and a copy of the
 * sweep is kept at the new cut, the start of the UTC day two days back.
 */
export async function sweep(
  d: PipelineDeps,
  state: PipelineState,
  now: Date,
  backfilled: boolean,
): Promise<SweptRow[]> {
  const { ctx } = d;
  const cut = new Date(Math.floor((now.getTime() - RECENT_MS) / 86_400_000) * 86_400_000);
  // Read before the inputs: a write in between makes the next checksum differ (a full sweep), never a stale sweep.
  const checksum = await sweepChecksum(ctx.pool, cut, now);
  const kept = backfilled ? await usableCheckpoint(d, cut, checksum, now) : null;
  const inputs = await sweepInputs(ctx.pool, now, kept?.cut ?? null);
  state.total = inputs.length;
  state.swept = inputs.length;
  const walkForward = kept ? kept.walk.clone() : new WalkForward();
  let next: SweepCheckpoint | null = kept?.cut.getTime() === cut.getTime() ? kept : null;
  const rows: SweptRow[] = [];
  const pause = timeSlices();
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i]!;
    if (!next && input.kickoffMs >= cut.getTime()) next = { cut, checksum, walk: walkForward.clone() };
    const p = walkForward.next(input);
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
    state.done = i + 1;
    await pause(i);
  }
  d.checkpoint = next ?? { cut, checksum, walk: walkForward.clone() };
  return rows;
}

/** The kept sweep, when the fixtures before its cut are as it read them (else null: sweep everything). */
async function usableCheckpoint(d: PipelineDeps, cut: Date, checksum: string, now: Date) {
  const kept = d.checkpoint;
  d.checkpoint = null;
  if (!kept || kept.cut.getTime() > cut.getTime()) return null;
  const same = kept.cut.getTime() === cut.getTime() ? checksum : await sweepChecksum(d.ctx.pool, kept.cut, now);
  return same === kept.checksum ? kept : null;
}

/** Upcoming and recent fixtures first, then (until the back-fill is complete) the history, newest first. */
export async function write(
  d: PipelineDeps,
  state: PipelineState,
  rows: SweptRow[],
  now: Date,
  backfilled: boolean,
): Promise<void> {
  const { ctx, save } = d;
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
}

/** The accuracy table, recomputed only when more fixtures were played or the kinds changed. */
export async function accuracy(d: PipelineDeps, state: PipelineState, now: Date): Promise<void> {
  const { ctx, save } = d;
  state.phase = "accuracy";
  await save(state);
  const played = await playedWithPredictions(ctx.pool, now);
  if (played.length !== state.accuracyPlayed || state.accuracyKinds !== KINDS_SIGNATURE) {
    await replaceAccuracy(ctx.pool, await accuracyTotals(played));
    state.accuracyPlayed = played.length;
    state.accuracyKinds = KINDS_SIGNATURE;
  }
}

/** Picks, hits, probabilities and log loss per league and kind. */
async function accuracyTotals(played: PlayedFixture[]): Promise<AccuracyRow[]> {
  const totals = new Map<string, AccuracyRow>();
  const pause = timeSlices();
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
    await pause(i);
  }
  return [...totals.values()];
}
