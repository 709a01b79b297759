import type { PreviewRow } from "../../db/queries/previews.ts";
import type { PreviewLocale } from "../../domain/previews/locales.ts";

export interface PreviewSummary {
  fixtureId: number;
  locale: PreviewLocale;
  slug: string;
  title: string;
  summary: string;
  kickoff: string;
  writtenAt: string;
  league: { id: number; name: string; country: string };
  localTeam: { id: number; name: string };
  visitorTeam: { id: number; name: string };
  /** null until the match has ended */
  score: { home: number; away: number } | null;
}

export function summaryOf(r: PreviewRow): PreviewSummary {
  return {
    fixtureId: r.fixtureId,
    locale: r.locale as PreviewLocale,
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    kickoff: r.kickoff.toISOString(),
    writtenAt: r.writtenAt.toISOString(),
    league: { id: r.leagueId, name: r.leagueName, country: r.countryName },
    localTeam: { id: r.homeTeamId, name: r.homeName },
    visitorTeam: { id: r.awayTeamId, name: r.awayName },
    score: r.ftHome !== null && r.ftAway !== null ? { home: r.ftHome, away: r.ftAway } : null,
  };
}
