import type { LiveFixtureInfoRow } from "../../db/queries/live.ts";
import { COUNTERS, type LiveState } from "../../domain/live/state.ts";
import { ServiceError } from "../errors.ts";

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

export const fixtureOf = (row: LiveFixtureInfoRow): LiveFixture => ({
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

export const notFound = () => new ServiceError(404, "live.errors.notFound");

/** What makes two states of a fixture differ for readers (the clock's seconds alone do not). */
export function signature(state: LiveState): string {
  // Named order: a state read back from jsonb has its keys in another order.
  const values = COUNTERS.map((c) => `${state.home[c]}:${state.away[c]}`).join(",");
  return `${state.status}|${state.minute}|${state.homeScore}:${state.awayScore}|${values}|${state.odds?.minute ?? ""}`;
}
