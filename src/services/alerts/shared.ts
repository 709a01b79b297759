import { z } from "zod";
import type { BotName } from "../../data/telegram/sender.ts";
import {
  ALERT_SOURCES,
  type AlertContent,
  type AlertSource,
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_FIELDS,
  type NotificationSettings,
} from "../../domain/alerts/content.ts";
import type { SendRate } from "../../domain/notifications/send-rate.ts";
import type { Side } from "../../domain/alerts/grading.ts";
import { isValidTimeZone } from "../../domain/time/zones.ts";
import { DEFAULT_LOCALE, type Locale, isLocale } from "../../i18n/locales.ts";
import type { ServiceContext } from "../context.ts";

export interface RecordPickInput {
  source: AlertSource;
  /** the source's filter id (live or pre-match filter; the bots number their own) */
  filterId: number;
  fixtureId: number;
  /** scanners: the filter's owner, who gets the alert */
  userId?: number;
  /** bots: everyone who gets it (the owner is not added twice) */
  recipients?: number[];
  /** '' for the scanners; the bots' market selection, so one fixture may carry several picks */
  selection?: string;
  /** the filter's name, or the bot's label */
  filterName: string;
  /** the SPEC §3 desired outcome (home, favorite_wins_ht…) or a market selection (1, X2, O25, GG) that grading judges */
  outcome: string;
  /** the favourite by pre-match odds (favourite/underdog outcomes); favouriteOf() of the domain finds it */
  favourite?: Side | null;
  /** the odd at notification; null when the market has none */
  odds: number | null;
  /** a muted filter records its picks and sends nothing */
  muted?: boolean;
  /** what the message shows (AlertContent of src/domain/alerts/content.ts) */
  content: AlertContent;
}

export interface RecordPickResult {
  pickId: number;
  /** false: this (source, filter, fixture, selection) had alerted before; nothing was written */
  created: boolean;
  delivery: "sent" | "muted" | "limit";
  /** recipients the alert goes to (0 when muted or over the free limit) */
  notified: number;
}

export interface TelegramDeliveryReport {
  sent: number;
  failed: number;
  retried: number;
}

/** The bot that speaks for a source: the trend bot shares the value-bet bot. */
export function botOf(source: string): BotName {
  return source === "live" ? "live" : source === "prematch" ? "prematch" : "valuebet";
}

export const SOURCES = new Set<string>(ALERT_SOURCES);
export const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 6;
export const BATCH = 25;
/** A message that must wait longer than this for Telegram's rate goes back to the outbox, not kept under a lease. */
export const MAX_RATE_WAIT_MS = 15_000;
/** Chats one delivery run sends to at once (each chat's messages still go one after another). */
export const SEND_CONCURRENCY = 8;
export const LINK_TOKEN_HOURS = 24;
/** Picks whose match has no score this long after kick-off are void (abandoned, or the data has none). */
export const VOID_AFTER_MS = 3 * 86_400_000;

const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
export const RecordPickSchema = z.object({
  source: z.enum(ALERT_SOURCES),
  filterId: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  fixtureId: id,
  userId: id.optional(),
  recipients: z.array(id).max(100_000).optional(),
  selection: z.string().max(40).optional(),
  filterName: z.string().min(1).max(200),
  outcome: z.string().min(1).max(40),
  favourite: z.enum(["home", "away"]).nullable().optional(),
  odds: z.number().gt(1).lt(10_000).nullable(),
  muted: z.boolean().optional(),
  content: z.looseObject({ home: z.string(), away: z.string(), kickoff: z.string() }),
});

export function settingsOf(stored: Record<string, unknown> | null): NotificationSettings {
  const out = { ...DEFAULT_NOTIFICATION_SETTINGS };
  if (stored) for (const f of NOTIFICATION_FIELDS) if (typeof stored[f] === "boolean") out[f] = stored[f] as boolean;
  return out;
}

export const localeOf = (code: string): Locale => (isLocale(code) ? code : DEFAULT_LOCALE);
export const zoneOf = (tz: string | null) => (tz && isValidTimeZone(tz) ? tz : "UTC");

export interface RateTimer {
  now(): number;
  wait(ms: number): Promise<void>;
}

/** What every alerts use case works with: the context, the Telegram bots, and whose claims this process makes. */
export interface AlertsDeps {
  ctx: ServiceContext;
  telegram: NonNullable<ServiceContext["telegram"]> | null;
  /** whose claims this process's delivery makes (a worker's id: its death frees its claims at once) */
  claimant: string;
  /** each bot's sending rate in this process (Telegram's limits per bot token and per chat) */
  rates: Map<BotName, SendRate>;
  /**
   * The time the sending rate is kept on (real time, whatever the site's clock says: Telegram counts seconds
   * as they pass), and the wait for it; tests drive both.
   */
  timer: RateTimer;
  /** called after picks that send something were committed (the delivery job starts a run at once) */
  queued: Set<() => void>;
  /** outbox rows Telegram refused for good inside a message of several alerts: each is sent alone from then on */
  alone: Set<number>;
}
