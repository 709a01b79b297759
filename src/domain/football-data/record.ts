import { type OddsColumn, classifyOddsColumn } from "./columns.ts";
import { MAIN_DIVISIONS, countryCodeFor, extraLeagueTier } from "./divisions.ts";
import { ukLocalToUtc } from "./uk-time.ts";

export interface SideStats {
  shots: number | null;
  shotsOnTarget: number | null;
  fouls: number | null;
  corners: number | null;
  yellowCards: number | null;
  redCards: number | null;
}

export interface OddsQuote {
  bookmaker: string;
  market: OddsColumn["market"];
  closing: boolean;
  /** Asian handicap line for the home side; null for the other markets. */
  line: number | null;
  /** [home|over, draw|null, away|under] */
  prices: [number | null, number | null, number | null];
}

export interface MatchRecord {
  sourceKey: string;
  leagueKey: string;
  leagueName: string;
  countryName: string;
  countryCode: string;
  tier: number;
  season: string;
  kickoff: Date;
  hasKickoffTime: boolean;
  homeTeam: string;
  awayTeam: string;
  ftHome: number | null;
  ftAway: number | null;
  htHome: number | null;
  htAway: number | null;
  referee: string | null;
  homeStats: SideStats | null;
  awayStats: SideStats | null;
  odds: OddsQuote[];
}

export type FileFormat = "main" | "extra";

/** What a header tells: which format, and where each column is. */
export interface HeaderLayout {
  format: FileFormat;
  index: Map<string, number>;
  odds: Array<{ column: number } & OddsColumn>;
}

export class RowError extends Error {}

export function readHeader(header: string[]): HeaderLayout {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const clean = name.trim();
    if (clean && !index.has(clean)) index.set(clean, i);
  });
  const format: FileFormat | null =
    index.has("Div") && index.has("HomeTeam") ? "main" : index.has("Country") && index.has("Home") ? "extra" : null;
  if (!format)
    throw new RowError(
      "unknown file format: expected a football-data.co.uk header (Div,Date,HomeTeam… or Country,League,Season,Date…)",
    );
  const odds: HeaderLayout["odds"] = [];
  for (const [name, column] of index) {
    const kind = classifyOddsColumn(name);
    if (kind) odds.push({ column, ...kind });
  }
  return { format, index, odds };
}

function cell(row: string[], layout: HeaderLayout, name: string): string {
  const i = layout.index.get(name);
  return i === undefined ? "" : (row[i] ?? "").trim();
}

function intOrNull(value: string, what: string): number | null {
  if (value === "") return null;
  if (!/^\d+$/.test(value)) throw new RowError(`${what} is not a whole number: "${value}"`);
  return Number(value);
}

function priceOrNull(value: string): number | null {
  if (value === "") return null;
  const n = Number(value);
  // Odds below 1.01 or not numbers are publishing errors; they are dropped rather than failing the match.
  return Number.isFinite(n) && n >= 1.01 ? n : null;
}

function parseDate(value: string): { year: number; month: number; day: number } {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  if (!m) throw new RowError(`date is not dd/mm/yy or dd/mm/yyyy: "${value}"`);
  const day = Number(m[1]);
  const month = Number(m[2]);
  let year = Number(m[3]);
  if (m[3]!.length === 2) year += year < 70 ? 2000 : 1900;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) throw new RowError(`no such date: "${value}"`);
  return { year, month, day };
}

