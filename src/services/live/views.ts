import { oddsOf } from "../../db/queries/fixtures.ts";
import { bookmakerShown, isBookmakerCountry } from "../../domain/bookmakers.ts";
import { stateAt } from "../../domain/live/replay.ts";
import { MATCH_SECONDS } from "../../domain/live/state.ts";
import { KIND, perFiveMinutes } from "../../domain/live/timeline.ts";
import { ServiceError, badRequest } from "../errors.ts";

import { playingNow } from "./current-states.ts";
import type { LiveDeps } from "./deps.ts";
import { info, withInfo } from "./fixture-info.ts";
import { type LiveChart, type LiveFixtureView, type LiveScore, notFound } from "./shared.ts";
import { timelineNow } from "./timelines.ts";

/** Every fixture being played now with its state, without event lists (the livescores). */
export async function livescores(d: LiveDeps): Promise<LiveScore[]> {
  return (await withInfo(d, await playingNow(d, d.ctx.clock.now()))).map(({ fixture, state }) => {
    const { events: _events, ...rest } = state;
    return { fixture, state: rest };
  });
}

/**
 * A fixture's live view: its state now (or at match-clock `second`, which must have been reached), the event
 * list and the chart. 404 for an unknown fixture or one that has not kicked off: nothing from after now.
 */
export async function fixture(
  d: LiveDeps,
  id: number,
  second?: number,
): Promise<LiveFixtureView & { chart: LiveChart | null }> {
  const now = d.ctx.clock.now();
  const fixture = (await info(d, [id])).get(id);
  if (!fixture) throw notFound();
  const current = await d.stateOf(id, now);
  if (!current || current.status === "upcoming" || current.second === null)
    throw new ServiceError(404, "live.errors.notStarted");
  const timeline = await timelineNow(d, id, now);
  let state = current;
  if (second !== undefined) {
    if (second > current.second) throw badRequest("live.errors.secondNotReached");
    if (!timeline) throw badRequest("live.errors.noTimeline");
    const status = current.status === "finished" && second >= MATCH_SECONDS ? "finished" : "live";
    const model = status === "live" ? ((await d.replay.entries([id], now)).get(id)?.model ?? null) : null;
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
}

/** In-play odds of a fixture being played; null prices once settled. 404 before kick-off. */
export async function inplayOdds(d: LiveDeps, id: number) {
  const now = d.ctx.clock.now();
  if (!(await info(d, [id])).has(id)) throw notFound();
  const state = await d.stateOf(id, now);
  if (!state || state.status === "upcoming") throw new ServiceError(404, "live.errors.notStarted");
  return {
    fixtureId: id,
    status: state.status,
    minute: state.minute,
    homeScore: state.homeScore,
    awayScore: state.awayScore,
    odds: state.odds,
  };
}

/** Pre-match (opening, and closing once kicked off) odds by bookmaker, limited to the bookmakers licensed in `countries`. */
export async function prematchOdds(d: LiveDeps, id: number, countries: number[]) {
  for (const c of countries) if (!isBookmakerCountry(c)) throw badRequest("live.errors.badCountry");
  if (!(await info(d, [id])).has(id)) throw notFound();
  const rows = await oddsOf(d.ctx.pool, id, d.ctx.clock.now());
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
}
