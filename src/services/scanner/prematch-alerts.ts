/**
 * Pre-match alerts: a pick, once, for every (filter, upcoming fixture) whose lead time has come and that the filter
 * matches, through the shared alerts module (outbox, Telegram, push, in-app; muted filters record and send nothing;
 * grading after the match is the module's).
 */
import { type PreMatchFilterRow, alertingPreMatchFilters } from "../../db/queries/scanner-filters.ts";
import { type FixtureBrief, fixtureBriefs } from "../../db/queries/scanner-fixtures.ts";
import type { AlertContent } from "../../domain/alerts/content.ts";
import type { FeatureStore } from "../../domain/prematch/feature-store.ts";
import { scopeOf } from "../../domain/scanner/stat-scope.ts";
import { compileRules } from "../../domain/scanner/compile.ts";
import { prematchQuote } from "../../domain/prematch/outcome-quotes.ts";
import { type DesiredOutcome, type LeadTime, leadTimeMs } from "../../domain/scanner/rules.ts";
import type { AlertsService } from "../alerts.ts";
import type { ServiceContext } from "../context.ts";
import { type Features, matchingRows } from "./feature-store.ts";
import { toRules } from "./filter-rules.ts";

export interface AlertFound {
  filterId: number;
  userId: number;
  fixtureId: number;
  odds: number | null;
  muted: boolean;
  delivery: "sent" | "muted" | "limit";
}

type Reader = (row: number) => number;
const unknown: Reader = () => Number.NaN;

/** The store's readers of what an alert message shows: rankings and average prices. */
function messageReaders(store: FeatureStore) {
  const src = store.source();
  const price = (stat: string, side: "home" | "away" | "match"): Reader =>
    (side === "match"
      ? src.match({ category: "odds", stat, bookmaker: "Avg" })
      : src.team({ category: "odds", stat, bookmaker: "Avg" }, side)) ?? unknown;
  return {
    rankHome: src.team({ category: "preMatchStats", stat: "rank" }, "home")! as Reader,
    rankAway: src.team({ category: "preMatchStats", stat: "rank" }, "away")! as Reader,
    home: price("win", "home"),
    away: price("win", "away"),
    draw: price("draw", "match"),
    over: price("over25", "match"),
    under: price("under25", "match"),
    yes: price("bttsYes", "match"),
    no: price("bttsNo", "match"),
  };
}

type Readers = ReturnType<typeof messageReaders>;
const known = (...xs: number[]) => xs.every((x) => !Number.isNaN(x));

// A store lives until the next refresh: its readers are made once, not per alert.
const readersOf = new WeakMap<FeatureStore, Readers>();

/** The pre-match parts of an alert message of a store row: rankings and the prices that are known. */
export function preMatchParts(store: FeatureStore, r: number): Partial<AlertContent> {
  let read = readersOf.get(store);
  if (!read) {
    read = messageReaders(store);
    readersOf.set(store, read);
  }
  const [rankHome, rankAway] = [read.rankHome(r), read.rankAway(r)];
  const [home, draw, away, over, under] = [read.home(r), read.draw(r), read.away(r), read.over(r), read.under(r)];
  const [yes, no] = [read.yes(r), read.no(r)];
  return {
    ...(known(rankHome, rankAway) ? { rankings: { home: rankHome, away: rankAway } } : {}),
    ...(known(home, draw, away) ? { odds1x2: { home, draw, away } } : {}),
    ...(known(over, under) ? { oddsUnderOver25: { over, under } } : {}),
    ...(known(yes, no) ? { oddsBtts: { yes, no } } : {}),
  };
}

/** The alert message's content of a row: the match, and the rankings and prices that are known. */
function contentOf(b: FixtureBrief, store: FeatureStore, r: number): AlertContent {
  return {
    home: b.home,
    away: b.away,
    league: b.league,
    country: b.country,
    kickoff: b.kickoff.toISOString(),
    ...preMatchParts(store, r),
  };
}

type Alerts = Pick<AlertsService, "recordPick">;

/** Records the picks of one filter; answers those created by this run. */
async function alertsOf(ctx: ServiceContext, alerts: Alerts, store: FeatureStore, f: PreMatchFilterRow) {
  let predicate: (r: number) => boolean;
  try {
    predicate = compileRules(toRules(f.rules), store.source(), scopeOf);
  } catch {
    return [];
  }
  const now = ctx.clock.now().getTime();
  const lead = leadTimeMs({ amount: f.leadAmount, unit: f.leadUnit as LeadTime["unit"] });
  const rows = matchingRows(store, predicate, now, now + lead, f.leagueIds);
  if (rows.length === 0) return [];
  const idOf = (r: number) => store.id[store.fixtureIndex(r)]!;
  const briefs = await fixtureBriefs(ctx.pool, rows.map(idOf), ctx.clock.now());
  const out: AlertFound[] = [];
  for (const r of rows) {
    const fixtureId = idOf(r);
    const b = briefs.get(fixtureId);
    if (!b) continue;
    const favorite = store.favorite[r]!;
    // The opening price of the outcome where one is published, and our prediction's probability (the edge).
    const { odds, probability } = prematchQuote(store, r, f.desiredOutcome as DesiredOutcome);
    const recorded = await alerts.recordPick({
      source: "prematch",
      filterId: f.id,
      fixtureId,
      userId: f.userId,
      filterName: f.name,
      outcome: f.desiredOutcome,
      favourite: favorite === 0 ? "home" : favorite === 1 ? "away" : null,
      odds,
      muted: f.muted,
      content: { ...contentOf(b, store, r), probability },
    });
    if (recorded.created)
      out.push({ filterId: f.id, userId: f.userId, fixtureId, odds, muted: f.muted, delivery: recorded.delivery });
  }
  return out;
}

/** Records the picks whose lead time has come; answers the picks created by this run. */
export async function findPreMatchAlerts(ctx: ServiceContext, alerts: Alerts, features: Features) {
  const store = await features();
  const out: AlertFound[] = [];
  for (const f of await alertingPreMatchFilters(ctx.pool)) out.push(...(await alertsOf(ctx, alerts, store, f)));
  return out;
}
