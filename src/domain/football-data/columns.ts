/**
 * Reads football-data.co.uk odds column names. The set of bookmakers changes from season to
 * season, so columns are recognised by shape rather than listed.
 */
export type OddsMarket = "1x2" | "ou25" | "ah";

export interface OddsColumn {
  bookmaker: string;
  market: OddsMarket;
  closing: boolean;
  /** 0 = home/over, 1 = draw (1X2 only), 2 = away/under */
  slot: 0 | 1 | 2;
}

/** Longest codes first so that BFD/BFE win over BF. */
const BOOKMAKER_CODES = [
  "B365",
  "BMGM",
  "BbMx",
  "BbAv",
  "1XB",
  "BFD",
  "BFE",
  "Max",
  "Avg",
  "BF",
  "BS",
  "BV",
  "BW",
  "CL",
  "GB",
  "IW",
  "LB",
  "PS",
  "SJ",
  "VC",
  "WH",
  "P",
];

/** Betbrain's max/average are the market max/average of older seasons; P is Pinnacle in O/U and AH columns. */
const BOOKMAKER_ALIASES: Record<string, string> = { BbMx: "Max", BbAv: "Avg", P: "PS" };

const X12_SLOTS: Record<string, 0 | 1 | 2> = { H: 0, D: 1, A: 2 };

function parseRest(rest: string): { closing: boolean; market: OddsMarket; slot: 0 | 1 | 2 } | null {
  const closing = rest.startsWith("C") && rest.length > 1;
  const body = closing ? rest.slice(1) : rest;
  if (body.length === 1 && body in X12_SLOTS) return { closing, market: "1x2", slot: X12_SLOTS[body]! };
  if (body === ">2.5") return { closing, market: "ou25", slot: 0 };
  if (body === "<2.5") return { closing, market: "ou25", slot: 2 };
  if (body === "AHH") return { closing, market: "ah", slot: 0 };
  if (body === "AHA") return { closing, market: "ah", slot: 2 };
  return null;
}

export function classifyOddsColumn(name: string): OddsColumn | null {
  for (const code of BOOKMAKER_CODES) {
    if (!name.startsWith(code)) continue;
    const parsed = parseRest(name.slice(code.length));
    if (!parsed) continue;
    // "P" alone is Pinnacle only in the O/U and AH columns; PSH etc. carry the 1X2.
    if (code === "P" && parsed.market === "1x2") continue;
    return { bookmaker: BOOKMAKER_ALIASES[code] ?? code, ...parsed };
  }
  return null;
}

export const BOOKMAKER_NAMES: Record<string, string> = {
  B365: "Bet365",
  BMGM: "BetMGM",
  "1XB": "1xBet",
  BFD: "Betfred",
  BFE: "Betfair Exchange",
  BF: "Betfair",
  BS: "Blue Square",
  BV: "BetVictor",
  BW: "Bet-at-home / bwin",
  CL: "Coral",
  GB: "Gamebookers",
  IW: "Interwetten",
  LB: "Ladbrokes",
  PS: "Pinnacle",
  SJ: "Stan James",
  VC: "VC Bet",
  WH: "William Hill",
  Max: "Market maximum",
  Avg: "Market average",
};
