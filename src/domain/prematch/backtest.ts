import { type EdgeFigureValues, type FigureBasis, edgeFigures } from "../alerts/figures.ts";
import { outcomePriced } from "../scanner/goal-outcomes.ts";
import { type Grade, grade } from "../scanner/outcomes.ts";
import type { DesiredOutcome } from "../scanner/rules.ts";
import { addMonths } from "../premium/plans.ts";
import type { FeatureStore } from "./feature-store.ts";
import { prematchQuote } from "./outcome-quotes.ts";

/**
 * A backtest: a filter's predicate scanned over the feature rows of an interval and leagues, each pick judged by
 * the desired outcome at the opening (pre-match) price of the backed side, with the figures of SPEC §3 (profit,
 * streaks) and the honesty checks (closing line value, out-of-sample split).
 */

export interface BacktestQuery {
  from: number;
  to: number;
  /** null or empty: every league */
  leagueIds: readonly number[] | null;
  outcome: DesiredOutcome;
  /** assumed stake per pick */
  stake: number;
}

export interface BacktestPick {
  fixtureId: number;
  leagueId: number;
  kickoff: number;
  homeId: number;
  awayId: number;
  /** 0 home, 1 away, 2 draw; -1 no side (goal outcomes, or a result outcome that backs nobody: void) */
  side: number;
  /** opening price of the outcome; null without one (half-time outcomes, goal lines without prices, missing odds) */
  odds: number | null;
  /** our final prediction's probability of the outcome, known before kick-off; null without one */
  probability: number | null;
  closingOdds: number | null;
  grade: Grade;
  ftHome: number;
  ftAway: number;
  htHome: number | null;
  htAway: number | null;
  /** profit of the pick at the stake; 0 for void picks and picks without odds */
  profit: number;
}

export interface ProfitFigures {
  stake: number;
  played: number;
  winnings: number;
  winningPicks: number;
  losingPicks: number;
  voidPicks: number;
  picksWithOdds: number;
  net: number;
  /** net / played; null when nothing was played */
  roi: number | null;
}

export interface StreakFigures {
  maxWinning: number;
  maxLosing: number;
  meanWinning: number;
  meanLosing: number;
  /** standard deviation of the profit per played pick, in stakes */
  volatility: number;
}

export interface Figures extends EdgeFigureValues {
  analysed: number;
  picks: number;
  /** picks / analysed */
  ratio: number;
  /** winning / (winning + losing) */
  successRate: number | null;
  meanOdd: number | null;
  meanWinningOdd: number | null;
  profit: ProfitFigures;
  streaks: StreakFigures;
  /** mean of opening / closing − 1 over the picks with both prices (positive: the picks beat the closing line) */
  closingLineValue: number | null;
  clvPicks: number;
}

export interface LeagueFigures extends Figures {
  leagueId: number;
}

export interface OutOfSample {
  splitAt: number;
  first: Figures;
  last: Figures;
  /** the first two thirds did much better than the last third: the filter may be fitted to the past */
  warning: boolean;
}

export interface BacktestResult {
  figures: Figures;
  leagues: LeagueFigures[];
  outOfSample: OutOfSample;
  /** cumulative net after each played pick, in money at the stake */
  equity: number[];
  picks: BacktestPick[];
}

/** Warn when the first two thirds' ROI beats the last third's by this much (with enough picks on both sides). */
export const OOS_ROI_GAP = 0.1;
export const OOS_MIN_PICKS = { first: 10, last: 5 } as const;

/** What the profit and streak arithmetic needs of a pick. */
export interface Judged {
  grade: Grade;
  odds: number | null;
}

