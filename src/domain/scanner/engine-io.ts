import type { LiveState } from "../live/state.ts";
import type { LiveEvalState } from "./live-source.ts";
import type { Rule } from "./rules.ts";

/** What the live rules engine (engine.ts) takes (filters, fixtures' states) and answers (matches, a tick's counts). */
export interface LiveFilterSpec {
  id: number;
  rules: readonly Rule[];
  /** empty: every league */
  leagueIds: readonly number[];
}

/** A fixture's state as the engine takes it: the live state, its league and its row in the pre-match store. */
export interface FixtureUpdate {
  live: LiveState;
  leagueId: number;
  /** row in the pre-match feature store; -1 when it has none */
  row: number;
}

export interface EngineMatch {
  filterId: number;
  fixtureId: number;
  state: LiveEvalState;
}

export interface TickStats {
  /** fixtures looked at (changed, new, or to evaluate again) */
  fixtures: number;
  /** filter slots read from the indexes */
  candidates: number;
  /** predicates evaluated */
  evaluations: number;
  matches: number;
}
