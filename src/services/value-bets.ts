import type { createAlertsService } from "./alerts.ts";
import type { ServiceContext } from "./context.ts";
import { createValueBetsDeps } from "./value-bets/deps.ts";
import { record } from "./value-bets/record.ts";
import { scan } from "./value-bets/scan.ts";
import { upcoming } from "./value-bets/upcoming.ts";

export { parseBookmakerCountry } from "./value-bets/countries.ts";
export type { TrackRecord, ValuePickView } from "./value-bets/views.ts";

/**
 * The value-bet bot: picks every hour from the fixtures of the next 48 hours, and its public track record.
 * One use case per function in src/services/value-bets/ (scan and its alerts, the record, the upcoming picks).
 */
export function createValueBetsService(ctx: ServiceContext, alerts?: ReturnType<typeof createAlertsService>) {
  const d = createValueBetsDeps(ctx, alerts);
  return {
    scan: (...args: DropFirst<Parameters<typeof scan>>) => scan(d, ...args),
    record: (...args: DropFirst<Parameters<typeof record>>) => record(d, ...args),
    upcoming: (...args: DropFirst<Parameters<typeof upcoming>>) => upcoming(d, ...args),
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