/** Profit figures of judged picks at a stake. */
export function profitOf(picks: readonly Judged[], stake: number): ProfitFigures {
  let played = 0;
  let winnings = 0;
  let winningPicks = 0;
  let losingPicks = 0;
  let voidPicks = 0;
  let picksWithOdds = 0;
  for (const p of picks) {
    if (p.grade === "void") {
      voidPicks++;
      continue;
    }
    if (p.grade === "won") winningPicks++;
    else losingPicks++;
    if (p.odds === null) continue;
    picksWithOdds++;
    played += stake;
    if (p.grade === "won") winnings += stake * p.odds;
  }
  const net = winnings - played;
  return {
    stake,
    played,
    winnings,
    winningPicks,
    losingPicks,
    voidPicks,
    picksWithOdds,
    net,
    roi: played > 0 ? net / played : null,
  };
}

/** Winning and losing runs over the judged picks in order (void picks neither count nor break a run), and volatility. */
export function streaksOf(picks: readonly Judged[]): StreakFigures {
  const runs = { won: [] as number[], lost: [] as number[] };
  let current: "won" | "lost" | null = null;
  let length = 0;
  const close = () => {
    if (current) runs[current].push(length);
  };
  for (const p of picks) {
    if (p.grade === "void") continue;
    if (p.grade === current) length++;
    else {
      close();
      current = p.grade;
      length = 1;
    }
  }
  close();
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const profits: number[] = [];
  for (const p of picks) if (p.grade !== "void" && p.odds !== null) profits.push(p.grade === "won" ? p.odds - 1 : -1);
  const mu = mean(profits);
  const variance = profits.length ? profits.reduce((a, x) => a + (x - mu) ** 2, 0) / profits.length : 0;
  return {
    maxWinning: Math.max(0, ...runs.won),
    maxLosing: Math.max(0, ...runs.lost),
    meanWinning: mean(runs.won),
    meanLosing: mean(runs.lost),
    volatility: Math.sqrt(variance),
  };
}

export function figuresOf(
  picks: readonly BacktestPick[],
  analysed: number,
  stake: number,
  basis: FigureBasis = "roi",
): Figures {
  const profit = profitOf(picks, stake);
  let oddSum = 0;
  let oddN = 0;
  let winOddSum = 0;
  let winOddN = 0;
  let clvSum = 0;
  let clvN = 0;
  for (const p of picks) {
    if (p.odds === null || p.grade === "void") continue;
    oddSum += p.odds;
    oddN++;
    if (p.grade === "won") {
      winOddSum += p.odds;
      winOddN++;
    }
    if (p.closingOdds !== null) {
      clvSum += p.odds / p.closingOdds - 1;
      clvN++;
    }
  }
  const judged = profit.winningPicks + profit.losingPicks;
  return {
    analysed,
    picks: picks.length,
    ratio: analysed > 0 ? picks.length / analysed : 0,
    successRate: judged > 0 ? profit.winningPicks / judged : null,
    meanOdd: oddN ? oddSum / oddN : null,
    meanWinningOdd: winOddN ? winOddSum / winOddN : null,
    profit,
    streaks: streaksOf(picks),
    closingLineValue: clvN ? clvSum / clvN : null,
    clvPicks: clvN,
    ...edgeOf(picks),
    basis,
  };
}

function edgeOf(picks: readonly BacktestPick[]) {
  const { sum: _sum, ...edge } = edgeFigures(
    picks.map((p) => ({ status: p.grade, odds: p.odds, probability: p.probability })),
  );
  return edge;
}

