import { devigProportional } from "../predictions/devig.ts";
import { HALF_SECONDS, type LiveOdds, MATCH_SECONDS } from "./state.ts";

/**
 * In-play odds from a goals model anchored to the closing line.
 *
 * 1. Pre-match: the closing 1X2 and over/under 2.5 prices, margin removed (proportional), give the expected
 *    goals of each team (independent Poisson): the total from P(over 2.5) (2.6 without an O/U price), the
 *    supremacy from P(home) − P(away).
 * 2. In play: the goals still to come are Poisson with the pre-match expectation times the share of the match's
 *    goal intensity left (intensity rising from 0.85 to 1.15 of the mean through the 90 minutes), times 0.75 per
 *    own red card and 1.2 per opponent's red card; the current score is added.
 * 3. Anchor: the model cannot match three 1X2 prices with two parameters, so each outcome's probability is
 *    multiplied by the constant ratio closing / model-at-kick-off and renormalised: at kick-off the live line is
 *    the closing line exactly; later, the ratios keep the market's view while the score and time move the line.
 *    Over/under lines use the ratio of the 2.5 line; both teams to score is the model's.
 * 4. Prices carry the margin of the closing prices (proportionally, capped for near-certain selections so that
 *    every price stays above 1); a selection above 99.9% is settled (null), and a selection priced above
 *    MAX_LIVE_PRICE is not offered (null), as in real in-play markets. Prices move once per match minute.
 */

/**
 * The highest in-play price offered: 101. Exchanges' price ladders go up to 1000, but in play the money at prices
 * above about 100 is a few pounds at best, and bookmakers' in-play markets stop at 101 (their usual maximum):
 * a bettor could not have had a bet of size at 230 or 501. A replayed match's goal minutes are simulated (placed
 * consistently with its half-time and full-time scores), so a price far out at a simulated moment is the model's,
 * not a market's: without the cap, a "trailing by 2 after 75 minutes" backtest earned its whole ROI from four wins
 * priced 230–501. A selection whose price would be above the cap has no price (null): scanners do not see it, and
 * backtests leave such picks out of the ROI and count them (`beyondLivePriceCap`).
 */
export const MAX_LIVE_PRICE = 101;

export interface ClosingOdds {
  home: number;
  draw: number;
  away: number;
  over25: number | null;
  under25: number | null;
}

export interface OddsModel {
  lambdaHome: number;
  lambdaAway: number;
  weights1x2: [number, number, number];
  /** over, under */
  weightsOu: [number, number];
  margin1x2: number;
  marginOu: number;
}

export interface InPlay {
  /** match clock second */
  second: number;
  homeScore: number;
  awayScore: number;
  homeReds: number;
  awayReds: number;
}

const MAX_GOALS = 12;

function poissonPmf(lambda: number, out: Float64Array): Float64Array {
  let p = Math.exp(-lambda);
  for (let k = 0; k < out.length; k++) {
    out[k] = p;
    p = (p * lambda) / (k + 1);
  }
  return out;
}

const pmfHome = new Float64Array(MAX_GOALS);
const pmfAway = new Float64Array(MAX_GOALS);

/** P(home wins), P(draw), P(away wins) with `lead` goals for the home side and the remaining expectations. */
function outcome(lead: number, muHome: number, muAway: number): [number, number, number] {
  poissonPmf(muHome, pmfHome);
  poissonPmf(muAway, pmfAway);
  let home = 0;
  let draw = 0;
  let away = 0;
  for (let x = 0; x < MAX_GOALS; x++) {
    for (let y = 0; y < MAX_GOALS; y++) {
      const p = pmfHome[x]! * pmfAway[y]!;
      const d = lead + x - y;
      if (d > 0) home += p;
      else if (d === 0) draw += p;
      else away += p;
    }
  }
  const total = home + draw + away;
  return [home / total, draw / total, away / total];
}

/** P(at least `goals` more goals) for a Poisson total `mu`. */
export function atLeast(goals: number, mu: number): number {
  if (goals <= 0) return 1;
  let p = Math.exp(-mu);
  let below = 0;
  for (let k = 0; k < goals; k++) {
    below += p;
    p = (p * mu) / (k + 1);
  }
  return Math.max(0, 1 - below);
}

