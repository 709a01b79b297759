/**
 * Changing a filter of either kind: its fields, its rules one by one, deletion. A change of what makes picks (rules,
 * desired outcome, leagues) erases the filter's history; a rename, mute or note does not.
 */
import { deleteFilter, updateFilter as writeFilter } from "../../db/queries/scanner-filters.ts";
import type { Rule } from "../../domain/scanner/rules.ts";
import { ServiceError } from "../errors.ts";
import { type User, ownFilter, requireUser } from "./filter-access.ts";
import { changesPicks, newRuleId, parseRule, refuseUnknownLeagues } from "./filter-rules.ts";
import {
  type FilterFields,
  type FilterRow,
  KINDS,
  type ScannerDeps,
  type ScannerKind,
  fieldsOf,
  parseFields,
  writeOf,
} from "./kinds.ts";

/** Saves new fields over a filter; erases its history when they change what it picks. */
async function save(deps: ScannerDeps, kind: ScannerKind, user: User, row: FilterRow, fields: FilterFields) {
  const erase = changesPicks(kind, fieldsOf(kind, row), fields);
  await writeFilter(deps.ctx.pool, kind, user.id, row.id, writeOf(fields));
  if (erase) await deps.alerts.clearHistory(KINDS[kind].source, row.id);
}

/** Changes a filter's fields (rules too when given): the input over the stored fields, checked as a whole. */
export async function updateFilter(
  deps: ScannerDeps,
  kind: ScannerKind,
  user: User | null,
  id: number,
  input: unknown,
): Promise<User> {
  const { user: u, row } = await ownFilter(deps, kind, user, id);
  const current = fieldsOf(kind, row);
  const fields = parseFields(kind, { ...current, ...(typeof input === "object" && input !== null ? input : {}) });
  // Leagues the filter already had stay accepted; a new one must exist.
  await refuseUnknownLeagues(
    deps.ctx.pool,
    fields.leagueIds.filter((l) => !current.leagueIds.includes(l)),
  );
  await save(deps, kind, u, row, fields);
  return u;
}

export async function removeFilter({ ctx }: ScannerDeps, kind: ScannerKind, user: User | null, id: number) {
  const u = requireUser(user);
  if (!(await deleteFilter(ctx.pool, kind, u.id, id))) throw new ServiceError(404, KINDS[kind].notFound);
}

/** The rules after an edit; the edit refuses (404) a rule that is not there. */
type RuleEdit = (rules: Rule[], kind: ScannerKind, now: Date) => Rule[];

async function editRules(deps: ScannerDeps, kind: ScannerKind, user: User | null, id: number, edit: RuleEdit) {
  const { user: u, row } = await ownFilter(deps, kind, user, id);
  const current = fieldsOf(kind, row);
  const rules = edit(current.rules, kind, deps.ctx.clock.now());
  await save(deps, kind, u, row, parseFields(kind, { ...current, rules }));
  return u;
}

const refuseMissing = (rules: Rule[], kind: ScannerKind, ruleId: string) => {
  const index = rules.findIndex((r) => r.id === ruleId);
  if (index < 0) throw new ServiceError(404, KINDS[kind].notFound);
  return index;
};

export const addRule = (deps: ScannerDeps, kind: ScannerKind, user: User | null, id: number, input: unknown) =>
  editRules(deps, kind, user, id, (rules, k, now) => [...rules, parseRule(k, input, newRuleId(rules.length, now))]);

export const updateRule = (
  deps: ScannerDeps,
  kind: ScannerKind,
  user: User | null,
  id: number,
  ruleId: string,
  input: unknown,
) =>
  editRules(deps, kind, user, id, (rules, k) => {
    const next = [...rules];
    next[refuseMissing(rules, k, ruleId)] = parseRule(k, input, ruleId);
    return next;
  });

export const removeRule = (deps: ScannerDeps, kind: ScannerKind, user: User | null, id: number, ruleId: string) =>
  editRules(deps, kind, user, id, (rules, k) => {
    refuseMissing(rules, k, ruleId);
    return rules.filter((r) => r.id !== ruleId);
  });
