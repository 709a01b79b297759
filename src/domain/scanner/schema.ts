import { z } from "zod";
import { idSchema } from "../ids.ts";
import { isTeamEvent } from "../stats/team-events.ts";
import {
  CATEGORIES,
  COMPARATORS,
  DESIRED_OUTCOMES,
  PREMATCH_OUTCOMES,
  type DesiredOutcome,
  type LeadTime,
  LEAD_UNITS,
  LIVE_ONLY_COMPARATORS,
  LIVE_ONLY_TARGETS,
  MAX_LEAD,
  NUMERIC_OPS,
  ODDS_BOOKMAKERS,
  ODDS_MARKETS,
  type Rule,
  TARGETS,
  TIME_CONDITIONS,
  VENUES,
  WINDOWS,
  statInfo,
} from "./rules.ts";

/**
 * Validation of filters and rules with the SPEC §5 messages, as keys of the `scannerRules` namespace of the locale
 * files: `scannerRules.nameRequired` 'Name is required.', `scannerRules.specialCharacters` 'Special characters are not
 * allowed', `scannerRules.noteTooLong` 'The maximum length is 500 characters', `scannerRules.fieldRequired` 'Field required'.
 */
export const MESSAGES = {
  nameRequired: "scannerRules.nameRequired",
  specialCharacters: "scannerRules.specialCharacters",
  noteTooLong: "scannerRules.noteTooLong",
  fieldRequired: "scannerRules.fieldRequired",
  /** "Field required: {{field}}", naming the missing field (`rules.0.stat`) */
  fieldMissing: "scannerRules.fieldMissing",
  nameTooLong: "scannerRules.nameTooLong",
  notANumber: "scannerRules.notANumber",
  unknownStat: "scannerRules.unknownStat",
  targetNotForStat: "scannerRules.targetNotForStat",
  liveOnly: "scannerRules.liveOnly",
  tooManyRules: "scannerRules.tooManyRules",
  badMinute: "scannerRules.badMinute",
  /** a minute after the 90th: the match clock shows added time as minute 45 or 90 */
  minuteOver90: "scannerRules.minuteOver90",
  badLead: "scannerRules.badLead",
} as const;

export const MAX_NAME = 80;
export const MAX_NOTE = 500;
export const MAX_RULES = 30;
/** Letters of every alphabet, digits, spaces and ordinary punctuation; no markup or code characters. */
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{N} \-–—_.,'’()/+%&!?#:]*$/u;

const required = { error: MESSAGES.fieldRequired };
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, required);
const num = z.number(required).refine(Number.isFinite, { error: MESSAGES.notANumber });
/** The last minute a rule can name: a match has 90 minutes, added time is shown as minute 45 or 90. */
export const MAX_RULE_MINUTE = 90;
const minute = z
  .number(required)
  .int({ error: MESSAGES.badMinute })
  .min(0, { error: MESSAGES.badMinute })
  .max(MAX_RULE_MINUTE, { error: MESSAGES.minuteOver90 });

export type ScannerKind = "live" | "preMatch";

const ruleShape = z.object({
  id: z.string(required).min(1, required).max(40, required),
  category: choice(CATEGORIES),
  stat: z.string(required).min(1, required).max(40, required),
  target: choice(TARGETS),
  comparator: choice(COMPARATORS),
  value: num,
  venue: z.enum(VENUES, required).optional(),
  window: z.enum(WINDOWS, required).optional(),
  time: z
    .object({ kind: choice(TIME_CONDITIONS), minute: minute.optional(), toMinute: minute.optional() })
    .refine(
      (t) => !["MinuteAt", "BeforeMinute", "AfterMinute", "MinuteRange"].includes(t.kind) || t.minute !== undefined,
      {
        error: MESSAGES.fieldRequired,
        path: ["minute"],
      },
    )
    .refine(
      (t) => t.kind !== "MinuteRange" || (t.toMinute !== undefined && t.minute !== undefined && t.toMinute >= t.minute),
      {
        error: MESSAGES.badMinute,
        path: ["toMinute"],
      },
    )
    .optional(),
  oddsMarket: z.enum(ODDS_MARKETS, required).optional(),
  firstMinute: minute.optional(),
  secondMinute: minute.optional(),
  bookmaker: z.enum(ODDS_BOOKMAKERS, required).optional(),
  numeric: z
    .object({
      op: choice(NUMERIC_OPS),
      stat: z.string(required).min(1, required).max(40, required),
      withTarget: choice(TARGETS),
    })
    .optional(),
});

