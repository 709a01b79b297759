import { createHash } from "node:crypto";
import type { SourceFile } from "../../src/data/csv-source.ts";

export function source(name: string, lines: string[]): SourceFile {
  const text = `${lines.join("\n")}\n`;
  return { name, text, sha256: createHash("sha256").update(text).digest("hex") };
}

export const MAIN_HEADER =
  "Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,Referee,HS,AS,HST,AST,HF,AF,HC,AC,HY,AY,HR,AR,B365H,B365D,B365A,PSH,PSD,PSA,P>2.5,P<2.5,AHh,PAHH,PAHA,PSCH,PSCD,PSCA,PC>2.5,PC<2.5,AHCh,PCAHH,PCAHA";

/**
 * A main-division row with the given scores; statistics and odds are plausible constants, except a Bet365
 * home price when one is given.
 */
export function mainRow(
  date: string,
  time: string,
  home: string,
  away: string,
  ft: string,
  ht: string,
  b365Home = 2.1,
): string {
  const [fh, fa] = ft.split("-");
  const [hh, ha] = ht.split("-");
  const res = (a: string, b: string) => (Number(a) > Number(b) ? "H" : Number(a) < Number(b) ? "A" : "D");
  return [
    "E0",
    date,
    time,
    home,
    away,
    fh,
    fa,
    res(fh!, fa!),
    hh,
    ha,
    res(hh!, ha!),
    "M Oliver",
    12,
    9,
    5,
    3,
    10,
    11,
    6,
    4,
    1,
    2,
    0,
    0,
    b365Home,
    3.4,
    3.5,
    2.15,
    3.45,
    3.6,
    1.9,
    1.95,
    -0.25,
    1.93,
    1.97,
    2.05,
    3.5,
    3.7,
    1.88,
    1.98,
    -0.25,
    1.9,
    2.0,
  ].join(",");
}

export const EXTRA_HEADER =
  "Country,League,Season,Date,Time,Home,Away,HG,AG,Res,PSCH,PSCD,PSCA,MaxCH,MaxCD,MaxCA,AvgCH,AvgCD,AvgCA";

/**
 * A double round robin of `teams` (one round a week from `firstSaturday`, 15:00), with deterministic scores;
 * `b365Home(round, match)` may change a fixture's Bet365 home price.
 */
export function roundRobinRows(
  teams: string[],
  firstSaturday: Date,
  b365Home: (round: number, match: number) => number = () => 2.1,
): string[] {
  const rows: string[] = [];
  const n = teams.length;
  for (let round = 0; round < (n - 1) * 2; round++) {
    const day = new Date(firstSaturday.getTime() + round * 7 * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, "0")}/${String(day.getUTCMonth() + 1).padStart(2, "0")}/${day.getUTCFullYear()}`;
    for (let k = 0; k < n / 2; k++) {
      const a = (round + k) % n;
      const b = (round + n - 1 - k) % n;
      const [home, away] = round % 2 === 0 ? [a, b] : [b, a];
      const ftHome = (home * 7 + away * 3 + round) % 4;
      const ftAway = (away * 5 + home + round * 2) % 3;
      rows.push(
        mainRow(
          date,
          "15:00",
          teams[home]!,
          teams[away]!,
          `${ftHome}-${ftAway}`,
          `${Math.min(ftHome, 1)}-${Math.min(ftAway, 1)}`,
          b365Home(round, k),
        ),
      );
    }
  }
  return rows;
}
