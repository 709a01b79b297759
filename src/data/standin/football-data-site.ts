import { seasonCodeOf } from "../../domain/football-data/provider-files.ts";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { type HeaderLayout, readRow, withTeams } from "../../domain/football-data/record.ts";
import { MATCH_SPAN_SECONDS } from "../../domain/live/state.ts";
import { WEEK_MS, chooseShiftWeeks } from "../../domain/replay/shift.ts";
import { replayedMatchState } from "../../domain/standin/replayed-match.ts";
import { type InplayMatch, stableId } from "../../domain/standin/sportmonks-livescores.ts";
import type { UpcomingMatch } from "../../domain/standin/sportmonks-fixtures.ts";
import { SPORTMONKS_LEAGUES } from "../../domain/sportmonks/prematch.ts";
import {
  type CsvTable,
  type DatedRow,
  type Horizon,
  PROVIDER_HORIZON,
  csvText,
  datedRows,
  fixturesAt,
  resultsAt,
  shifted,
  upcoming,
} from "../../domain/standin/football-data-files.ts";
import { readSource } from "../csv-source.ts";

/**
 * football-data.co.uk as the offline stand-in serves it: the bundled newest season of the 22 main divisions and
 * the newest season of each extra league, shifted by whole weeks to the stand-in's present, as
 * `mmz4281/<code>/<DIV>.csv`, `new/<CODE>.csv`, `fixtures.csv` and `new_league_fixtures.csv`; and the same shifted
 * rows' matches being played, replayed, for the stand-in's SportMonks livescores (./sportmonks-route.ts).
 */

interface Source {
  /** "E0", or "USA" for an extra league */
  code: string;
  table: CsvTable;
  layout: HeaderLayout;
  /** the rows of the newest season, to be shifted */
  current: DatedRow[];
  /** rows of earlier seasons (extra leagues' files hold every season), served as they are */
  history: string[][];
}

export interface FootballDataSite {
  /** the body of a path at `nowMs`, or null when the path is not one of the site's files */
  file(pathname: string, nowMs: number): string | null;
  /** the shift (in weeks) used at `nowMs` */
  weeksAt(nowMs: number): number;
  /** renames a team in every file from now on (a club renamed, or another source's spelling) */
  rename(from: string, to: string): void;
  /** moves the kick-off of the next `home`–`away` match to `toMs` (a postponement) */
  postpone(home: string, away: string, toMs: number, nowMs: number): boolean;
  /** the matches being played at `nowMs` (live or at half time), as the replay plays them */
  inPlay(nowMs: number): InplayMatch[];
  /** the next 7 days' matches of the leagues SportMonks has, with the prices the fixtures files show at `nowMs` */
  upcoming(nowMs: number): UpcomingMatch[];
  /** how far the fixtures files look ahead and which matches they quote (football-data.co.uk's week by default) */
  lookAhead(horizon: Horizon): void;
}

/** Division code → SportMonks league id (the divisions SportMonks is known to list). */
const LEAGUE_IDS = new Map(Object.entries(SPORTMONKS_LEAGUES).map(([id, code]) => [code, Number(id)]));

const tableOf = (text: string): CsvTable => {
  const [header = [], ...rows] = parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  return { header, rows };
};

/** One header for several files whose columns differ (the fixtures files list every division together). */
function combine(tables: CsvTable[]): CsvTable {
  const header: string[] = [];
  for (const t of tables) for (const name of t.header) if (!header.includes(name)) header.push(name);
  const rows = tables.flatMap((t) => {
    const at = header.map((name) => t.header.indexOf(name));
    return t.rows.map((r) => at.map((i) => (i >= 0 ? (r[i] ?? "") : "")));
  });
  return { header, rows };
}