/** Checks of a rule that depend on the scanner and on the catalogue of statistics; returns [path, message key] pairs. */
export function ruleProblems(rule: Rule, kind: ScannerKind): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  const info = statInfo(rule.category, rule.stat, isTeamEvent);
  if (!info) return [["stat", MESSAGES.unknownStat]];
  if (!info.scanners.includes(kind)) problems.push(["stat", MESSAGES.liveOnly]);
  if (info.scope === "match" && rule.target !== "Match") problems.push(["target", MESSAGES.targetNotForStat]);
  if (rule.category === "odds" && info.scope === "team" && rule.target === "Match")
    problems.push(["target", MESSAGES.targetNotForStat]);
  if (rule.category === "probabilities" && info.scope === "team" && rule.target === "Match")
    problems.push(["target", MESSAGES.targetNotForStat]);
  // Standings are a team's (rank, points…): both teams together have none (the match's points gap is its own statistic).
  if (rule.category === "preMatchStats" && info.scope === "team" && !isTeamEvent(rule.stat) && rule.target === "Match")
    problems.push(["target", MESSAGES.targetNotForStat]);
  if (kind === "preMatch") {
    if (LIVE_ONLY_TARGETS.has(rule.target)) problems.push(["target", MESSAGES.liveOnly]);
    if (LIVE_ONLY_COMPARATORS.has(rule.comparator)) problems.push(["comparator", MESSAGES.liveOnly]);
    if (rule.time) problems.push(["time", MESSAGES.liveOnly]);
    if (rule.oddsMarket === "LiveMatch") problems.push(["oddsMarket", MESSAGES.liveOnly]);
  }
  if (LIVE_ONLY_COMPARATORS.has(rule.comparator) && (rule.category !== "odds" || rule.oddsMarket !== "LiveMatch")) {
    problems.push(["comparator", MESSAGES.liveOnly]);
  }
  if (rule.numeric) {
    const second = statInfo(rule.category, rule.numeric.stat, isTeamEvent);
    if (!second) problems.push(["numeric", MESSAGES.unknownStat]);
    else if (second.scope === "match" && rule.numeric.withTarget !== "Match")
      problems.push(["numeric", MESSAGES.targetNotForStat]);
    else if (
      second.scope === "team" &&
      rule.numeric.withTarget === "Match" &&
      rule.category !== "liveStats" &&
      !(rule.category === "preMatchStats" && isTeamEvent(rule.numeric.stat))
    )
      problems.push(["numeric", MESSAGES.targetNotForStat]);
    else if (kind === "preMatch" && LIVE_ONLY_TARGETS.has(rule.numeric.withTarget))
      problems.push(["numeric", MESSAGES.liveOnly]);
  }
  return problems;
}

/** A rule of a scanner: the shape, then the catalogue checks (unknown statistic, target, live-only parts). */
export function ruleSchema(kind: ScannerKind) {
  return ruleShape.superRefine((rule, ctx) => {
    for (const [path, message] of ruleProblems(rule as Rule, kind))
      ctx.addIssue({ code: "custom", message, path: [path] });
  });
}

const name = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, { error: MESSAGES.nameRequired })
  .max(MAX_NAME, { error: MESSAGES.nameTooLong })
  .regex(NAME_CHARACTERS, { error: MESSAGES.specialCharacters });

const leadTime = z
  .object({
    amount: z.number(required).int({ error: MESSAGES.badLead }).min(1, { error: MESSAGES.badLead }),
    unit: choice(LEAD_UNITS),
  })
  .refine((l) => l.amount <= MAX_LEAD[l.unit], { error: MESSAGES.badLead, path: ["amount"] });

/** The fields a member edits on a filter (rules are edited one by one but validated with it). */
export function filterSchema(kind: ScannerKind) {
  return z.object({
    name,
    note: z.string().max(MAX_NOTE, { error: MESSAGES.noteTooLong }).default(""),
    // A pre-match filter cannot want what is judged from the moment of a live alert on (a goal after it).
    desiredOutcome: z.enum(kind === "preMatch" ? PREMATCH_OUTCOMES : DESIRED_OUTCOMES, required).default("none"),
    // The one id schema: an id out of range answers its message key, never zod's English.
    leagueIds: z.array(idSchema, required).max(200, required).default([]),
    muted: z.boolean().default(false),
    rules: z.array(ruleSchema(kind), required).max(MAX_RULES, { error: MESSAGES.tooManyRules }).default([]),
    ...(kind === "preMatch" ? { leadTime: leadTime.default({ amount: 1, unit: "hours" }) } : {}),
  });
}

export interface PreMatchFilterFields {
  name: string;
  note: string;
  desiredOutcome: DesiredOutcome;
  leagueIds: number[];
  muted: boolean;
  rules: Rule[];
  leadTime: LeadTime;
}