/** Scans the rows of the interval and leagues; `matches` is the compiled filter over rows. */
export function runBacktest(
  store: FeatureStore,
  matches: (row: number) => boolean,
  query: BacktestQuery,
): BacktestResult {
  const [start, end] = store.rowRange(query.from, query.to);
  const wanted = query.leagueIds && query.leagueIds.length > 0 ? new Set(query.leagueIds) : null;
  const analysedByLeague = new Map<number, number>();
  const picks: BacktestPick[] = [];
  let analysed = 0;
  let splitAnalysed = 0;
  const splitAt = query.from + ((query.to - query.from) * 2) / 3;
  for (let r = start; r < end; r++) {
    const i = store.base + r;
    if (store.ftHome[i]! < 0) continue;
    const league = store.league[i]!;
    if (wanted && !wanted.has(league)) continue;
    analysed++;
    if (store.kickoff[i]! < splitAt) splitAnalysed++;
    analysedByLeague.set(league, (analysedByLeague.get(league) ?? 0) + 1);
    if (!matches(r)) continue;
    const score = {
      ftHome: store.ftHome[i]!,
      ftAway: store.ftAway[i]!,
      htHome: store.htHome[i]! < 0 ? null : store.htHome[i]!,
      htAway: store.htAway[i]! < 0 ? null : store.htAway[i]!,
    };
    const g = grade(query.outcome, { ...score, ...store.cornersOf(i) }, store.favorite[r]!);
    const { side, odds, closingOdds, probability } = prematchQuote(store, r, query.outcome);
    picks.push({
      fixtureId: store.id[i]!,
      leagueId: league,
      kickoff: store.kickoff[i]!,
      homeId: store.home[i]!,
      awayId: store.away[i]!,
      side,
      odds,
      probability,
      closingOdds,
      grade: g,
      ...score,
      profit: g === "void" || odds === null ? 0 : g === "won" ? query.stake * (odds - 1) : -query.stake,
    });
  }
  const byLeague = new Map<number, BacktestPick[]>();
  for (const p of picks) {
    let list = byLeague.get(p.leagueId);
    if (!list) {
      list = [];
      byLeague.set(p.leagueId, list);
    }
    list.push(p);
  }
  const basis = outcomePriced("preMatch", query.outcome) ? "roi" : "edge";
  const leagues: LeagueFigures[] = [...analysedByLeague.entries()]
    .map(([leagueId, n]) => ({ leagueId, ...figuresOf(byLeague.get(leagueId) ?? [], n, query.stake, basis) }))
    .sort((a, b) => b.picks - a.picks || a.leagueId - b.leagueId);
  const firstPicks = picks.filter((p) => p.kickoff < splitAt);
  const lastPicks = picks.filter((p) => p.kickoff >= splitAt);
  const first = figuresOf(firstPicks, splitAnalysed, query.stake, basis);
  const last = figuresOf(lastPicks, analysed - splitAnalysed, query.stake, basis);
  const equity: number[] = [];
  let running = 0;
  for (const p of picks) {
    if (p.grade === "void" || p.odds === null) continue;
    running += p.profit;
    equity.push(running);
  }
  return {
    figures: figuresOf(picks, analysed, query.stake, basis),
    leagues,
    outOfSample: { splitAt, first, last, warning: overfitted(first, last) },
    equity,
    picks,
  };
}

export function overfitted(first: Figures, last: Figures): boolean {
  if (first.picks < OOS_MIN_PICKS.first || last.picks < OOS_MIN_PICKS.last) return false;
  if (first.profit.roi === null || last.profit.roi === null) return false;
  return first.profit.roi - last.profit.roi >= OOS_ROI_GAP;
}

/** The SPEC §9 intervals of a backtest, as a start before `now` (custom ranges give both ends). */
export const INTERVALS = [
  "SevenDays",
  "ThirtyDays",
  "ThreeMonths",
  "SixMonths",
  "NineMonths",
  "TwelveMonths",
  "TwentyFourMonths",
  "Custom",
] as const;
export type Interval = (typeof INTERVALS)[number];
export const DEFAULT_INTERVAL: Interval = "ThreeMonths";

const DAY = 86_400_000;

/**
 * [from, to) of an interval ending now (whole UTC calendar months back for the month intervals, the day clamped to
 * the month's last: three months before 31 May is 28 February, not 3 March). The live backtests use it too.
 */
export function intervalRange(interval: Exclude<Interval, "Custom">, now: number): { from: number; to: number } {
  if (interval === "SevenDays") return { from: now - 7 * DAY, to: now };
  if (interval === "ThirtyDays") return { from: now - 30 * DAY, to: now };
  const months = { ThreeMonths: 3, SixMonths: 6, NineMonths: 9, TwelveMonths: 12, TwentyFourMonths: 24 }[interval];
  return { from: addMonths(new Date(now), -months).getTime(), to: now };
}
