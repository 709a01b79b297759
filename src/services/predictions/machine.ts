import { fixturesByIds, fixturesInRange } from "../../db/queries/fixtures.ts";
import { predictionsFor } from "../../db/queries/predictions.ts";
import {
  EVENT_GROUPS,
  MACHINE_EVENTS,
  type MachineCandidate,
  expandEvents,
  runMachine,
} from "../../domain/predictions/machine.ts";
import { marketsOf } from "../../domain/predictions/probabilities.ts";
import { ServiceError, badRequest } from "../errors.ts";
import type { PredictionsDeps } from "./deps.ts";
import { type MachineQuery, PREMIUM_MESSAGE, pricesOf } from "./shared.ts";

/** The machine: the best picks of the range among the chosen events (premium events for premium members only). */
export async function machine(d: PredictionsDeps, params: MachineQuery & { premium: boolean }) {
  const { ctx, attach } = d;
  if (!Number.isInteger(params.limit) || params.limit < 1 || params.limit > 20)
    throw badRequest("apiErrors.wholeNumberRange", { field: "limit", min: 1, max: 20 });
  if (params.minOdd > params.maxOdd) throw badRequest("apiErrors.minAboveMax", { min: "minOdd", max: "maxOdd" });
  if (params.minProbability > params.maxProbability)
    throw badRequest("apiErrors.minAboveMax", { min: "minProbability", max: "maxProbability" });
  const events = expandEvents(params.events);
  const unknown = params.events.filter((e) => !(e in EVENT_GROUPS) && !MACHINE_EVENTS.some((m) => m.code === e));
  if (params.events.length === 0 || unknown.length > 0)
    throw unknown.length > 0
      ? badRequest("apiErrors.unknownEvent", { field: "odds", events: unknown.join(", ") })
      : badRequest("apiErrors.noEvent", { field: "odds" });
  if (!params.premium && events.some((e) => e.premium)) throw new ServiceError(403, PREMIUM_MESSAGE);
  const now = ctx.clock.now();
  const rows = (
    await fixturesInRange(ctx.pool, {
      from: params.from,
      to: params.to,
      leagueIds: params.leagueIds,
      now,
      limit: 5000,
    })
  ).filter((r) => r.kickoff > now);
  const stored = await predictionsFor(
    ctx.pool,
    rows.map((r) => r.id),
  );
  const candidates: MachineCandidate[] = rows.flatMap((r) => {
    const p = stored.get(r.id);
    return p ? [{ fixtureId: r.id, markets: marketsOf(p.final), prices: pricesOf(p) }] : [];
  });
  const result = runMachine(candidates, params);
  const fixtures = new Map(
    (
      await attach(
        await fixturesByIds(
          ctx.pool,
          result.picks.map((p) => p.fixtureId),
          now,
        ),
        false,
      )
    ).map((f) => [f.id, f]),
  );
  return { ...result, picks: result.picks.map((p) => ({ ...p, fixture: fixtures.get(p.fixtureId)! })) };
}
