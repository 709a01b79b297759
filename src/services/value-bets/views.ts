import type * as q from "../../db/queries/valuebets.ts";
import { bookmakerName, commissionOf, netPrice } from "../../domain/bookmakers.ts";
import { devigPower } from "../../domain/predictions/devig.ts";
import {
  type DEFAULT_VALUE_RULE,
  VALUE_MARKETS,
  type ValueMarket,
  type ValueOutcome,
  outcomeWon,
} from "../../domain/valuebets/picks.ts";
import type { RecordFigures } from "../../domain/valuebets/track-record.ts";

export interface ValuePickView {
  id: number;
  fixture: {
    id: number;
    kickoff: string;
    homeTeam: string;
    awayTeam: string;
    league: { id: number; name: string; country: string };
  };
  market: ValueMarket;
  outcome: ValueOutcome;
  /** football-data.co.uk's code (BFE, PS…) */
  bookmaker: string;
  /** the bookmaker's name for people */
  bookmakerName: string;
  /** the price quoted */
  price: number;
  /** commission on net winnings (an exchange's; 0 for a bookmaker) */
  commission: number;
  /** what a winning unit stake returns after commission: the price the record counts */
  netPrice: number;
  probability: number;
  fairOdds: number;
  ev: number;
  pickedAt: string;
  result: { score: [number, number]; won: boolean } | null;
  closingLineValue: number | null;
}

export interface TrackRecord {
  bookmakerCountry: number;
  rule: typeof DEFAULT_VALUE_RULE;
  /** the exchange commission on net winnings applied to exchange prices, in the bot's choice and in every figure */
  exchangeCommission: number;
  /** graded picks taken on an exchange (their figures are net of the commission) */
  exchangePicks: number;
  /** how the closing line is de-vigged for the closing line value: the power method (`src/domain/predictions/devig.ts`) */
  devig: "power";
  total: RecordFigures;
  byMonth: Array<{ key: string } & RecordFigures>;
  byLeague: Array<{ key: string } & RecordFigures>;
  byMarket: Array<{ key: string } & RecordFigures>;
  /** cumulative profit in units after each graded pick (sampled), with the date of the pick */
  equity: Array<{ at: string; profit: number }>;
  pending: number;
}

function closingProbability(row: q.ValuePickRow): number | null {
  if (!row.closing || row.closing.some((p) => p === null || !(p > 1))) return null;
  const probs = devigPower(row.closing);
  return probs[VALUE_MARKETS[row.market as ValueMarket].indexOf(row.outcome as never)] ?? null;
}

export function viewOf(row: q.ValuePickRow, exchangeCommission: number): ValuePickView {
  const played = row.ftHome !== null && row.ftAway !== null;
  const clp = closingProbability(row);
  const commission = commissionOf(row.bookmaker, exchangeCommission);
  const net = netPrice(row.price, commission);
  return {
    id: row.id,
    fixture: {
      id: row.fixtureId,
      kickoff: row.kickoff.toISOString(),
      homeTeam: row.homeTeam,
      awayTeam: row.awayTeam,
      league: { id: row.leagueId, name: row.leagueName, country: row.countryName },
    },
    market: row.market as ValueMarket,
    outcome: row.outcome as ValueOutcome,
    bookmaker: row.bookmaker,
    bookmakerName: bookmakerName(row.bookmaker),
    price: row.price,
    commission,
    netPrice: net,
    probability: row.probability,
    fairOdds: Math.round((1 / row.probability) * 100) / 100,
    ev: row.ev,
    pickedAt: row.pickedAt.toISOString(),
    result: played
      ? { score: [row.ftHome!, row.ftAway!], won: outcomeWon(row.outcome as ValueOutcome, row.ftHome!, row.ftAway!) }
      : null,
    // Net of commission, like the ROI: the price a bettor had against the closing line's fair price.
    closingLineValue: clp === null ? null : net * clp - 1,
  };
}
