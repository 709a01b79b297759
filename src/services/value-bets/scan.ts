import { type Pool, type PoolClient, inTransaction } from "../../db/client.ts";
import { readState, writeState } from "../../db/queries/state.ts";
import * as q from "../../db/queries/valuebets.ts";
import { bookmakerShown } from "../../domain/bookmakers.ts";
import { marketsOf } from "../../domain/predictions/probabilities.ts";
import { DEFAULT_VALUE_RULE, valuePicks } from "../../domain/valuebets/picks.ts";
import { COUNTRIES } from "./countries.ts";
import type { ValueBetsDeps } from "./deps.ts";
import { notify } from "./notify.ts";

/** The bot looks this far ahead each hour. */
const HORIZON_MS = 48 * 3_600_000;
const BACKFILL_STATE = "value-bets-backfill";
const PIPELINE_STATE = "predictions";
/** History is replayed in slices of this length (a month of fixtures and their prices at a time). */
const SLICE_MS = 30 * 86_400_000;

/**
 * The hourly run: new picks among the fixtures of the next 48 hours, taken now. The first run also replays
 * the history: each past fixture is picked at the moment its prices came to exist, from its walk-forward
 * prediction, exactly as the bot would have done then.
 */
export async function scan(d: ValueBetsDeps): Promise<{
  picked: Array<{ id: number; fixtureId: number; bookmakerCountry: number }>;
  replayed: number;
  notified: number;
}> {
  const { ctx } = d;
  const now = ctx.clock.now();
  let replayed = 0;
  const done = await readState<{ until: string }>(ctx.pool, BACKFILL_STATE);
  // The history is replayed once the predictions of every fixture exist (their back-fill has finished).
  const predictions = await readState<{ phase: string }>(ctx.pool, PIPELINE_STATE);
  if (!done && predictions?.phase === "done") {
    // One transaction: the track record shows the whole history or none of it, never a part.
    replayed = await inTransaction(ctx.pool, async (client) => {
      let count = 0;
      for (let from = Date.UTC(2000, 0, 1); from < now.getTime(); from += SLICE_MS) {
        const to = new Date(Math.min(from + SLICE_MS, now.getTime()));
        count += (await pickRange(d, client, new Date(from), to, now, (c) => c.pricedFrom)).length;
      }
      await writeState(client, BACKFILL_STATE, { until: now.toISOString() });
      return count;
    });
  }
  const picked = await pickRange(
    d,
    ctx.pool,
    new Date(now.getTime() + 1),
    new Date(now.getTime() + HORIZON_MS),
    now,
    () => now,
  );
  // The history is a record, not news: only the picks taken now are sent.
  const notified = await notify(
    d,
    picked.map((p) => p.id),
  );
  return { picked, replayed, notified };
}

/**
 * Picks of the fixtures kicking off in [from, to) from their prices that exist at `at`, taken at `pickedAt` (the
 * history: the moment the last of those prices came to exist).
 */
async function pickRange(
  d: ValueBetsDeps,
  db: Pool | PoolClient,
  from: Date,
  to: Date,
  at: Date,
  pickedAt: (c: q.ValueCandidate) => Date | null,
) {
  const { commission } = d;
  const candidates = await q.valueCandidates(db, from, to, at);
  const writes: q.ValuePickWrite[] = [];
  for (const c of candidates) {
    const when = pickedAt(c);
    // Never without prices, at or after kick-off, in the future, or before the prices exist.
    if (!when || !c.pricedFrom) continue;
    const t = when.getTime();
    if (t >= c.kickoff.getTime() || t > at.getTime() || t < c.pricedFrom.getTime()) continue;
    const m = marketsOf(c.final);
    const fair = { "1": m["1"], X: m.X, "2": m["2"], O25: m.O25, U25: m.U25 };
    for (const country of COUNTRIES) {
      for (const p of valuePicks(
        fair,
        c.quotes,
        DEFAULT_VALUE_RULE,
        (code) => bookmakerShown(code, country),
        commission,
      )) {
        writes.push({
          fixtureId: c.fixtureId,
          bookmakerCountry: country,
          market: p.market,
          outcome: p.outcome,
          bookmaker: p.bookmaker,
          price: p.price,
          probability: p.probability,
          ev: p.ev,
          pickedAt: when,
        });
      }
    }
  }
  return q.insertValuePicks(db, writes);
}
