/**
 * Alerts shared by the live scanner, the pre-match scanner and the value-bet and trend bots.
 *
 * Entry points (services.alerts), one use case per file in src/services/alerts/:
 * - recordPick(input, { client? }): writes the pick and its outbox rows in one transaction (the caller's, when
 *   it passes `client`). Once-only: the database's unique key (source, filterId, fixtureId, selection) makes a
 *   second call a no-op (`created: false`), also across processes and restarts. Muted filters record the pick
 *   and send nothing; a free user's 6th live alert of the day is recorded but not sent (one notice instead).
 * - recordPicks(inputs, { client? }): the same for many picks (one live tick of a shard) in one transaction and a
 *   few set-based statements, all or nothing; recordPick is a batch of one, so the rules have one code path.
 * - deliver(): one run of the Telegram delivery (the job calls it every few seconds).
 * - grade(): judges the pending picks of ended matches won, lost or void.
 * - figures / history / clearHistory: a filter's figures (SPEC §3) and picks.
 * - telegram: deep links, /start linking, polling; inbox: in-app notifications.
 */
import type { PoolClient } from "../db/client.ts";
import * as q from "../db/queries/alerts.ts";
import type { AlertSource } from "../domain/alerts/content.ts";
import { dailyReport, sendDailyReports } from "./alerts/daily-report.ts";
import { deliver } from "./alerts/delivery.ts";
import { grade } from "./alerts/grading.ts";
import { clearHistory, figures, history } from "./alerts/history.ts";
import { list } from "./alerts/inbox.ts";
import { recordPick, recordPicks } from "./alerts/record-pick.ts";
import { type AlertsDeps, type RateTimer, type RecordPickInput, SOURCES } from "./alerts/shared.ts";
import { handleStart, links, mode, poll, pollable, receiveStart, unlink } from "./alerts/telegram-links.ts";
import type { ServiceContext } from "./context.ts";
import { newToken } from "./tokens.ts";

export type { AlertSource } from "../domain/alerts/content.ts";
export type { RecordPickInput, RecordPickResult } from "./alerts/shared.ts";

export function createAlertsService(
  ctx: ServiceContext,
  instance: { id: string } = { id: newToken() },
  options: { timer?: RateTimer } = {},
) {
  const d: AlertsDeps = {
    ctx,
    telegram: ctx.telegram ?? null,
    claimant: instance.id,
    rates: new Map(),
    timer: options.timer ?? {
      now: () => performance.now(),
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
    queued: new Set(),
    alone: new Set(),
  };
  return {
    recordPick: (input: RecordPickInput, options: { client?: PoolClient } = {}) => recordPick(d, input, options),
    recordPicks: (inputs: RecordPickInput[], options: { client?: PoolClient } = {}) => recordPicks(d, inputs, options),
    deliver: () => deliver(d),
    /** Calls `listener` whenever picks that send something were recorded; answers the function that stops it. */
    onQueued(listener: () => void): () => void {
      d.queued.add(listener);
      return () => d.queued.delete(listener);
    },
    grade: () => grade(d),
    figures: (source: AlertSource, filterIds: number[]) => figures(d, source, filterIds),
    history: (source: AlertSource, filterId: number) => history(d, source, filterId),
    clearHistory: (source: AlertSource, filterId: number, pickId: number | null = null) =>
      clearHistory(d, source, filterId, pickId),
    dailyReport: (...args: DropFirst<Parameters<typeof dailyReport>>) => dailyReport(d, ...args),
    sendDailyReports: () => sendDailyReports(d),
    telegram: {
      mode: () => mode(d),
      links: (...args: DropFirst<Parameters<typeof links>>) => links(d, ...args),
      handleStart: (...args: DropFirst<Parameters<typeof handleStart>>) => handleStart(d, ...args),
      receiveStart: (...args: DropFirst<Parameters<typeof receiveStart>>) => receiveStart(d, ...args),
      unlink: (...args: DropFirst<Parameters<typeof unlink>>) => unlink(d, ...args),
      pollable: (...args: DropFirst<Parameters<typeof pollable>>) => pollable(d, ...args),
      poll: (...args: DropFirst<Parameters<typeof poll>>) => poll(d, ...args),
    },
    inbox: {
      list: (...args: DropFirst<Parameters<typeof list>>) => list(d, ...args),
      unread: (user: { id: number }) => q.unreadCount(ctx.pool, user.id),
      markRead: (user: { id: number }, itemId: number | null = null) =>
        q.markRead(ctx.pool, user.id, ctx.clock.now(), itemId),
    },
    isSource: (value: unknown): value is AlertSource => typeof value === "string" && SOURCES.has(value),
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type AlertsService = ReturnType<typeof createAlertsService>;
