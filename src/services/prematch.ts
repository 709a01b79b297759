import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import * as q from "../db/queries/prematch.ts";
import {
  type BacktestPick,
  type BacktestResult,
  DEFAULT_INTERVAL,
  INTERVALS,
  type Interval,
  intervalRange,
  runBacktest,
} from "../domain/prematch/backtest.ts";
import { FeatureStore } from "../domain/prematch/feature-store.ts";
import type { Access } from "../domain/premium/access.ts";
import { filterLimit, filterLimitMessage } from "../domain/premium/limits.ts";
import { CompileError, compileRules } from "../domain/scanner/compile.ts";
import { backedSide } from "../domain/scanner/outcomes.ts";
import { type DesiredOutcome, type LeadTime, type Rule, gradable, leadTimeMs } from "../domain/scanner/rules.ts";
import { MESSAGES, type PreMatchFilterFields } from "../domain/scanner/schema.ts";
import { scopeOf } from "../domain/scanner/stat-scope.ts";
import type { createAlertsService } from "./alerts.ts";
import type { ServiceContext } from "./context.ts";
import type { DataVersion } from "./data-version.ts";
import { ServiceError } from "./errors.ts";
import {
  type HistoryPick,
  type LeagueBreakdown,
  type MatchBrief,
  brief,
  breakdownByLeague,
  changesPicks,
  historyWithMatches,
  newRuleId,
  parseFilterFields,
  parseRule,
  refuseUnknownLeagues,
  toRules,
} from "./scanner-filters.ts";
import { ID_MESSAGE, isId } from "../domain/ids.ts";

const DAY = 86_400_000;
/** Feature rows cover 25 months back (the 24-month backtests and their first days) and every upcoming fixture. */
const HORIZON_MS = 25 * 31 * DAY;
/** The store is checked for new results at most this often (a reload costs a few seconds of one core). */
const STORE_CHECK_MS = 5 * 60_000;
/** A POST waits this long for its backtest to be Done before answering with its status and queue position. */
const INLINE_WAIT_MS = 4_000;
/** An OnGoing backtest older than this was left by a stopped process. */
const STALE_MS = 10 * 60_000;
type AlertsService = ReturnType<typeof createAlertsService>;
export const MIN_BACKTEST_RULES = 3;
export const DEFAULT_STAKE = 10;
/** The smallest stake a backtest assumes (a cent): smaller ones are no amount of money, and 1e-320 overflows. */
export const MIN_STAKE = 0.01;
const EQUITY_POINTS = 400;
/** An .xlsx sheet holds 1,048,576 rows; a backtest with more picks ends without Excel. */
export const EXCEL_MAX_ROWS = 1_048_575;

/** A pick as kept for the Excel: [fixtureId, leagueId, kickoff, homeId, awayId, side, odds, closingOdds, grade, ftHome, ftAway, htHome, htAway, profit]. */
type PickRow = [
  number,
  number,
  number,
  number,
  number,
  number,
  number | null,
  number | null,
  string,
  number,
  number,
  number | null,
  number | null,
  number,
];
const toPickRow = (p: BacktestPick): PickRow => [
  p.fixtureId,
  p.leagueId,
  p.kickoff,
  p.homeId,
  p.awayId,
  p.side,
  p.odds,
  p.closingOdds,
  p.grade,
  p.ftHome,
  p.ftAway,
  p.htHome,
  p.htAway,
  p.profit,
];
const fromPickRow = (r: PickRow): BacktestPick => ({
  fixtureId: r[0],
  leagueId: r[1],
  kickoff: r[2],
  homeId: r[3],
  awayId: r[4],
  side: r[5],
  odds: r[6],
  closingOdds: r[7],
  grade: r[8] as BacktestPick["grade"],
  ftHome: r[9],
  ftAway: r[10],
  htHome: r[11],
  htAway: r[12],
  profit: r[13],
});

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

export interface FilterView {
  id: number;
  name: string;
  note: string;
  desiredOutcome: DesiredOutcome;
  leagueIds: number[];
  muted: boolean;
  leadTime: LeadTime;
  /** null when the caller may not see them (free users on others' filters, SPEC §6) */
  rules: Rule[] | null;
  ruleCount: number;
  owner: string;
  mine: boolean;
  deleted: boolean;
  createdAt: string;
}

export interface FilterFigures {
  picks: number;
  won: number;
  lost: number;
  successRate: number | null;
  roi: number | null;
}

export interface AlertFound {
  filterId: number;
  userId: number;
  fixtureId: number;
  odds: number | null;
  muted: boolean;
  delivery: "sent" | "muted" | "limit";
}

