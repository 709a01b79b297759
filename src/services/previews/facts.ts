import { createHash } from "node:crypto";
import { standings } from "../../db/queries/leagues.ts";
import { type PredictionRow, predictionsFor } from "../../db/queries/predictions.ts";
import {
  type PastResultRow,
  type PreviewCandidateRow,
  headToHead,
  lastResults,
  refereeRecord,
} from "../../db/queries/previews.ts";
import { COUNTRY_ZONES, type Outcome, type PreviewFacts, type TeamFacts } from "../../domain/previews/facts.ts";
import { SLUG_WORDS } from "../../domain/previews/generate.ts";
import type { PreviewLocale } from "../../domain/previews/locales.ts";
import { venueOf } from "../../domain/previews/venues.ts";
import { picksOf } from "../../domain/predictions/kinds.ts";
import { marketsOf } from "../../domain/predictions/probabilities.ts";
import { slugify } from "../../i18n/paths.ts";

import type { PreviewsDeps } from "./deps.ts";
import { REFEREE_KNOWN_MS } from "./policy.ts";

const outcomeFor = (teamId: number, r: PastResultRow): Outcome => {
  const [gf, ga] = r.homeTeamId === teamId ? [r.ftHome, r.ftAway] : [r.ftAway, r.ftHome];
  return gf > ga ? "W" : gf === ga ? "D" : "L";
};

function teamFacts(id: number, name: string, last: PastResultRow[], venue: PastResultRow[]): TeamFacts {
  const goals = (rows: PastResultRow[]) =>
    rows.reduce(
      (acc, r) => {
        const home = r.homeTeamId === id;
        return {
          scored: acc.scored + (home ? r.ftHome : r.ftAway),
          conceded: acc.conceded + (home ? r.ftAway : r.ftHome),
        };
      },
      { scored: 0, conceded: 0 },
    );
  const all = goals(last);
  const atVenue = goals(venue);
  return {
    id,
    name,
    form: last.map((r) => outcomeFor(id, r)),
    scored: all.scored,
    conceded: all.conceded,
    venueForm: venue.map((r) => outcomeFor(id, r)),
    venueScored: atVenue.scored,
    venueConceded: atVenue.conceded,
  };
}

/** The stored prediction as a preview tells it: the probabilities and the best bet at the stored prices. */
function predictionFacts(p: PredictionRow | undefined): PreviewFacts["prediction"] {
  let prediction: PreviewFacts["prediction"] = null;
  if (p) {
    const markets = marketsOf(p.final);
    const prices = (p.market as { prices?: { bookmaker?: string; x12?: number[]; ou25?: number[] } } | null)?.prices;
    const outcomePrices: Record<string, number> = {};
    if (prices?.x12) [outcomePrices["1"], outcomePrices.X, outcomePrices["2"]] = prices.x12 as [number, number, number];
    if (prices?.ou25) [outcomePrices.O25, outcomePrices.U25] = prices.ou25 as [number, number];
    const best = picksOf(markets, outcomePrices, false).find((pick) => pick.kind === 0) ?? null;
    const round = (x: number) => Math.round(x * 10_000) / 10_000;
    prediction = {
      pHome: round(p.pHome),
      pDraw: round(p.pDraw),
      pAway: round(p.pAway),
      pOver25: round(p.pOver25),
      pBtts: round(markets.GG ?? 0),
      best: best
        ? {
            outcome: best.outcome,
            probability: round(best.probability),
            fairOdds: round(best.fairOdds),
            odds: best.odds,
            bookmaker: best.odds === null ? null : (prices?.bookmaker ?? null),
          }
        : null,
    };
  }
  return prediction;
}

/** Everything a preview of this fixture may say, read as of `asOf` (walk-forward). */
export async function factsOf(d: PreviewsDeps, row: PreviewCandidateRow, asOf: Date): Promise<PreviewFacts> {
  const before = row.kickoff;
  const [homeLast, homeVenue, awayLast, awayVenue, h2h, table, stored] = await Promise.all([
    lastResults(d.ctx.pool, row.homeTeamId, before, asOf, "any", 5),
    lastResults(d.ctx.pool, row.homeTeamId, before, asOf, "home", 5),
    lastResults(d.ctx.pool, row.awayTeamId, before, asOf, "any", 5),
    lastResults(d.ctx.pool, row.awayTeamId, before, asOf, "away", 5),
    headToHead(d.ctx.pool, row.homeTeamId, row.awayTeamId, before, asOf, 5),
    standings(d.ctx.pool, row.seasonId, new Date(Math.min(asOf.getTime(), before.getTime()))),
    predictionsFor(d.ctx.pool, [row.id]),
  ]);
  const refereeKnown = row.referee && row.kickoff.getTime() - asOf.getTime() <= REFEREE_KNOWN_MS;
  const ref = refereeKnown ? await refereeRecord(d.ctx.pool, row.referee!, asOf) : null;
  const position = (teamId: number) => {
    const i = table.findIndex((t) => t.teamId === teamId);
    if (i < 0) return null;
    const t = table[i]!;
    return {
      position: i + 1,
      points: t.points,
      played: t.played,
      goalsFor: t.goalsFor,
      goalsAgainst: t.goalsAgainst,
    };
  };
  const home = position(row.homeTeamId);
  const away = position(row.awayTeamId);
  const prediction = predictionFacts(stored.get(row.id));
  return {
    fixtureId: row.id,
    writtenAt: asOf.toISOString(),
    kickoff: row.kickoff.toISOString(),
    timeZone: COUNTRY_ZONES[row.countryCode] ?? "UTC",
    league: { id: row.leagueId, name: row.leagueName, country: row.countryName, countryCode: row.countryCode },
    season: row.seasonName,
    home: teamFacts(row.homeTeamId, row.homeTeamName, homeLast, homeVenue),
    away: teamFacts(row.awayTeamId, row.awayTeamName, awayLast, awayVenue),
    venue: venueOf(row.countryCode, row.homeTeamName),
    referee: refereeKnown
      ? {
          name: row.referee!,
          matches: ref!.matches,
          yellowPerMatch: ref!.yellow === null ? null : Math.round(ref!.yellow * 100) / 100,
          redPerMatch: ref!.red === null ? null : Math.round(ref!.red * 100) / 100,
        }
      : null,
    h2h: h2h.map((r) => ({
      kickoff: r.kickoff.toISOString(),
      homeName: r.homeName,
      awayName: r.awayName,
      ftHome: r.ftHome,
      ftAway: r.ftAway,
    })),
    standings:
      home && away
        ? {
            teams: table.length,
            roundsPlayed: Math.max(...table.map((t) => t.played)),
            leaderPoints: table[0]!.points,
            safetyPoints: table.length > 4 ? table[table.length - 4]!.points : null,
            home,
            away,
          }
        : null,
    prediction,
  };
}

/** The hash of what an article says: its facts without the moment they were read. */
export function factsHash(facts: PreviewFacts): string {
  const { writtenAt: _w, ...rest } = facts;
  return createHash("sha256").update(JSON.stringify(rest)).digest("hex").slice(0, 32);
}

export function previewSlug(locale: PreviewLocale, facts: Pick<PreviewFacts, "fixtureId" | "home" | "away">): string {
  return `${slugify(facts.home.name)}-${slugify(facts.away.name)}-${SLUG_WORDS[locale]}_${facts.fixtureId}`;
}
