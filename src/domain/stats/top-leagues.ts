/** The big five countries, in this order, whose first divisions lead the top leagues. */
export const BIG_FIVE = ["ENG", "ESP", "GER", "ITA", "FRA"];

export interface LeagueForRanking {
  id: number;
  tier: number;
  countryCode: string;
  /** matches in the last year */
  matches: number;
}

/**
 * Top leagues by priority (1 = first): with a country code, that country's leagues first (by tier); then the
 * first divisions of England, Spain, Germany, Italy and France; then every other league by tier and by
 * matches played in the last year (more matches, more to bet on), then by id.
 */
export function rankTopLeagues<L extends LeagueForRanking>(
  leagues: L[],
  countryCode?: string,
): Array<L & { priority: number }> {
  const code = countryCode?.toUpperCase();
  const bigFive = (l: L) => (l.tier === 1 ? BIG_FIVE.indexOf(l.countryCode) : -1);
  const rank = (l: L): [number, number, number, number] => {
    if (code && l.countryCode === code) return [0, l.tier, -l.matches, l.id];
    const b = bigFive(l);
    if (b >= 0) return [1, b, 0, l.id];
    return [2, l.tier, -l.matches, l.id];
  };
  const sorted = [...leagues].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!;
    return 0;
  });
  return sorted.map((l, i) => ({ ...l, priority: i + 1 }));
}
