import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { stateAt } from "../../src/domain/live/replay.ts";
import { HALF_SECONDS } from "../../src/domain/live/state.ts";
import type { Timeline } from "../../src/domain/live/timeline.ts";
import { scopeOf } from "../../src/domain/scanner/stat-scope.ts";
import { FREE_USER, VISITOR } from "../../src/domain/premium/access.ts";
import { compileRules } from "../../src/domain/scanner/compile.ts";
import { livePickOdds, livePickQuote } from "../../src/domain/scanner/live-pick.ts";
import { liveEvalState, liveSource } from "../../src/domain/scanner/live-source.ts";
import { grade } from "../../src/domain/scanner/outcomes.ts";
import type { Rule } from "../../src/domain/scanner/rules.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { type LiveBacktestView, createLiveBacktestService } from "../../src/services/scanner/live-backtest.ts";
import { MAIN_HEADER, roundRobinRows, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";

// Two leagues of ten teams, a round a week from 16 August 2025 (18 rounds, the last on 13 December); now is
// 20 January 2026, so the 3-month backtest covers the rounds from 25 October on.
const clock = fixedClock("2026-01-20T12:00:00Z");
const E0 = ["Arsenal", "Chelsea", "Everton", "Fulham", "Leeds", "Burnley", "Wolves", "Brentford", "Brighton", "Spurs"];
const E1 = ["Hull", "Derby", "Stoke", "Wigan", "Reading", "Luton", "Millwall", "Norwich", "Ipswich", "Watford"];
const PREMIUM = { loggedIn: true, premium: true, addonFilters: false, addonBacktesting: false };
let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
let premiumToken = "";
let freeToken = "";
let e1League = 0;

const password = "correct horse battery";
let ip = 0;
async function signIn(email: string, premium: boolean): Promise<string> {
  await services.accounts.register(
    { firstName: "L", lastName: "B", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: `10.11.0.${++ip}` },
  );
  const { rows } = await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id", [
    email,
  ]);
  if (premium) await grantPremium(db.pool, rows[0].id, { now: clock.now() });
  return (await services.accounts.login({ email, password, rememberMe: false }, { ip: `10.11.1.${++ip}` }, null)).token;
}

async function post(
  body: unknown,
  token: string | null,
  language = "en",
): Promise<{
  status: number;
  body: { data?: LiveBacktestView; error?: string; code?: string; fields?: Record<string, string> };
}> {
  const response = await api.request(`/live-filters/backtest?language=${language}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "accept-language": language,
      "x-test-client-ip": `10.12.0.${++ip % 250}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as never };
}

const rule = (r: Partial<Rule>): Rule => ({
  id: "r1",
  category: "liveStats",
  stat: "shotsOnGoal",
  target: "Home",
  comparator: "GreaterEqualThan",
  value: 2,
  ...r,
});
const SHOTS_AFTER_30 = [
  rule({}),
  rule({ id: "r2", category: "time", stat: "minute", target: "Match", comparator: "GreaterThan", value: 30 }),
];

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(db.pool, source("E0.csv", [MAIN_HEADER, ...roundRobinRows(E0, new Date(Date.UTC(2025, 7, 16)))]));
  await importFile(
    db.pool,
    source("E1.csv", [
      MAIN_HEADER,
      ...roundRobinRows(E1, new Date(Date.UTC(2025, 7, 16))).map((r) => r.replace(/^E0,/, "E1,")),
    ]),
  );
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 2, filesTotal: 2 }), jobs: async () => null },
  );
  api = createApi(services);
  expect(await services.live.storeTimelines(1000)).toBe(180);
  premiumToken = await signIn("member@example.com", true);
  freeToken = await signIn("free@example.com", false);
  const { rows } = await db.pool.query<{ id: number }>("SELECT id FROM leagues WHERE source_key = 'E1'");
  e1League = rows[0]!.id;
});
afterAll(async () => db?.drop());

