import { describe, expect, it } from "vitest";
import { BEST_BETS_CODE, KINDS } from "../../src/domain/predictions/kinds.ts";
import { FREE_MARKETS, type MarketKey, isPremiumMarket } from "../../src/domain/predictions/markets.ts";
import { marketsOf } from "../../src/domain/predictions/probabilities.ts";
import { CATEGORY_CODES } from "../../src/i18n/slugs.ts";

/** Every MarketKey, spelt out from the same grammar (each element is type-checked against the union). */
const OU = ["O", "U"] as const;
const R = ["1", "X", "2"] as const;
const ALL_KEYS: MarketKey[] = [
  ...R,
  "1X",
  "12",
  "X2",
  "GG",
  "NG",
  ...OU.flatMap((o) => (["05", "15", "25", "35", "45", "55"] as const).map((l) => `${o}${l}` as const)),
  ...(["H", "A"] as const).flatMap((t) =>
    OU.flatMap((o) => (["05", "15", "25"] as const).map((l) => `${t}_${o}${l}` as const)),
  ),
  ...R.flatMap((r) => (["GG", "NG", "O25", "U25"] as const).map((m) => `${r}/${m}` as const)),
  ...R.map((r) => `HT_${r}` as const),
  ...(["HT", "2H"] as const).flatMap((h) => [
    ...OU.flatMap((o) => (["05", "15", "25"] as const).map((l) => `${h}_${o}${l}` as const)),
    `${h}_GG` as const,
    `${h}_NG` as const,
  ]),
  ...OU.flatMap((o) => (["75", "85", "95", "105"] as const).map((l) => `C_${o}${l}` as const)),
];

describe("market keys", () => {
  it("the markets computed are exactly the MarketKey union (corners only with a corner expectation)", () => {
    const withCorners = marketsOf({ home: 1.5, away: 1.2, rho: -0.05, htShare: 0.45, corners: 10 });
    expect(Object.keys(withCorners).sort()).toEqual([...ALL_KEYS].sort());
    const without = marketsOf({ home: 1.5, away: 1.2, rho: -0.05, htShare: 0.45, corners: null });
    expect(Object.keys(without).sort()).toEqual(ALL_KEYS.filter((k) => !k.startsWith("C_")).sort());
  });

  it("every kind's outcomes are market keys, and every kind has a category slug and a place in the menu", () => {
    for (const kind of KINDS) for (const o of kind.outcomes) expect(ALL_KEYS).toContain(o);
    expect([...CATEGORY_CODES].sort((a, b) => a - b)).toEqual(
      [BEST_BETS_CODE, ...KINDS.map((k) => k.code)].sort((a, b) => a - b),
    );
  });

  it("free markets are market keys; everything else is premium", () => {
    for (const key of FREE_MARKETS) expect(ALL_KEYS).toContain(key);
    expect(ALL_KEYS.filter((k) => !isPremiumMarket(k))).toEqual(
      ALL_KEYS.filter((k) => (FREE_MARKETS as readonly string[]).includes(k)),
    );
    expect(isPremiumMarket("2H_1")).toBe(true);
  });
});
