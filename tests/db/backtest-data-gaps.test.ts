import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import type { BacktestView } from "../../src/services/scanner/backtest-views.ts";
import type { LiveBacktestView } from "../../src/services/scanner/live-backtest.ts";
import { EXTRA_HEADER, MAIN_HEADER, roundRobinRows, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";

// A main division (opening prices, shots and every other counter) and an extra league of the data's second
// format (results and closing prices only: no opening price, no counter), a round a week from 16 August 2025.
// Now is 20 January 2026: the 3-month backtests cover the rounds from 25 October on.
const clock = fixedClock("2026-01-20T12:00:00Z");
const E0 = ["Arsenal", "Chelsea", "Everton", "Fulham", "Leeds", "Burnley", "Wolves", "Brentford", "Brighton", "Spurs"];
const SWE = [
  "Malmo FF",
  "AIK",
  "Hammarby",
  "Djurgarden",
  "Elfsborg",
  "Hacken",
  "Mjallby",
  "Sirius",
  "Gais",
  "Norrkoping",
];
let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
let token = "";
let sweden = 0;
let england = 0;

/** The extra league's rows: the main division's schedule and scores, in the second format. */
function extraRows(teams: string[]): string[] {
  return roundRobinRows(teams, new Date(Date.UTC(2025, 7, 16))).map((row) => {
    const c = row.split(",");
    return [
      "Sweden",
      "Allsvenskan",
      "2025",
      c[1],
      c[2],
      c[3],
      c[4],
      c[5],
      c[6],
      c[7],
      1.8,
      3.6,
      4.6,
      1.9,
      3.8,
      4.9,
      1.82,
      3.55,
      4.5,
    ].join(",");
  });
}

async function call<T>(path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await api.request(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "x-test-client-ip": "10.13.0.1" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, data: ((await response.json()) as { data: T }).data };
}

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(db.pool, source("E0.csv", [MAIN_HEADER, ...roundRobinRows(E0, new Date(Date.UTC(2025, 7, 16)))]));
  await importFile(db.pool, source("SWE.csv", [EXTRA_HEADER, ...extraRows(SWE)]));
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 2, filesTotal: 2 }), jobs: async () => null },
  );
  api = createApi(services);
  await services.live.storeTimelines(1000);
  const password = "correct horse battery";
  const email = "gaps@example.com";
  await services.accounts.register(
    { firstName: "G", lastName: "P", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: "10.13.1.1" },
  );
  const { rows } = await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id", [
    email,
  ]);
  await grantPremium(db.pool, rows[0].id, { now: clock.now() });
  token = (await services.accounts.login({ email, password, rememberMe: false }, { ip: "10.13.1.2" }, null)).token;
  const leagues = await db.pool.query<{ id: number; country: string }>(
    "SELECT l.id, c.name AS country FROM leagues l JOIN countries c ON c.id = l.country_id",
  );
  sweden = leagues.rows.find((l) => l.country === "Sweden")!.id;
  england = leagues.rows.find((l) => l.country !== "Sweden")!.id;
});
afterAll(async () => db?.drop());

const STATS_RULES = [
  { category: "preMatchStats", stat: "W", target: "Home", comparator: "GreaterEqualThan", value: 0, window: "season" },
  { category: "preMatchStats", stat: "W", target: "Away", comparator: "GreaterEqualThan", value: 0, window: "season" },
  { category: "time", stat: "kickoffHour", target: "Match", comparator: "GreaterEqualThan", value: 0 },
];
const ODDS_RULE = {
  category: "odds",
  stat: "win",
  target: "Home",
  comparator: "LessThan",
  value: 5,
  bookmaker: "B365",
};

