/**
 * The track record of value picks: hit rate, ROI at the taken price (unit stakes) and closing line value
 * (taken price ÷ de-vigged closing price − 1, i.e. price × closing probability − 1), overall and by any key.
 */
export interface GradedPick {
  /** what a winning unit stake returns: the price net of any exchange commission */
  price: number;
  won: boolean;
  /** de-vigged closing probability of the outcome; null when the match has no closing price */
  closingProbability: number | null;
}

export interface RecordFigures {
  picks: number;
  won: number;
  hitRate: number;
  /** (returns − stakes) / stakes */
  roi: number;
  profit: number;
  /** mean CLV of the picks with a closing price */
  clv: number | null;
  /** share of the picks with a closing price whose taken price beat it */
  beatClosing: number | null;
}

export function clvOf(price: number, closingProbability: number): number {
  return price * closingProbability - 1;
}

export function figuresOf(picks: GradedPick[]): RecordFigures {
  let won = 0;
  let returns = 0;
  let clvSum = 0;
  let clvN = 0;
  let beat = 0;
  for (const p of picks) {
    if (p.won) {
      won++;
      returns += p.price;
    }
    if (p.closingProbability !== null) {
      const clv = clvOf(p.price, p.closingProbability);
      clvSum += clv;
      clvN++;
      if (clv > 0) beat++;
    }
  }
  const n = picks.length;
  return {
    picks: n,
    won,
    hitRate: n ? won / n : 0,
    roi: n ? (returns - n) / n : 0,
    profit: returns - n,
    clv: clvN ? clvSum / clvN : null,
    beatClosing: clvN ? beat / clvN : null,
  };
}

/** Figures per key (month, league, market...), in the order the keys first appear. */
export function figuresBy<T extends GradedPick>(
  picks: T[],
  key: (pick: T) => string,
): Array<{ key: string } & RecordFigures> {
  const groups = new Map<string, T[]>();
  for (const p of picks) {
    const k = key(p);
    const list = groups.get(k);
    if (list) list.push(p);
    else groups.set(k, [p]);
  }
  return [...groups].map(([k, list]) => ({ key: k, ...figuresOf(list) }));
}

/** Cumulative profit after each pick (unit stakes), in the order given. */
export function equityCurve(picks: GradedPick[]): number[] {
  let total = 0;
  return picks.map((p) => {
    total += p.won ? p.price - 1 : -1;
    return Math.round(total * 100) / 100;
  });
}
