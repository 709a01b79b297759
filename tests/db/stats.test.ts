import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
const START = "2026-03-01T12:00:00Z";
const clock = fixedClock(START);
let ipCounter = 0;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are checked field by field
  body: any;
}

async function call(method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
  const response = await api.request(`${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      "x-test-client-ip": `10.3.0.${++ipCounter % 250}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function signIn(email: string): Promise<{ token: string; id: number }> {
  const password = "correct horse battery";
  await services.accounts.register(
    { firstName: "Fan", lastName: "Test", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: `10.4.0.${++ipCounter % 250}` },
  );
  const { rows } = await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id", [
    email,
  ]);
  const login = await call("POST", "/auth/login", null, { email, password });
  expect(login.status).toBe(200);
  return { token: login.body.data.token, id: rows[0].id };
}

const ids = { premier: 0, championship: 0, season: 0, a: 0, b: 0, c: 0, d: 0, upcoming: 0, later: 0, soon: 0 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(Date.parse(START) + ms).toISOString();

async function seed() {
  const one = async (sql: string, params: unknown[]) => (await db.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  const country = await one("INSERT INTO countries (code, name) VALUES ('ENG', 'England') RETURNING id", []);
  const ned = await one("INSERT INTO countries (code, name) VALUES ('NED', 'Netherlands') RETURNING id", []);
  ids.premier = await one(
    "INSERT INTO leagues (source_key, country_id, name, tier) VALUES ('E0', $1, 'Premier League', 1) RETURNING id",
    [country],
  );
  ids.championship = await one(
    "INSERT INTO leagues (source_key, country_id, name, tier) VALUES ('N1', $1, 'Eredivisie', 1) RETURNING id",
    [ned],
  );
  ids.season = await one("INSERT INTO seasons (league_id, name) VALUES ($1, '2025-2026') RETURNING id", [ids.premier]);
  const other = await one("INSERT INTO seasons (league_id, name) VALUES ($1, '2025-2026') RETURNING id", [
    ids.championship,
  ]);
  for (const key of ["a", "b", "c", "d"] as const)
    ids[key] = await one("INSERT INTO teams (country_id, name) VALUES ($1, $2) RETURNING id", [
      country,
      `Team ${key.toUpperCase()}`,
    ]);
  let n = 0;
  const fixture = async (
    home: number,
    away: number,
    kickoff: string,
    score: [number, number] | null,
    season = ids.season,
    league = ids.premier,
  ) => {
    const id = await one(
      `INSERT INTO fixtures (source_key, league_id, season_id, home_team_id, away_team_id, source_kickoff, kickoff, has_kickoff_time, ft_home, ft_away, ht_home, ht_away)
       VALUES ($1, $2, $3, $4, $5, $6, $6, true, $7, $8, $9, $10) RETURNING id`,
      [
        `f${++n}`,
        league,
        season,
        home,
        away,
        kickoff,
        score?.[0] ?? null,
        score?.[1] ?? null,
        score ? Math.min(score[0], 1) : null,
        score ? Math.min(score[1], 1) : null,
      ],
    );
    if (score) {
      await db.pool.query("INSERT INTO fixture_stats (fixture_id, side, corners) VALUES ($1, 'H', 5), ($1, 'A', 4)", [
        id,
      ]);
    }
    await db.pool.query(
      `INSERT INTO predictions (fixture_id, model_version, model, final, market, market_weight, p_home, p_draw, p_away, p_over25)
       VALUES ($1, 't', $2, $2, $3, 0.5, 0.45, 0.27, 0.28, 0.55)`,
      [
        id,
        JSON.stringify({ home: 1.7, away: 1.2, rho: 0, htShare: 0.45, corners: 10 }),
        JSON.stringify({ prices: { x12: [2.1, 3.4, 3.6], ou25: [1.85, 2.0] } }),
      ],
    );
    return id;
  };
  // A scores three at home in every past match; B keeps clean sheets away.
  await fixture(ids.a, ids.c, at(-21 * DAY), [3, 1]);
  await fixture(ids.d, ids.b, at(-14 * DAY), [0, 0]);
  await fixture(ids.a, ids.d, at(-7 * DAY), [3, 0]);
  await fixture(ids.c, ids.b, at(-7 * DAY), [1, 0]);
  await fixture(ids.b, ids.a, at(-60 * DAY), [2, 2]);
  // A match of A that kicks off after "now": its stored result is the future and must never count.
  ids.soon = await fixture(ids.c, ids.a, at(2 * HOUR), [0, 7]);
  ids.upcoming = await fixture(ids.a, ids.b, at(1 * DAY), [0, 0]);
  ids.later = await fixture(ids.c, ids.d, at(2 * DAY), null, other, ids.championship);
}

/** An active subscription (tests/support/premium.ts's grantPremium fails on PostgreSQL 18: "inconsistent types deduced for parameter $1"). */
async function grantPremium(pool: TestDatabase["pool"], userId: number, options: { now: Date }) {
  await pool.query(
    `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_months, status, current_period_end, addon_filters, addon_backtesting)
     VALUES ($1, 'test', $2, 1, 'active', $3, false, false)`,
    [userId, `test_${userId}`, new Date(options.now.getTime() + 30 * 86_400_000)],
  );
}

let ada: { token: string; id: number };
let bob: { token: string; id: number };
let fred: { token: string; id: number };

beforeAll(async () => {
  db = await createTestDatabase();
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
  await seed();
  ada = await signIn("ada@example.com");
  bob = await signIn("bob@example.com");
  fred = await signIn("fred@example.com");
  await grantPremium(db.pool, ada.id, { now: new Date(START) });
  await grantPremium(db.pool, bob.id, { now: new Date(START) });
});
afterAll(async () => db.drop());

const WEEK = `from=${at(0)}&to=${at(7 * DAY)}`;
const filter = (query: string, token: string | null = null, premium = false) =>
  call(
    "GET",
    `/fixtures/advanced-filters${premium ? "/premium" : ""}?dateFormat=extended&platform=website&${WEEK}&${query}`,
    token,
  );

describe("advanced filter", () => {
  it("lists upcoming fixtures with the event's probability, odd and rates", async () => {
    const res = await filter("event=O25");
    expect(res.status).toBe(200);
    const ids_ = res.body.data.fixtures.map((f: { fixture: { id: number } }) => f.fixture.id);
    expect(ids_).toEqual([ids.soon, ids.upcoming, ids.later]);
    const a = res.body.data.fixtures.find((f: { fixture: { id: number } }) => f.fixture.id === ids.upcoming);
    expect(a).toMatchObject({ event: "O25", odd: 1.85, bookmakerOdd: true });
    expect(a.probability).toBeGreaterThan(0.3);
  });

  it("is walk-forward: a result stored for a match not yet over never counts", async () => {
    const before = (await filter("event=O25")).body.data.fixtures.find(
      (f: { fixture: { id: number } }) => f.fixture.id === ids.upcoming,
    );
    // A's last matches as of now: 3-1, 3-0, 2-2 (away) -> 8 goals in 3
    expect(before.goals.HomeScoredLast5).toBeCloseTo(8 / 3);
    expect(before.rates.homePercentage).toBe(1);
    clock.set(at(4 * HOUR)); // the 0-7 has ended and is before A v B's kick-off
    const after = (await filter("event=O25")).body.data.fixtures.find(
      (f: { fixture: { id: number } }) => f.fixture.id === ids.upcoming,
    );
    expect(after.goals.HomeScoredLast5).toBeCloseTo(15 / 4);
    // back in time (tests only): the cached facts from later on must not be served
    clock.set(START);
    const again = (await filter("event=O25")).body.data.fixtures.find(
      (f: { fixture: { id: number } }) => f.fixture.id === ids.upcoming,
    );
    expect(again.goals.HomeScoredLast5).toBeCloseTo(8 / 3);
  });

  it("applies rates and goal ranges; empty, zero and 'ten or more' values are accepted", async () => {
    const strict = await filter(
      `event=O25&homeTeamLeaguePercentage=100&minHomeScoredSeasonHome=3&maxHomeScoredSeasonHome=10&visitorPercentage=&head2head=0`,
    );
    expect(strict.status).toBe(200);
    expect(strict.body.data.fixtures.map((f: { fixture: { id: number } }) => f.fixture.id)).toEqual([ids.upcoming]);
    const none = await filter("event=O25&maxHomeScoredSeasonHome=2");
    expect(none.body.data.fixtures.map((f: { fixture: { id: number } }) => f.fixture.id)).not.toContain(ids.upcoming);
    const leagues = await filter(`event=O25&leagueIds=${ids.championship}`);
    expect(leagues.body.data.fixtures.map((f: { fixture: { id: number } }) => f.fixture.id)).toEqual([ids.later]);
    expect((await filter("event=O25&homePercentage=abc")).status).toBe(400);
  });

  it("refuses premium events, the probability range and the premium endpoint to visitors (401) and free users (403)", async () => {
    for (const [query, premium] of [
      ["event=CO85", false],
      ["event=CO95", false],
      ["event=P15HT", false],
      ["event=O25&minProbability=40", false],
      ["event=O25", true],
    ] as const) {
      const visitor = await filter(query, null, premium);
      expect([query, premium, visitor.status, visitor.body.code]).toEqual([query, premium, 401, "auth.loginRequired"]);
      const free = await filter(query, fred.token, premium);
      expect([query, premium, free.status, free.body.code]).toEqual([query, premium, 403, "premium.noPermission"]);
      const paid = await filter(query, ada.token, premium);
      expect([query, premium, paid.status]).toEqual([query, premium, 200]);
    }
  });
});

describe("saved configurations", () => {
  it("are premium only", async () => {
    expect((await call("GET", "/users/searches", null)).status).toBe(401);
    expect((await call("POST", "/users/searches", fred.token, { name: "x", query: {} })).status).toBe(403);
    expect((await call("GET", "/users/searches", fred.token)).status).toBe(403);
  });

  it("need a name, keep the normalized query and belong to their owner", async () => {
    const empty = await call("POST", "/users/searches", ada.token, { name: "  ", query: { event: "GG" } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("The configuration name is required!");
    const saved = await call("POST", "/users/searches", ada.token, {
      name: "Goals",
      query: { event: "GG", homePercentage: "70", visitorPercentage: "", maxHomeScoredLast5: 10 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.query).toEqual({ event: "GG", homePercentage: "70", maxHomeScoredLast5: "10" });
    expect((await call("GET", "/users/searches", ada.token)).body.data).toHaveLength(1);
    expect((await call("GET", "/users/searches", bob.token)).body.data).toHaveLength(0);
    expect((await call("DELETE", `/users/searches/${saved.body.data.id}`, bob.token)).status).toBe(404);
    expect((await call("DELETE", `/users/searches/${saved.body.data.id}`, ada.token)).status).toBe(200);
    expect((await call("GET", "/users/searches", ada.token)).body.data).toHaveLength(0);
  });
});

describe("league groups", () => {
  it("are premium only", async () => {
    expect((await call("GET", "/users/leagues", null)).status).toBe(401);
    expect((await call("POST", "/users/leagues", null, { name: "x", leagueIds: [ids.premier] })).status).toBe(401);
    expect((await call("DELETE", "/users/leagues/1", null)).status).toBe(401);
    const free = await call("POST", "/users/leagues", fred.token, { name: "x", leagueIds: [ids.premier] });
    expect([free.status, free.body.code]).toEqual([403, "premium.noPermission"]);
    expect((await call("GET", "/users/leagues", fred.token)).status).toBe(403);
  });

  it("validate name and leagues", async () => {
    expect((await call("POST", "/users/leagues", ada.token, { name: "", leagueIds: [ids.premier] })).status).toBe(400);
    expect((await call("POST", "/users/leagues", ada.token, { name: "G", leagueIds: [] })).status).toBe(400);
    expect((await call("POST", "/users/leagues", ada.token, { name: "G", leagueIds: [999999] })).status).toBe(400);
  });

  it("cannot be read or changed by another user", async () => {
    const created = await call("POST", "/users/leagues", ada.token, {
      name: "Mine",
      leagueIds: [ids.premier, ids.championship, ids.premier],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: "Mine", leagueIds: [ids.premier, ids.championship] });
    const id = created.body.data.id;
    expect((await call("GET", `/users/leagues/${id}`, bob.token)).status).toBe(404);
    expect(
      (await call("PUT", `/users/leagues/${id}`, bob.token, { name: "Theirs", leagueIds: [ids.premier] })).status,
    ).toBe(404);
    expect((await call("DELETE", `/users/leagues/${id}`, bob.token)).status).toBe(404);
    expect((await call("GET", "/users/leagues", bob.token)).body.data).toEqual([]);
    expect((await call("GET", `/users/leagues/${id}`, ada.token)).body.data.name).toBe("Mine");
    const renamed = await call("PUT", `/users/leagues/${id}`, ada.token, {
      name: "Renamed",
      leagueIds: [ids.championship],
    });
    expect(renamed.body.data).toMatchObject({ name: "Renamed", leagueIds: [ids.championship] });
    expect((await call("DELETE", `/users/leagues/${id}`, ada.token)).status).toBe(200);
    expect((await call("GET", "/users/leagues", ada.token)).body.data).toEqual([]);
  });
});

describe("OpenAPI document", () => {
  it("documents the filter's parameters and the league-group calls", async () => {
    const doc = (await call("GET", "/openapi.json", null)).body;
    const params = doc.paths["/fixtures/advanced-filters"].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining([
        "from",
        "to",
        "event",
        "minOdd",
        "maxProbability",
        "homePercentage",
        "head2head",
        "leagueIds",
        "minHomeScoredLast5",
        "maxAwayConcededSeasonAway",
      ]),
    );
    expect(Object.keys(doc.paths["/users/leagues/{id}"])).toEqual(expect.arrayContaining(["get", "put", "delete"]));
    expect(doc.paths["/fixtures/advanced-filters/premium"]).toBeDefined();
  });
});

describe("top leagues and season teams", () => {
  it("sorts by priority, the given country first", async () => {
    const all = await call("GET", "/leagues/topleagues", null);
    expect(all.body.data.map((l: { league: { id: number } }) => l.league.id)).toEqual([ids.premier, ids.championship]);
    const ned = await call("GET", "/leagues/topleagues?countryCode=NED", null);
    expect(ned.body.data[0]).toMatchObject({ priority: 1, countryCode: "NED", league: { id: ids.championship } });
  });

  it("lists the teams of a season", async () => {
    const teams = await call("GET", `/teams?currentSeasonId=${ids.season}`, null);
    expect(teams.body.data.map((t: { name: string }) => t.name)).toEqual(["Team A", "Team B", "Team C", "Team D"]);
    expect((await call("GET", "/teams?currentSeasonId=999999", null)).status).toBe(404);
    expect((await call("GET", "/teams?currentSeasonId=x", null)).status).toBe(400);
  });
});