async function prematchBacktest(rules: unknown[], desiredOutcome: string): Promise<BacktestView> {
  const filter = await call<{ id: number }>("/prematch/filters", {
    name: `Gaps ${desiredOutcome}`,
    desiredOutcome,
    rules,
  });
  expect(filter.status).toBe(200);
  const submitted = await call<BacktestView>("/prematch/backtests", { filterId: filter.data.id });
  expect(submitted.status).toBe(200);
  const read = await call<BacktestView>(`/prematch/backtests/${submitted.data.id}`);
  expect(read.status).toBe(200);
  expect(read.data.status).toBe("Done");
  return read.data;
}

describe("pre-match backtest: leagues without the data the filter needs", () => {
  it("an odds rule: the league without opening prices is named, with 'prices', and makes no pick", async () => {
    const b = await prematchBacktest([...STATS_RULES.slice(0, 2), ODDS_RULE], "home");
    const r = b.result!;
    expect(r.dataGaps).toEqual([{ leagueId: sweden, name: "Allsvenskan", country: "Sweden", missing: ["prices"] }]);
    expect(r.leagues.find((l) => l.leagueId === sweden)?.picks ?? 0).toBe(0);
    expect(r.leagues.find((l) => l.leagueId === england)!.picks).toBeGreaterThan(0);
  });

  it("no odds rule but a priced outcome: the league is named too (its picks have no price, no ROI)", async () => {
    const r = (await prematchBacktest(STATS_RULES, "home")).result!;
    expect(r.dataGaps.map((g) => [g.leagueId, g.missing])).toEqual([[sweden, ["prices"]]]);
    const swedish = r.leagues.find((l) => l.leagueId === sweden)!;
    expect(swedish.picks).toBeGreaterThan(0);
    expect(swedish.profit.roi).toBeNull();
  });

  it("an outcome without a price and no odds rule needs no prices: no gap", async () => {
    const r = (await prematchBacktest(STATS_RULES, "over_1.5")).result!;
    expect(r.dataGaps).toEqual([]);
  });

  it("the equity curve's points carry their kick-off dates", async () => {
    const r = (await prematchBacktest(STATS_RULES, "home")).result!;
    expect(r.equityDates).toHaveLength(r.equity.length);
    expect(r.equityDates.every((d, i) => i === 0 || d >= r.equityDates[i - 1]!)).toBe(true);
  });
});

describe("live backtest: leagues without the data the filter needs", () => {
  const run = (rules: unknown[], desiredOutcome = "home") =>
    call<LiveBacktestView>("/live-filters/backtest", { rules, desiredOutcome, interval: "ThreeMonths" });

  it("a shots rule: the league without shot counters is named, and never picks", async () => {
    const answer = await run([
      { category: "liveStats", stat: "shotsOnGoal", target: "Home", comparator: "GreaterEqualThan", value: 1 },
    ]);
    expect(answer.status).toBe(200);
    // Closing prices anchor the in-play model: the extra league has in-play prices, not shot counts.
    expect(answer.data.dataGaps).toEqual([
      { leagueId: sweden, name: "Allsvenskan", country: "Sweden", missing: ["shotsOnTarget"] },
    ]);
    const swedish = answer.data.leagues.find((l) => l.leagueId === sweden)!;
    expect(swedish.analysed).toBeGreaterThan(0);
    expect(swedish.figures.picks).toBe(0);
    expect(answer.data.equityDates).toHaveLength(answer.data.equity.length);
  });

  it("a corners total and a goals rule: only the counters read are asked for", async () => {
    const answer = await run([
      { category: "liveStats", stat: "total.corners", target: "Match", comparator: "GreaterEqualThan", value: 1 },
      { category: "liveStats", stat: "goals", target: "Home", comparator: "GreaterEqualThan", value: 0 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.data.dataGaps.map((g) => [g.leagueId, g.missing])).toEqual([[sweden, ["corners"]]]);
  });

  it("a rule every league has data for: no gap", async () => {
    const answer = await run([
      { category: "liveStats", stat: "goals", target: "Home", comparator: "GreaterEqualThan", value: 1 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.data.dataGaps).toEqual([]);
  });
});
