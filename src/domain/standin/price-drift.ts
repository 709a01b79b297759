import { pricesVisibleFrom } from "../predictions/price-visibility.ts";

/**
 * The provider refreshes the prices of its fixtures files on the hour, not at every request: between two refreshes
 * a file is unchanged and a conditional request answers 304, as football-data.co.uk's does.
 */
const PRICE_REFRESH_MS = 3_600_000;

/**
 * How the stand-in's bookmakers move a price between publication and kick-off. The bundled files hold only a
 * match's opening and closing prices; the stand-in quotes, as of the last hourly refresh before `nowMs`, the price
 * linearly in time between the two (opening at publication, closing at kick-off), rounded to 2 decimals as
 * bookmakers quote, so syncs hours apart see different prices and the last seen before kick-off is the closing
 * one within an hour's drift.
 */
export function quotedPrice(opening: number, closing: number, kickoffMs: number, nowMs: number): number {
  const from = pricesVisibleFrom(kickoffMs);
  const asOf = Math.floor(nowMs / PRICE_REFRESH_MS) * PRICE_REFRESH_MS;
  const share = Math.min(1, Math.max(0, (asOf - from) / (kickoffMs - from)));
  return Math.round((opening + (closing - opening) * share) * 100) / 100;
}

/** Opening price columns' suffixes, the longer first: "B365AHH" is an Asian handicap price, not a home one. */
const SUFFIXES = ["AHH", "AHA", ">2.5", "<2.5", "H", "D", "A"];

/**
 * For each column of `header`, the index of its closing counterpart ("B365H" → "B365CH", "Avg>2.5" → "AvgC>2.5"),
 * or -1 when it has none (not a price, or a price the file carries no closing value of).
 */
export function closingColumns(header: readonly string[]): number[] {
  return header.map((name) => {
    const suffix = SUFFIXES.find((s) => name.endsWith(s) && name.length > s.length);
    if (!suffix) return -1;
    return header.indexOf(`${name.slice(0, -suffix.length)}C${suffix}`);
  });
}

/** The cell a fixtures file shows for an opening price at `nowMs`: the opening text itself while unmoved. */
export function quotedCell(opening: string, closing: string, kickoffMs: number, nowMs: number): string {
  const open = Number(opening);
  const close = Number(closing);
  if (opening === "" || closing === "" || !Number.isFinite(open) || !Number.isFinite(close)) return opening;
  const quoted = quotedPrice(open, close, kickoffMs, nowMs);
  return quoted === open ? opening : String(quoted);
}
