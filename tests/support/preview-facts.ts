import type { Outcome, PreviewFacts } from "../../src/domain/previews/facts.ts";

const OUTCOMES: Outcome[] = ["W", "D", "L"];

/** A deterministic, varied set of preview facts for fixture `id` (forms, table, odds all depend on it). */
export function sampleFacts(id: number, overrides: Partial<PreviewFacts> = {}): PreviewFacts {
  const r = (salt: number, n: number) => Math.abs(Math.imul(id * 7919 + salt * 104729, 2654435761) >>> 7) % n;
  const form = (salt: number): Outcome[] =>
    Array.from({ length: r(salt, 6) }, (_v, i) => OUTCOMES[r(salt + i + 1, 3)]!);
  const homeForm = form(10);
  const awayForm = form(20);
  const pHome = 0.2 + r(3, 50) / 100;
  const pAway = Math.min(0.75 - pHome + r(4, 10) / 100, 0.6);
  const best = r(5, 4);
  const outcome = ["1", "2", "O25", "GG"][best]!;
  const probability = 0.45 + r(6, 30) / 100;
  return {
    fixtureId: id,
    writtenAt: "2026-03-10T09:00:00.000Z",
    kickoff: `2026-03-${String(12 + (id % 3)).padStart(2, "0")}T${id % 2 ? "15" : "20"}:00:00.000Z`,
    timeZone: id % 5 === 0 ? "UTC" : "Europe/London",
    league: { id: 1, name: "Premier League", country: "England", countryCode: "ENG" },
    season: "2025-2026",
    home: {
      id: 1000 + id,
      name: id % 2 ? "Arsenal" : "Everton",
      form: homeForm,
      scored: r(7, 12),
      conceded: r(8, 10),
      venueForm: form(30),
      venueScored: r(9, 10),
      venueConceded: r(11, 8),
    },
    away: {
      id: 2000 + id,
      name: id % 2 ? "Chelsea" : "Aston Villa",
      form: awayForm,
      scored: r(12, 12),
      conceded: r(13, 10),
      venueForm: form(40),
      venueScored: r(14, 9),
      venueConceded: r(15, 9),
    },
    venue:
      id % 4 === 3
        ? null
        : id % 2
          ? { stadium: "Emirates Stadium", city: "London" }
          : { stadium: "Hill Dickinson Stadium", city: "Liverpool" },
    referee:
      id % 3 === 0
        ? null
        : {
            name: "M Oliver",
            matches: 1 + r(16, 40),
            yellowPerMatch: id % 7 === 1 ? null : 2 + r(17, 30) / 10,
            redPerMatch: r(18, 20) / 100,
          },
    h2h: Array.from({ length: r(19, 6) }, (_v, i) => ({
      kickoff: `202${5 - Math.floor(i / 2)}-0${1 + i}-15T15:00:00.000Z`,
      homeName: i % 2 ? "Chelsea" : "Arsenal",
      awayName: i % 2 ? "Arsenal" : "Chelsea",
      ftHome: r(50 + i, 4),
      ftAway: r(60 + i, 3),
    })),
    standings:
      id % 6 === 5
        ? null
        : {
            teams: 20,
            roundsPlayed: 2 + r(21, 30),
            leaderPoints: 70,
            safetyPoints: 30,
            home: {
              position: 1 + r(22, 20),
              points: 20 + r(23, 50),
              played: 28,
              goalsFor: 40,
              goalsAgainst: 1 + r(24, 40),
            },
            away: {
              position: 1 + r(25, 20),
              points: 20 + r(26, 50),
              played: 28,
              goalsFor: 1 + r(27, 50),
              goalsAgainst: 30,
            },
          },
    prediction:
      id % 11 === 10
        ? null
        : {
            pHome,
            pDraw: 1 - pHome - pAway,
            pAway,
            pOver25: 0.3 + r(28, 40) / 100,
            pBtts: 0.35 + r(29, 30) / 100,
            best: {
              outcome,
              probability,
              fairOdds: 1 / probability,
              odds: best === 3 ? null : 1 / probability + (r(30, 40) - 20) / 100,
              bookmaker: "PS",
            },
          },
    ...overrides,
  };
}
