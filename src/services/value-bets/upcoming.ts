import * as q from "../../db/queries/valuebets.ts";
import { WORLD } from "../../domain/bookmakers.ts";
import type { Access } from "../../domain/premium/access.ts";
import { requirePremium } from "../access.ts";
import type { ValueBetsDeps } from "./deps.ts";
import { type ValuePickView, viewOf } from "./views.ts";

/** Picks of fixtures not yet kicked off: for members only. */
export async function upcoming(d: ValueBetsDeps, access: Access, country = WORLD): Promise<ValuePickView[]> {
  const { ctx, exchangeCommission } = d;
  requirePremium(access);
  return (await q.valuePicksOf(ctx.pool, country, ctx.clock.now(), true)).map((row) => viewOf(row, exchangeCommission));
}
