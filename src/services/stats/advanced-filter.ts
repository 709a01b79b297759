import * as q from "../../db/queries/stats.ts";
import type { Access } from "../../domain/premium/access.ts";
import { type FixtureFacts, passes } from "../../domain/stats/filter-criteria.ts";
import { requirePremium } from "../access.ts";
import { badRequest } from "../errors.ts";
import { dayFacts } from "./day-facts.ts";
import type { StatsDeps } from "./deps.ts";
import { type AdvancedFilterFixture, DAY_MS, parse } from "./shared.ts";

const MAX_RANGE_DAYS = 14;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
function roundAll<K extends string>(values: Record<K, number | null>, digits: number): Record<K, number | null> {
  const out = {} as Record<K, number | null>;
  for (const key in values) out[key] = values[key] === null ? null : round(values[key]!, digits);
  return out;
}

function parseDate(value: string | undefined, name: string): Date | null {
  if (value === undefined || value.trim() === "") return null;
  const v = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) || Number.isNaN(Date.parse(v))) {
    throw badRequest("apiErrors.dateParam", { field: name });
  }
  return new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
}

/**
 * Upcoming fixtures of [from, to) whose chosen event passes every threshold. `premiumEndpoint`: the caller
 * used the premium endpoint. Premium events, a probability range and the premium endpoint need premium.
 */
async function matching(
  d: StatsDeps,
  raw: Record<string, string | undefined>,
  access: Access,
  options: { premiumEndpoint: boolean },
) {
  const { ctx } = d;
  if (options.premiumEndpoint) requirePremium(access);
  const parsed = parse(raw);
  if (parsed.usesPremium) requirePremium(access);
  const now = ctx.clock.now();
  const from = parseDate(raw.from, "from") ?? new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const to = parseDate(raw.to, "to") ?? new Date(from.getTime() + DAY_MS);
  if (to <= from) throw badRequest("apiErrors.rangeOrder");
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS)
    throw badRequest("apiErrors.rangeSpan", { days: MAX_RANGE_DAYS });
  const version = await q.lastEndedKickoff(ctx.pool, now);
  const firstDay = Math.floor(Math.max(from.getTime(), now.getTime()) / DAY_MS) * DAY_MS;
  const dayStarts: number[] = [];
  for (let start = firstDay; start < to.getTime(); start += DAY_MS) dayStarts.push(start);
  const facts = await Promise.all(dayStarts.map((start) => dayFacts(d, start, now, version)));
  const leagues = parsed.leagueIds.length ? new Set(parsed.leagueIds) : null;
  const { criteria } = parsed;
  const code = criteria.event.code;
  const items: Array<{ item: AdvancedFilterFixture; json: string }> = [];
  for (const day of facts) {
    for (const entry of day.values()) {
      const kickoff = entry.row.kickoff.getTime();
      // Only fixtures still to kick off: their view (status, no score) is the one computed with the facts.
      if (kickoff < from.getTime() || kickoff >= to.getTime() || kickoff <= now.getTime()) continue;
      if (leagues && !leagues.has(entry.row.leagueId)) continue;
      const probability = entry.probabilities[code] ?? null;
      const price = entry.prices[criteria.event.outcome];
      const odd = price ?? (probability ? 1 / probability : null);
      const f: FixtureFacts = { probability, odd, rates: entry.rates.rates[code]!, goals: entry.rates.goals };
      if (!passes(f, criteria)) continue;
      let out = entry.byEvent.get(code);
      if (!out) {
        const item: AdvancedFilterFixture = {
          fixture: entry.view,
          event: code,
          probability: round(probability!, 4),
          odd: round(odd!, 2),
          bookmakerOdd: price !== undefined,
          rates: roundAll(f.rates, 3),
          goals: roundAll(f.goals, 2),
        };
        out = { item, json: JSON.stringify(item) };
        entry.byEvent.set(code, out);
      }
      items.push(out);
    }
  }
  return { code, from: from.toISOString(), to: to.toISOString(), items };
}

/** Upcoming fixtures of [from, to) whose chosen event passes every threshold (the pages' form). */
export async function advancedFilter(
  d: StatsDeps,
  raw: Record<string, string | undefined>,
  access: Access,
  options: { premiumEndpoint: boolean },
) {
  const m = await matching(d, raw, access, options);
  return { event: m.code, from: m.from, to: m.to, total: m.items.length, fixtures: m.items.map((i) => i.item) };
}

/** The same as the API's JSON body `{"data": …}`, assembled from each fixture's cached JSON. */
export async function advancedFilterJson(
  d: StatsDeps,
  raw: Record<string, string | undefined>,
  access: Access,
  options: { premiumEndpoint: boolean },
): Promise<string> {
  const m = await matching(d, raw, access, options);
  const head = JSON.stringify({ event: m.code, from: m.from, to: m.to, total: m.items.length });
  return `{"data":${head.slice(0, -1)},"fixtures":[${m.items.map((i) => i.json).join(",")}]}}`;
}
