import { oddsOf } from "../db/queries/fixtures.ts";
import {
  type LiveFixtureInfoRow,
  fixtureKickoff,
  fixturesWithoutTimeline,
  liveFixtureInfo,
  readLiveStates,
  replaySources,
  saveLiveStates,
  saveTimelines,
  storedTimelines,
} from "../db/queries/live.ts";
import type { LiveFeed } from "../data/live/feed.ts";
import { createReplayFeed, oddsModelOf, replayEntry } from "../data/live/replay-feed.ts";
import type { OddsModel } from "../domain/live/odds.ts";
import { bookmakerShown, isBookmakerCountry } from "../domain/bookmakers.ts";
import { stateAt } from "../domain/live/replay.ts";
import { COUNTERS, type LiveState, MATCH_SECONDS, MATCH_SPAN_SECONDS, replayClock } from "../domain/live/state.ts";
import { KIND, type Timeline, TimelineRecorder, cutTimeline, perFiveMinutes } from "../domain/live/timeline.ts";
import { decodeTimeline, encodeTimeline } from "../domain/live/timeline-bytes.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError, badRequest } from "./errors.ts";

export interface LiveFixture {
  id: number;
  kickoff: string;
  league: { id: number; name: string; tier: number; country: { name: string; code: string } };
  homeTeam: { id: number; name: string };
  awayTeam: { id: number; name: string };
}

export interface LiveFixtureView {
  fixture: LiveFixture;
  state: LiveState;
}

/** A livescores entry: the state without its event list (the fixture's own endpoint has the events). */
export interface LiveScore {
  fixture: LiveFixture;
  state: Omit<LiveState, "events">;
}

/** The part of the live work a worker holds (src/services/scale.ts). */
export interface LiveShard {
  owns(fixtureId: number): boolean;
  shards: number[];
  shardCount: number;
  /** every shard: this worker is alone */
  all: boolean;
}

export interface LiveTick {
  /** fixtures being played (of the shard) */
  live: number;
  changed: number;
  version: number;
  /** the changed states (of the shard) at `at`: what the live scanner evaluates */
  states: LiveState[];
  /** fixtures of the shard that ended since the last tick */
  ended: number[];
  /** fixtures that went to another worker's shard since the last tick (they have not ended) */
  left: number[];
  at: Date;
}

/** Dangerous attacks per 5 minutes (18 buckets; added time in the last bucket of its half). */
export interface LiveChart {
  counter: "dangerousAttacks";
  estimated: boolean;
  home: number[];
  away: number[];
}

const fixtureOf = (row: LiveFixtureInfoRow): LiveFixture => ({
  id: row.id,
  kickoff: row.kickoff.toISOString(),
  league: {
    id: row.leagueId,
    name: row.leagueName,
    tier: row.leagueTier,
    country: { name: row.countryName, code: row.countryCode },
  },
  homeTeam: { id: row.homeTeamId, name: row.homeTeamName },
  awayTeam: { id: row.awayTeamId, name: row.awayTeamName },
});

const notFound = () => new ServiceError(404, "live.errors.notFound");

/** What makes two states of a fixture differ for readers (the clock's seconds alone do not). */
function signature(state: LiveState): string {
  // Named order: a state read back from jsonb has its keys in another order.
  const values = COUNTERS.map((c) => `${state.home[c]}:${state.away[c]}`).join(",");
  return `${state.status}|${state.minute}|${state.homeScore}:${state.awayScore}|${values}|${state.odds?.minute ?? ""}`;
}

/**
 * Live match data (issue: live match data): the states of the fixtures being played, a fixture's state and
 * timeline, live and pre-match odds, and the every-second tick that stores and publishes them.
 */