function bisect(f: (x: number) => number, lo: number, hi: number): number {
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

/** Share of the match's goal intensity left after match-clock second `s` (intensity 0.85 → 1.15). */
export function intensityLeft(s: number): number {
  const t = Math.min(1, Math.max(0, s / MATCH_SECONDS));
  const integral = (u: number) => 0.85 * u + 0.15 * u * u;
  return 1 - integral(t);
}

/** The pre-match model of a fixture from its closing odds; null when the prices are unusable. */
export function fitOddsModel(closing: ClosingOdds): OddsModel | null {
  const prices = [closing.home, closing.draw, closing.away];
  if (prices.some((p) => !(p > 1))) return null;
  const [pHome, pDraw, pAway] = devigProportional(prices) as [number, number, number];
  const margin1x2 = prices.reduce((s, p) => s + 1 / p, 0) - 1;
  let total = 2.6;
  let marginOu = margin1x2;
  let pOver: number | null = null;
  if (closing.over25 !== null && closing.under25 !== null && closing.over25 > 1 && closing.under25 > 1) {
    pOver = devigProportional([closing.over25, closing.under25])[0]!;
    marginOu = 1 / closing.over25 + 1 / closing.under25 - 1;
    const target = pOver;
    total = bisect((mu) => atLeast(3, mu) - target, 0.2, 8);
  }
  const edge = pHome - pAway;
  const supremacy = bisect(
    (d) => {
      const [h, , a] = outcome(0, (total + d) / 2, (total - d) / 2);
      return h - a - edge;
    },
    -total + 0.02,
    total - 0.02,
  );
  const lambdaHome = (total + supremacy) / 2;
  const lambdaAway = (total - supremacy) / 2;
  const [mh, md, ma] = outcome(0, lambdaHome, lambdaAway);
  const over = atLeast(3, total);
  return {
    lambdaHome,
    lambdaAway,
    weights1x2: [pHome / mh, pDraw / md, pAway / ma],
    weightsOu: pOver === null ? [1, 1] : [pOver / over, (1 - pOver) / (1 - over)],
    margin1x2,
    marginOu,
  };
}

/**
 * A price with the margin: implied probability p × (1 + margin), but never more than halfway from p to 1, so that a
 * near-certain selection still pays more than its stake (1.02 rather than an impossible 0.97). Not rounded, not capped.
 */
export function rawLivePrice(p: number, margin: number): number {
  return p <= 0 ? Number.POSITIVE_INFINITY : 1 / Math.min(p * (1 + margin), p + (1 - p) / 2);
}

/** The offered price: null when settled (above 99.9%) or beyond the cap (not offered in play). */
export const price = (p: number, margin: number): number | null => {
  if (p > 0.999) return null;
  const raw = Math.round(100 * rawLivePrice(p, margin)) / 100;
  return raw > MAX_LIVE_PRICE ? null : Math.max(1.01, raw);
};

/** Whether a 1X2 selection (0 home, 1 away, 2 draw) would be priced above the cap at these odds (hence not offered). */
export function beyondLivePriceCap(odds: LiveOdds, side: number): boolean {
  const p =
    side === 0
      ? odds.probabilities.home
      : side === 1
        ? odds.probabilities.away
        : side === 2
          ? odds.probabilities.draw
          : null;
  return p !== null && p <= 0.999 && Math.round(100 * rawLivePrice(p, odds.margin)) / 100 > MAX_LIVE_PRICE;
}

export const OU_LINES = [0.5, 1.5, 2.5, 3.5, 4.5] as const;

/** Live odds at a moment of play. Prices move per match minute (the start of the current minute counts). */
export function liveOdds(model: OddsModel, play: InPlay): LiveOdds {
  const minuteStart = Math.min(MATCH_SECONDS, Math.floor(play.second / 60) * 60);
  const left = intensityLeft(minuteStart);
  const muHome = model.lambdaHome * left * 0.75 ** play.homeReds * 1.2 ** play.awayReds;
  const muAway = model.lambdaAway * left * 0.75 ** play.awayReds * 1.2 ** play.homeReds;
  const [mh, md, ma] = outcome(play.homeScore - play.awayScore, muHome, muAway);
  const [wh, wd, wa] = model.weights1x2;
  const sum = wh * mh + wd * md + wa * ma;
  const pHome = (wh * mh) / sum;
  const pDraw = (wd * md) / sum;
  const pAway = (wa * ma) / sum;
  const goals = play.homeScore + play.awayScore;
  const [wo, wu] = model.weightsOu;
  const overUnder = OU_LINES.map((line) => {
    const over = atLeast(Math.ceil(line - goals), muHome + muAway);
    const pOver = (wo * over) / (wo * over + wu * (1 - over));
    return { line, over: price(pOver, model.marginOu), under: price(1 - pOver, model.marginOu) };
  });
  const homeScores = play.homeScore > 0 ? 1 : 1 - Math.exp(-muHome);
  const awayScores = play.awayScore > 0 ? 1 : 1 - Math.exp(-muAway);
  const bttsYes = homeScores * awayScores;
  return {
    minute: Math.min(90, Math.floor(play.second / 60) + 1),
    home: price(pHome, model.margin1x2),
    draw: price(pDraw, model.margin1x2),
    away: price(pAway, model.margin1x2),
    overUnder,
    bttsYes: price(bttsYes, model.marginOu),
    bttsNo: price(1 - bttsYes, model.marginOu),
    margin: model.margin1x2,
    probabilities: { home: pHome, draw: pDraw, away: pAway, bttsYes },
    goals: {
      home: muHome,
      away: muAway,
      firstHalf:
        minuteStart < HALF_SECONDS
          ? ((muHome + muAway) * (left - intensityLeft(HALF_SECONDS))) / Math.max(left, 1e-9)
          : 0,
      weightOver: wo,
      weightUnder: wu,
      marginOu: model.marginOu,
    },
  };
}
