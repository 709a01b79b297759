import type { Pool } from "../../db/client.ts";
import { fixturesBetween } from "../../db/queries/live.ts";
import { OU_LINES } from "../../domain/live/odds.ts";
import {
  type LiveEvent,
  type LiveOdds,
  type LiveState,
  HALF_SECONDS,
  MATCH_SECONDS,
  emptyCounters,
  minuteOfSecond,
} from "../../domain/live/state.ts";
import {
  FIRST_HALF,
  SECOND_HALF,
  SPORTMONKS_EVENTS,
  SPORTMONKS_MARKETS,
  SPORTMONKS_STATES,
  SPORTMONKS_STATISTICS,
} from "../../domain/live/sportmonks-types.ts";
import { devigProportional } from "../../domain/predictions/devig.ts";
import type { LiveFeed } from "./feed.ts";

/**
 * SportMonks Football API v3 as the live feed: one request (`livescores/inplay` with statistics, events, periods,
 * scores, participants and in-play odds) returns every match being played, so a tick costs one call whatever
 * the number of matches. (API-Football would need a statistics call per fixture and has no attacks or dangerous
 * attacks, which the live scanner reads.) Provider fixtures are matched to ours by kick-off (±3 h) and team
 * names; the ones we do not have are left out.
 */

interface SmFixture {
  id: number;
  state_id: number;
  starting_at_timestamp: number;
  participants?: Array<{ id: number; name: string; meta?: { location?: string } }>;
  scores?: Array<{ description: string; score: { goals: number | null; participant: "home" | "away" } }>;
  statistics?: Array<{
    type_id: number;
    participant_id: number;
    location?: "home" | "away";
    data: { value: number | string | null };
  }>;
  events?: Array<{ type_id: number; participant_id: number; minute: number | null; extra_minute?: number | null }>;
  periods?: Array<{
    type_id?: number;
    ticking: boolean;
    minutes: number | null;
    seconds: number | null;
    description?: string;
  }>;
  inplayodds?: Array<{ market_id: number; label: string; value: string; total?: string | null; suspended?: boolean }>;
}

export interface SportmonksOptions {
  token: string;
  /** API origin and path, e.g. https://api.sportmonks.com/v3/football */
  baseUrl: string;
  pool: Pool;
  /** how long one answer is reused (ms) */
  cacheMs?: number;
  fetch?: typeof fetch;
}

const normalise = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\b(fc|afc|cf|sc|ac|club|cd|the|utd|united)\b/g, "")
    .replace(/[^a-z0-9]/g, "");

const sameTeam = (a: string, b: string) => {
  const x = normalise(a);
  const y = normalise(b);
  return x.length > 0 && y.length > 0 && (x === y || x.includes(y) || y.includes(x));
};

/** The full-time result's labels as the in-play odds documentation shows them ("1", "X", "2"), besides "Home"… */
const RESULT_LABELS: Record<string, string> = { "1": "home", x: "draw", "2": "away" };

function oddsOf(rows: NonNullable<SmFixture["inplayodds"]>, minute: number): LiveOdds | null {
  const price = (market: number, label: string, total?: string) => {
    const row = rows.find(
      (r) =>
        r.market_id === market &&
        (RESULT_LABELS[r.label.toLowerCase()] ?? r.label.toLowerCase()) === label &&
        (total === undefined || r.total === total),
    );
    const value = row && !row.suspended ? Number(row.value) : Number.NaN;
    return Number.isFinite(value) && value > 1 ? value : null;
  };
  const home = price(SPORTMONKS_MARKETS.result, "home");
  const draw = price(SPORTMONKS_MARKETS.result, "draw");
  const away = price(SPORTMONKS_MARKETS.result, "away");
  // A result all but decided has its long shot suspended (2–0 in the 62nd minute: the away win): the match keeps
  // its other prices, the suspended selection counted as impossible. With fewer than two, no line is left to read.
  const result = [home, draw, away];
  const priced = result.filter((v): v is number => v !== null);
  if (priced.length < 2) return null;
  const shares = devigProportional(priced);
  let next = 0;
  const [pHome, pDraw, pAway] = result.map((v) => (v === null ? 0 : shares[next++]!)) as [number, number, number];
  const bttsYes = price(SPORTMONKS_MARKETS.btts, "yes");
  const bttsNo = price(SPORTMONKS_MARKETS.btts, "no");
  return {
    minute,
    home,
    draw,
    away,
    overUnder: OU_LINES.map((line) => ({
      line,
      over: price(SPORTMONKS_MARKETS.overUnder, "over", String(line)),
      under: price(SPORTMONKS_MARKETS.overUnder, "under", String(line)),
    })),
    bttsYes,
    bttsNo,
    margin: priced.reduce((sum, v) => sum + 1 / v, 0) - 1,
    probabilities: {
      home: pHome,
      draw: pDraw,
      away: pAway,
      bttsYes: bttsYes && bttsNo ? devigProportional([bttsYes, bttsNo])[0]! : Number.NaN,
    },
  };
}

/**
 * The match clock of a fixture being played, in our seconds (0–5399). The provider counts the minutes of a half
 * on from its start (45 for the second), so added time runs past 45 and 90: first-half added time stays in the
 * first half (it stands at 2699, the first half's last second, as at half time) and the second half never reads
 * before 2700. The half is the fixture's state, else the type of its ticking (or last) period.
 */
