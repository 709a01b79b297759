/**
 * The scanner is one feature for two kinds of filter: `live` (judged every second on live matches) and `preMatch`
 * (judged on the feature store before kick-off). What really differs between them is here, as data; the use cases
 * of this folder take the kind.
 */
import type { FilterKind, FilterWrite, ScannerFilterBase } from "../../db/queries/scanner-filters.ts";
import type { DesiredOutcome, LeadTime } from "../../domain/scanner/rules.ts";
import type { PreMatchFilterFields } from "../../domain/scanner/schema.ts";
import type { AlertSource, AlertsService } from "../alerts.ts";
import type { ServiceContext } from "../context.ts";
import { parseFilterFields, toRules } from "./filter-rules.ts";

export type ScannerKind = FilterKind;

export interface KindInfo {
  /** the alerts module's source of the kind's picks */
  source: AlertSource;
  /** the message of a filter that is not there (or not the caller's) */
  notFound: string;
  /** an imported filter starts unmuted (live), or keeps the original's mute (pre-match) */
  importUnmuted: boolean;
  /** a filter's history asks a visitor to sign in before anything else (pre-match), or only when refused (live) */
  historyLoginFirst: boolean;
}

export const KINDS: Record<ScannerKind, KindInfo> = {
  live: { source: "live", notFound: "liveScanner.errors.notFound", importUnmuted: true, historyLoginFirst: false },
  preMatch: {
    source: "prematch",
    notFound: "prematch.errors.notFound",
    importUnmuted: false,
    historyLoginFirst: true,
  },
};

/** Messages both kinds answer with. */
export const SCANNER_MESSAGES = {
  deleted: "prematch.errors.filterDeleted",
  importPremium: "prematch.errors.importPremium",
  importLogin: "prematch.errors.importLogin",
  loginRequired: "auth.loginRequired",
  noPermission: "premium.noPermission",
} as const;

/** A live filter's fields: a pre-match filter's without the lead time. */
export type LiveFilterFields = Omit<PreMatchFilterFields, "leadTime">;

/** A filter's fields of either kind (a pre-match filter's have a lead time). */
export type FilterFields = LiveFilterFields | PreMatchFilterFields;

/** A stored filter of either kind. */
export type FilterRow = ScannerFilterBase & { leadAmount?: number; leadUnit?: string };

/** What the use cases need: the context, and the alerts module for a filter's picks. */
export interface ScannerDeps {
  ctx: ServiceContext;
  alerts: Pick<AlertsService, "history" | "clearHistory">;
}

export const leadTimeOf = (row: FilterRow): LeadTime => ({
  amount: row.leadAmount ?? 1,
  unit: (row.leadUnit ?? "hours") as LeadTime["unit"],
});

/** The fields of a stored filter, as a member would send them again. */
export function fieldsOf(kind: ScannerKind, row: FilterRow): FilterFields {
  const fields: LiveFilterFields = {
    name: row.name,
    note: row.note,
    desiredOutcome: row.desiredOutcome as DesiredOutcome,
    leagueIds: row.leagueIds,
    muted: row.muted,
    rules: toRules(row.rules),
  };
  return kind === "preMatch" ? { ...fields, leadTime: leadTimeOf(row) } : fields;
}

/** The fields as the query writes them. */
export function writeOf(fields: FilterFields): FilterWrite {
  const base: FilterWrite = {
    name: fields.name,
    note: fields.note,
    desiredOutcome: fields.desiredOutcome,
    leagueIds: fields.leagueIds,
    muted: fields.muted,
    rules: fields.rules,
  };
  return "leadTime" in fields ? { ...base, leadAmount: fields.leadTime.amount, leadUnit: fields.leadTime.unit } : base;
}

/** A filter's fields checked by the kind's schema (a 400 with the SPEC §5 messages). */
export const parseFields = (kind: ScannerKind, input: unknown): FilterFields =>
  parseFilterFields<FilterFields>(kind, input);
