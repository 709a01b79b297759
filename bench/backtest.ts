/**
 * npm run bench:backtest — instant backtests of pre-match filters on the real dataset.
 * Starts the product on loopback with its own data directory and ports (or uses BENCH_BASE / BENCH_PG of a running
 * one), waits for the dataset and the prediction back-fill, then:
 *  1. loads the feature store in this process from the same database and backtests a 3-rule and a 10-rule filter
 *     over 24 months of all 40 leagues (first run, which computes the team-event columns, and the median of 7
 *     warm runs);
 *  2. evaluates the same filters the naive way — for each match, queries the database for its odds, prediction,
 *     table and both teams' past matches, then judges the rules — on an even sample of the matches, extrapolated
 *     to all of them, and checks that both ways pick the same matches of the sample;
 *  3. submits 20 backtests at once through POST /api/v1/prematch/backtests and measures POST → Done.
 * Writes bench/results/backtest.json.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import { storeInput } from "../src/db/queries/scanner-store.ts";
import { intervalRange, runBacktest } from "../src/domain/prematch/backtest.ts";
import { FeatureStore, bttsProbability } from "../src/domain/prematch/feature-store.ts";
import { MATCH_SPAN_MS } from "../src/domain/prematch/store-types.ts";
import { scopeOf } from "../src/domain/scanner/stat-scope.ts";
import { headlineProbs } from "../src/domain/predictions/blend.ts";
import { type EvaluationSource, type StatRead, compileRules } from "../src/domain/scanner/compile.ts";
import type { DesiredOutcome, Rule } from "../src/domain/scanner/rules.ts";
import { type TeamMatch, countEvents, rateOf, selectMatches } from "../src/domain/stats/team-events.ts";
import { until } from "./until.ts";

const PORT = 3996;
const HOST = "127.0.0.1";
const PG_PORT = 54368;
const DATA_DIR = ".data/bench-backtest";
const BASE = process.env.BENCH_BASE ?? `http://${HOST}:${PORT}`;
const PG_URL = process.env.BENCH_PG ?? `postgres://postgres:pitchlab-local@${HOST}:${PG_PORT}/pitchlab`;
const NAIVE_SAMPLE = Number(process.env.BENCH_NAIVE_SAMPLE ?? 400);
const CONCURRENT = 20;
const DAY = 86_400_000;

const r = (id: string, rule: Omit<Rule, "id">): Rule => ({ id, ...rule });
const FILTER_3: Rule[] = [
  r("a", { category: "odds", stat: "win", target: "Favorite", comparator: "LessThan", value: 1.8 }),
  r("b", { category: "probabilities", stat: "final.win", target: "Favorite", comparator: "GreaterThan", value: 50 }),
  r("c", {
    category: "preMatchStats",
    stat: "W",
    target: "FavoriteHome",
    comparator: "GreaterEqualThan",
    value: 50,
    venue: "home",
    window: "last10",
  }),
];
const FILTER_10: Rule[] = [
  ...FILTER_3,
  r("d", { category: "odds", stat: "draw", target: "Match", comparator: "GreaterThan", value: 3.2 }),
  r("e", { category: "probabilities", stat: "model.over25", target: "Match", comparator: "GreaterThan", value: 45 }),
  r("f", {
    category: "preMatchStats",
    stat: "O25",
    target: "Home",
    comparator: "GreaterEqualThan",
    value: 40,
    venue: "overall",
    window: "season",
  }),
  r("g", {
    category: "preMatchStats",
    stat: "L",
    target: "Underdog",
    comparator: "GreaterEqualThan",
    value: 30,
    venue: "overall",
    window: "last5",
  }),
  r("h", {
    category: "preMatchStats",
    stat: "GG",
    target: "Away",
    comparator: "GreaterEqualThan",
    value: 30,
    venue: "away",
    window: "season",
  }),
  r("i", { category: "preMatchStats", stat: "rank", target: "Favorite", comparator: "LessEqualThen", value: 12 }),
  r("j", {
    category: "preMatchStats",
    stat: "TS_O05",
    target: "Favorite",
    comparator: "GreaterEqualThan",
    value: 60,
    venue: "overall",
    window: "last10",
  }),
];

function startServer(): ChildProcess {
  return spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(PORT), HOST, DATA_DIR, EMBEDDED_PG_PORT: String(PG_PORT), LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function json(path: string, init?: RequestInit) {
  const response = await fetch(`${BASE}${path}`, init);
  return { status: response.status, body: (await response.json()) as { data?: unknown; error?: string } };
}

async function premiumToken(db: pg.Pool): Promise<string> {
  const email = `bench-backtest-${Date.now()}@example.com`;
  const password = "a long enough password";
  const headers = { "content-type": "application/json" };
  const registered = await json("/api/v1/auth/register", {
    method: "POST",
    headers,
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Mark",
      email,
      password,
      confirmPassword: password,
      terms: true,
      languageCode: "en",
    }),
  });
  if (registered.status !== 200) throw new Error(`register: ${registered.status} ${registered.body.error}`);
  const { rows } = await db.query("UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id", [email]);
  await db.query(
    `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_months, status, current_period_end, addon_filters, addon_backtesting)
     VALUES ($1, 'bench', $2, 1, 'active', now() + interval '30 days', true, true)`,
    [rows[0].id, `bench_${rows[0].id}`],
  );
  const login = await json("/api/v1/auth/login", {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  return (login.body.data as { token: string }).token;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

// ---------- the naive way: one fixture at a time, straight from the database

interface NaiveFixture {
  id: number;
  kickoff: Date;
  seasonId: number;
  homeId: number;
  awayId: number;
}

const SIDE = `CASE WHEN f.home_team_id = $1 THEN 'home' ELSE 'away' END AS venue,
  CASE WHEN f.home_team_id = $1 THEN f.ft_home ELSE f.ft_away END AS "goalsFor", CASE WHEN f.home_team_id = $1 THEN f.ft_away ELSE f.ft_home END AS "goalsAgainst",
  CASE WHEN f.home_team_id = $1 THEN f.ht_home ELSE f.ht_away END AS "htFor", CASE WHEN f.home_team_id = $1 THEN f.ht_away ELSE f.ht_home END AS "htAgainst",
  us.corners AS "cornersFor", them.corners AS "cornersAgainst", us.yellow_cards AS "yellowFor", them.yellow_cards AS "yellowAgainst",
  us.red_cards AS "redFor", them.red_cards AS "redAgainst", us.shots AS "shotsFor", them.shots AS "shotsAgainst",
  us.shots_on_target AS "shotsOnTargetFor", them.shots_on_target AS "shotsOnTargetAgainst", f.id AS "fixtureId", f.kickoff, f.season_id AS "seasonId"
  FROM fixtures f
  LEFT JOIN fixture_stats us ON us.fixture_id = f.id AND us.side = CASE WHEN f.home_team_id = $1 THEN 'H' ELSE 'A' END
  LEFT JOIN fixture_stats them ON them.fixture_id = f.id AND them.side = CASE WHEN f.home_team_id = $1 THEN 'A' ELSE 'H' END`;

/** Judges a filter on one fixture with a query per feature group, as a scanner without a feature store would. */
async function naiveMatches(db: pg.Pool, f: NaiveFixture, rules: Rule[], now: Date): Promise<boolean> {
  const ended = new Date(f.kickoff.getTime() - MATCH_SPAN_MS);
  const [odds, prediction, homePast, awayPast, table] = await Promise.all([
    db.query(
      `SELECT b.code, o.market, o.price_home, o.price_draw, o.price_away FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id
        WHERE o.fixture_id = $1 AND NOT o.closing AND o.market IN ('1x2', 'ou25')`,
      [f.id],
    ),
    db.query(`SELECT model, final FROM predictions WHERE fixture_id = $1`, [f.id]),
    db.query(
      `SELECT ${SIDE} WHERE (f.home_team_id = $1 OR f.away_team_id = $1) AND f.kickoff <= $2 AND f.kickoff + interval '105 minutes' <= $3 AND f.ft_home IS NOT NULL ORDER BY f.kickoff DESC LIMIT 60`,
      [f.homeId, ended, now],
    ),
    db.query(
      `SELECT ${SIDE} WHERE (f.home_team_id = $1 OR f.away_team_id = $1) AND f.kickoff <= $2 AND f.kickoff + interval '105 minutes' <= $3 AND f.ft_home IS NOT NULL ORDER BY f.kickoff DESC LIMIT 60`,
      [f.awayId, ended, now],
    ),
    db.query(
      `SELECT team, sum(pts)::int AS points, sum(gf - ga)::int AS gd, sum(gf)::int AS gf FROM (
         SELECT home_team_id AS team, CASE WHEN ft_home > ft_away THEN 3 WHEN ft_home = ft_away THEN 1 ELSE 0 END AS pts, ft_home AS gf, ft_away AS ga FROM fixtures
          WHERE season_id = $1 AND kickoff <= $2 AND ft_home IS NOT NULL
         UNION ALL
         SELECT away_team_id, CASE WHEN ft_away > ft_home THEN 3 WHEN ft_home = ft_away THEN 1 ELSE 0 END, ft_away, ft_home FROM fixtures
          WHERE season_id = $1 AND kickoff <= $2 AND ft_home IS NOT NULL) t GROUP BY team`,
      [f.seasonId, ended],
    ),
  ]);
  const book = (code: string) => {
    const x12 = odds.rows.find((o) => o.code === code && o.market === "1x2");
    const ou = odds.rows.find((o) => o.code === code && o.market === "ou25");
    return x12 || ou
      ? {
          home: x12?.price_home,
          draw: x12?.price_draw,
          away: x12?.price_away,
          over25: ou?.price_home,
          under25: ou?.price_away,
        }
      : null;
  };
  const avg = book("Avg");
  const ref = avg ?? book("PS") ?? book("B365") ?? book("Max");
  const pred = prediction.rows[0] as
    | { model: { home: number; away: number; rho: number }; final: { home: number; away: number; rho: number } }
    | undefined;
  let favorite =
    ref?.home !== undefined && ref.away !== undefined ? (ref.home < ref.away ? 0 : ref.away < ref.home ? 1 : -1) : -1;
  if (favorite === -1 && pred) {
    const h = headlineProbs(pred.final.home, pred.final.away, pred.final.rho);
    favorite = h.home > h.away ? 0 : h.away > h.home ? 1 : -1;
  }
  const past = (rows: Array<TeamMatch & { kickoff: Date; seasonId: number }>) =>
    rows.map((m) => ({ ...m, kickoff: new Date(m.kickoff).getTime() }));
  const history = [past(homePast.rows), past(awayPast.rows)];
  const seasonRows = (side: number) =>
    history[side]!.filter((m) => (m as unknown as { seasonId: number }).seasonId === f.seasonId);
  const standings = table.rows.sort((a, b) => b.points - a.points || b.gd - a.gd || b.gf - a.gf || a.team - b.team);
  const teamIds = [f.homeId, f.awayId];
  for (const id of teamIds)
    if (!standings.some((s) => s.team === id)) standings.push({ team: id, points: 0, gd: 0, gf: 0 });
  standings.sort((a, b) => b.points - a.points || b.gd - a.gd || b.gf - a.gf || a.team - b.team);
  const teamValue = (read: StatRead, side: number): number => {
    if (read.category === "odds")
      return (side === 0 ? book(read.bookmaker ?? "Avg")?.home : book(read.bookmaker ?? "Avg")?.away) ?? Number.NaN;
    if (read.category === "probabilities" && pred) {
      const g = read.stat.startsWith("model") ? pred.model : pred.final;
      const h = headlineProbs(g.home, g.away, g.rho);
      return (side === 0 ? h.home : h.away) * 100;
    }
    if (read.stat === "rank") return standings.findIndex((s) => s.team === teamIds[side]) + 1;
    const window = read.window ?? "season";
    const matches = selectMatches(
      window === "season" ? seasonRows(side) : history[side]!,
      read.venue ?? "overall",
      window,
    );
    const rate = rateOf(countEvents(matches, [read.stat]).events[read.stat]);
    return rate === null ? Number.NaN : rate * 100;
  };
  const source: EvaluationSource<null> = {
    team: (read, side) => (side === "match" ? null : () => teamValue(read, side === "home" ? 0 : 1)),
    match: (read) => () => {
      if (read.category === "odds")
        return (book(read.bookmaker ?? "Avg") as Record<string, number | undefined> | null)?.[read.stat] ?? Number.NaN;
      if (read.category === "probabilities" && pred) {
        const g = read.stat.startsWith("model") ? pred.model : pred.final;
        const h = headlineProbs(g.home, g.away, g.rho);
        const stat = read.stat.split(".")[1];
        return (
          (stat === "draw"
            ? 1 - h.home - h.away
            : stat === "over25"
              ? h.over
              : stat === "under25"
                ? 1 - h.over
                : bttsProbability(g)) * 100
        );
      }
      return Number.NaN;
    },
    favorite: () => favorite,
  };
  return compileRules(rules, source, scopeOf)(null);
}