function clockOf(f: SmFixture): number {
  const period = f.periods?.find((p) => p.ticking) ?? f.periods?.at(-1);
  const elapsed = (period?.minutes ?? 0) * 60 + (period?.seconds ?? 0);
  const firstHalf =
    f.state_id === FIRST_HALF.state || (f.state_id !== SECOND_HALF.state && period?.type_id === FIRST_HALF.period);
  const secondHalf = f.state_id === SECOND_HALF.state || (!firstHalf && period?.type_id === SECOND_HALF.period);
  const from = secondHalf ? HALF_SECONDS : 0;
  const to = firstHalf ? HALF_SECONDS - 1 : MATCH_SECONDS - 1;
  return Math.min(to, Math.max(from, elapsed));
}

/** One provider fixture as our state (fixture id given). */
export function sportmonksState(fixtureId: number, f: SmFixture): LiveState {
  const status = SPORTMONKS_STATES[f.state_id] ?? "upcoming";
  const participants = f.participants ?? [];
  const sideOf = (participantId: number): "home" | "away" =>
    participants.find((p) => p.id === participantId)?.meta?.location === "away" ? "away" : "home";
  // A score the provider does not give is unknown (null), never 0.
  const current = (side: "home" | "away") => {
    const goals = f.scores?.find((s) => s.description === "CURRENT" && s.score.participant === side)?.score.goals;
    return typeof goals === "number" && Number.isFinite(goals) ? goals : null;
  };
  const home = emptyCounters();
  const away = emptyCounters();
  for (const stat of f.statistics ?? []) {
    const counter = SPORTMONKS_STATISTICS[stat.type_id];
    const value = Number(stat.data.value);
    if (!counter || !Number.isFinite(value)) continue;
    ((stat.location ?? sideOf(stat.participant_id)) === "away" ? away : home)[counter] = Math.round(value);
  }
  const second =
    status === "upcoming"
      ? null
      : status === "finished"
        ? MATCH_SECONDS
        : status === "halftime"
          ? HALF_SECONDS - 1
          : clockOf(f);
  const events: LiveEvent[] = [];
  for (const event of f.events ?? []) {
    for (const type of SPORTMONKS_EVENTS[event.type_id] ?? []) {
      const minute = Math.max(1, Math.min(90, event.minute ?? 1));
      events.push({ type, side: sideOf(event.participant_id), second: (minute - 1) * 60, minute });
    }
  }
  events.sort((a, b) => a.second - b.second);
  const playing = status === "live" || status === "halftime";
  return {
    fixtureId,
    status,
    second,
    minute: second === null || status === "finished" ? null : minuteOfSecond(second),
    homeScore: status === "upcoming" ? null : current("home"),
    awayScore: status === "upcoming" ? null : current("away"),
    home,
    away,
    estimated: [],
    events,
    odds: playing && second !== null ? oddsOf(f.inplayodds ?? [], minuteOfSecond(second)) : null,
  };
}

export function createSportmonksFeed(options: SportmonksOptions): LiveFeed {
  const cacheMs = options.cacheMs ?? 4000;
  const doFetch = options.fetch ?? fetch;
  let cached: { at: number; states: Map<number, LiveState> } | null = null;
  let pending: Promise<Map<number, LiveState>> | null = null;

  async function load(now: Date): Promise<Map<number, LiveState>> {
    const url = new URL(`${options.baseUrl.replace(/\/$/, "")}/livescores/inplay`);
    url.searchParams.set("include", "participants;scores;statistics;events;periods;inplayOdds");
    const response = await doFetch(url, {
      headers: { Authorization: options.token, Accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SportMonks livescores: HTTP ${response.status}`);
    const body = (await response.json()) as { data?: SmFixture[] };
    const ours = await fixturesBetween(
      options.pool,
      new Date(now.getTime() - 3 * 3_600_000),
      new Date(now.getTime() + 3 * 3_600_000),
    );
    const states = new Map<number, LiveState>();
    for (const f of body.data ?? []) {
      const names = Object.fromEntries((f.participants ?? []).map((p) => [p.meta?.location ?? "", p.name]));
      if (!names.home || !names.away) continue;
      const kickoff = f.starting_at_timestamp * 1000;
      const match = ours.find(
        (o) =>
          Math.abs(o.kickoff.getTime() - kickoff) <= 3 * 3_600_000 &&
          sameTeam(o.home, names.home!) &&
          sameTeam(o.away, names.away!),
      );
      if (match) states.set(match.id, sportmonksState(match.id, f));
    }
    return states;
  }

  async function states(now: Date): Promise<Map<number, LiveState>> {
    // Ages below zero (a clock set back) count as stale.
    const age = (at: number) => now.getTime() - at;
    if (cached && age(cached.at) >= 0 && age(cached.at) < cacheMs) return cached.states;
    pending ??= load(now)
      .then((result) => {
        cached = { at: now.getTime(), states: result };
        return result;
      })
      .catch((error) => {
        // A failed call keeps the last answer for 30 s (a blip), then the feed reports nothing live.
        if (cached && age(cached.at) >= 0 && age(cached.at) < 30_000) return cached.states;
        throw error;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  return {
    name: "sportmonks",
    async playing(now, only) {
      return [...(await states(now)).values()].filter(
        (s) => (s.status === "live" || s.status === "halftime") && (!only || only(s.fixtureId)),
      );
    },
    async state(fixtureId, now) {
      return (await states(now)).get(fixtureId) ?? null;
    },
    async timeline() {
      return null;
    },
  };
}
