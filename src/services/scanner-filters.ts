/**
 * What the live and the pre-match scanner share about filters: parsing a filter and a rule with the SPEC §5
 * messages, rule ids, a filter's history with its matches, and the breakdown by league.
 */
import type { Pool } from "../db/client.ts";
import { existingLeagueIds } from "../db/queries/stats.ts";
import { ID_MESSAGE, isId } from "../domain/ids.ts";
import { type FixtureBrief, fixtureBriefs } from "../db/queries/prematch.ts";
import { type FilterFigures as AlertFigures, filterFigures } from "../domain/alerts/figures.ts";
import type { Rule } from "../domain/scanner/rules.ts";
import { MESSAGES, type ScannerKind, filterSchema, ruleSchema } from "../domain/scanner/schema.ts";
import type { AlertSource, AlertsService } from "./alerts.ts";
import { ServiceError, fieldErrorsOf } from "./errors.ts";

export interface MatchBrief {
  fixtureId: number;
  kickoff: string;
  leagueId: number;
  league: string;
  country: string;
  home: string;
  away: string;
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

export function toRules(raw: unknown): Rule[] {
  return Array.isArray(raw) ? (raw as Rule[]) : [];
}

/** Rules sent without an id get one by their position. */
export function withRuleIds(input: unknown): unknown {
  if (typeof input !== "object" || input === null || !Array.isArray((input as { rules?: unknown }).rules)) return input;
  const rules = (input as { rules: unknown[] }).rules.map((r, i) =>
    typeof r === "object" && r !== null && !(r as { id?: unknown }).id ? { ...r, id: `r${i + 1}` } : r,
  );
  return { ...input, rules };
}

/**
 * A 400 for failed checks of a filter or rule: `fields` holds the first message per top-level field (what the
 * forms show) and per full path (`rules.0.stat`); a missing field is named in the message ("Field required:
 * rules.0.stat").
 */
export function refuseIssues(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  fallback: string = MESSAGES.fieldRequired,
): never {
  const fields = fieldErrorsOf(issues);
  for (const issue of issues) if (issue.path.length > 1) fields[issue.path.map(String).join(".")] ??= issue.message;
  const first = issues[0];
  const at = first ? first.path.map(String).join(".") : "";
  if (first?.message === MESSAGES.fieldRequired && at)
    throw new ServiceError(400, MESSAGES.fieldMissing, fields, { field: at });
  throw new ServiceError(400, first?.message ?? fallback, fields, at ? { field: at } : undefined);
}

const refuse = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): never => refuseIssues(issues);

/** The message key of a league id that names no league. */
export const UNKNOWN_LEAGUE = "leagueGroups.unknownLeague";

/** Refuses league ids that name no league (400 on `leagueIds`): a filter or a backtest never keeps one. */
export async function refuseUnknownLeagues(pool: Pool, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  if (!wanted.every(isId)) throw new ServiceError(400, ID_MESSAGE, { leagueIds: ID_MESSAGE });
  const known = new Set(await existingLeagueIds(pool, wanted));
  const unknown = wanted.find((id) => !known.has(id));
  if (unknown !== undefined)
    throw new ServiceError(400, UNKNOWN_LEAGUE, { leagueIds: UNKNOWN_LEAGUE }, { id: unknown });
}

/** A filter's fields checked by `filterSchema(kind)`; a 400 with the first message and every field's. */
export function parseFilterFields<T>(kind: ScannerKind, input: unknown): T {
  const parsed = filterSchema(kind).safeParse(withRuleIds(input ?? {}));
  if (!parsed.success) refuse(parsed.error.issues);
  return parsed.data as T;
}

/** One rule checked by `ruleSchema(kind)`, with the given id. */
export function parseRule(kind: ScannerKind, input: unknown, id: string): Rule {
  const raw = typeof input === "object" && input !== null ? input : {};
  const parsed = ruleSchema(kind).safeParse({ ...raw, id });
  if (!parsed.success) refuse(parsed.error.issues);
  return parsed.data as Rule;
}

/** A fresh id for a rule added to a filter that has `count` rules. */
export const newRuleId = (count: number, now: Date) => `r${now.getTime().toString(36)}${count}`;

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

/** The parts of a filter that decide its picks; a change of one of them erases the history. */
interface PickDeciding {
  rules: Rule[];
  desiredOutcome: string;
  leagueIds: number[];
}

/**
 * Whether a filter's new fields change what it picks (rules, desired outcome, leagues). Rules are compared after
 * parsing both sides: jsonb gives their keys back in another order than they were written.
 */
export function changesPicks(kind: ScannerKind, before: PickDeciding, after: PickDeciding): boolean {
  const canonical = (rule: Rule) => {
    try {
      return parseRule(kind, rule, rule.id);
    } catch {
      return rule;
    }
  };
  const rules = (r: Rule[]) => JSON.stringify(r.map(canonical));
  const leagues = (l: number[]) => JSON.stringify([...l].sort((a, b) => a - b));
  return (
    before.desiredOutcome !== after.desiredOutcome ||
    leagues(before.leagueIds) !== leagues(after.leagueIds) ||
    rules(before.rules) !== rules(after.rules)
  );
}
