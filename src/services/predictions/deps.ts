import { type FixtureRow, fixturesByIds, fixturesInRange } from "../../db/queries/fixtures.ts";
import { predictionsFor } from "../../db/queries/predictions.ts";
import { picksOf } from "../../domain/predictions/kinds.ts";
import { marketsOf } from "../../domain/predictions/probabilities.ts";
import { dayRange, isValidTimeZone, localDate } from "../../domain/time/zones.ts";
import type { ServiceContext } from "../context.ts";
import { badRequest, notFound } from "../errors.ts";
import { type FixtureView, toView } from "../fixtures.ts";
import { type FixturePredictions, judge, pricesOf } from "./shared.ts";

/** What the predictions use cases share: fixtures with their stored predictions, a fixture by id, a day's fixtures. */
export function createPredictionsDeps(ctx: ServiceContext) {
  async function attach(
    rows: FixtureRow[],
    includePremium: boolean,
  ): Promise<Array<FixtureView & { predictions: FixturePredictions | null }>> {
    const now = ctx.clock.now();
    const stored = await predictionsFor(
      ctx.pool,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const view = toView(row, now);
      const p = stored.get(row.id);
      if (!p) return { ...view, predictions: null };
      const picks = picksOf(marketsOf(p.final), pricesOf(p), includePremium).map((pick) =>
        judge(pick, view, row, null),
      );
      return {
        ...view,
        predictions: {
          best: picks.find((pick) => pick.kind === 0) ?? null,
          picks,
          modelVersion: p.modelVersion,
          marketWeight: p.marketWeight,
        },
      };
    });
  }

  async function fixtureRow(id: number): Promise<FixtureRow> {
    const [row] = await fixturesByIds(ctx.pool, [id], ctx.clock.now());
    if (!row) throw notFound("apiErrors.noFixture", { id });
    return row;
  }

  async function dayFixtures(date: string | undefined, timeZone: string) {
    if (!isValidTimeZone(timeZone)) throw badRequest("apiErrors.timeZone", { zone: timeZone });
    const day = date ?? localDate(ctx.clock.now().getTime(), timeZone);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw badRequest("apiErrors.dateFormat", { field: "date" });
    const { from, to } = dayRange(day, timeZone);
    return { day, rows: await fixturesInRange(ctx.pool, { from, to, now: ctx.clock.now(), limit: 5000 }) };
  }

  return { ctx, attach, fixtureRow, dayFixtures };
}

export type PredictionsDeps = ReturnType<typeof createPredictionsDeps>;
