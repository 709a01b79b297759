import { MAIN_DIVISIONS } from "./divisions.ts";

/**
 * The files of football-data.co.uk that describe the current season: each main division's results of the season
 * (`mmz4281/<code>/<DIV>.csv`, "2627" for 2026/27), each extra league's file (`new/<CODE>.csv`, every season in
 * one), and the upcoming fixtures of both (`fixtures.csv`, `new_league_fixtures.csv`). The season is the one
 * running at the moment (July to June), so the paths roll over to the next season by themselves.
 */

/** File codes of the extra leagues (Switzerland is SWZ there). */
export const EXTRA_FILE_CODES = [
  "ARG",
  "AUT",
  "BRA",
  "CHN",
  "DNK",
  "FIN",
  "IRL",
  "JPN",
  "MEX",
  "NOR",
  "POL",
  "ROU",
  "RUS",
  "SWE",
  "SWZ",
  "USA",
] as const;

/** The first calendar year of the European season running at `ms` (a season starts in July). */
export function seasonStartYear(ms: number): number {
  const d = new Date(ms);
  return d.getUTCMonth() >= 6 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
}

export function seasonCodeOf(startYear: number): string {
  const two = (y: number) => String(y % 100).padStart(2, "0");
  return `${two(startYear)}${two(startYear + 1)}`;
}

/** Every path to read at `ms`, the upcoming fixtures first (they change most often). */
export function providerPaths(ms: number): string[] {
  const code = seasonCodeOf(seasonStartYear(ms));
  return [
    "/fixtures.csv",
    "/new_league_fixtures.csv",
    ...Object.keys(MAIN_DIVISIONS).map((div) => `/mmz4281/${code}/${div}.csv`),
    ...EXTRA_FILE_CODES.map((c) => `/new/${c}.csv`),
  ];
}
