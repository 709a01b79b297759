/** How a filter is shown to a caller: rules only to its owner and premium members (SPEC §6); live figures. */
import type { LiveFilterFigures, LiveFilterWithFigures } from "../../db/queries/scanner-figures.ts";
import type { PreMatchFilterRow } from "../../db/queries/scanner-filters.ts";
import type { Access } from "../../domain/premium/access.ts";
import type { DesiredOutcome, LeadTime, Rule } from "../../domain/scanner/rules.ts";
import { canSeeInside } from "./filter-access.ts";
import { toRules } from "./filter-rules.ts";
import { type FilterRow, leadTimeOf } from "./kinds.ts";

/** What both kinds show of a filter. */
interface FilterViewBase {
  id: number;
  name: string;
  note: string;
  desiredOutcome: DesiredOutcome;
  leagueIds: number[];
  muted: boolean;
  /** null when the caller may not see them (free users and visitors on others' filters, SPEC §6) */
  rules: Rule[] | null;
  ruleCount: number;
  owner: string;
  mine: boolean;
  deleted: boolean;
  createdAt: string;
}

/** A pre-match filter. */
export interface FilterView extends FilterViewBase {
  leadTime: LeadTime;
}

export interface LiveFilterView extends FilterViewBase {
  active: boolean;
  importedFrom: number | null;
  updatedAt: string;
  figures: LiveFilterFigures;
}

function baseView(row: FilterRow, userId: number | null, access: Access): FilterViewBase {
  const rules = toRules(row.rules);
  return {
    id: row.id,
    name: row.name,
    note: row.note,
    desiredOutcome: row.desiredOutcome as DesiredOutcome,
    leagueIds: row.leagueIds,
    muted: row.muted,
    rules: canSeeInside(row, userId, access) ? rules : null,
    ruleCount: rules.length,
    owner: row.ownerName,
    mine: userId !== null && row.userId === userId,
    deleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function preMatchView(row: PreMatchFilterRow, userId: number | null, access: Access): FilterView {
  const { createdAt, ...base } = baseView(row, userId, access);
  // The answer's order of fields stays as it was: the lead time after `muted`.
  const { id, name, note, desiredOutcome, leagueIds, muted, ...rest } = base;
  return { id, name, note, desiredOutcome, leagueIds, muted, leadTime: leadTimeOf(row), ...rest, createdAt };
}

const round = (x: number | null, digits = 4) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

function figuresOf(r: LiveFilterFigures): LiveFilterFigures {
  return {
    picks: r.picks,
    won: r.won,
    lost: r.lost,
    void: r.void,
    pending: r.pending,
    successRate: round(r.successRate),
    meanOdd: round(r.meanOdd, 3),
    meanWinningOdd: round(r.meanWinningOdd, 3),
    roi: round(r.roi),
    modelPicks: r.modelPicks,
    meanProbability: round(r.meanProbability),
    edge: round(r.edge),
    edgeLow: round(r.edgeLow),
    edgeHigh: round(r.edgeHigh),
    basis: r.basis,
    score: round(r.score) ?? 0,
    subscribers: r.subscribers,
  };
}

export function liveView(row: LiveFilterWithFigures, userId: number | null, access: Access): LiveFilterView {
  const { createdAt, deleted, ...base } = baseView(row, userId, access);
  const { id, name, note, desiredOutcome, leagueIds, muted, ...rest } = base;
  return {
    ...{ id, name, note, desiredOutcome, leagueIds, muted, active: row.active },
    ...rest,
    deleted,
    importedFrom: row.importedFrom,
    createdAt,
    updatedAt: row.updatedAt.toISOString(),
    figures: figuresOf(row),
  };
}

export type { LiveFilterFigures } from "../../db/queries/scanner-figures.ts";

/**
 * A view's `createdAt` on the site's clock. The database stamps a filter with its own clock (`now()`, the wall
 * clock), while the site may run on the replay's clock, at an offset from it (REPLAY_OFFSET): shifted by that
 * offset, the filter's date agrees with every other date of its pages (one clock per page). The stored stamp stays
 * the database's, so that the order of filters is the order they were made in.
 */
export function onSiteClock<T extends { createdAt: string }>(view: T, clock: { now(): Date }): T {
  const offset = Math.round((clock.now().getTime() - Date.now()) / 1000) * 1000;
  if (offset === 0) return view;
  return { ...view, createdAt: new Date(Date.parse(view.createdAt) + offset).toISOString() };
}