describe("live backtest over stored timelines", () => {
  let result: LiveBacktestView;
  let timelines: Map<number, Timeline>;

  beforeAll(async () => {
    const answer = await post({ rules: SHOTS_AFTER_30, desiredOutcome: "home", interval: "ThreeMonths" }, premiumToken);
    expect(answer.status).toBe(200);
    result = answer.body.data!;
    const seasons = await db.pool.query<{ id: number }>("SELECT id FROM seasons");
    timelines = new Map();
    for (const s of seasons.rows)
      for (const t of await services.live.seasonTimelines(s.id)) timelines.set(t.fixtureId, t);
  });

  it("replays every ended match of the period and leagues", async () => {
    const { rows } = await db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM fixtures WHERE kickoff >= $1 AND kickoff < $2 AND ft_home IS NOT NULL",
      [result.from, result.to],
    );
    expect(rows[0]!.n).toBe(80);
    expect(result.analysed).toBe(80);
    expect(result.withoutTimeline).toBe(0);
    expect(result.leagues.map((l) => l.analysed).sort()).toEqual([40, 40]);
    expect(result.leagues.map((l) => l.name).sort()).toEqual(["Championship", "Premier League"].sort());
    expect(result.figures.picks).toBeGreaterThan(5);
    expect(result.picks).toHaveLength(result.figures.picks);
  });

  it("picks at the first moment the rules hold, from the timeline up to that moment, at the live odd then", async () => {
    const store = await services.prematch.features();
    const matches = compileRules(SHOTS_AFTER_30, liveSource(store.source()), scopeOf);
    const models = await services.live.oddsModels(result.picks.map((p) => p.fixtureId));
    for (const pick of result.picks) {
      const timeline = timelines.get(pick.fixtureId)!;
      const row = store.rowOf(pick.fixtureId);
      const model = models.get(pick.fixtureId) ?? null;
      const at = (second: number) => liveEvalState(stateAt(timeline, "live", second, model), row);
      // The state of the pick's moment (rebuilt from scratch at that second) meets the rules…
      const pickSecond = pick.second;
      expect(pick.halftime ? HALF_SECONDS - 1 : Math.floor(pickSecond / 60) + 1).toBe(
        pick.halftime ? pickSecond : pick.minute,
      );
      const state = at(pickSecond);
      expect(matches(state)).toBe(true);
      expect([state.live.homeScore, state.live.awayScore]).toEqual([pick.scoreAtPick.home, pick.scoreAtPick.away]);
      // …no second before it does (the live scanner checks every second)…
      for (let second = 0; second < pickSecond; second++) expect(matches(at(second))).toBe(false);
      // …its odd is the live odd of the desired outcome then, and its grade the alerts module's.
      expect(pick.odds).toBe(livePickOdds("home", store.favorite[row]!, state.live.odds));
      expect(pick.grade).toBe(
        grade(
          "home",
          { ftHome: pick.final.home, ftAway: pick.final.away, htHome: pick.final.htHome, htAway: pick.final.htAway },
          store.favorite[row]!,
        ),
      );
    }
  });

  it("has the figures of live alerts", () => {
    const settled = result.picks.filter((p) => p.grade !== "void" && p.odds !== null);
    const won = settled.filter((p) => p.grade === "won");
    expect(result.figures.won).toBe(result.picks.filter((p) => p.grade === "won").length);
    expect(result.figures.lost).toBe(result.picks.filter((p) => p.grade === "lost").length);
    expect(result.figures.stakes).toBe(settled.length);
    expect(result.figures.roi).toBeCloseTo(
      (won.reduce((s, p) => s + p.odds!, 0) - settled.length) / settled.length,
      10,
    );
    expect(result.figures.picks).toBe(result.leagues.reduce((s, l) => s + l.figures.picks, 0));
    expect(result.equity.at(-1)).toBeCloseTo(result.figures.returns - result.figures.stakes, 1);
    // Prices stop at the in-play cap; picks beyond it have no odd and are counted; event minutes are said simulated.
    expect(result.maxLivePrice).toBe(101);
    expect(result.eventMinutes).toBe("simulated");
    expect(result.beyondCap).toBe(result.picks.filter((p) => p.beyondCap).length);
    for (const p of result.picks) {
      if (p.odds !== null) expect(p.odds).toBeLessThanOrEqual(101);
      if (p.beyondCap) expect(p.odds).toBeNull();
    }
    // Newest first, with names.
    expect(result.picks[0]!.kickoff >= result.picks.at(-1)!.kickoff).toBe(true);
    expect(result.picks[0]!.home).not.toBe("");
  });

  it("backtests chosen leagues only", async () => {
    const answer = await post(
      { rules: SHOTS_AFTER_30, desiredOutcome: "home", leagueIds: [e1League], interval: "ThreeMonths" },
      premiumToken,
    );
    expect(answer.status).toBe(200);
    const data = answer.body.data!;
    expect(data.analysed).toBe(40);
    expect(data.leagues.map((l) => l.leagueId)).toEqual([e1League]);
    expect(data.picks.every((p) => p.leagueId === e1League)).toBe(true);
    expect(data.picks.map((p) => p.fixtureId)).toEqual(
      result.picks.filter((p) => p.leagueId === e1League).map((p) => p.fixtureId),
    );
  });

  it("a longer period replays more matches", async () => {
    const answer = await post({ rules: SHOTS_AFTER_30, desiredOutcome: "home", interval: "SixMonths" }, premiumToken);
    expect(answer.body.data!.analysed).toBe(180);
  });

  it("sees timelines stored after its first load", async () => {
    const service = createLiveBacktestService({ pool: db.pool, clock }, services.live, services.prematch, {
      checkMs: 0,
    });
    const [first] = result.picks;
    const saved = await db.pool.query("SELECT * FROM live_timelines WHERE fixture_id = $1", [first!.fixtureId]);
    await db.pool.query("DELETE FROM live_timelines WHERE fixture_id = $1", [first!.fixtureId]);
    const before = await service.run(
      { rules: SHOTS_AFTER_30, desiredOutcome: "home", interval: "ThreeMonths" },
      PREMIUM,
    );
    expect([before.analysed, before.withoutTimeline]).toEqual([79, 1]);
    expect(before.picks.some((p) => p.fixtureId === first!.fixtureId)).toBe(false);
    expect(await services.live.storeTimelines(10)).toBe(1);
    expect((await service.warm()).fixtures).toBe(180);
    const after = await service.run(
      { rules: SHOTS_AFTER_30, desiredOutcome: "home", interval: "ThreeMonths" },
      PREMIUM,
    );
    expect([after.analysed, after.withoutTimeline]).toEqual([80, 0]);
    expect(after.picks.map((p) => p.fixtureId)).toEqual(result.picks.map((p) => p.fixtureId));
    expect(saved.rows).toHaveLength(1);
  });
});

