import * as q from "../../db/queries/valuebets.ts";
import { WORLD } from "../../domain/bookmakers.ts";
import { DEFAULT_VALUE_RULE } from "../../domain/valuebets/picks.ts";
import { equityCurve, figuresBy, figuresOf } from "../../domain/valuebets/track-record.ts";
import type { ValueBetsDeps } from "./deps.ts";
import { type TrackRecord, viewOf } from "./views.ts";

const MAX_CURVE_POINTS = 300;
const RECORD_TTL_MS = 60_000;

/**
 * Public figures, computed from the recorded picks and the results known now; kept for a minute per country
 * (results and picks change a few times an hour, visitors ask far more often).
 */
export async function record(d: ValueBetsDeps, country = WORLD): Promise<TrackRecord> {
  const { ctx, records } = d;
  const now = ctx.clock.now().getTime();
  const kept = records.get(country);
  if (kept && now - kept.at < RECORD_TTL_MS) return kept.value;
  const value = computeRecord(d, country);
  records.set(country, { at: now, value });
  value.catch(() => records.delete(country));
  return value;
}

async function computeRecord(d: ValueBetsDeps, country: number): Promise<TrackRecord> {
  const { ctx, exchangeCommission } = d;
  const rows = (await q.valuePicksOf(ctx.pool, country, ctx.clock.now())).map((row) => viewOf(row, exchangeCommission));
  // Every figure counts what a winning stake returned: the price net of an exchange's commission.
  const graded = rows
    .filter((r) => r.result !== null)
    .map((r) => ({
      ...r,
      price: r.netPrice,
      won: r.result!.won,
      closingProbability: r.closingLineValue === null ? null : (r.closingLineValue + 1) / r.netPrice,
    }));
  const curve = equityCurve(graded);
  const step = Math.max(1, Math.ceil(curve.length / MAX_CURVE_POINTS));
  const equity = curve.flatMap((profit, i) =>
    i % step === 0 || i === curve.length - 1 ? [{ at: graded[i]!.fixture.kickoff, profit }] : [],
  );
  return {
    bookmakerCountry: country,
    rule: DEFAULT_VALUE_RULE,
    exchangeCommission,
    exchangePicks: graded.filter((r) => r.commission > 0).length,
    devig: "power",
    total: figuresOf(graded),
    byMonth: figuresBy(graded, (p) => p.fixture.kickoff.slice(0, 7)),
    byLeague: figuresBy(graded, (p) => `${p.fixture.league.country} · ${p.fixture.league.name}`).sort(
      (a, b) => b.picks - a.picks,
    ),
    byMarket: figuresBy(graded, (p) => p.market),
    equity,
    pending: rows.length - graded.length,
  };
}