function parseTime(value: string): { hour: number; minute: number } | null {
  if (value === "") return null;
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new RowError(`time is not hh:mm: "${value}"`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

const MAX_GOALS = 30;

function pairOfScores(home: string, away: string, what: string): [number | null, number | null] {
  const h = intOrNull(home, `${what} home goals`);
  const a = intOrNull(away, `${what} away goals`);
  if ((h ?? 0) > MAX_GOALS || (a ?? 0) > MAX_GOALS)
    throw new RowError(`${what} score is not plausible: ${home}-${away}`);
  if ((h === null) !== (a === null)) throw new RowError(`${what} score has only one side`);
  return [h, a];
}

function sideStats(row: string[], layout: HeaderLayout, side: "H" | "A"): SideStats | null {
  const stats: SideStats = {
    shots: intOrNull(cell(row, layout, `${side}S`), "shots"),
    shotsOnTarget: intOrNull(cell(row, layout, `${side}ST`), "shots on target"),
    fouls: intOrNull(cell(row, layout, `${side}F`), "fouls"),
    corners: intOrNull(cell(row, layout, `${side}C`), "corners"),
    yellowCards: intOrNull(cell(row, layout, `${side}Y`), "yellow cards"),
    redCards: intOrNull(cell(row, layout, `${side}R`), "red cards"),
  };
  return Object.values(stats).every((v) => v === null) ? null : stats;
}

function readOdds(row: string[], layout: HeaderLayout): OddsQuote[] {
  const quotes = new Map<string, OddsQuote>();
  for (const col of layout.odds) {
    const price = priceOrNull(row[col.column]?.trim() ?? "");
    if (price === null) continue;
    const key = `${col.bookmaker}|${col.market}|${col.closing}`;
    let quote = quotes.get(key);
    if (!quote) {
      let line: number | null = null;
      if (col.market === "ah") {
        const raw = cell(row, layout, col.closing ? "AHCh" : "AHh") || cell(row, layout, "BbAHh");
        line = raw === "" || !Number.isFinite(Number(raw)) ? null : Number(raw);
        if (line === null) continue;
      }
      quote = { bookmaker: col.bookmaker, market: col.market, closing: col.closing, line, prices: [null, null, null] };
      quotes.set(key, quote);
    }
    quote.prices[col.slot] = price;
  }
  // A market quote is usable only when every selection has a price.
  return [...quotes.values()].filter((q) =>
    q.market === "1x2" ? q.prices.every((p) => p !== null) : q.prices[0] !== null && q.prices[2] !== null,
  );
}

/** European seasons run from July to June; the main files carry no season column. */
export function seasonOfDate(year: number, month: number): string {
  const start = month >= 7 ? year : year - 1;
  return `${start}-${start + 1}`;
}

function normaliseSeason(raw: string): string {
  const m = /^(\d{4})(?:[/-](\d{4}))?$/.exec(raw);
  if (!m) throw new RowError(`season is not yyyy or yyyy/yyyy: "${raw}"`);
  return m[2] ? `${m[1]}-${m[2]}` : m[1]!;
}

/** Turns one CSV row into a match, or throws RowError saying what is wrong with it. */
export function readRow(row: string[], layout: HeaderLayout): MatchRecord {
  const main = layout.format === "main";
  const homeTeam = cell(row, layout, main ? "HomeTeam" : "Home");
  const awayTeam = cell(row, layout, main ? "AwayTeam" : "Away");
  if (!homeTeam || !awayTeam) throw new RowError("home or away team is missing");
  if (homeTeam === awayTeam) throw new RowError(`a team cannot play itself: "${homeTeam}"`);
  const date = parseDate(cell(row, layout, "Date"));
  const time = parseTime(cell(row, layout, "Time"));
  // Without a time, 15:00 UK is the traditional kick-off.
  const kickoff = ukLocalToUtc(date.year, date.month, date.day, time?.hour ?? 15, time?.minute ?? 0);

  let leagueKey: string;
  let leagueName: string;
  let countryName: string;
  let countryCode: string;
  let tier: number;
  let season: string;
  if (main) {
    const div = cell(row, layout, "Div");
    const info = MAIN_DIVISIONS[div];
    if (!info) throw new RowError(`unknown division "${div}"`);
    ({ name: leagueName, country: countryName, countryCode, tier } = info);
    leagueKey = div;
    season = seasonOfDate(date.year, date.month);
  } else {
    countryName = cell(row, layout, "Country");
    leagueName = cell(row, layout, "League");
    if (!countryName || !leagueName) throw new RowError("country or league is missing");
    countryCode = countryCodeFor(countryName);
    tier = extraLeagueTier(leagueName);
    leagueKey = `${countryCode}:${leagueName}`;
    season = normaliseSeason(cell(row, layout, "Season"));
  }

  const [ftHome, ftAway] = pairOfScores(
    cell(row, layout, main ? "FTHG" : "HG"),
    cell(row, layout, main ? "FTAG" : "AG"),
    "full-time",
  );
  const [htHome, htAway] = main
    ? pairOfScores(cell(row, layout, "HTHG"), cell(row, layout, "HTAG"), "half-time")
    : [null, null];
  if (htHome !== null && (ftHome === null || htHome > ftHome || htAway! > ftAway!)) {
    throw new RowError("half-time score is above the full-time score");
  }
  const isoDate = `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
  return {
    sourceKey: `${leagueKey}|${isoDate}|${homeTeam}|${awayTeam}`,
    leagueKey,
    leagueName,
    countryName,
    countryCode,
    tier,
    season,
    kickoff,
    hasKickoffTime: time !== null,
    homeTeam,
    awayTeam,
    ftHome,
    ftAway,
    htHome,
    htAway,
    referee: cell(row, layout, "Referee") || null,
    homeStats: main ? sideStats(row, layout, "H") : null,
    awayStats: main ? sideStats(row, layout, "A") : null,
    odds: readOdds(row, layout),
  };
}

/** The same match under other team names (a provider's spelling resolved to the stored team): key included. */
export function withTeams(record: MatchRecord, homeTeam: string, awayTeam: string): MatchRecord {
  if (homeTeam === record.homeTeam && awayTeam === record.awayTeam) return record;
  // The key ends with "|home|away" (readRow); what comes before is league and date.
  const prefix = record.sourceKey.slice(
    0,
    record.sourceKey.length - record.homeTeam.length - record.awayTeam.length - 1,
  );
  return { ...record, sourceKey: `${prefix}${homeTeam}|${awayTeam}`, homeTeam, awayTeam };
}
