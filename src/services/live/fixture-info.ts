import { liveFixtureInfo } from "../../db/queries/live.ts";
import type { LiveState } from "../../domain/live/state.ts";

import type { LiveDeps } from "./deps.ts";
import { type LiveFixture, type LiveFixtureView, fixtureOf } from "./shared.ts";

/** Names of fixtures (kept while they are live: they do not change during a match; kick-offs move only with a new replay shift). */
export async function info(d: LiveDeps, ids: number[]): Promise<Map<number, LiveFixture>> {
  if (d.names.size > 5000 || d.namesShift !== d.ctx.clock.shiftWeeks()) d.names.clear();
  d.namesShift = d.ctx.clock.shiftWeeks();
  const missing = ids.filter((id) => !d.names.has(id));
  for (const row of await liveFixtureInfo(d.ctx.pool, missing)) d.names.set(row.id, fixtureOf(row));
  return new Map(ids.flatMap((id) => (d.names.has(id) ? [[id, d.names.get(id)!] as const] : [])));
}

export async function withInfo(d: LiveDeps, states: LiveState[]): Promise<LiveFixtureView[]> {
  const fixtures = await info(
    d,
    states.map((s) => s.fixtureId),
  );
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