describe("live backtest of a goal outcome", () => {
  // The classic late-goal filter: level from the 70th minute on, expecting at least one more goal.
  const LEVEL_AFTER_70 = [
    rule({ stat: "drawing", target: "Match", comparator: "EqualTo", value: 1 }),
    rule({ id: "r2", category: "time", stat: "minute", target: "Match", comparator: "GreaterEqualThan", value: 70 }),
  ];

  it("reproduces an independent count over the stored timelines: picks, hits, model probability and edge", async () => {
    const answer = await post(
      { rules: LEVEL_AFTER_70, desiredOutcome: "goal_after", interval: "TwentyFourMonths" },
      premiumToken,
    );
    expect(answer.status).toBe(200);
    const data = answer.body.data!;
    expect(data.desiredOutcome).toBe("goal_after");
    expect(data.prices).toBe("model");
    expect(data.figures.basis).toBe("roi");
    // Independently: each ended match's first second from 69:00 on with a level score, and a goal after it.
    const models = await services.live.oddsModels([...new Set(data.picks.map((p) => p.fixtureId))]);
    const { rows } = await db.pool.query<{ id: number }>(
      "SELECT id FROM fixtures WHERE kickoff >= $1 AND kickoff < $2 AND ft_home IS NOT NULL ORDER BY kickoff, id",
      [data.from, data.to],
    );
    const seasons = await db.pool.query<{ id: number }>("SELECT id FROM seasons");
    const timelines = new Map<number, Timeline>();
    for (const season of seasons.rows)
      for (const t of await services.live.seasonTimelines(season.id)) timelines.set(t.fixtureId, t);
    const expected: Array<{ fixtureId: number; second: number; hit: boolean }> = [];
    for (const { id } of rows) {
      const t = timelines.get(id)!;
      const goals = [...t.codes.keys()]
        .filter((i) => t.codes[i]! >> 1 === 0)
        .map((i) => [t.seconds[i]!, t.codes[i]! & 1]);
      const scoreAt = (s: number) => goals.filter(([g]) => g! <= s).reduce((d, [, side]) => d + (side ? -1 : 1), 0);
      const first = [69 * 60, ...goals.map(([g]) => g!).filter((g) => g > 69 * 60)].find((s) => scoreAt(s) === 0);
      if (first === undefined) continue;
      expected.push({ fixtureId: id, second: first, hit: goals.some(([g]) => g! > first) });
    }
    expect(data.figures.picks).toBe(expected.length);
    expect(data.figures.picks).toBeGreaterThan(5);
    expect(data.figures.won).toBe(expected.filter((e) => e.hit).length);
    const bySecond = new Map(expected.map((e) => [e.fixtureId, e]));
    let probabilitySum = 0;
    for (const pick of data.picks) {
      const e = bySecond.get(pick.fixtureId)!;
      expect(pick.second).toBe(e.second);
      expect(pick.grade).toBe(e.hit ? "won" : "lost");
      const state = stateAt(timelines.get(pick.fixtureId)!, "live", pick.second, models.get(pick.fixtureId) ?? null);
      const quote = livePickQuote("goal_after", 0, state);
      expect(pick.probability).toBeCloseTo(quote.probability!, 10);
      expect(pick.odds).toBe(quote.odds);
      probabilitySum += quote.probability!;
    }
    const hitRate = data.figures.won / data.figures.picks;
    expect(data.figures.meanProbability).toBeCloseTo(probabilitySum / data.picks.length, 10);
    expect(data.figures.edge).toBeCloseTo(hitRate - probabilitySum / data.picks.length, 10);
    expect(data.figures.edgeLow!).toBeLessThan(data.figures.edge!);
  });
});

