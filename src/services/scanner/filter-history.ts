/** A filter's history as both scanners show it: its picks with their matches, and the breakdown by league. */
import type { Pool } from "../../db/client.ts";
import { type FixtureBrief, fixtureBriefs } from "../../db/queries/scanner-fixtures.ts";
import { type FilterFigures as AlertFigures, filterFigures } from "../../domain/alerts/figures.ts";
import type { Access } from "../../domain/premium/access.ts";
import type { AlertSource, AlertsService } from "../alerts.ts";
import { type User, ownFilter, readableFilter } from "./filter-access.ts";
import { KINDS, type ScannerDeps, type ScannerKind } from "./kinds.ts";

/** A match as the scanner's lists name it. */
export interface MatchNames {
  fixtureId: number;
  kickoff: string;
  leagueId: number;
  league: string;
  country: string;
  home: string;
  away: string;
}

export interface MatchBrief extends MatchNames {
  score: { home: number; away: number } | null;
}

export interface HistoryPick {
  id: number;
  fixtureId: number;
  odds: number | null;
  grade: string | null;
  createdAt: string;
  match: MatchBrief | null;
}

export interface LeagueBreakdown {
  league: string;
  country: string;
  figures: AlertFigures;
}

export const brief = (b: FixtureBrief): MatchBrief => ({
  fixtureId: b.id,
  kickoff: b.kickoff.toISOString(),
  leagueId: b.leagueId,
  league: b.league,
  country: b.country,
  home: b.home,
  away: b.away,
  score: b.ftHome === null || b.ftAway === null ? null : { home: b.ftHome, away: b.ftAway },
});

/** A filter's picks (newest first, at most 500) with their matches; scores only once the match has ended by `now`. */
export async function historyWithMatches(
  pool: Pool,
  alerts: Pick<AlertsService, "history">,
  source: AlertSource,
  filterId: number,
  now: Date,
): Promise<HistoryPick[]> {
  const picks = (await alerts.history(source, filterId)).slice(0, 500);
  const briefs = await fixtureBriefs(
    pool,
    picks.map((p) => p.fixtureId),
    now,
  );
  return picks.map((p) => {
    const b = briefs.get(p.fixtureId);
    return {
      id: p.id,
      fixtureId: p.fixtureId,
      odds: p.odds,
      grade: p.status === "pending" ? null : p.status,
      createdAt: p.createdAt.toISOString(),
      match: b ? brief(b) : null,
    };
  });
}

/** Picks by league with the alerts module's figures, most picks first. */
export function breakdownByLeague(picks: HistoryPick[]): LeagueBreakdown[] {
  const byLeague = new Map<
    string,
    {
      league: string;
      country: string;
      picks: Array<{ status: "won" | "lost" | "void" | "pending"; odds: number | null }>;
    }
  >();
  for (const pick of picks) {
    if (!pick.match) continue;
    const key = `${pick.match.country}|${pick.match.league}`;
    const group = byLeague.get(key) ?? { league: pick.match.league, country: pick.match.country, picks: [] };
    group.picks.push({ status: (pick.grade ?? "pending") as "won" | "lost" | "void" | "pending", odds: pick.odds });
    byLeague.set(key, group);
  }
  return [...byLeague.values()]
    .map((g) => ({ league: g.league, country: g.country, figures: filterFigures(g.picks) }))
    .sort((a, b) => b.figures.picks - a.figures.picks);
}

/** A filter's picks (its owner, or a premium member: free users do not see others' picks, SPEC §6). */
export async function filterHistory(
  deps: ScannerDeps,
  kind: ScannerKind,
  user: User | null,
  access: Access,
  id: number,
): Promise<HistoryPick[]> {
  await readableFilter(deps, kind, user, access, id);
  return historyWithMatches(deps.ctx.pool, deps.alerts, KINDS[kind].source, id, deps.ctx.clock.now());
}

/** Clears one's filter's history, or one pick (`pickId`); answers how many picks left it. */
export async function clearFilterHistory(
  deps: ScannerDeps,
  kind: ScannerKind,
  user: User | null,
  id: number,
  pickId: number | null,
): Promise<number> {
  await ownFilter(deps, kind, user, id);
  return deps.alerts.clearHistory(KINDS[kind].source, id, pickId);
}
