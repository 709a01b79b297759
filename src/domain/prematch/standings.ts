import { MATCH_SPAN_MS, nan } from "./store-types.ts";

const STANDINGS = ["rank", "points", "pointsGap", "played"] as const;

interface TableRow {
  team: number;
  points: number;
  played: number;
  gf: number;
  ga: number;
}

/** The fixture columns of the feature store that the standings read. */
interface StandingsFixtures {
  readonly n: number;
  readonly base: number;
  readonly rows: number;
  readonly kickoff: Float64Array;
  readonly season: Int32Array;
  readonly home: Int32Array;
  readonly away: Int32Array;
  readonly ftHome: Int16Array;
  readonly ftAway: Int16Array;
}

/** League tables of each season from the matches ended before each row's kick-off: rank, points, gap, played. */
export function computeStandings(f: StandingsFixtures, columns: Map<string, Float32Array>): void {
  const rows = f.rows;
  const cols: Record<string, Float32Array> = {};
  for (const stat of STANDINGS) for (const s of ["H", "A"]) cols[`${stat}:${s}`] = nan(rows);
  const gap = nan(rows);
  const tables = new Map<number, Map<number, TableRow>>();
  const tableOf = (season: number) => {
    let t = tables.get(season);
    if (!t) {
      t = new Map();
      tables.set(season, t);
    }
    return t;
  };
  const rowOfTeam = (table: Map<number, TableRow>, team: number) => {
    let row = table.get(team);
    if (!row) {
      row = { team, points: 0, played: 0, gf: 0, ga: 0 };
      table.set(team, row);
    }
    return row;
  };
  let applied = 0;
  for (let i = 0; i < f.n; i++) {
    const k = f.kickoff[i]!;
    while (applied < i && f.kickoff[applied]! + MATCH_SPAN_MS <= k) {
      const j = applied++;
      if (f.ftHome[j]! < 0) continue;
      const table = tableOf(f.season[j]!);
      const h = rowOfTeam(table, f.home[j]!);
      const a = rowOfTeam(table, f.away[j]!);
      const gh = f.ftHome[j]!;
      const ga = f.ftAway[j]!;
      h.played++;
      a.played++;
      h.gf += gh;
      h.ga += ga;
      a.gf += ga;
      a.ga += gh;
      if (gh > ga) h.points += 3;
      else if (gh < ga) a.points += 3;
      else {
        h.points++;
        a.points++;
      }
    }
    if (i < f.base) continue;
    const r = i - f.base;
    const table = tableOf(f.season[i]!);
    const h = rowOfTeam(table, f.home[i]!);
    const a = rowOfTeam(table, f.away[i]!);
    const ranked = [...table.values()].sort(
      (x, y) => y.points - x.points || y.gf - y.ga - (x.gf - x.ga) || y.gf - x.gf || x.team - y.team,
    );
    cols["rank:H"]![r] = ranked.indexOf(h) + 1;
    cols["rank:A"]![r] = ranked.indexOf(a) + 1;
    cols["points:H"]![r] = h.points;
    cols["points:A"]![r] = a.points;
    cols["pointsGap:H"]![r] = h.points - a.points;
    cols["pointsGap:A"]![r] = a.points - h.points;
    cols["played:H"]![r] = h.played;
    cols["played:A"]![r] = a.played;
    gap[r] = Math.abs(h.points - a.points);
  }
  for (const [name, c] of Object.entries(cols)) columns.set(`preMatchStats:${name}`, c);
  columns.set("preMatchStats:pointsGap", gap);
}
