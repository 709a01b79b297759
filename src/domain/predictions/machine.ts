import { type MarketKey, type Markets, isPremiumMarket } from "./markets.ts";

/**
 * The prediction generator ('the machine'): the best N picks of a date range for the chosen events,
 * within an odds range and a probability range, with their combined odd and probability.
 */
export interface MachineEvent {
  /** the API value of the event */
  code: string;
  /** market key of the probability */
  market: MarketKey;
  /** from the market: FREE_MARKETS in markets.ts is the one declaration */
  premium: boolean;
}

const event = (code: string, market: MarketKey): MachineEvent => ({ code, market, premium: isPremiumMarket(market) });
const same = (code: MarketKey): MachineEvent => event(code, code);

/**
 * SPEC §3 free and premium events, plus the machine's extra events (1X2, 1X2 HT, 1X2/BTTS, 1X2/O-U 2.5,
 * double chance). Which of them are premium follows from their market (FREE_MARKETS).
 */
export const MACHINE_EVENTS: MachineEvent[] = [
  same("1"),
  same("X"),
  same("2"),
  event("HT1", "HT_1"),
  event("HTX", "HT_X"),
  event("HT2", "HT_2"),
  same("O15"),
  same("U15"),
  same("O25"),
  same("U25"),
  same("O35"),
  same("U35"),
  same("GG"),
  same("NG"),
  event("HTO05", "HT_O05"),
  event("HTU05", "HT_U05"),
  event("HTO15", "HT_O15"),
  event("HTU15", "HT_U15"),
  ...(["1", "X", "2"] as const).flatMap((r) => [same(`${r}/GG`), same(`${r}/NG`), same(`${r}/O25`), same(`${r}/U25`)]),
  same("1X"),
  same("12"),
  same("X2"),
  same("O05"),
  same("U05"),
  same("O45"),
  same("U45"),
  event("HTO25", "HT_O25"),
  event("HTU25", "HT_U25"),
  ...(["05", "15", "25"] as const).flatMap((l) => [event(`2HO${l}`, `2H_O${l}`), event(`2HU${l}`, `2H_U${l}`)]),
  ...(["15", "25"] as const).flatMap((l) => [
    event(`HO${l}`, `H_O${l}`),
    event(`HU${l}`, `H_U${l}`),
    event(`AO${l}`, `A_O${l}`),
    event(`AU${l}`, `A_U${l}`),
  ]),
  event("HTGG", "HT_GG"),
  event("HTNG", "HT_NG"),
  event("2HGG", "2H_GG"),
  event("2HNG", "2H_NG"),
  ...(["75", "85", "95", "105"] as const).flatMap((l) => [event(`CO${l}`, `C_O${l}`), event(`CU${l}`, `C_U${l}`)]),
];

/** The machine's extra events each stand for a group of outcomes. */
export const EVENT_GROUPS: Record<string, string[]> = {
  "1X2": ["1", "X", "2"],
  "1X2HT": ["HT1", "HTX", "HT2"],
  "1X2/BTTS": ["1/GG", "1/NG", "X/GG", "X/NG", "2/GG", "2/NG"],
  "1X2/UO25": ["1/O25", "1/U25", "X/O25", "X/U25", "2/O25", "2/U25"],
  DC: ["1X", "12", "X2"],
};

export interface MachineCandidate {
  fixtureId: number;
  markets: Markets;
  /** bookmaker prices by market key, where known before kick-off */
  prices: Partial<Record<MarketKey, number>>;
}

export interface MachineParams {
  events: string[];
  limit: number;
  minOdd: number;
  maxOdd: number;
  minProbability: number;
  maxProbability: number;
}

export interface MachinePick {
  fixtureId: number;
  event: string;
  probability: number;
  /** the bookmaker's price when known, else the fair odd */
  odd: number;
  bookmakerOdd: boolean;
}

export function expandEvents(events: string[]): MachineEvent[] {
  const codes = new Set(events.flatMap((e) => EVENT_GROUPS[e] ?? [e]));
  return MACHINE_EVENTS.filter((e) => codes.has(e.code));
}

/** One pick per fixture (its most probable allowed event), the N most probable, and their combination. */
export function runMachine(candidates: MachineCandidate[], params: MachineParams) {
  const events = expandEvents(params.events);
  const picks: MachinePick[] = [];
  for (const c of candidates) {
    let best: MachinePick | null = null;
    for (const e of events) {
      const probability = c.markets[e.market];
      if (probability === undefined || probability <= 0) continue;
      const price = c.prices[e.market];
      const odd = price ?? 1 / probability;
      if (odd < params.minOdd || odd > params.maxOdd) continue;
      const pct = probability * 100;
      if (pct < params.minProbability || pct > params.maxProbability) continue;
      if (!best || probability > best.probability)
        best = { fixtureId: c.fixtureId, event: e.code, probability, odd, bookmakerOdd: price !== undefined };
    }
    if (best) picks.push(best);
  }
  const chosen = picks.sort((a, b) => b.probability - a.probability).slice(0, params.limit);
  return {
    picks: chosen,
    combinedOdd: chosen.length ? Math.round(chosen.reduce((p, x) => p * x.odd, 1) * 100) / 100 : null,
    combinedProbability: chosen.length ? chosen.reduce((p, x) => p * x.probability, 1) : null,
  };
}

export type MachineField = "limit" | "minOdd" | "maxOdd" | "minProbability" | "maxProbability";
export type MachineFormError =
  | "limitRange"
  | "oddTooLow"
  | "minOddAboveMax"
  | "probabilityRange"
  | "minProbabilityAboveMax";

/**
 * What is wrong with the machine's form, field by field (the page shows each message next to its field, in the
 * visitor's language); empty when the form can run. The service checks the same rules for API callers.
 */
export function machineFormErrors(v: Record<MachineField, number>): Partial<Record<MachineField, MachineFormError>> {
  const errors: Partial<Record<MachineField, MachineFormError>> = {};
  if (!Number.isInteger(v.limit) || v.limit < 1 || v.limit > 20) errors.limit = "limitRange";
  for (const field of ["minOdd", "maxOdd"] as const)
    if (!Number.isFinite(v[field]) || v[field] < 1) errors[field] = "oddTooLow";
  if (!errors.minOdd && !errors.maxOdd && v.minOdd > v.maxOdd) errors.minOdd = "minOddAboveMax";
  for (const field of ["minProbability", "maxProbability"] as const) {
    if (!Number.isFinite(v[field]) || v[field] < 1 || v[field] > 100) errors[field] = "probabilityRange";
  }
  if (!errors.minProbability && !errors.maxProbability && v.minProbability > v.maxProbability)
    errors.minProbability = "minProbabilityAboveMax";
  return errors;
}