export async function loadFootballDataSite(dataset: string): Promise<FootballDataSite> {
  const seasons = (await readdir(dataset)).filter((d) => /^\d{4}-\d{4}$/.test(d)).sort();
  const newest = seasons[seasons.length - 1]!;
  const main: Source[] = [];
  for (const name of (await readdir(path.join(dataset, newest))).sort()) {
    if (!/\.csv(\.gz)?$/.test(name)) continue;
    const table = tableOf((await readSource(path.join(dataset, newest, name))).text);
    const { layout, rows } = datedRows(table);
    main.push({ code: name.replace(/\.csv(\.gz)?$/, ""), table, layout, current: rows, history: [] });
  }
  const extra: Source[] = [];
  for (const name of (await readdir(path.join(dataset, "extra")).catch(() => [] as string[])).sort()) {
    if (!/\.csv(\.gz)?$/.test(name)) continue;
    const table = tableOf((await readSource(path.join(dataset, "extra", name))).text);
    const { layout, rows } = datedRows(table);
    const last =
      rows
        .map((r) => r.season)
        .sort()
        .at(-1) ?? "";
    const current = rows.filter((r) => r.season === last);
    const kept = new Set(current.map((r) => r.cells));
    extra.push({
      code: name.replace(/\.csv(\.gz)?$/, ""),
      table,
      layout,
      current,
      history: table.rows.filter((r) => !kept.has(r)),
    });
  }
  const kickoffs = main.flatMap((s) => s.current.map((r) => r.kickoffMs));
  const span = { startMs: Math.min(...kickoffs), endMs: Math.max(...kickoffs) };
  const startYear = Number(newest.slice(0, 4));
  let weeks: number | null = null;
  const renames = new Map<string, string>();
  const moved = new Map<DatedRow, number>();
  let horizon = PROVIDER_HORIZON;

  const weeksAt = (nowMs: number) => {
    weeks = chooseShiftWeeks(nowMs, span, weeks);
    return weeks;
  };
  /** The current rows as they stand: postponed ones at their new kick-off (in bundled time), renamed teams. */
  const rowsOf = (s: Source, w: number): DatedRow[] =>
    s.current.map((r) => {
      const at = moved.get(r);
      const cells = renames.size === 0 ? r.cells : r.cells.map((c) => renames.get(c) ?? c);
      return at === undefined && cells === r.cells
        ? r
        : { ...r, cells, kickoffMs: at === undefined ? r.kickoffMs : at - w * WEEK_MS };
    });
  const results = (s: Source, nowMs: number): CsvTable => {
    const w = weeksAt(nowMs);
    const played = resultsAt(s.table, rowsOf(s, w), w, nowMs);
    return { header: s.table.header, rows: [...s.history, ...played.rows] };
  };
  const fixtures = (sources: Source[], nowMs: number): CsvTable => {
    const w = weeksAt(nowMs);
    return combine(sources.map((s) => fixturesAt(s.table, rowsOf(s, w), w, nowMs, horizon)));
  };

  /** A match being played, as SportMonks would list it: ids stable per bundled row, names as the files give them. */
  const inPlayMatch = (s: Source, original: DatedRow, kickoffMs: number, nowMs: number) => {
    const bundled = readRow(original.cells, s.layout);
    const record = withTeams(
      bundled,
      renames.get(bundled.homeTeam) ?? bundled.homeTeam,
      renames.get(bundled.awayTeam) ?? bundled.awayTeam,
    );
    const fixtureId = stableId(`${s.code}|${bundled.sourceKey}`);
    // The bundled row keys the ids, so a renamed team or a moved match keeps them (as a provider's ids are kept).
    return {
      fixtureId,
      leagueId: stableId(record.leagueKey),
      seasonId: stableId(`${record.leagueKey}|${record.season}`),
      home: { id: stableId(bundled.homeTeam), name: record.homeTeam },
      away: { id: stableId(bundled.awayTeam), name: record.awayTeam },
      kickoffMs,
      state: replayedMatchState(fixtureId, record, kickoffMs, nowMs),
    } satisfies InplayMatch;
  };

  return {
    weeksAt,
    inPlay(nowMs) {
      const w = weeksAt(nowMs);
      return [...main, ...extra].flatMap((s) =>
        rowsOf(s, w).flatMap((row, i) => {
          const kickoffMs = row.kickoffMs + w * WEEK_MS;
          if (kickoffMs > nowMs || kickoffMs <= nowMs - MATCH_SPAN_SECONDS * 1000) return [];
          const match = inPlayMatch(s, s.current[i]!, kickoffMs, nowMs);
          return match.state.status === "live" || match.state.status === "halftime" ? [match] : [];
        }),
      );
    },
    upcoming(nowMs) {
      const w = weeksAt(nowMs);
      return main.flatMap((s) => {
        const leagueId = LEAGUE_IDS.get(s.code);
        if (leagueId === undefined) return [];
        return rowsOf(s, w).flatMap((row, i): UpcomingMatch[] => {
          const kickoffMs = row.kickoffMs + w * WEEK_MS;
          if (kickoffMs <= nowMs || kickoffMs > nowMs + horizon.aheadMs) return [];
          // The same cells the fixtures file shows now: its names, its quoted prices, published or not.
          const cells = upcoming(s.table.header, shifted(s.table.header, row, w), kickoffMs, nowMs, horizon.quoteAll);
          const record = readRow(cells, s.layout);
          const bundled = readRow(s.current[i]!.cells, s.layout);
          return [
            {
              fixtureId: stableId(`${s.code}|${bundled.sourceKey}`),
              leagueId,
              leagueName: record.leagueName,
              seasonId: stableId(`${bundled.leagueKey}|${bundled.season}`),
              home: { id: stableId(bundled.homeTeam), name: record.homeTeam },
              away: { id: stableId(bundled.awayTeam), name: record.awayTeam },
              kickoffMs,
              odds: record.odds,
            },
          ];
        });
      });
    },
    file(pathname, nowMs) {
      const w = weeksAt(nowMs);
      const code = seasonCodeOf(startYear + Math.round(w / 52));
      const season = /^\/mmz4281\/(\d{4})\/([A-Z0-9]+)\.csv$/.exec(pathname);
      if (season) {
        const s = main.find((m) => m.code === season[2]);
        return season[1] === code && s ? csvText(results(s, nowMs)) : null;
      }
      const league = /^\/new\/([A-Z]+)\.csv$/.exec(pathname);
      if (league) {
        const s = extra.find((m) => m.code === league[1]);
        return s ? csvText(results(s, nowMs)) : null;
      }
      if (pathname === "/fixtures.csv") return csvText(fixtures(main, nowMs));
      if (pathname === "/new_league_fixtures.csv") return csvText(fixtures(extra, nowMs));
      return null;
    },
    lookAhead(next) {
      horizon = next;
    },
    rename(from, to) {
      renames.set(from, to);
    },
    postpone(home, away, toMs, nowMs) {
      const w = weeksAt(nowMs);
      for (const s of [...main, ...extra]) {
        const h = s.table.header.indexOf(s.table.header.includes("HomeTeam") ? "HomeTeam" : "Home");
        const a = s.table.header.indexOf(s.table.header.includes("AwayTeam") ? "AwayTeam" : "Away");
        const next = rowsOf(s, w)
          .map((r, i) => ({ r, original: s.current[i]! }))
          .filter(({ r }) => r.cells[h] === home && r.cells[a] === away && r.kickoffMs + w * WEEK_MS > nowMs)
          .sort((x, y) => x.r.kickoffMs - y.r.kickoffMs)[0];
        if (next) {
          moved.set(next.original, toMs);
          return true;
        }
      }
      return false;
    },
  };
}