async function main() {
  mkdirSync("bench/results", { recursive: true });
  const server = process.env.BENCH_BASE ? null : startServer();
  const stop = () => server?.kill("SIGTERM");
  process.on("SIGINT", stop);
  try {
    await until("health", async () => (await fetch(`${BASE}/api/v1/health`)).ok, 15 * 60_000);
    await until(
      "predictions",
      async () => ((await json("/api/v1/predictions/status")).body.data as { phase?: string } | null)?.phase === "done",
      15 * 60_000,
    );
    const db = new pg.Pool({ connectionString: PG_URL, max: 8 });
    // The replay clock shifts the fixtures themselves: the site's now is the machine's.
    const now = new Date();

    // 1. The feature store and the backtests.
    let t = performance.now();
    const input = await storeInput(db, now, new Date(now.getTime() - 25 * 31 * DAY));
    const queryMs = performance.now() - t;
    t = performance.now();
    const store = new FeatureStore(input);
    const buildMs = performance.now() - t;
    const range = intervalRange("TwentyFourMonths", now.getTime());
    const filters: Array<{ name: string; rules: Rule[]; outcome: DesiredOutcome }> = [
      { name: "3 rules", rules: FILTER_3, outcome: "favorite_wins" },
      { name: "10 rules", rules: FILTER_10, outcome: "favorite_wins" },
      // The same rules judged on goal outcomes: one with a published price (O/U 2.5), one priced by no one (BTTS).
      { name: "10 rules → over_2.5", rules: FILTER_10, outcome: "over_2.5" },
      { name: "10 rules → btts_yes", rules: FILTER_10, outcome: "btts_yes" },
    ];
    const figures: Record<
      string,
      {
        firstMs: number;
        warmMs: number;
        matches: number;
        picks: number;
        roi: number | null;
        basis: string;
        edge: number | null;
      }
    > = {};
    for (const f of filters) {
      const once = () => {
        const started = performance.now();
        const result = runBacktest(store, compileRules(f.rules, store.source(), scopeOf), {
          ...range,
          leagueIds: null,
          outcome: f.outcome,
          stake: 10,
        });
        return { ms: performance.now() - started, result };
      };
      const first = once();
      const warm: number[] = [];
      for (let k = 0; k < 7; k++) warm.push(once().ms);
      figures[f.name] = {
        firstMs: round(first.ms),
        warmMs: round(median(warm)),
        matches: first.result.figures.analysed,
        picks: first.result.figures.picks,
        roi: first.result.figures.profit.roi,
        basis: first.result.figures.basis,
        edge: first.result.figures.edge,
      };
    }
    const matches = figures["3 rules"]!.matches;
    const backtestMs = Math.max(figures["3 rules"]!.warmMs, figures["10 rules"]!.warmMs);
    const backtestFirstMs = Math.max(figures["3 rules"]!.firstMs, figures["10 rules"]!.firstMs);
    /** the slower goal outcome ÷ the same rules on the favourite's win (1 = the same speed) */
    const goalOutcomeSpeedRatio = round(
      Math.max(figures["10 rules → over_2.5"]!.warmMs, figures["10 rules → btts_yes"]!.warmMs) /
        figures["10 rules"]!.warmMs,
      2,
    );

    // 2. The naive way on an even sample of the same matches.
    const [start, end] = store.rowRange(range.from, range.to);
    const rows: number[] = [];
    for (let row = start; row < end; row++) if (store.finished(row)) rows.push(row);
    const step = rows.length / NAIVE_SAMPLE;
    const sample = Array.from({ length: NAIVE_SAMPLE }, (_, k) => rows[Math.floor(k * step)]!);
    const naive: Record<
      string,
      { sampleMs: number; perMatchMs: number; estimatedMs: number; agree: number; disagree: number }
    > = {};
    // The naive way checks the rules: the two result filters cover them (the goal runs reuse the 10 rules).
    for (const f of filters.slice(0, 2)) {
      const predicate = compileRules(f.rules, store.source(), scopeOf);
      let agree = 0;
      let disagree = 0;
      const started = performance.now();
      for (const row of sample) {
        const i = store.fixtureIndex(row);
        const fixture = {
          id: store.id[i]!,
          kickoff: new Date(store.kickoff[i]!),
          seasonId: store.season[i]!,
          homeId: store.home[i]!,
          awayId: store.away[i]!,
        };
        if ((await naiveMatches(db, fixture, f.rules, now)) === predicate(row)) agree++;
        else disagree++;
      }
      const sampleMs = performance.now() - started;
      naive[f.name] = {
        sampleMs: round(sampleMs),
        perMatchMs: round(sampleMs / sample.length, 3),
        estimatedMs: round((sampleMs / sample.length) * matches),
        agree,
        disagree,
      };
    }
    const naiveMs = Math.max(naive["3 rules"]!.estimatedMs, naive["10 rules"]!.estimatedMs);

    // 3. 20 backtests submitted at once through the API.
    const token = await premiumToken(db);
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const created = await json("/api/v1/prematch/filters", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        name: "Bench ten rules",
        desiredOutcome: "favorite_wins",
        rules: FILTER_10.map(({ id: _id, ...rule }) => rule),
      }),
    });
    if (created.status !== 200) throw new Error(`create filter: ${created.status} ${created.body.error}`);
    const filterId = (created.body.data as { id: number }).id;
    const intervals = ["TwelveMonths", "TwentyFourMonths", "SixMonths", "ThreeMonths"];
    const latencies = await Promise.all(
      Array.from({ length: CONCURRENT }, async (_, k) => {
        const started = performance.now();
        const posted = await json("/api/v1/prematch/backtests", {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ filterId, interval: intervals[k % intervals.length] }),
        });
        if (posted.status !== 200) throw new Error(`backtest: ${posted.status} ${posted.body.error}`);
        let view = posted.body.data as { id: number; status: string; queuePosition: number | null };
        const firstAnswer = { status: view.status, queuePosition: view.queuePosition };
        while (view.status === "Todo" || view.status === "OnGoing") {
          await new Promise((res) => setTimeout(res, 25));
          view = (await json(`/api/v1/prematch/backtests/${view.id}`, { headers: auth })).body.data as typeof view;
        }
        return { ms: performance.now() - started, status: view.status, firstAnswer };
      }),
    );
    const doneMs = latencies.map((l) => l.ms);
    const report = {
      date: new Date().toISOString(),
      matches,
      backtestMs,
      speedupVsNaive: round(naiveMs / backtestMs, 1),
      backtestFirstMs,
      speedupVsNaiveFirstRun: round(naiveMs / backtestFirstMs, 1),
      goalOutcomeSpeedRatio,
      naiveMs,
      naiveSampleMatches: NAIVE_SAMPLE,
      naiveAgreement: naive,
      filters: figures,
      featureStore: { fixtures: store.n, rows: store.rows, queryMs: round(queryMs), buildMs: round(buildMs) },
      concurrent: {
        backtests: CONCURRENT,
        postToDoneP50Ms: round(percentile(doneMs, 50)),
        postToDoneP95Ms: round(percentile(doneMs, 95)),
        doneAtPostAnswer: latencies.filter((l) => l.firstAnswer.status === "Done").length,
        statuses: latencies.map((l) => l.status),
        firstAnswers: latencies.map((l) => l.firstAnswer),
      },
      note: "backtestMs: median of 7 warm runs of the slower filter (team-event columns computed); backtestFirstMs: its first run, which computes them. Naive: per-match queries on an even sample of the same matches, extrapolated to all of them.",
    };
    writeFileSync("bench/results/backtest.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
    await db.end();
  } finally {
    stop();
  }
}

await main();
