/** One price a sync saw: when, and the three 1X2 prices (null where the bookmaker quoted none). */
export interface SeenPrices {
  at: number;
  home: number | null;
  draw: number | null;
  away: number | null;
}

export type Outcome = "home" | "draw" | "away";
export const OUTCOMES: readonly Outcome[] = ["home", "draw", "away"];

export interface PriceChartGeometry {
  /** per outcome, an SVG polyline in a `width` × `height` box; empty when the bookmaker never quoted it */
  lines: Record<Outcome, string>;
  /** the odds the grid lines and the axis labels stand at, lowest first */
  ticks: number[];
  /** a tick's distance from the top, in % of the height */
  top: (odds: number) => number;
  from: number;
  to: number;
}

/** Round steps for an odds axis: 0.1, 0.2, 0.25, 0.5, 1, 2 or 5. */
function oddsStep(span: number): number {
  const raw = span / 4;
  return [0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10].find((s) => s >= raw) ?? 10;
}

/**
 * The price lines of one bookmaker over time. A price holds until the next sync saw another, so each line is drawn
 * in steps, and it runs on to `until` (the kick-off once passed) rather than stopping at its last change.
 */
export function priceChartGeometry(
  seen: readonly SeenPrices[],
  until: number,
  width: number,
  height: number,
): PriceChartGeometry | null {
  const values = seen.flatMap((s) => OUTCOMES.map((o) => s[o]).filter((v): v is number => v !== null));
  if (seen.length < 2 || values.length === 0) return null;
  const from = seen[0]!.at;
  // Ending at the last sync would hide the newest price: it gets a twentieth of the span at least.
  const lastAt = seen.at(-1)!.at;
  const to = Math.max(until, lastAt + (lastAt - from) / 20);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const step = oddsStep(Math.max(max - min, 0.1));
  const lo = Math.max(1, Math.floor(min / step) * step);
  const hi = Math.max(Math.ceil(max / step) * step, lo + step);
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Math.round(v * 100) / 100);
  const top = (odds: number) => ((hi - odds) / (hi - lo)) * 100;
  const x = (at: number) => (to === from ? 0 : ((at - from) / (to - from)) * width);
  const y = (odds: number) => (top(odds) / 100) * height;
  const point = (at: number, odds: number) => `${x(at).toFixed(1)},${y(odds).toFixed(1)}`;
  const lines = {} as Record<Outcome, string>;
  for (const o of OUTCOMES) {
    const points: string[] = [];
    let last: number | null = null;
    for (const s of seen) {
      const v = s[o];
      if (v === null) continue;
      if (last !== null) points.push(point(s.at, last));
      points.push(point(s.at, v));
      last = v;
    }
    if (last !== null) points.push(point(to, last));
    lines[o] = points.join(" ");
  }
  return { lines, ticks, top, from, to };
}
