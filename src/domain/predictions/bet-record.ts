import { type BetOfTheDay, type DayPick, type Pick, betOfTheDay } from "./kinds.ts";

/** A pick with its result once the match has ended: true, false, null (the data cannot tell), absent (not over). */
export type GradedPick = DayPick & { won?: boolean | null };

/** A fixture of a day with its free picks, as the predictions service hands them out. */
export interface DayFixture {
  id: number;
  predictions: { picks: Array<Pick & { won?: boolean | null }> } | null;
}

/** The Bet of the Day of a day's fixtures: the best bets and the priced 1X2 and O/U picks are its candidates. */
export function betOfTheDayOf(
  fixtures: readonly DayFixture[],
): Omit<BetOfTheDay, "double" | "risk"> & { double: GradedPick[]; risk: GradedPick | null } {
  const best: GradedPick[] = [];
  const priced: GradedPick[] = [];
  for (const f of fixtures) {
    if (!f.predictions) continue;
    for (const pick of f.predictions.picks) {
      if (pick.kind === 0) best.push({ ...pick, fixtureId: f.id });
      else if ((pick.kind === 1 || pick.kind === 3) && pick.odds !== null) priced.push({ ...pick, fixtureId: f.id });
    }
  }
  return betOfTheDay(best, priced);
}

/** A double is lost as soon as one leg lost and won when both legs won; otherwise it is not settled (null). */
export function doubleResult(legs: readonly GradedPick[]): boolean | null {
  if (legs.some((leg) => leg.won === false)) return false;
  return legs.length > 0 && legs.every((leg) => leg.won === true) ? true : null;
}

export interface RecordLine {
  bets: number;
  won: number;
  /** won / bets, null without a bet */
  hitRate: number | null;
  /** profit per unit staked at the prices shown, null without a bet */
  roi: number | null;
}

/** Settled bets of one stake each at their shown price: how many, how many won, the hit rate and the ROI. */
export function recordOf(bets: ReadonlyArray<{ odds: number; won: boolean }>): RecordLine {
  if (bets.length === 0) return { bets: 0, won: 0, hitRate: null, roi: null };
  const won = bets.filter((b) => b.won).length;
  const profit = bets.reduce((sum, b) => sum + (b.won ? b.odds - 1 : -1), 0);
  return { bets: bets.length, won, hitRate: won / bets.length, roi: profit / bets.length };
}
