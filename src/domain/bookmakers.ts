/**
 * The bookmaker country of SPEC §3 (id -1 = the world, else the ISO 3166 numeric code of a country): the odds
 * tables then show only the bookmakers of the data that hold a licence there. The lists follow each brand's
 * national licences as published by the regulators (UKGC, GGL, DGOJ, ADM, ANJ, HGC, ONJN); aggregates
 * (market average and maximum) are shown everywhere.
 */
import { BOOKMAKER_NAMES } from "./football-data/columns.ts";

export const WORLD = -1;

export const BOOKMAKER_COUNTRIES: Array<{ id: number; iso: string }> = [
  { id: 826, iso: "GB" },
  { id: 276, iso: "DE" },
  { id: 40, iso: "AT" },
  { id: 724, iso: "ES" },
  { id: 380, iso: "IT" },
  { id: 250, iso: "FR" },
  { id: 300, iso: "GR" },
  { id: 642, iso: "RO" },
];

const LICENCES: Record<string, string[]> = {
  B365: ["GB", "DE", "AT", "ES", "IT", "GR"],
  BW: ["GB", "DE", "AT", "ES", "IT", "FR", "GR"],
  IW: ["DE", "AT", "ES", "GR"],
  WH: ["GB", "ES", "IT"],
  BF: ["GB", "ES", "IT", "RO"],
  BFE: ["GB", "ES", "IT", "RO"],
  LB: ["GB"],
  CL: ["GB"],
  BFD: ["GB"],
  BV: ["GB", "DE"],
  VC: ["GB", "DE"],
  BMGM: ["GB"],
  SJ: ["GB"],
  BS: ["GB"],
  PS: [],
  "1XB": [],
  GB: [],
};

export const AGGREGATE_BOOKMAKERS: ReadonlySet<string> = new Set(["Avg", "Max"]);

export function isBookmakerCountry(id: number): boolean {
  return id === WORLD || BOOKMAKER_COUNTRIES.some((c) => c.id === id);
}

/** Whether a bookmaker's prices are shown to a visitor of a bookmaker country. */
export function bookmakerShown(code: string, countryId: number): boolean {
  if (countryId === WORLD || AGGREGATE_BOOKMAKERS.has(code)) return true;
  const iso = BOOKMAKER_COUNTRIES.find((c) => c.id === countryId)?.iso;
  return iso !== undefined && (LICENCES[code] ?? []).includes(iso);
}

/**
 * Betting exchanges of the data: their prices are what backers are matched at, and the exchange takes a commission
 * on net winnings. Betfair Exchange's standard (base) rate is 5% on a market's net winnings; a price a bettor could
 * have had is the price net of it. `EXCHANGE_COMMISSION_PERCENT` (src/config.ts) sets the rate used.
 */
export const EXCHANGE_BOOKMAKERS: ReadonlySet<string> = new Set(["BFE"]);
export const DEFAULT_EXCHANGE_COMMISSION = 0.05;

/** The commission a bookmaker takes on net winnings: the exchange's rate, 0 for a bookmaker (its margin is in the price). */
export function commissionOf(code: string, exchangeCommission = DEFAULT_EXCHANGE_COMMISSION): number {
  return EXCHANGE_BOOKMAKERS.has(code) ? exchangeCommission : 0;
}

/** The decimal price a backer gets after commission on net winnings: 1 + (price − 1) × (1 − commission). */
export function netPrice(price: number, commission: number): number {
  return 1 + (price - 1) * (1 - commission);
}

/** A bookmaker's name for people (codes such as BFE or PS are football-data.co.uk's column prefixes). */
export function bookmakerName(code: string): string {
  return BOOKMAKER_NAMES[code] ?? code;
}
