import type { ServiceContext } from "./context.ts";
import { type DataVersion, createDataVersion } from "./data-version.ts";
import { memoizePerMinute } from "./minute-memo.ts";
import { betOfTheDayRecord, nextBetDay } from "./predictions/bet-record.ts";
import { daily, day, inRange } from "./predictions/days.ts";
import { createPredictionsDeps } from "./predictions/deps.ts";
import { accuracy, probabilitiesByLeague } from "./predictions/league-figures.ts";
import { machine } from "./predictions/machine.ts";
import { priceHistory } from "./predictions/price-history.ts";
import { info, matchPage, odds, similars } from "./predictions/match.ts";

export type { FixturePredictions, JudgedPick } from "./predictions/shared.ts";

/**
 * Fixtures with their predictions: days, ranges, the match page, the machine, the Bet of the Day and the
 * figures per league. One use case per function in src/services/predictions/ (days, match, machine, league figures).
 */
export function createPredictionsService(ctx: ServiceContext, version: DataVersion = createDataVersion(ctx.clock)) {
  const d = createPredictionsDeps(ctx);
  const service = {
    inRange: (...args: DropFirst<Parameters<typeof inRange>>) => inRange(d, ...args),
    day: (...args: DropFirst<Parameters<typeof day>>) => day(d, ...args),
    info: (...args: DropFirst<Parameters<typeof info>>) => info(d, ...args),
    matchPage: (...args: DropFirst<Parameters<typeof matchPage>>) => matchPage(d, ...args),
    machine: (...args: DropFirst<Parameters<typeof machine>>) => machine(d, ...args),
    odds: (...args: DropFirst<Parameters<typeof odds>>) => odds(d, ...args),
    priceHistory: (...args: DropFirst<Parameters<typeof priceHistory>>) => priceHistory(d, ...args),
    similars: (...args: DropFirst<Parameters<typeof similars>>) => similars(d, ...args),
    daily: (...args: DropFirst<Parameters<typeof daily>>) => daily(d, ...args),
    betOfTheDayRecord: (...args: DropFirst<Parameters<typeof betOfTheDayRecord>>) => betOfTheDayRecord(d, ...args),
    nextBetDay: (...args: DropFirst<Parameters<typeof nextBetDay>>) => nextBetDay(d, ...args),
    probabilitiesByLeague: (...args: DropFirst<Parameters<typeof probabilitiesByLeague>>) =>
      probabilitiesByLeague(d, ...args),
    accuracy: (...args: DropFirst<Parameters<typeof accuracy>>) => accuracy(d, ...args),
  };
  // Page data for the rest of the minute: pages rendered per member reuse what the page cache's render fetched.
  return memoizePerMinute(version, service, ["inRange", "day", "matchPage", "betOfTheDayRecord", "nextBetDay"]);
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
