/**
 * Pre-match backtests (SPEC §3 backtesting): submit one of one's filters, read one's and the members' best
 * backtests, import the filter of a backtest, and its Excel (premium; others' rules and Excel with the add-on
 * 'backtesting'). Running them: backtest-queue.ts.
 */
import * as q from "../../db/queries/scanner-backtests.ts";
import { fairUseOf } from "../fair-use.ts";
import { filterById } from "../../db/queries/scanner-filters.ts";
import { namesOf } from "../../db/queries/scanner-fixtures.ts";
import { ID_MESSAGE, isId } from "../../domain/ids.ts";
import { DEFAULT_INTERVAL, INTERVALS, type Interval, intervalRange } from "../../domain/prematch/backtest.ts";
import type { Access } from "../../domain/premium/access.ts";
import { type DesiredOutcome, type Rule, gradable } from "../../domain/scanner/rules.ts";
import { MESSAGES } from "../../domain/scanner/schema.ts";
import { ServiceError } from "../errors.ts";
import { localeOf, zoneOf } from "../alerts/shared.ts";
import { type PickRow, backtestWorkbook, fromPickRow } from "./backtest-excel.ts";
import type { createBacktestQueue } from "./backtest-queue.ts";
import { type BacktestInput, type BacktestView, type StoredResult, backtestView } from "./backtest-views.ts";
import { insertWithinLimit } from "./create-filter.ts";
import { DAY, type Features, compileOver } from "./feature-store.ts";
import { type User, ownFilter, requireUser } from "./filter-access.ts";
import { refuseUnknownLeagues, toRules } from "./filter-rules.ts";
import { type FilterView, preMatchView } from "./filter-views.ts";
import { type ScannerDeps, parseFields } from "./kinds.ts";

/** A POST waits this long for its backtest to be Done before answering with its status and queue position. */
const INLINE_WAIT_MS = 4_000;
export const MIN_BACKTEST_RULES = 3;
export const DEFAULT_STAKE = 10;
/** The smallest stake a backtest assumes (a cent): smaller ones are no amount of money, and 1e-320 overflows. */
export const MIN_STAKE = 0.01;

export const MESSAGES_PREMATCH = {
  notFound: "prematch.errors.notFound",
  backtestNeeds: "prematch.errors.backtestNeeds",
  badInterval: "prematch.errors.badInterval",
  deleted: "prematch.errors.filterDeleted",
  importPremium: "prematch.errors.importPremium",
  importLogin: "prematch.errors.importLogin",
  addonBacktesting: "prematch.errors.addonBacktesting",
  noExcel: "prematch.errors.noExcel",
  loginRequired: "auth.loginRequired",
  badRule: "prematch.errors.badRule",
} as const;

function rangeOf(input: BacktestInput, now: number): { interval: Interval; from: number; to: number } {
  const interval = (input.interval ?? DEFAULT_INTERVAL) as Interval;
  if (!INTERVALS.includes(interval)) throw new ServiceError(400, MESSAGES_PREMATCH.badInterval);
  if (interval !== "Custom") return { interval, ...intervalRange(interval, now) };
  const from = input.from?.getTime();
  const to = Math.min(input.to?.getTime() ?? now, now);
  if (from === undefined || Number.isNaN(from) || Number.isNaN(to) || to <= from || from < now - 24 * 31 * DAY) {
    throw new ServiceError(400, MESSAGES_PREMATCH.badInterval);
  }
  return { interval, from, to };
}

/** The checks of a submission before its filter is read: premium, the filter id, the leagues. */
async function checkSubmission(deps: ScannerDeps, access: Access, input: BacktestInput): Promise<void> {
  if (!access.premium) throw new ServiceError(403, "premium.noPermission");
  if (!input.filterId) throw new ServiceError(400, MESSAGES.fieldRequired, { filterId: MESSAGES.fieldRequired });
  if (!isId(input.filterId)) throw new ServiceError(400, ID_MESSAGE, { filterId: ID_MESSAGE });
  if (input.leagueIds !== undefined && !Array.isArray(input.leagueIds))
    throw new ServiceError(400, ID_MESSAGE, { leagueIds: ID_MESSAGE });
  await refuseUnknownLeagues(deps.ctx.pool, input.leagueIds ?? []);
}

function stakeOf(input: BacktestInput): number {
  const stake = input.stake ?? DEFAULT_STAKE;
  if (!Number.isFinite(stake) || stake < MIN_STAKE || stake > 1_000_000)
    throw new ServiceError(400, MESSAGES.notANumber);
  return stake;
}

/** Another member's backtest: 404, or 403 without the add-on 'backtesting'. */
async function importableBacktest(deps: ScannerDeps, user: User, access: Access, id: number) {
  const row = await q.backtestById(deps.ctx.pool, id, false);
  if (!row) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
  if (row.userId !== user.id && !access.addonBacktesting)
    throw new ServiceError(403, MESSAGES_PREMATCH.addonBacktesting);
  return row;
}

/** Whom a download is for: the account's language and zone when the caller passes them (the API does). */
type Reader = User & { languageCode?: string; timezone?: string | null };

/**
 * The .xlsx of a backtest, made from its pick rows at each download in the reader's language and time zone (a
 * few ms per thousand picks), so it is no longer kept: one kept file would speak one language to everyone. A file
 * kept by earlier versions is in English on UTC: served as it is to such a reader, or without pick rows.
 */
