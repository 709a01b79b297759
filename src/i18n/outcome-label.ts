import { goalOutcomeSpec } from "../domain/scanner/goal-outcomes.ts";

/**
 * The translation key (and values) of a scanner's desired outcome: the SPEC §3 match-result ones have a key each
 * (`prematch.outcomes.*`); the goal outcomes share a key per kind with the line as a value, since their names
 * ("over_2.5") cannot be keys (the dot separates key parts) and the line is a number to write in the locale.
 */
export function outcomeKey(outcome: string): [string, Record<string, number>?] {
  const spec = goalOutcomeSpec(outcome);
  if (!spec) return [`prematch.outcomes.${outcome}`];
  switch (spec.family) {
    case "total":
      return [`goalOutcomes.${spec.over ? "over" : "under"}`, { line: spec.line }];
    case "htTotal":
      return [`goalOutcomes.${spec.over ? "ht_over" : "ht_under"}`, { line: spec.line }];
    case "corners":
      return [`goalOutcomes.${spec.over ? "corners_over" : "corners_under"}`, { line: spec.line }];
    default:
      return [`goalOutcomes.${outcome}`];
  }
}
