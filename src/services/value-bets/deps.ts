import { DEFAULT_EXCHANGE_COMMISSION, commissionOf } from "../../domain/bookmakers.ts";
import type { createAlertsService } from "../alerts.ts";
import type { ServiceContext } from "../context.ts";
import type { TrackRecord } from "./views.ts";

/** What the bot's use cases share: the alerts, the exchange commission, the track records kept per country. */
export function createValueBetsDeps(ctx: ServiceContext, alerts?: ReturnType<typeof createAlertsService>) {
  const records = new Map<number, { at: number; value: Promise<TrackRecord> }>();
  const exchangeCommission = ctx.exchangeCommission ?? DEFAULT_EXCHANGE_COMMISSION;
  const commission = (code: string) => commissionOf(code, exchangeCommission);
  return { ctx, alerts, records, exchangeCommission, commission };
}

export type ValueBetsDeps = ReturnType<typeof createValueBetsDeps>;
