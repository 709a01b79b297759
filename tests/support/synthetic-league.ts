import type { SweepMatch } from "../../src/domain/predictions/walk-forward.ts";

/** A deterministic double round robin of `teams` teams, one round a week, with plausible scores. */
export function syntheticSeason(teams: number, startMs: number, season = "2025-2026"): SweepMatch[] {
  const matches: SweepMatch[] = [];
  let id = 1;
  const rounds = (teams - 1) * 2;
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < teams / 2; k++) {
      const a = (round + k) % teams;
      const b = (round + teams - 1 - k) % teams;
      if (a === b) continue;
      const [home, away] = round % 2 === 0 ? [a, b] : [b, a];
      const ftHome = (home * 7 + away * 3 + round) % 4;
      const ftAway = (away * 5 + home + round * 2) % 3;
      matches.push({
        fixtureId: id++,
        country: "ENG",
        leagueKey: "E0",
        tier: 1,
        season,
        homeId: home + 1,
        awayId: away + 1,
        kickoffMs: startMs + round * 7 * 86_400_000 + k * 3_600_000,
        result: {
          ftHome,
          ftAway,
          htHome: Math.min(ftHome, 1),
          htAway: Math.min(ftAway, 1),
          cornersHome: 5 + (home % 4),
          cornersAway: 4 + (away % 3),
          shotsOnTargetHome: ftHome + 3,
          shotsOnTargetAway: ftAway + 2,
        },
        openingOdds: { x12: [2.2 + (home % 3) / 10, 3.4, 3.1], ou25: [1.9, 1.95] },
      });
    }
  }
  return matches;
}