export type { HistoryPick, MatchBrief } from "./scanner-filters.ts";

export interface BacktestView {
  id: number;
  status: q.BacktestStatus;
  queuePosition: number | null;
  filterId: number | null;
  filter: { name: string; desiredOutcome: string; rules: Rule[] | null; ruleCount: number; leagueIds: number[] };
  interval: string;
  from: string;
  to: string;
  leagueIds: number[];
  stake: number;
  owner: string;
  mine: boolean;
  hasExcel: boolean;
  error: string | null;
  summary: {
    picks: number | null;
    successRate: number | null;
    roi: number | null;
    meanWinningOdd: number | null;
    leagues: number | null;
  };
  result: StoredResult | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** server time from start to finish, ms */
  durationMs: number | null;
}

export interface StoredResult {
  figures: BacktestResult["figures"];
  leagues: Array<BacktestResult["leagues"][number] & { name: string; country: string }>;
  outOfSample: BacktestResult["outOfSample"];
  /** cumulative net, sampled to at most 400 points, with the played-pick index of each */
  equity: Array<[number, number]>;
  /** analysis time of the scan itself, ms */
  scanMs: number;
}

export interface BacktestInput {
  filterId?: number;
  interval?: string;
  from?: Date;
  to?: Date;
  leagueIds?: number[];
  stake?: number;
}

function parseFilter(input: unknown): PreMatchFilterFields {
  return parseFilterFields<PreMatchFilterFields>("preMatch", input);
}

const write = (f: PreMatchFilterFields): q.FilterWrite => ({
  name: f.name,
  note: f.note,
  desiredOutcome: f.desiredOutcome,
  leagueIds: f.leagueIds,
  muted: f.muted,
  leadAmount: f.leadTime.amount,
  leadUnit: f.leadTime.unit,
  rules: f.rules,
});

function sampleEquity(equity: number[]): Array<[number, number]> {
  if (equity.length <= EQUITY_POINTS) return equity.map((v, i) => [i + 1, Math.round(v * 100) / 100]);
  const out: Array<[number, number]> = [];
  const step = (equity.length - 1) / (EQUITY_POINTS - 1);
  for (let k = 0; k < EQUITY_POINTS; k++) {
    const i = Math.round(k * step);
    out.push([i + 1, Math.round(equity[i]! * 100) / 100]);
  }
  return out;
}

const OUTCOME_LABEL = ["1", "2", "X"];