async function backtestExcel(
  deps: ScannerDeps,
  user: Reader | null,
  access: Access,
  id: number,
): Promise<{ file: Buffer; name: string }> {
  const { ctx } = deps;
  const u = requireUser(user) as Reader;
  const row = await importableBacktest(deps, u, access, id);
  const kept = await q.backtestExcel(ctx.pool, id);
  const reader = { locale: localeOf(u.languageCode ?? ""), timeZone: zoneOf(u.timezone ?? null) };
  const keptFits = reader.locale === "en" && reader.timeZone === "UTC";
  if (kept.excel && (keptFits || !kept.pickRows)) return { file: kept.excel, name: `backtest-${id}.xlsx` };
  if (!kept.pickRows) throw new ServiceError(404, MESSAGES_PREMATCH.noExcel);
  const picks = (kept.pickRows as PickRow[]).map(fromPickRow);
  const stored = (await q.backtestById(ctx.pool, id))!.result as StoredResult;
  const teams = [...new Set(picks.flatMap((p) => [p.homeId, p.awayId]))];
  const names = await namesOf(ctx.pool, teams, [...new Set(picks.map((p) => p.leagueId))]);
  const about = {
    filterName: (row.filter as { name?: string }).name ?? "",
    outcome: (row.filter as { desiredOutcome?: string }).desiredOutcome,
    interval: row.interval,
    from: row.fromAt,
    to: row.toAt,
  };
  return { file: await backtestWorkbook(picks, names, stored, about, reader), name: `backtest-${id}.xlsx` };
}

/** A backtest's Excel, built at each download: a costly request of the member's (fair use). */
function gatedExcel(deps: ScannerDeps, user: Reader | null, access: Access, id: number) {
  return user
    ? fairUseOf(deps.ctx).run(user.id, () => backtestExcel(deps, user, access, id))
    : backtestExcel(deps, user, access, id);
}

type Queue = Pick<ReturnType<typeof createBacktestQueue>, "submit">;

export function createPrematchBacktests(deps: ScannerDeps, features: Features, queue: Queue) {
  const { ctx } = deps;
  return {
    /** Submits a backtest: Todo with its queue position, run at once in this process (and sent to the job queue). */
    async submitBacktest(
      user: User | null,
      access: Access,
      input: BacktestInput,
      waitMs = INLINE_WAIT_MS,
    ): Promise<BacktestView> {
      const u = requireUser(user);
      await checkSubmission(deps, access, input);
      await fairUseOf(ctx).take(u.id); // the queue bounds how many run at once, fair use how many are asked
      const { row } = await ownFilter(deps, "preMatch", u, input.filterId!);
      const rules = toRules(row.rules);
      if (!gradable(row.desiredOutcome as DesiredOutcome) || rules.length < MIN_BACKTEST_RULES)
        throw new ServiceError(400, MESSAGES_PREMATCH.backtestNeeds);
      const stake = stakeOf(input);
      const range = rangeOf(input, ctx.clock.now().getTime());
      compileOver(rules, await features(), MESSAGES_PREMATCH.badRule);
      const id = await q.insertBacktest(ctx.pool, {
        userId: u.id,
        filterId: row.id,
        filter: { name: row.name, desiredOutcome: row.desiredOutcome, rules, leagueIds: row.leagueIds },
        interval: range.interval,
        from: new Date(range.from),
        to: new Date(range.to),
        leagueIds: input.leagueIds ?? [],
        stake,
      });
      await queue.submit(id, waitMs);
      return backtestView((await q.backtestById(ctx.pool, id))!, u.id, access);
    },

    async backtest(user: User | null, access: Access, id: number): Promise<BacktestView> {
      requireUser(user);
      const row = await q.backtestById(ctx.pool, id);
      if (!row) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
      if (row.userId !== user?.id && !access.premium) throw new ServiceError(403, "premium.noPermission");
      return backtestView(row, user?.id ?? null, access);
    },

    async myBacktests(user: User | null, access: Access, page = 1, perPage = 20): Promise<BacktestView[]> {
      const u = requireUser(user);
      const rows = await q.backtestsOf(ctx.pool, u.id, perPage, (page - 1) * perPage);
      return rows.map((r) => backtestView(r, u.id, access));
    },

    /** The best backtests of all members (SPEC §3 backtesting list state); figures for premium, rules and Excel for the add-on. */
    async usersBacktests(
      user: User | null,
      access: Access,
      query: Omit<q.UsersBacktestsQuery, "limit" | "offset"> & { page: number; perPage: number },
    ) {
      requireUser(user);
      if (!access.premium) throw new ServiceError(403, "premium.noPermission");
      const { total, items } = await q.usersBacktests(ctx.pool, {
        ...query,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return { total, items: items.map((r) => backtestView(r, user?.id ?? null, access)) };
    },

    /** Imports the filter of another member's backtest (add-on 'backtesting'). */
    async importFromBacktest(user: User | null, access: Access, id: number): Promise<FilterView> {
      const u = requireUser(user);
      const row = await importableBacktest(deps, u, access, id);
      const filter = row.filter as { name: string; desiredOutcome: string; rules: Rule[]; leagueIds: number[] };
      const { name, desiredOutcome, rules, leagueIds } = filter;
      const fields = parseFields("preMatch", { name, desiredOutcome, rules, leagueIds });
      const newId = await insertWithinLimit(deps, "preMatch", u, access, fields, row.filterId);
      return preMatchView((await filterById(ctx.pool, "preMatch", newId))!, u.id, access);
    },

    backtestExcel: (user: Reader | null, access: Access, id: number) => gatedExcel(deps, user, access, id),
  };
}
