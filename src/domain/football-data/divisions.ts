/** The main divisions of football-data.co.uk and the extra-league country files. */
export interface DivisionInfo {
  country: string;
  countryCode: string;
  name: string;
  tier: number;
}

export const MAIN_DIVISIONS: Record<string, DivisionInfo> = {
  E0: { country: "England", countryCode: "ENG", name: "Premier League", tier: 1 },
  E1: { country: "England", countryCode: "ENG", name: "Championship", tier: 2 },
  E2: { country: "England", countryCode: "ENG", name: "League One", tier: 3 },
  E3: { country: "England", countryCode: "ENG", name: "League Two", tier: 4 },
  EC: { country: "England", countryCode: "ENG", name: "National League", tier: 5 },
  SC0: { country: "Scotland", countryCode: "SCO", name: "Premiership", tier: 1 },
  SC1: { country: "Scotland", countryCode: "SCO", name: "Championship", tier: 2 },
  SC2: { country: "Scotland", countryCode: "SCO", name: "League One", tier: 3 },
  SC3: { country: "Scotland", countryCode: "SCO", name: "League Two", tier: 4 },
  D1: { country: "Germany", countryCode: "GER", name: "Bundesliga", tier: 1 },
  D2: { country: "Germany", countryCode: "GER", name: "2. Bundesliga", tier: 2 },
  I1: { country: "Italy", countryCode: "ITA", name: "Serie A", tier: 1 },
  I2: { country: "Italy", countryCode: "ITA", name: "Serie B", tier: 2 },
  SP1: { country: "Spain", countryCode: "ESP", name: "La Liga", tier: 1 },
  SP2: { country: "Spain", countryCode: "ESP", name: "Segunda Division", tier: 2 },
  F1: { country: "France", countryCode: "FRA", name: "Ligue 1", tier: 1 },
  F2: { country: "France", countryCode: "FRA", name: "Ligue 2", tier: 2 },
  N1: { country: "Netherlands", countryCode: "NED", name: "Eredivisie", tier: 1 },
  B1: { country: "Belgium", countryCode: "BEL", name: "Pro League", tier: 1 },
  P1: { country: "Portugal", countryCode: "POR", name: "Primeira Liga", tier: 1 },
  T1: { country: "Turkey", countryCode: "TUR", name: "Super Lig", tier: 1 },
  G1: { country: "Greece", countryCode: "GRE", name: "Super League", tier: 1 },
};

/** Country names as written in the extra-league files, mapped to our country codes. */
export const EXTRA_COUNTRIES: Record<string, string> = {
  Argentina: "ARG",
  Austria: "AUT",
  Brazil: "BRA",
  China: "CHN",
  Denmark: "DNK",
  Finland: "FIN",
  Ireland: "IRL",
  Japan: "JPN",
  Mexico: "MEX",
  Norway: "NOR",
  Poland: "POL",
  Romania: "ROU",
  Russia: "RUS",
  Sweden: "SWE",
  Switzerland: "SUI",
  USA: "USA",
};

/** Second-tier leagues of an extra country (the files mix a few such rows in). */
const EXTRA_LOWER_TIERS = new Set(["Challenge League"]);

export function extraLeagueTier(leagueName: string): number {
  return EXTRA_LOWER_TIERS.has(leagueName) ? 2 : 1;
}

export function countryCodeFor(countryName: string): string {
  return EXTRA_COUNTRIES[countryName] ?? countryName.slice(0, 3).toUpperCase();
}