/** The .xlsx of a backtest: a sheet with one row per pick, and one of the figures (streamed: a few ms per thousand picks). */
export async function backtestWorkbook(
  picks: BacktestPick[],
  names: { teams: Map<number, string>; leagues: Map<number, { name: string; country: string }> },
  result: Pick<BacktestResult, "figures">,
  title: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  book.creator = "Pitchlab";
  const sheet = book.addWorksheet("Picks");
  sheet.columns = [
    { header: "Kick-off (UTC)", key: "kickoff", width: 17 },
    { header: "Country", key: "country", width: 14 },
    { header: "League", key: "league", width: 22 },
    { header: "Home", key: "home", width: 22 },
    { header: "Away", key: "away", width: 22 },
    { header: "Half time", key: "ht", width: 9 },
    { header: "Full time", key: "ft", width: 9 },
    { header: "Bet", key: "bet", width: 6 },
    { header: "Odds (opening)", key: "odds", width: 12 },
    { header: "Closing odds", key: "closing", width: 12 },
    { header: "Result", key: "grade", width: 8 },
    { header: "Profit", key: "profit", width: 10 },
  ];
  for (const p of picks) {
    const league = names.leagues.get(p.leagueId);
    sheet
      .addRow({
        kickoff: new Date(p.kickoff).toISOString().slice(0, 16).replace("T", " "),
        country: league?.country ?? "",
        league: league?.name ?? String(p.leagueId),
        home: names.teams.get(p.homeId) ?? String(p.homeId),
        away: names.teams.get(p.awayId) ?? String(p.awayId),
        ht: p.htHome === null ? "" : `${p.htHome}-${p.htAway}`,
        ft: `${p.ftHome}-${p.ftAway}`,
        bet: p.side < 0 ? "" : OUTCOME_LABEL[p.side],
        odds: p.odds,
        closing: p.closingOdds,
        grade: p.grade,
        profit: Math.round(p.profit * 100) / 100,
      })
      .commit();
  }
  sheet.commit();
  const summary = book.addWorksheet("Figures");
  const f = result.figures;
  for (const row of [
    ["Backtest", title],
    ["Analysed matches", f.analysed],
    ["Picks", f.picks],
    ["Winning picks", f.profit.winningPicks],
    ["Losing picks", f.profit.losingPicks],
    ["Picks with odds", f.profit.picksWithOdds],
    ["Stake", f.profit.stake],
    ["Played amount", f.profit.played],
    ["Winnings", f.profit.winnings],
    ["Net profit/loss", f.profit.net],
    ["ROI", f.profit.roi],
    ["Closing line value", f.closingLineValue],
  ]) {
    summary.addRow(row).commit();
  }
  summary.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/** What the scanner needs of the shared alerts module (src/services/alerts.ts): once-only picks, history, figures. */
type Alerts = Pick<AlertsService, "recordPick" | "history" | "clearHistory" | "figures">;

export function createPrematchService(
  ctx: ServiceContext,
  alerts: Alerts,
  dataVersion?: Pick<DataVersion, "generation">,
) {
  let store: { value: FeatureStore; fingerprint: string; checkedAt: number; generation: number } | null = null;
  let loading: Promise<FeatureStore> | null = null;
  let enqueue: ((id: number) => Promise<void>) | null = null;

  async function load(fingerprint?: string): Promise<FeatureStore> {
    const now = ctx.clock.now();
    const generation = dataVersion?.generation() ?? 0;
    const fp = fingerprint ?? (await q.storeFingerprint(ctx.pool, now));
    const input = await q.storeInput(ctx.pool, now, new Date(now.getTime() - HORIZON_MS));
    const value = new FeatureStore(input);
    store = { value, fingerprint: fp, checkedAt: Date.now(), generation };
    return value;
  }

  /** The feature store: loaded once, reloaded in the background when results or predictions changed. */
  async function features(): Promise<FeatureStore> {
    if (!store) {
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    }
    // This process wrote new predictions since the load (the first back-fill, results coming in): the next
    // caller waits for the fresh store rather than backtesting on figures that are gone.
    if ((dataVersion?.generation() ?? 0) !== store.generation) {
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    }
    if (Date.now() - store.checkedAt > STORE_CHECK_MS && !loading) {
      store.checkedAt = Date.now();
      const current = store;
      loading = q
        .storeFingerprint(ctx.pool, ctx.clock.now())
        .then((fp) => (fp === current.fingerprint ? current.value : load(fp)))
        .finally(() => {
          loading = null;
        });
    }
    return store.value;
  }

  function compile(rules: Rule[], s: FeatureStore) {
    try {
      return compileRules(rules, s.source(), scopeOf);
    } catch (error) {
      if (error instanceof CompileError) throw new ServiceError(400, MESSAGES_PREMATCH.badRule);
      throw error;
    }
  }

  function view(row: q.FilterRow, userId: number | null, access: Access): FilterView {
    const mine = userId !== null && row.userId === userId;
    const rules = toRules(row.rules);
    return {
      id: row.id,
      name: row.name,
      note: row.note,
      desiredOutcome: row.desiredOutcome as DesiredOutcome,
      leagueIds: row.leagueIds,
      muted: row.muted,
      leadTime: { amount: row.leadAmount, unit: row.leadUnit as LeadTime["unit"] },
      rules: mine || access.premium ? rules : null,
      ruleCount: rules.length,
      owner: row.ownerName,
      mine,
      deleted: row.deletedAt !== null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  function requireUser(user: { id: number } | null): { id: number } {
    if (!user) throw new ServiceError(401, MESSAGES_PREMATCH.loginRequired);
    return user;
  }

  async function ownFilter(user: { id: number }, id: number): Promise<q.FilterRow> {
    const row = await q.filterById(ctx.pool, id);
    if (!row || row.deletedAt || row.userId !== user.id) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
    return row;
  }

  function rowFields(row: q.FilterRow): PreMatchFilterFields {
    return {
      name: row.name,
      note: row.note,
      desiredOutcome: row.desiredOutcome as DesiredOutcome,
      leagueIds: row.leagueIds,
      muted: row.muted,
      rules: toRules(row.rules),
      leadTime: { amount: row.leadAmount, unit: row.leadUnit as LeadTime["unit"] },
    };
  }

  async function create(
    user: { id: number },
    access: Access,
    fields: PreMatchFilterFields,
    importedFrom: number | null = null,
  ): Promise<number> {
    const existing = await q.countFilters(ctx.pool, user.id);
    const refused = filterLimitMessage("preMatch", access, existing);
    if (refused) throw new ServiceError(403, refused);
    const id = await q.insertFilter(ctx.pool, user.id, write(fields), filterLimit("preMatch", access), importedFrom);
    if (id === null) throw new ServiceError(403, filterLimitMessage("preMatch", access, Number.POSITIVE_INFINITY)!);
    return id;
  }

  // ---------- backtests

  const waiting = new Map<number, Array<() => void>>();
  const localQueue: number[] = [];
  let draining = false;

  function toView(row: q.BacktestRow, userId: number | null, access: Access): BacktestView {
    const filter = (row.filter ?? {}) as {
      name?: string;
      desiredOutcome?: string;
      rules?: Rule[];
      leagueIds?: number[];
    };
    const mine = userId !== null && row.userId === userId;
    const rules = toRules(filter.rules);
    return {
      id: row.id,
      status: row.status,
      queuePosition: row.queuePosition,
      filterId: row.filterId,
      filter: {
        name: filter.name ?? "",
        desiredOutcome: filter.desiredOutcome ?? "none",
        rules: mine || access.addonBacktesting ? rules : null,
        ruleCount: rules.length,
        leagueIds: filter.leagueIds ?? [],
      },
      interval: row.interval,
      from: row.fromAt.toISOString(),
      to: row.toAt.toISOString(),
      leagueIds: row.leagueIds,
      stake: row.stake,
      owner: row.ownerName,
      mine,
      hasExcel: row.hasExcel && (mine || access.addonBacktesting),
      error: row.error,
      summary: {
        picks: row.picks,
        successRate: row.successRate,
        roi: row.roi,
        meanWinningOdd: row.meanWinningOdd,
        leagues: row.leagues,
      },
      result: (row.result as StoredResult | null) ?? null,
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      durationMs: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    };
  }

  /** Runs one backtest if this caller wins its Todo → OnGoing claim. */
  async function runOne(id: number): Promise<void> {
    const row = await q.claimBacktest(ctx.pool, id);
    if (!row) return;
    let result: BacktestResult;
    let stored: StoredResult;
    try {
      const s = await features();
      const filter = row.filter as { rules: Rule[]; desiredOutcome: DesiredOutcome; leagueIds: number[] };
      const started = performance.now();
      const predicate = compileRules(filter.rules, s.source(), scopeOf);
      const leagueIds = row.leagueIds.length ? row.leagueIds : filter.leagueIds;
      result = runBacktest(s, predicate, {
        from: row.fromAt.getTime(),
        to: row.toAt.getTime(),
        leagueIds,
        outcome: filter.desiredOutcome,
        stake: row.stake,
      });
      const scanMs = performance.now() - started;
      const names = await q.namesOf(
        ctx.pool,
        [],
        result.leagues.map((l) => l.leagueId),
      );
      stored = {
        figures: result.figures,
        leagues: result.leagues.map((l) => ({
          ...l,
          name: names.leagues.get(l.leagueId)?.name ?? "",
          country: names.leagues.get(l.leagueId)?.country ?? "",
        })),
        outOfSample: result.outOfSample,
        equity: sampleEquity(result.equity),
        scanMs: Math.round(scanMs * 100) / 100,
      };
    } catch (error) {
      await q.finishBacktest(ctx.pool, id, {
        status: "EndedWithError",
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    const summary = {
      picks: result.figures.picks,
      successRate: result.figures.successRate,
      roi: result.figures.profit.roi,
      meanWinningOdd: result.figures.meanWinningOdd,
      leagues: result.leagues.filter((l) => l.picks > 0).length,
    };
    // The .xlsx is made from these rows on its first download (a few hundred ms for thousands of picks), so that a
    // backtest is Done as soon as its figures are; past the sheet's row limit there is no Excel.
    const excelPossible = result.picks.length <= EXCEL_MAX_ROWS;
    await q.finishBacktest(ctx.pool, id, {
      status: excelPossible ? "Done" : "EndedWithoutExcel",
      result: stored,
      pickRows: excelPossible ? result.picks.map(toPickRow) : null,
      ...summary,
    });
  }

  async function drain() {
    if (draining) return;
    draining = true;
    try {
      while (localQueue.length > 0) {
        const id = localQueue.shift()!;
        try {
          await runOne(id);
        } finally {
          for (const resolve of waiting.get(id) ?? []) resolve();
          waiting.delete(id);
        }
        await yieldToEventLoop();
      }
    } finally {
      draining = false;
    }
  }

  function waitFor(id: number, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      const list = waiting.get(id) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
      waiting.set(id, list);
    });
  }

  function rangeOf(input: BacktestInput, now: number): { interval: Interval; from: number; to: number } {
    const interval = (input.interval ?? DEFAULT_INTERVAL) as Interval;
    if (!INTERVALS.includes(interval)) throw new ServiceError(400, MESSAGES_PREMATCH.badInterval);
    if (interval === "Custom") {
      const from = input.from?.getTime();
      const to = Math.min(input.to?.getTime() ?? now, now);
      if (from === undefined || Number.isNaN(from) || Number.isNaN(to) || to <= from || from < now - 24 * 31 * DAY) {
        throw new ServiceError(400, MESSAGES_PREMATCH.badInterval);
      }
      return { interval, from, to };
    }
    return { interval, ...intervalRange(interval, now) };
  }

  return {
    /** The feature store (loaded on first use). */
    features,
    /** Loads the store now (the job runner warms it at start). */
    async warm(): Promise<{ fixtures: number; rows: number }> {
      const s = await features();
      return { fixtures: s.n, rows: s.rows };
    },
    /** The job runner hands its queue to the service: a backtest is also sent to pg-boss, so another worker can take it. */
    setQueue(send: (id: number) => Promise<void>) {
      enqueue = send;
    },

    // ---------- filters

    async myFilters(user: { id: number } | null, access: Access): Promise<{ items: FilterView[]; limit: number }> {
      const u = requireUser(user);
      const rows = await q.filtersOf(ctx.pool, u.id);
      return { items: rows.map((r) => view(r, u.id, access)), limit: filterLimit("preMatch", access) };
    },

    async usersFilters(
      user: { id: number } | null,
      access: Access,
      opts: { desiredOutcome?: string; page: number; perPage: number },
    ) {
      const rows = await q.usersFilters(ctx.pool, {
        notUserId: user?.id ?? null,
        desiredOutcome: opts.desiredOutcome ?? null,
        limit: opts.perPage,
        offset: (opts.page - 1) * opts.perPage,
      });
      const figures = await alerts.figures(
        "prematch",
        rows.map((r) => r.id),
      );
      return rows.map((r) => {
        const f = figures.get(r.id);
        const out: FilterFigures = {
          picks: f?.picks ?? 0,
          won: f?.won ?? 0,
          lost: f?.lost ?? 0,
          successRate: f?.successRate ?? null,
          roi: f?.roi ?? null,
        };
        return { ...view(r, user?.id ?? null, access), figures: out };
      });
    },

    async filter(user: { id: number } | null, access: Access, id: number): Promise<FilterView> {
      const row = await q.filterById(ctx.pool, id);
      if (!row || row.deletedAt) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
      return view(row, user?.id ?? null, access);
    },

    async create(user: { id: number } | null, access: Access, input: unknown): Promise<FilterView> {
      const u = requireUser(user);
      const fields = parseFilter(input);
      await refuseUnknownLeagues(ctx.pool, fields.leagueIds);
      const id = await create(u, access, fields);
      return view((await q.filterById(ctx.pool, id))!, u.id, access);
    },

    /** Replaces a filter's fields (rules included when given); a change of rules, outcome or leagues erases its picks. */
    async update(user: { id: number } | null, access: Access, id: number, input: unknown): Promise<FilterView> {
      const u = requireUser(user);
      const row = await ownFilter(u, id);
      const current = rowFields(row);
      const merged = { ...current, ...((input ?? {}) as object) };
      const fields = parseFilter(merged);
      // Leagues the filter already had stay accepted; a new one must exist.
      await refuseUnknownLeagues(
        ctx.pool,
        fields.leagueIds.filter((l) => !current.leagueIds.includes(l)),
      );
      const erase = changesPicks("preMatch", current, fields);
      await q.updateFilter(ctx.pool, u.id, id, write(fields));
      if (erase) await alerts.clearHistory("prematch", id);
      return view((await q.filterById(ctx.pool, id))!, u.id, access);
    },

    async remove(user: { id: number } | null, id: number): Promise<void> {
      const u = requireUser(user);
      if (!(await q.deleteFilter(ctx.pool, u.id, id))) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
    },

    async duplicate(user: { id: number } | null, access: Access, id: number): Promise<FilterView> {
      const u = requireUser(user);
      const row = await ownFilter(u, id);
      const fields = { ...rowFields(row), name: `${row.name} (2)`.slice(0, 80) };
      const newId = await create(u, access, parseFilter(fields));
      return view((await q.filterById(ctx.pool, newId))!, u.id, access);
    },

    /** Copies another member's filter (SPEC §8 messages: login, premium, deleted). */
    async importFilter(user: { id: number } | null, access: Access, id: number): Promise<FilterView> {
      if (!user) throw new ServiceError(401, MESSAGES_PREMATCH.importLogin);
      if (!access.premium) throw new ServiceError(403, MESSAGES_PREMATCH.importPremium);
      const row = await q.filterById(ctx.pool, id);
      if (!row) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
      if (row.deletedAt) throw new ServiceError(409, MESSAGES_PREMATCH.deleted);
      const newId = await create(user, access, parseFilter(rowFields(row)), row.id);
      return view((await q.filterById(ctx.pool, newId))!, user.id, access);
    },

    async addRule(user: { id: number } | null, access: Access, filterId: number, input: unknown): Promise<FilterView> {
      const u = requireUser(user);
      const row = await ownFilter(u, filterId);
      const rules = toRules(row.rules);
      const rule = parseRule("preMatch", input, newRuleId(rules.length, new Date()));
      return this.update(user, access, filterId, { rules: [...rules, rule] });
    },

    async updateRule(
      user: { id: number } | null,
      access: Access,
      filterId: number,
      ruleId: string,
      input: unknown,
    ): Promise<FilterView> {
      const u = requireUser(user);
      const row = await ownFilter(u, filterId);
      const rules = toRules(row.rules);
      const index = rules.findIndex((r) => r.id === ruleId);
      if (index < 0) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
      const next = [...rules];
      next[index] = parseRule("preMatch", input, ruleId);
      return this.update(user, access, filterId, { rules: next });
    },

    async removeRule(
      user: { id: number } | null,
      access: Access,
      filterId: number,
      ruleId: string,
    ): Promise<FilterView> {
      const u = requireUser(user);
      const row = await ownFilter(u, filterId);
      const rules = toRules(row.rules);
      if (!rules.some((r) => r.id === ruleId)) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
      return this.update(user, access, filterId, { rules: rules.filter((r) => r.id !== ruleId) });
    },

    /** Upcoming fixtures (not kicked off, next 7 days) that a filter matches now. */
    async upcomingMatches(
      user: { id: number } | null,
      access: Access,
      filterId: number,
      limit = 50,
    ): Promise<MatchBrief[]> {
      // Private: a visitor is asked to sign in (401) before anything else, as on every private endpoint.
      requireUser(user);
      const f = await this.filter(user, access, filterId);
      if (!f.mine && !access.premium) throw new ServiceError(403, "premium.noPermission");
      const rules = toRules((await q.filterById(ctx.pool, filterId))!.rules);
      const s = await features();
      const predicate = compile(rules, s);
      const now = ctx.clock.now().getTime();
      const [start, end] = s.rowRange(now + 1, now + 7 * DAY);
      const leagues = f.leagueIds.length ? new Set(f.leagueIds) : null;
      const ids: number[] = [];
      for (let r = start; r < end && ids.length < limit; r++) {
        const i = s.fixtureIndex(r);
        if (leagues && !leagues.has(s.league[i]!)) continue;
        if (predicate(r)) ids.push(s.id[i]!);
      }
      const briefs = await q.fixtureBriefs(ctx.pool, ids, ctx.clock.now());
      return ids.flatMap((id) => {
        const b = briefs.get(id);
        return b ? [brief(b)] : [];
      });
    },

    async history(user: { id: number } | null, access: Access, filterId: number): Promise<HistoryPick[]> {
      requireUser(user);
      const f = await this.filter(user, access, filterId);
      if (!f.mine && !access.premium) throw new ServiceError(403, "premium.noPermission");
      return historyWithMatches(ctx.pool, alerts, "prematch", filterId, ctx.clock.now());
    },

    /** The filter's alerts by league, with the figures of the alerts module (most picks first). */
    async breakdown(user: { id: number } | null, access: Access, filterId: number): Promise<LeagueBreakdown[]> {
      return breakdownByLeague(await this.history(user, access, filterId));
    },

    async clearHistory(user: { id: number } | null, filterId: number, pickId: number | null): Promise<number> {
      const u = requireUser(user);
      await ownFilter(u, filterId);
      return alerts.clearHistory("prematch", filterId, pickId);
    },

    // ---------- backtests

    /** Submits a backtest: Todo with its queue position, run at once in this process (and sent to the job queue). */
    async submitBacktest(
      user: { id: number } | null,
      access: Access,
      input: BacktestInput,
      waitMs = INLINE_WAIT_MS,
    ): Promise<BacktestView> {
      const u = requireUser(user);
      if (!access.premium) throw new ServiceError(403, "premium.noPermission");
      if (!input.filterId) throw new ServiceError(400, MESSAGES.fieldRequired, { filterId: MESSAGES.fieldRequired });
      if (!isId(input.filterId)) throw new ServiceError(400, ID_MESSAGE, { filterId: ID_MESSAGE });
      if (input.leagueIds !== undefined && !Array.isArray(input.leagueIds))
        throw new ServiceError(400, ID_MESSAGE, { leagueIds: ID_MESSAGE });
      await refuseUnknownLeagues(ctx.pool, input.leagueIds ?? []);
      const row = await ownFilter(u, input.filterId);
      const rules = toRules(row.rules);
      if (!gradable(row.desiredOutcome as DesiredOutcome) || rules.length < MIN_BACKTEST_RULES)
        throw new ServiceError(400, MESSAGES_PREMATCH.backtestNeeds);
      const stake = input.stake ?? DEFAULT_STAKE;
      if (!Number.isFinite(stake) || stake < MIN_STAKE || stake > 1_000_000)
        throw new ServiceError(400, MESSAGES.notANumber);
      const range = rangeOf(input, ctx.clock.now().getTime());
      const s = await features();
      compile(rules, s);
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
      localQueue.push(id);
      const done = waitFor(id, waitMs);
      void drain();
      if (enqueue) await enqueue(id).catch(() => {});
      await done;
      return toView((await q.backtestById(ctx.pool, id))!, u.id, access);
    },

    async backtest(user: { id: number } | null, access: Access, id: number): Promise<BacktestView> {
      requireUser(user);
      const row = await q.backtestById(ctx.pool, id);
      if (!row) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
      if (row.userId !== user?.id && !access.premium) throw new ServiceError(403, "premium.noPermission");
      return toView(row, user?.id ?? null, access);
    },

    async myBacktests(user: { id: number } | null, access: Access, page = 1, perPage = 20): Promise<BacktestView[]> {
      const u = requireUser(user);
      return (await q.backtestsOf(ctx.pool, u.id, perPage, (page - 1) * perPage)).map((r) => toView(r, u.id, access));
    },

    /** The best backtests of all members (SPEC §3 backtesting list state); figures for premium, rules and Excel for the add-on. */
    async usersBacktests(
      user: { id: number } | null,
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
      return { total, items: items.map((r) => toView(r, user?.id ?? null, access)) };
    },

    /** Imports the filter of another member's backtest (add-on 'backtesting'). */
    async importFromBacktest(user: { id: number } | null, access: Access, id: number): Promise<FilterView> {
      const u = requireUser(user);
      const row = await q.backtestById(ctx.pool, id, false);
      if (!row) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
      if (row.userId !== u.id && !access.addonBacktesting)
        throw new ServiceError(403, MESSAGES_PREMATCH.addonBacktesting);
      const filter = row.filter as { name: string; desiredOutcome: string; rules: Rule[]; leagueIds: number[] };
      const newId = await create(
        u,
        access,
        parseFilter({
          name: filter.name,
          desiredOutcome: filter.desiredOutcome,
          rules: filter.rules,
          leagueIds: filter.leagueIds,
        }),
        row.filterId,
      );
      return view((await q.filterById(ctx.pool, newId))!, u.id, access);
    },

    async backtestExcel(
      user: { id: number } | null,
      access: Access,
      id: number,
    ): Promise<{ file: Buffer; name: string }> {
      const u = requireUser(user);
      const row = await q.backtestById(ctx.pool, id, false);
      if (!row) throw new ServiceError(404, MESSAGES_PREMATCH.notFound);
      if (row.userId !== u.id && !access.addonBacktesting)
        throw new ServiceError(403, MESSAGES_PREMATCH.addonBacktesting);
      const kept = await q.backtestExcel(ctx.pool, id);
      let file = kept.excel;
      if (!file) {
        if (!kept.pickRows) throw new ServiceError(404, MESSAGES_PREMATCH.noExcel);
        const picks = (kept.pickRows as PickRow[]).map(fromPickRow);
        const stored = (await q.backtestById(ctx.pool, id))!.result as StoredResult;
        const names = await q.namesOf(
          ctx.pool,
          [...new Set(picks.flatMap((p) => [p.homeId, p.awayId]))],
          [...new Set(picks.map((p) => p.leagueId))],
        );
        file = await backtestWorkbook(
          picks,
          names,
          stored,
          `${(row.filter as { name?: string }).name ?? ""} ${row.interval}`,
        );
        await q.keepExcel(ctx.pool, id, file);
      }
      return { file, name: `backtest-${id}.xlsx` };
    },

    /** The job queue's side: runs one backtest (a no-op when another worker took it). */
    runBacktest: runOne,

    /** Backtests left in the queue (a restart, another process's submissions): run them here. */
    async runPending(): Promise<number> {
      const ids = await q.pendingBacktests(ctx.pool, new Date(Date.now() - STALE_MS));
      for (const id of ids) if (!localQueue.includes(id)) localQueue.push(id);
      await drain();
      return ids.length;
    },

    // ---------- alerts

    /**
     * Records a pick, once, for every (filter, upcoming fixture) whose lead time has come and that the filter
     * matches, through the shared alerts module (outbox, Telegram, push, in-app; muted filters record and send
     * nothing; grading after the match is the module's). Returns the picks created by this run.
     */
    async findAlerts(): Promise<AlertFound[]> {
      const s = await features();
      const now = ctx.clock.now().getTime();
      const out: AlertFound[] = [];
      const src = s.source();
      const rank = {
        home: src.team({ category: "preMatchStats", stat: "rank" }, "home")!,
        away: src.team({ category: "preMatchStats", stat: "rank" }, "away")!,
      };
      const price = (stat: string, side: "home" | "away" | "match") =>
        side === "match"
          ? src.match({ category: "odds", stat, bookmaker: "Avg" })!
          : src.team({ category: "odds", stat, bookmaker: "Avg" }, side)!;
      const odds = {
        home: price("win", "home"),
        away: price("win", "away"),
        draw: price("draw", "match"),
        over: price("over25", "match"),
        under: price("under25", "match"),
      };
      for (const f of await q.activeFilters(ctx.pool)) {
        let predicate: (r: number) => boolean;
        try {
          predicate = compileRules(toRules(f.rules), src, scopeOf);
        } catch {
          continue;
        }
        const lead = leadTimeMs({ amount: f.leadAmount, unit: f.leadUnit as LeadTime["unit"] });
        const [start, end] = s.rowRange(now + 1, now + lead + 1);
        const leagues = f.leagueIds.length ? new Set(f.leagueIds) : null;
        const rows: number[] = [];
        for (let r = start; r < end; r++) {
          const i = s.fixtureIndex(r);
          if (leagues && !leagues.has(s.league[i]!)) continue;
          if (predicate(r)) rows.push(r);
        }
        if (rows.length === 0) continue;
        const briefs = await q.fixtureBriefs(
          ctx.pool,
          rows.map((r) => s.id[s.fixtureIndex(r)]!),
          ctx.clock.now(),
        );
        for (const r of rows) {
          const fixtureId = s.id[s.fixtureIndex(r)]!;
          const b = briefs.get(fixtureId);
          if (!b) continue;
          const favorite = s.favorite[r]!;
          const side = backedSide(f.desiredOutcome as DesiredOutcome, favorite);
          const p = side < 0 || f.desiredOutcome.endsWith("_ht") ? Number.NaN : s.openingPrice(r, side);
          const pickOdds = Number.isNaN(p) || p <= 1 ? null : p;
          const known = (x: number) => !Number.isNaN(x);
          const content = {
            home: b.home,
            away: b.away,
            league: b.league,
            country: b.country,
            kickoff: b.kickoff.toISOString(),
            ...(known(rank.home(r)) && known(rank.away(r))
              ? { rankings: { home: rank.home(r), away: rank.away(r) } }
              : {}),
            ...(known(odds.home(r)) && known(odds.draw(r)) && known(odds.away(r))
              ? { odds1x2: { home: odds.home(r), draw: odds.draw(r), away: odds.away(r) } }
              : {}),
            ...(known(odds.over(r)) && known(odds.under(r))
              ? { oddsUnderOver25: { over: odds.over(r), under: odds.under(r) } }
              : {}),
          };
          const recorded = await alerts.recordPick({
            source: "prematch",
            filterId: f.id,
            fixtureId,
            userId: f.userId,
            filterName: f.name,
            outcome: f.desiredOutcome,
            favourite: favorite === 0 ? "home" : favorite === 1 ? "away" : null,
            odds: pickOdds,
            muted: f.muted,
            content,
          });
          if (recorded.created)
            out.push({
              filterId: f.id,
              userId: f.userId,
              fixtureId,
              odds: pickOdds,
              muted: f.muted,
              delivery: recorded.delivery,
            });
        }
      }
      return out;
    },

    leagues: () => q.allLeagues(ctx.pool),

    /** The pre-match feature store (walk-forward), shared with the live scanner's pre-match parts. */
    featureStore: features,
  };
}

export type PrematchService = ReturnType<typeof createPrematchService>;
