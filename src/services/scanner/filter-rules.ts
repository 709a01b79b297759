/**
 * A filter's fields and rules as both scanners check them: parsing with the SPEC §5 messages, rule ids, leagues
 * that must exist, the rule edits (add, change, remove) and whether new fields change what a filter picks.
 */
import type { Pool } from "../../db/client.ts";
import { existingLeagueIds } from "../../db/queries/stats.ts";
import { ID_MESSAGE, isId } from "../../domain/ids.ts";
import type { Rule } from "../../domain/scanner/rules.ts";
import { MESSAGES, type ScannerKind, filterSchema, ruleSchema } from "../../domain/scanner/schema.ts";
import { ServiceError, fieldErrorsOf } from "../errors.ts";

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
