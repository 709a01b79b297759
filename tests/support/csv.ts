import { createHash } from "node:crypto";
import type { SourceFile } from "../../src/data/csv-source.ts";

export function source(name: string, lines: string[]): SourceFile {
  const text = `${lines.join("\n")}\n`;
  return { name, text, sha256: createHash("sha256").update(text).digest("hex") };
}

export const MAIN_HEADER =
  "Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,Referee,HS,AS,HST,AST,HF,AF,HC,AC,HY,AY,HR,AR,B365H,B365D,B365A,PSH,PSD,PSA,P>2.5,P<2.5,AHh,PAHH,PAHA,PSCH,PSCD,PSCA,PC>2.5,PC<2.5,AHCh,PCAHH,PCAHA";

/** A main-division row with the given scores; statistics and odds are plausible constants. */
export function mainRow(date: string, time: string, home: string, away: string, ft: string, ht: string): string {
  const [fh, fa] = ft.split("-");
  const [hh, ha] = ht.split("-");
  const res = (a: string, b: string) => (Number(a) > Number(b) ? "H" : Number(a) < Number(b) ? "A" : "D");
  return [
    "E0", date, time, home, away, fh, fa, res(fh!, fa!), hh, ha, res(hh!, ha!), "M Oliver",
    12, 9, 5, 3, 10, 11, 6, 4, 1, 2, 0, 0,
    2.1, 3.4, 3.5, 2.15, 3.45, 3.6, 1.9, 1.95, -0.25, 1.93, 1.97,
    2.05, 3.5, 3.7, 1.88, 1.98, -0.25, 1.9, 2.0,
  ].join(",");
}

export const EXTRA_HEADER =
  "Country,League,Season,Date,Time,Home,Away,HG,AG,Res,PSCH,PSCD,PSCA,MaxCH,MaxCD,MaxCA,AvgCH,AvgCD,AvgCA";