describe("live backtest: who may, and bad input", () => {
  it("is premium only, enforced on the server", async () => {
    const visitor = await post({ rules: SHOTS_AFTER_30, desiredOutcome: "home" }, null);
    expect(visitor.status).toBe(401);
    const free = await post({ rules: SHOTS_AFTER_30, desiredOutcome: "home" }, freeToken);
    expect(free.status).toBe(403);
    expect(free.body.error).toBe("You do not have permission to access this page, become a PREMIUM member");
    await expect(
      services.liveBacktest.run({ rules: SHOTS_AFTER_30, desiredOutcome: "home" }, FREE_USER),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      services.liveBacktest.run({ rules: SHOTS_AFTER_30, desiredOutcome: "home" }, VISITOR),
    ).rejects.toMatchObject({ status: 401 });
  });

  it.each([
    [
      { rules: [], desiredOutcome: "home" },
      "liveBacktest.errors.needsRule",
      "Add at least one rule to backtest the filter.",
    ],
    [
      { rules: SHOTS_AFTER_30, desiredOutcome: "none" },
      "liveBacktest.errors.needsOutcome",
      "Choose a desired outcome to judge the picks.",
    ],
    [
      { rules: [rule({ stat: "kickoffHour", category: "time", target: "Match" })], desiredOutcome: "home" },
      "scannerRules.liveOnly",
      "Only a live filter can use this",
    ],
    [
      { rules: [rule({ stat: "nope" })], desiredOutcome: "home" },
      "scannerRules.unknownStat",
      "Choose a statistic from the list",
    ],
    // The missing field is named.
    [
      { rules: [{ id: "r", category: "liveStats", stat: "shots", target: "Home", value: 3 }], desiredOutcome: "home" },
      "scannerRules.fieldMissing",
      "Field required: rules.0.comparator",
    ],
  ])("refuses %j with a clear message", async (body, code, message) => {
    const answer = await post(body, premiumToken);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(code);
    expect(answer.body.error).toBe(message);
  });

  it("refuses bad periods, types and JSON with 4xx in the caller's language, never 500", async () => {
    for (const body of [
      { rules: SHOTS_AFTER_30, desiredOutcome: "home", interval: "SevenDays" },
      { rules: SHOTS_AFTER_30, desiredOutcome: "home", interval: 3 },
      { rules: "x", desiredOutcome: "home" },
      { rules: SHOTS_AFTER_30 },
      { rules: SHOTS_AFTER_30, desiredOutcome: "home", leagueIds: ["a"] },
      "{not json",
      "null",
      [],
    ]) {
      const answer = await post(body, premiumToken);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBeTruthy();
    }
    const german = await post({ rules: [], desiredOutcome: "home" }, premiumToken, "de");
    expect(german.body.error).toBe("Fügen Sie mindestens eine Regel hinzu, um den Filter zu testen.");
    const direct = services.liveBacktest.run(
      { rules: SHOTS_AFTER_30, desiredOutcome: "home", interval: "Custom" },
      PREMIUM,
    );
    await expect(direct).rejects.toMatchObject({ status: 400, message: "liveBacktest.errors.badInterval" });
  });
});

describe("live backtest: the page's rule builder (buildRules)", () => {
  it("adds a builder's rule to the carried set, checked like a saved live filter's", () => {
    const carried = SHOTS_AFTER_30.map(({ id: _id, ...r }) => r);
    const added = { category: "time", stat: "minute", target: "Match", comparator: "LessThan", value: 80 };
    const rules = services.liveBacktest.buildRules(carried, added, PREMIUM);
    expect(rules).toHaveLength(3);
    expect(rules.slice(0, 2).map((r) => r.id)).toEqual(["r1", "r2"]);
    expect(rules[2]).toMatchObject(added);
    expect(new Set(rules.map((r) => r.id)).size).toBe(3);
    expect(services.liveBacktest.buildRules(SHOTS_AFTER_30, undefined, PREMIUM)).toHaveLength(2);
    expect(services.liveBacktest.buildRules("not a list", undefined, PREMIUM)).toEqual([]);
  });

  it("refuses a bad rule with the form's messages, and is premium only", () => {
    expect(() => services.liveBacktest.buildRules([], { ...rule({}), stat: "nope" }, PREMIUM)).toThrow(
      expect.objectContaining({ status: 400, message: "scannerRules.unknownStat" }),
    );
    expect(() =>
      services.liveBacktest.buildRules([], { category: "time", stat: "kickoffHour", target: "Match" }, PREMIUM),
    ).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => services.liveBacktest.buildRules([{ stat: "nope" }], undefined, PREMIUM)).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(() => services.liveBacktest.buildRules([], rule({}), FREE_USER)).toThrow(
      expect.objectContaining({ status: 403 }),
    );
  });
});
