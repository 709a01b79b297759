import { type HeaderLayout, RowError, readHeader, readRow } from "../football-data/record.ts";
import { pricesVisible } from "../predictions/price-visibility.ts";
import { WEEK_MS } from "../replay/shift.ts";
import { closingColumns, quotedCell } from "./price-drift.ts";

/**
 * The files football-data.co.uk would serve at a moment, made from the bundled newest season shifted by whole
 * weeks (as the replay shifts it): a season's results file lists the matches finished by then, closing prices
 * included; the fixtures files list the matches being played and the next 7 days' without results, statistics or closing prices, and
 * with their pre-match prices only once those are published (src/domain/predictions/price-visibility.ts), moving
 * from the opening toward the closing price as kick-off nears (./price-drift.ts).
 * Pure: the offline stand-in of the providers (src/data/standin) serves what these functions write.
 */

export interface CsvTable {
  header: string[];
  rows: string[][];
}

/** A match is over (its result published) this long after kick-off. */
export const RESULT_AFTER_MS = 2 * 3_600_000;
/** The fixtures files look this far ahead. */
const FIXTURES_AHEAD_MS = 7 * 86_400_000;

/**
 * How far the fixtures files look ahead, and whether they quote every match they list (at its opening price until
 * it is published) rather than only those whose prices are published: a heavier provider than football-data.co.uk,
 * as a bookmaker feed that prices weeks ahead is, for benches (bench:sync's cycle of prices for 1,000 fixtures).
 */
export interface Horizon {
  aheadMs: number;
  quoteAll: boolean;
}

export const PROVIDER_HORIZON: Horizon = { aheadMs: FIXTURES_AHEAD_MS, quoteAll: false };

/** Columns that exist only once a match is played: scores, result, referee and the match statistics. */
const PLAYED = new Set([
  "FTHG",
  "FTAG",
  "FTR",
  "HTHG",
  "HTAG",
  "HTR",
  "HG",
  "AG",
  "Res",
  "Referee",
  "HS",
  "AS",
  "HST",
  "AST",
  "HF",
  "AF",
  "HC",
  "AC",
  "HY",
  "AY",
  "HR",
  "AR",
]);
/** Closing prices: "B365CH", "PSCD", "AvgC>2.5", "B365CAHH", "AHCh"… */
const CLOSING = /^[A-Za-z0-9]*C(H|D|A|>2\.5|<2\.5|AHH|AHA)$|^AHCh$/;
const IDENTITY = new Set([
  "Div",
  "Date",
  "Time",
  "HomeTeam",
  "AwayTeam",
  "Country",
  "League",
  "Season",
  "Home",
  "Away",
]);

const UK = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** dd/mm/yyyy and hh:mm in UK time, as football-data.co.uk writes them. */
export function ukDateTime(ms: number): { date: string; time: string } {
  const p = Object.fromEntries(UK.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { date: `${p.day}/${p.month}/${p.year}`, time: `${p.hour}:${p.minute}` };
}

/** "2025/2026" → "2026/2027" and "2026" → "2027" for a shift of about a year. */
export function shiftSeasonLabel(label: string, years: number): string {
  return label.replace(/\d{4}/g, (y) => String(Number(y) + years));
}

export interface DatedRow {
  cells: string[];
  /** the bundled (unshifted) kick-off */
  kickoffMs: number;
  season: string;
}

/** The rows of a bundled file with their kick-off and season (rows the importer would reject are left out). */
export function datedRows(table: CsvTable): { layout: HeaderLayout; rows: DatedRow[] } {
  const layout = readHeader(table.header);
  const rows: DatedRow[] = [];
  for (const cells of table.rows) {
    try {
      const record = readRow(cells, layout);
      rows.push({ cells, kickoffMs: record.kickoff.getTime(), season: record.season });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
    }
  }
  return { layout, rows };
}

const column = (header: string[], name: string) => header.indexOf(name);

/** A row moved by `weeks`: its date and time in UK time, and its season label. */
export function shifted(header: string[], row: DatedRow, weeks: number): string[] {
  const at = ukDateTime(row.kickoffMs + weeks * WEEK_MS);
  const cells = [...row.cells];
  const date = column(header, "Date");
  const time = column(header, "Time");
  const season = column(header, "Season");
  if (date >= 0) cells[date] = at.date;
  if (time >= 0) cells[time] = at.time;
  if (season >= 0) cells[season] = shiftSeasonLabel(cells[season] ?? "", Math.round(weeks / 52));
  return cells;
}

/**
 * What of a row is known before kick-off at `nowMs`: teams and date, and the prices once published, as quoted at
 * `nowMs` (between the row's opening and closing ones).
 */
export function upcoming(
  header: string[],
  cells: string[],
  kickoffMs: number,
  nowMs: number,
  quoteAll = false,
): string[] {
  const published = quoteAll || pricesVisible(kickoffMs, nowMs);
  const closing = closingColumns(header);
  return cells.map((value, i) => {
    const name = header[i] ?? "";
    if (IDENTITY.has(name)) return value;
    if (PLAYED.has(name) || CLOSING.test(name) || !published) return "";
    const c = closing[i]!;
    return c >= 0 ? quotedCell(value, cells[c] ?? "", kickoffMs, nowMs) : value;
  });
}

/** The results of the shifted rows finished by `nowMs` (all their columns), in kick-off order. */
export function resultsAt(table: CsvTable, rows: readonly DatedRow[], weeks: number, nowMs: number): CsvTable {
  return {
    header: table.header,
    rows: rows
      .filter((r) => r.kickoffMs + weeks * WEEK_MS + RESULT_AFTER_MS <= nowMs)
      .map((r) => shifted(table.header, r, weeks)),
  };
}

/**
 * The shifted rows kicking off in the next 7 days after `nowMs`, as upcoming fixtures, and those being played:
 * a match stays listed until its result is, so that a site first started during a round (or one whose last
 * sync came after kick-off) still has the matches being played, which its live feed is matched to.
 */
export function fixturesAt(
  table: CsvTable,
  rows: readonly DatedRow[],
  weeks: number,
  nowMs: number,
  horizon: Horizon = PROVIDER_HORIZON,
): CsvTable {
  return {
    header: table.header,
    rows: rows
      .filter((r) => {
        const at = r.kickoffMs + weeks * WEEK_MS;
        return at + RESULT_AFTER_MS > nowMs && at <= nowMs + horizon.aheadMs;
      })
      .map((r) =>
        upcoming(table.header, shifted(table.header, r, weeks), r.kickoffMs + weeks * WEEK_MS, nowMs, horizon.quoteAll),
      ),
  };
}

/** CSV text as football-data.co.uk writes it: comma separated, quotes only where a value needs them, CRLF. */
export function csvText(table: CsvTable): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${[table.header, ...table.rows].map((r) => r.map(quote).join(",")).join("\r\n")}\r\n`;
}
