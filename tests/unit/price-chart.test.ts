import { describe, expect, it } from "vitest";
import { priceChartGeometry } from "../../src/web/match/price-chart-geometry.ts";

const H = 3_600_000;

describe("the price chart's geometry", () => {
  const seen = [
    { at: 0, home: 2.1, draw: 3.4, away: 3.6 },
    { at: 2 * H, home: 2.0, draw: 3.4, away: 3.8 },
    { at: 3 * H, home: 1.9, draw: null, away: 4.0 },
  ];

  it("draws each price as a step that holds until the next sync saw another, on to the end", () => {
    const g = priceChartGeometry(seen, 4 * H, 400, 100)!;
    expect(g.from).toBe(0);
    expect(g.to).toBe(4 * H);
    // home: 2.1 from 0 to 2 h, 2.0 to 3 h, 1.9 to 4 h: x at 0, 200, 300 and 400 of 400.
    const xs = g.lines.home.split(" ").map((p) => Number(p.split(",")[0]));
    expect(xs).toEqual([0, 200, 200, 300, 300, 400]);
    const ys = g.lines.home.split(" ").map((p) => Number(p.split(",")[1]));
    expect(ys[0]).toBe(ys[1]);
    expect(ys[2]).toBeGreaterThan(ys[1]!);
    // A price missing from a sync keeps the last one seen (the draw held 3.4 to the end).
    const draw = g.lines.draw.split(" ");
    expect(draw.at(-1)).toBe(`400.0,${draw[0]!.split(",")[1]}`);
  });

  it("spans round odds from below the lowest price to above the highest, lowest tick first", () => {
    const g = priceChartGeometry(seen, 4 * H, 400, 100)!;
    expect(g.ticks[0]).toBeLessThanOrEqual(1.9);
    expect(g.ticks.at(-1)).toBeGreaterThanOrEqual(4.0);
    expect(g.top(g.ticks[0]!)).toBe(100);
    expect(g.top(g.ticks.at(-1)!)).toBe(0);
    for (let i = 1; i < g.ticks.length; i++) expect(g.ticks[i]).toBeGreaterThan(g.ticks[i - 1]!);
  });

  it("has no chart for a single sight, nor for a bookmaker that quoted nothing", () => {
    expect(priceChartGeometry(seen.slice(0, 1), 4 * H, 400, 100)).toBeNull();
    expect(
      priceChartGeometry(
        [
          { at: 0, home: null, draw: null, away: null },
          { at: H, home: null, draw: null, away: null },
        ],
        2 * H,
        400,
        100,
      ),
    ).toBeNull();
  });

  it("leaves an outcome the bookmaker never quoted without a line", () => {
    const g = priceChartGeometry(
      seen.map((s) => ({ ...s, draw: null })),
      4 * H,
      400,
      100,
    )!;
    expect(g.lines.draw).toBe("");
  });
});