export function createLiveService(ctx: ServiceContext) {
  const replay = createReplayFeed(ctx.pool);
  const feed: LiveFeed = ctx.liveFeed ?? replay;
  let previous: Map<number, string> | null = null;
  let published: { atMs: number; states: LiveState[] } | null = null;
  /** A provider sends counters, not events: its matches are recorded tick by tick and stored when they end. */
  const recorders = new Map<number, TimelineRecorder>();
  const names = new Map<number, LiveFixture>();
  let namesShift = ctx.clock.shiftWeeks();
  /** The provider's state, else the replay's (a provider knows today's matches; the bundled history is replayed). */
  const stateOf = async (id: number, now: Date) =>
    (await feed.state(id, now)) ?? (feed === replay ? null : await replay.state(id, now));
  let version = 0;

  /**
   * The feed's live states; when a provider fails (after its own short grace), the states stored by the last
   * tick, so that pages and the API keep answering.
   */
  async function playingNow(now: Date): Promise<LiveState[]> {
    // What the last tick published, when it is at most 1.5 s old: one computation per second, whatever the readers.
    const age = published ? now.getTime() - published.atMs : -1;
    if (published && age >= 0 && age < 1500) return published.states;
    // A web process next to workers: a provider is asked by the workers only; pages read what they stored.
    if (ctx.instance?.role === "web" && feed !== replay) return storedNow(now);
    try {
      return await feed.playing(now);
    } catch (error) {
      if (feed === replay) throw error;
      return (await readLiveStates(ctx.pool)).map((row) => row.state as LiveState);
    }
  }

  let stored: { atMs: number; states: Promise<LiveState[]> } | null = null;
  /** The states the workers stored, read at most once a second. */
  function storedNow(now: Date): Promise<LiveState[]> {
    const age = stored ? now.getTime() - stored.atMs : -1;
    if (!stored || age < 0 || age >= 1000) {
      stored = {
        atMs: now.getTime(),
        states: readLiveStates(ctx.pool).then((rows) => rows.map((row) => row.state as LiveState)),
      };
      stored.states.catch(() => (stored = null));
    }
    return stored.states;
  }

  /** Names of fixtures (kept while they are live: they do not change during a match; kick-offs move only with a new replay shift). */
  async function record(states: LiveState[], endedIds: number[], now: Date): Promise<void> {
    for (const state of states) {
      const recorder = recorders.get(state.fixtureId) ?? new TimelineRecorder(state.fixtureId);
      recorders.set(state.fixtureId, recorder);
      recorder.add(state);
    }
    const rows: Array<{ fixtureId: number; seasonId: number; source: string; events: Uint8Array }> = [];
    for (const id of endedIds) {
      const recorder = recorders.get(id);
      recorders.delete(id);
      const final = await feed.state(id, now).catch(() => null);
      const kick = await fixtureKickoff(ctx.pool, id);
      if (!recorder || !kick) continue;
      // The provider may drop a match as soon as it ends: then its last live state is the record's end.
      if (final?.status === "finished") recorder.add(final);
      rows.push({
        fixtureId: id,
        seasonId: kick.seasonId,
        source: feed.name,
        events: encodeTimeline(recorder.timeline()),
      });
    }
    await saveTimelines(ctx.pool, rows);
  }

  async function info(ids: number[]): Promise<Map<number, LiveFixture>> {
    if (names.size > 5000 || namesShift !== ctx.clock.shiftWeeks()) names.clear();
    namesShift = ctx.clock.shiftWeeks();
    const missing = ids.filter((id) => !names.has(id));
    for (const row of await liveFixtureInfo(ctx.pool, missing)) names.set(row.id, fixtureOf(row));
    return new Map(ids.flatMap((id) => (names.has(id) ? [[id, names.get(id)!] as const] : [])));
  }

  async function withInfo(states: LiveState[]): Promise<LiveFixtureView[]> {
    const fixtures = await info(states.map((s) => s.fixtureId));
    return states
      .flatMap((state) => (fixtures.has(state.fixtureId) ? [{ fixture: fixtures.get(state.fixtureId)!, state }] : []))
      .sort(
        (x, y) =>
          x.fixture.league.country.name.localeCompare(y.fixture.league.country.name) ||
          x.fixture.league.tier - y.fixture.league.tier ||
          x.fixture.league.name.localeCompare(y.fixture.league.name) ||
          x.fixture.kickoff.localeCompare(y.fixture.kickoff) ||
          x.fixture.id - y.fixture.id,
      );
  }

  /** A stored timeline, else the feed's, cut at the match-clock second reached by now. */
  async function timelineNow(fixtureId: number, now: Date): Promise<Timeline | null> {
    const kick = await fixtureKickoff(ctx.pool, fixtureId);
    if (!kick) return null;
    const clock = replayClock((now.getTime() - kick.kickoff.getTime()) / 1000);
    if (clock.second === null) return null;
    if (clock.status === "finished") {
      const [stored] = await storedTimelines(ctx.pool, { fixtureId }, now);
      if (stored) return decodeTimeline(fixtureId, stored.events);
    }
    const timeline =
      (await feed.timeline(fixtureId, now)) ?? (feed === replay ? null : await replay.timeline(fixtureId, now));
    return timeline && clock.status !== "finished" ? cutTimeline(timeline, clock.second) : timeline;
  }

  return {
    feedName: feed.name,

    /** Every fixture being played now with its state, without event lists (the livescores). */
    async livescores(): Promise<LiveScore[]> {
      return (await withInfo(await playingNow(ctx.clock.now()))).map(({ fixture, state }) => {
        const { events: _events, ...rest } = state;
        return { fixture, state: rest };
      });
    },

    /** Current states of all live fixtures, without names: the live scanner's read every second. */
    async currentStates(): Promise<LiveState[]> {
      return playingNow(ctx.clock.now());
    },

    /**
     * A fixture's live view: its state now (or at match-clock `second`, which must have been reached), the event
     * list and the chart. 404 for an unknown fixture or one that has not kicked off: nothing from after now.
     */
    async fixture(id: number, second?: number): Promise<LiveFixtureView & { chart: LiveChart | null }> {
      const now = ctx.clock.now();
      const fixture = (await info([id])).get(id);
      if (!fixture) throw notFound();
      const current = await stateOf(id, now);
      if (!current || current.status === "upcoming" || current.second === null)
        throw new ServiceError(404, "live.errors.notStarted");
      const timeline = await timelineNow(id, now);
      let state = current;
      if (second !== undefined) {
        if (second > current.second) throw badRequest("live.errors.secondNotReached");
        if (!timeline) throw badRequest("live.errors.noTimeline");
        const status = current.status === "finished" && second >= MATCH_SECONDS ? "finished" : "live";
        const model = status === "live" ? ((await replay.entries([id], now)).get(id)?.model ?? null) : null;
        state = stateAt(timeline, status, second, model);
      }
      const chart = timeline ? perFiveMinutes(timeline, KIND.dangerousAttack, state.second ?? MATCH_SECONDS) : null;
      return {
        fixture,
        state,
        chart: chart && {
          counter: "dangerousAttacks",
          estimated: state.estimated.includes("dangerousAttacks"),
          ...chart,
        },
      };
    },

    /** A finished fixture's state at any match-clock second (0–5400): what backtests of live filters replay. */
    async timelineAt(fixtureId: number, second: number): Promise<LiveState> {
      const now = ctx.clock.now();
      const kick = await fixtureKickoff(ctx.pool, fixtureId);
      if (!kick) throw notFound();
      if (now.getTime() < kick.kickoff.getTime() + MATCH_SPAN_SECONDS * 1000)
        throw new ServiceError(409, "live.errors.notFinished");
      const timeline = await timelineNow(fixtureId, now);
      if (!timeline) throw badRequest("live.errors.noTimeline");
      const model = (await replay.entries([fixtureId], now)).get(fixtureId)?.model ?? null;
      const at = Math.max(0, Math.min(MATCH_SECONDS, Math.floor(second)));
      return stateAt(timeline, at >= MATCH_SECONDS ? "finished" : "live", at, model);
    },

    /** The stored timelines of a season's finished fixtures, decoded: one query for a whole season. */
    async seasonTimelines(seasonId: number): Promise<Timeline[]> {
      return (await storedTimelines(ctx.pool, { seasonId }, ctx.clock.now())).map((row) =>
        decodeTimeline(row.fixtureId, row.events),
      );
    },

    /**
     * The in-play odds models of finished fixtures (null without closing odds), for backtests that replay stored
     * timelines in memory: `stateAt(timeline, "live", second, model)` gives the state with live odds at any second.
     */
    async oddsModels(fixtureIds: number[]): Promise<Map<number, OddsModel | null>> {
      const at = ctx.clock.now();
      const now = at.getTime();
      const rows = await replaySources(ctx.pool, fixtureIds, at);
      return new Map(
        rows
          .filter((row) => row.kickoff.getTime() + MATCH_SPAN_SECONDS * 1000 <= now)
          .map((row) => [row.id, oddsModelOf(row)]),
      );
    },

    /** In-play odds of a fixture being played; null prices once settled. 404 before kick-off. */
    async inplayOdds(id: number) {
      const now = ctx.clock.now();
      if (!(await info([id])).has(id)) throw notFound();
      const state = await stateOf(id, now);
      if (!state || state.status === "upcoming") throw new ServiceError(404, "live.errors.notStarted");
      return {
        fixtureId: id,
        status: state.status,
        minute: state.minute,
        homeScore: state.homeScore,
        awayScore: state.awayScore,
        odds: state.odds,
      };
    },

    /** Pre-match (opening, and closing once kicked off) odds by bookmaker, limited to the bookmakers licensed in `countries`. */
    async prematchOdds(id: number, countries: number[]) {
      for (const c of countries) if (!isBookmakerCountry(c)) throw badRequest("live.errors.badCountry");
      if (!(await info([id])).has(id)) throw notFound();
      const rows = await oddsOf(ctx.pool, id, ctx.clock.now());
      return rows
        .filter((row) => countries.length === 0 || countries.some((c) => bookmakerShown(row.bookmaker, c)))
        .map((row) => ({
          bookmaker: row.bookmaker,
          bookmakerName: row.bookmakerName,
          market: row.market,
          closing: row.closing,
          line: row.line,
          home: row.priceHome,
          draw: row.priceDraw,
          away: row.priceAway,
        }));
    },

    /**
     * One tick of the live job: the states of the fixtures being played, the changed ones written to the
     * database (the rest left alone), finished ones removed. A restarted process starts from the stored states.
     * With `shard` (a worker among several), only the fixtures of the shards it holds: their states are
     * computed, stored and removed, and the others' are left to their workers.
     */
    async tick(options: { shard?: LiveShard } = {}): Promise<LiveTick> {
      const now = ctx.clock.now();
      const shard = options.shard ?? null;
      const owns = (id: number) => !shard || shard.owns(id);
      if (previous === null) {
        previous = new Map();
        for (const row of await readLiveStates(ctx.pool))
          previous.set(row.fixtureId, signature(row.state as LiveState));
      }
      const states = await feed.playing(now, shard ? owns : undefined);
      const changed: Array<{ fixtureId: number; second: number | null; state: LiveState }> = [];
      const next = new Map<number, string>();
      for (const state of states) {
        const sig = signature(state);
        next.set(state.fixtureId, sig);
        if (previous.get(state.fixtureId) !== sig)
          changed.push({ fixtureId: state.fixtureId, second: state.second, state });
      }
      // A fixture whose shard went to another worker has not ended: only this worker's fixtures can.
      const endedIds = [...previous.keys()].filter((id) => !next.has(id) && owns(id));
      const ended = endedIds.length > 0;
      const left = [...previous.keys()].filter((id) => !next.has(id) && !owns(id));
      if (feed !== replay) await record(states, endedIds, now);
      if (changed.length > 0 || ended) {
        await saveLiveStates(
          ctx.pool,
          changed,
          [...next.keys()],
          shard ? { shards: shard.shards, shardCount: shard.shardCount } : null,
        );
        version++;
      }
      previous = next;
      // Readers in this process reuse the tick's states only when they are all of them.
      published = !shard || shard.all ? { atMs: now.getTime(), states } : null;
      return {
        live: states.length,
        changed: changed.length,
        version,
        states: changed.map((c) => c.state),
        ended: endedIds,
        left,
        at: now,
      };
    },

    /** The live states as stored by the last tick (any process): what a reader without a feed of its own sees. */
    async storedStates(): Promise<LiveState[]> {
      return (await readLiveStates(ctx.pool)).map((row) => row.state as LiveState);
    },

    /** Builds and stores the timelines of up to `limit` finished fixtures that have none yet; returns how many. */
    async storeTimelines(limit: number): Promise<number> {
      const ids = await fixturesWithoutTimeline(ctx.pool, ctx.clock.now(), limit);
      const rows = (await replaySources(ctx.pool, ids, ctx.clock.now())).map((row) => ({
        fixtureId: row.id,
        seasonId: row.seasonId,
        source: "replay",
        events: encodeTimeline(replayEntry(row).timeline),
      }));
      await saveTimelines(ctx.pool, rows);
      return rows.length;
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
