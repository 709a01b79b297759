import {
  type FigureKind,
  fixturesBetween,
  missingFigures,
  pruneFigures,
  readFigures,
  teamsPlayingBetween,
  writeFigures,
} from "../db/queries/precomputed.ts";
import type { ServiceContext } from "./context.ts";

const DAY_MS = 86_400_000;
/** Teams playing this far back and ahead have their pages ready; others are computed by their first request. */
const TEAMS_BACK_MS = 3 * DAY_MS;
const TEAMS_AHEAD_MS = 7 * DAY_MS;
/** Fixtures whose pre-match statistics are kept ready (the match pages people open). */
const FIXTURES_BACK_MS = DAY_MS;
const FIXTURES_AHEAD_MS = 3 * DAY_MS;
/** Subjects computed per write. */
const BATCH = 50;
/** Rows that stopped holding this long ago, or computed this long ago (site time), are removed; a request recomputes them. */
const PRUNE_AFTER_MS = DAY_MS;
const PRUNE_COMPUTED_MS = 7 * DAY_MS;

/**
 * Computes figures of some subjects as of `at`, with the site time until which each holds (null: for ever);
 * `store: false` answers the request without keeping the row (figures few will ask for again, such as an old
 * fixture's, are not worth the space).
 */
export type Compute<T> = (
  subjectIds: number[],
  at: Date,
) => Promise<Array<{ subjectId: number; data: T; validUntil: Date | null; store?: boolean }>>;

/**
 * Read-through access to the precomputed figures (src/db/schema-precomputed.ts): what is stored and valid at
 * `at` is read; what is missing is computed now, stored for every process and returned. Walk-forward holds
 * because a row is read only inside the window in which nothing that counts for it can change.
 */
export function createFigures(ctx: ServiceContext) {
  /** Computations under way in this process: requests arriving meanwhile for the same subjects share them. */
  const inFlight = new Map<string, Promise<Array<{ subjectId: number; data: unknown }>>>();

  async function computeAndStore<T>(kind: FigureKind, subjectIds: number[], at: Date, compute: Compute<T>) {
    const computed = await compute(subjectIds, at);
    await writeFigures(
      ctx.pool,
      kind,
      computed
        .filter((c) => c.store !== false)
        .map((c) => ({ subjectId: c.subjectId, data: c.data, validUntil: c.validUntil, validFrom: at })),
    );
    return computed;
  }

  return {
    async get<T>(kind: FigureKind, subjectIds: number[], at: Date, compute: Compute<T>): Promise<Map<number, T>> {
      const found = await readFigures<T>(ctx.pool, kind, subjectIds, at);
      const missing = subjectIds.filter((id) => !found.has(id));
      if (missing.length > 0) {
        const key = `${kind}:${missing.join(",")}`;
        let pending = inFlight.get(key);
        if (!pending) {
          pending = computeAndStore(kind, missing, at, compute).finally(() => inFlight.delete(key));
          inFlight.set(key, pending);
        }
        for (const c of await pending) found.set(c.subjectId, c.data as T);
      }
      return found;
    },

    /** Computes and stores the figures of the subjects that have none valid at `at`; how many it computed. */
    async fill<T>(kind: FigureKind, subjectIds: number[], at: Date, compute: Compute<T>): Promise<number> {
      const missing = await missingFigures(ctx.pool, kind, subjectIds, at);
      for (let i = 0; i < missing.length; i += BATCH)
        await computeAndStore(kind, missing.slice(i, i + BATCH), at, compute);
      return missing.length;
    },
  };
}
export type Figures = ReturnType<typeof createFigures>;

/** What the precompute job keeps ready: the sources register their kinds here. */
export interface PrecomputeSources {
  /** the pages of these teams as of `at` */
  teams: Compute<unknown>;
  /** both teams' statistics before these fixtures, as known at `at` */
  preMatch: Compute<unknown>;
  /** the league averages (subject 0) */
  leagueStats: Compute<unknown>;
  /** these teams' trend candidates and event counts as of `at` */
  teamTrends: Compute<unknown>;
}

/**
 * The precompute job: the pages and trend facts of the teams playing around now, the pre-match statistics of
 * the fixtures of the next days and the league averages, recomputed as soon as a result or kick-off ends their window (each
 * run computes only what has no valid row), so requests read stored figures instead of recomputing them.
 */
export function createPrecomputeService(ctx: ServiceContext, figures: Figures, sources: PrecomputeSources) {
  let running: Promise<Record<string, number>> | null = null;

  async function run(): Promise<Record<string, number>> {
    const at = ctx.clock.now();
    const t = at.getTime();
    const teams = await teamsPlayingBetween(ctx.pool, new Date(t - TEAMS_BACK_MS), new Date(t + TEAMS_AHEAD_MS));
    const fixtures = await fixturesBetween(ctx.pool, new Date(t - FIXTURES_BACK_MS), new Date(t + FIXTURES_AHEAD_MS));
    return {
      teams: await figures.fill("team", teams, at, sources.teams),
      teamTrends: await figures.fill("team-trends", teams, at, sources.teamTrends),
      preMatch: await figures.fill("pre-match", fixtures, at, sources.preMatch),
      leagueStats: await figures.fill("league-stats", [0], at, sources.leagueStats),
      pruned: await pruneFigures(ctx.pool, new Date(t - PRUNE_AFTER_MS), new Date(t - PRUNE_COMPUTED_MS)),
    };
  }

  return {
    /** One run (concurrent calls in a process share it): how many figures of each kind it computed. */
    refresh(): Promise<Record<string, number>> {
      if (!running) running = run().finally(() => (running = null));
      return running;
    },
  };
}
