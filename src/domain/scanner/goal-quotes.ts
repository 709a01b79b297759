import { MAX_LIVE_PRICE, atLeast, rawLivePrice } from "../live/odds.ts";
import type { LiveOdds } from "../live/state.ts";
import { devigProportional } from "../predictions/devig.ts";
import { type GoalOutcomeSpec, goalOutcomeSpec } from "./goal-outcomes.ts";

/**
 * Live prices and probabilities of the goal outcomes at the moment of an alert, from the in-play model (the goals
 * still to come, anchored on the closing line as the live 1X2 is: live/odds.ts). A replayed match's in-play prices
 * are a model, not a market: pages and the API say so. Corners have no in-play model: no price, no probability.
 * With a provider's prices (no model), the goal lines and both-teams-to-score are taken as offered.
 */

export interface Quote {
  /** the price a bettor could have taken; null when not offered (settled, beyond the cap, no market) */
  odds: number | null;
  /** the model's probability of the outcome at the moment, margin removed; null without a model */
  probability: number | null;
  /** no price because the outcome was priced above the in-play cap (MAX_LIVE_PRICE) */
  beyondCap: boolean;
}

/** The moment a live outcome is quoted at: the score and whether it is the first half's play. */
export interface QuoteMoment {
  homeScore: number;
  awayScore: number;
  firstHalf: boolean;
}

const NONE: Quote = { odds: null, probability: null, beyondCap: false };

function quoteOf(p: number, margin: number): Quote {
  // Settled (or as good as): no market offers it.
  if (!(p >= 0.001) || p > 0.999) return { odds: null, probability: Math.min(1, Math.max(0, p)), beyondCap: false };
  const raw = Math.round(100 * rawLivePrice(p, margin)) / 100;
  if (raw > MAX_LIVE_PRICE) return { odds: null, probability: p, beyondCap: true };
  return { odds: Math.max(1.01, raw), probability: p, beyondCap: false };
}

/** P(over) of a line with `need` more goals from a Poisson total, anchored as the live over/under lines are. */
function anchoredOver(need: number, mu: number, weightOver: number, weightUnder: number): number {
  if (need <= 0) return 1;
  const over = atLeast(need, mu);
  return (weightOver * over) / (weightOver * over + weightUnder * (1 - over));
}

/** From a provider's offered prices only: the goal lines it lists and both teams to score. */
function offeredQuote(spec: GoalOutcomeSpec, odds: LiveOdds, at: QuoteMoment): Quote {
  const pair = (a: number | null, b: number | null, first: boolean): Quote => {
    const chosen = first ? a : b;
    if (chosen === null) return NONE;
    const probability = a !== null && b !== null ? devigProportional([a, b])[first ? 0 : 1]! : null;
    return { odds: chosen, probability, beyondCap: false };
  };
  const goals = at.homeScore + at.awayScore;
  if (spec.family === "btts") return pair(odds.bttsYes, odds.bttsNo, spec.yes);
  const line =
    spec.family === "total"
      ? spec.line
      : spec.family === "goalAfter" || spec.family === "noGoalAfter"
        ? goals + 0.5
        : 0;
  const row = odds.overUnder.find((r) => r.line === line);
  if (!row || spec.family === "htTotal" || spec.family === "corners") return NONE;
  const over = spec.family === "goalAfter" || (spec.family === "total" && spec.over);
  return pair(row.over, row.under, over);
}

/** The quote of a goal outcome at a live moment; null when `outcome` is not a goal outcome. */
export function liveGoalQuote(outcome: string, odds: LiveOdds | null, at: QuoteMoment): Quote | null {
  const spec = goalOutcomeSpec(outcome);
  if (!spec) return null;
  if (!odds || spec.family === "corners") return NONE;
  const g = odds.goals;
  if (!g) return offeredQuote(spec, odds, at);
  const goals = at.homeScore + at.awayScore;
  const mu = g.home + g.away;
  switch (spec.family) {
    case "total": {
      const over = anchoredOver(Math.ceil(spec.line - goals), mu, g.weightOver, g.weightUnder);
      return quoteOf(spec.over ? over : 1 - over, g.marginOu);
    }
    case "goalAfter":
    case "noGoalAfter": {
      const over = anchoredOver(1, mu, g.weightOver, g.weightUnder);
      return quoteOf(spec.family === "goalAfter" ? over : 1 - over, g.marginOu);
    }
    case "goalBeforeHt":
      return at.firstHalf ? quoteOf(atLeast(1, g.firstHalf), g.marginOu) : NONE;
    case "htTotal": {
      if (!at.firstHalf) return NONE;
      const over = atLeast(Math.ceil(spec.line - goals), g.firstHalf);
      return quoteOf(spec.over ? over : 1 - over, g.marginOu);
    }
    case "btts": {
      const home = at.homeScore > 0 ? 1 : 1 - Math.exp(-g.home);
      const away = at.awayScore > 0 ? 1 : 1 - Math.exp(-g.away);
      return quoteOf(spec.yes ? home * away : 1 - home * away, g.marginOu);
    }
    case "double": {
      const p = odds.probabilities;
      const sum = spec.sides === "1x" ? p.home + p.draw : spec.sides === "x2" ? p.draw + p.away : p.home + p.away;
      return quoteOf(sum, odds.margin);
    }
    case "nextGoal": {
      if (mu <= 0) return quoteOf(0, g.marginOu);
      const share = (spec.side === "home" ? g.home : g.away) / mu;
      return quoteOf((1 - Math.exp(-mu)) * share, g.marginOu);
    }
  }
}
