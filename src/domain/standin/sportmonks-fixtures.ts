import type { OddsQuote } from "../football-data/record.ts";
import { PREMATCH_MARKETS, SPORTMONKS_BOOKMAKERS } from "../sportmonks/prematch.ts";
import {
  ENVELOPE,
  type FixtureOf,
  NO_RESULT,
  fixtureEntity,
  fractional,
  participants,
} from "./sportmonks-livescores.ts";

/**
 * SportMonks Football API v3 upcoming fixtures and pre-match odds as the offline stand-in writes them
 * (docs.sportmonks.com: endpoints/fixtures/get-fixtures-by-date-range, endpoints/pre-match-odds/get-odds-by-fixture-id
 * and the fixture, league, state and odd entities): `fixtures/between/{start}/{end}` paginated 25 a page
 * (`pagination.has_more`, `page=`), and the odds of one fixture, from the prices the stand-in's fixtures files
 * show at its present (none before they are published). Pure: src/data/standin serves what this writes.
 */

export interface UpcomingMatch extends FixtureOf {
  leagueName: string;
  /** the opening prices as quoted at the answer's moment (empty before publication) */
  odds: OddsQuote[];
}

type Json = Record<string, unknown>;

/** SportMonks answers 25 fixtures a page by default (`per_page` may ask for up to 50). */
const PER_PAGE = 25;
/** Fixture state "NS": not started. */
const NOT_STARTED = 1;

const BOOKMAKER_IDS = new Map(Object.entries(SPORTMONKS_BOOKMAKERS).map(([id, code]) => [code, Number(id)]));

/** One pre-match odd as the "GET Odds by Fixture ID" example lists it. */
function odd(m: UpcomingMatch, id: number, bookmakerId: number, market: number, line: Json, price: number): Json {
  const value = price.toFixed(2);
  return {
    id,
    fixture_id: m.fixtureId,
    market_id: market,
    bookmaker_id: bookmakerId,
    label: line.label,
    value,
    name: line.name,
    sort_order: null,
    market_description: market === PREMATCH_MARKETS.result ? "Match Winner" : "Goals Over/Under",
    probability: `${(100 / price).toFixed(2)}%`,
    dp3: price.toFixed(3),
    fractional: fractional(price),
    american: String(Math.round(price >= 2 ? (price - 1) * 100 : -100 / (price - 1))),
    winning: false,
    stopped: false,
    total: line.total ?? null,
    handicap: null,
    participants: null,
    original_label: null,
    latest_bookmaker_update: null,
  };
}

/** The match's odds of the bookmakers SportMonks has (1x2 as "Match Winner", over/under 2.5 with total "2.5"). */
export function prematchOdds(m: UpcomingMatch): Json[] {
  const out: Json[] = [];
  for (const q of m.odds) {
    const bookmakerId = BOOKMAKER_IDS.get(q.bookmaker);
    if (bookmakerId === undefined || q.closing || q.market === "ah") continue;
    const lines: Array<[Json, number | null]> =
      q.market === "1x2"
        ? [
            [{ label: "Home", name: "Home" }, q.prices[0]],
            [{ label: "Draw", name: "Draw" }, q.prices[1]],
            [{ label: "Away", name: "Away" }, q.prices[2]],
          ]
        : [
            [{ label: "Over", name: "Over", total: "2.5" }, q.prices[0]],
            [{ label: "Under", name: "Under", total: "2.5" }, q.prices[2]],
          ];
    const market = q.market === "1x2" ? PREMATCH_MARKETS.result : PREMATCH_MARKETS.overUnder;
    lines.forEach(([line, price], i) => {
      // Ids stable per fixture, bookmaker, market and selection, as a provider's odd keeps its id while it moves.
      const id = m.fixtureId * 1024 + bookmakerId * 8 + (market === PREMATCH_MARKETS.result ? 0 : 4) + i;
      if (price !== null && price > 1) out.push(odd(m, id, bookmakerId, market, line, price));
    });
  }
  return out;
}

const INCLUDES: Record<string, (m: UpcomingMatch) => unknown> = {
  participants,
  league: (m) => ({
    id: m.leagueId,
    sport_id: 1,
    country_id: null,
    name: m.leagueName,
    active: true,
    short_code: null,
    image_path: null,
    type: "league",
    sub_type: "domestic",
  }),
  state: () => ({ id: NOT_STARTED, state: "NS", name: "Not Started", short_name: "NS", developer_name: "NS" }),
  odds: prematchOdds,
};

/** One upcoming fixture with the includes asked for (`include=participants;league;state;odds`). */
export function upcomingFixture(m: UpcomingMatch, include: readonly string[]): Json {
  return fixtureEntity(m, { stateId: NOT_STARTED, hasOdds: prematchOdds(m).length > 0 }, include, INCLUDES);
}

/**
 * `fixtures/between/{start}/{end}`: the matches kicking off between the two, in kick-off order, one page of them
 * and the `pagination` block SportMonks adds (`next_page` the same URL with the next `page`).
 */
export function fixturesBetweenAnswer(
  matches: readonly UpcomingMatch[],
  include: readonly string[],
  page: number,
  pageUrl: (page: number) => string,
): Json {
  const sorted = [...matches].sort((a, b) => a.kickoffMs - b.kickoffMs || a.fixtureId - b.fixtureId);
  const data = sorted.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  if (data.length === 0) return { message: NO_RESULT, ...ENVELOPE };
  const hasMore = page * PER_PAGE < sorted.length;
  return {
    data: data.map((m) => upcomingFixture(m, include)),
    pagination: {
      count: data.length,
      per_page: PER_PAGE,
      current_page: page,
      next_page: hasMore ? pageUrl(page + 1) : null,
      has_more: hasMore,
    },
    ...ENVELOPE,
  };
}

/** `odds/pre-match/fixtures/{id}`: every odd of the fixture (none yet: SportMonks' no-result message). */
export function prematchOddsAnswer(m: UpcomingMatch | undefined): Json {
  const data = m ? prematchOdds(m) : [];
  return data.length === 0 ? { message: NO_RESULT, ...ENVELOPE } : { data, ...ENVELOPE };
}
