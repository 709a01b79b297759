import * as q from "../../db/queries/valuebets.ts";
import { WORLD, bookmakerName } from "../../domain/bookmakers.ts";
import type { ValueBetsDeps } from "./deps.ts";

/** The bot's name in alerts (a brand, the same in every language). */
const VALUE_BOT_NAME = "Pitchlab value-bet bot";

/** Sends each new pick once, through the shared alerts outbox, to the members who asked for value bets. */
export async function notify(d: ValueBetsDeps, ids: number[]): Promise<number> {
  const { ctx, alerts } = d;
  if (ids.length === 0 || !alerts) return 0;
  const now = ctx.clock.now();
  let notified = 0;
  const recipients = new Map<number, number[]>();
  for (const row of await q.valuePicksByIds(ctx.pool, ids, now)) {
    const country = row.bookmakerCountry;
    if (!recipients.has(country)) recipients.set(country, await q.valueBetRecipients(ctx.pool, country, now));
    const to = recipients.get(country)!;
    if (to.length === 0) continue;
    const result = await alerts.recordPick({
      source: "valuebet",
      // The bot's own numbering: one "filter" per bookmaker country (0 = the world), so each country's pick is sent once.
      filterId: country === WORLD ? 0 : country,
      fixtureId: row.fixtureId,
      recipients: to,
      selection: row.outcome,
      filterName: VALUE_BOT_NAME,
      outcome: row.outcome,
      odds: row.price,
      content: {
        home: row.homeTeam,
        away: row.awayTeam,
        league: row.leagueName,
        country: row.countryName,
        kickoff: row.kickoff.toISOString(),
        bet: {
          market: row.market,
          selection: row.outcome,
          price: row.price,
          fairOdds: Math.round((1 / row.probability) * 100) / 100,
          bookmaker: bookmakerName(row.bookmaker),
          probability: row.probability,
        },
      },
    });
    notified += result.notified;
  }
  return notified;
}
