import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FREE_USER, type VISITOR } from "../../src/domain/premium/access.ts";
import { FREE_TREND_EVENTS } from "../../src/domain/stats/trends.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { loader as bestTeamsLoader } from "../../src/web/routes/best-teams.tsx";
import { loader as trendsLoader } from "../../src/web/routes/trends.tsx";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
const NOW = "2026-03-10T12:00:00Z";
const clock = fixedClock(NOW);
let ip = 0;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are checked field by field
  body: any;
}

async function get(path: string, token: string | null = null): Promise<Answer> {
  const response = await api.request(path, {
    headers: { "x-test-client-ip": `10.3.0.${++ip % 250}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, body: await response.json() };
}

async function signIn(email: string): Promise<{ token: string; userId: number }> {
  const password = "correct horse battery";
  await services.accounts.register(
    { firstName: "Fan", lastName: "Test", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: `10.4.0.${++ip % 250}` },
  );
  const { rows } = await db.pool.query<{ id: number }>(
    "UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id",
    [email],
  );
  const response = await api.request("/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-client-ip": `10.5.0.${++ip % 250}` },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data: { token: string } };
  return { token: body.data.token, userId: rows[0]!.id };
}

const ids = { a: 0, b: 0, c: 0, d: 0, league: 0, season: 0, m6: 0, upcoming: 0, live: 0 };

/** One league; Arsenal (a) wins all six played matches, scoring 2+ each time. */
async function seed() {
  const one = async (sql: string, params: unknown[]) => (await db.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  const country = await one("INSERT INTO countries (code, name) VALUES ('ENG', 'England') RETURNING id", []);
  ids.league = await one(
    "INSERT INTO leagues (source_key, country_id, name, tier) VALUES ('E0', $1, 'Premier League', 1) RETURNING id",
    [country],
  );
  ids.season = await one("INSERT INTO seasons (league_id, name) VALUES ($1, '2025-2026') RETURNING id", [ids.league]);
  for (const [key, name] of [
    ["a", "Arsenal"],
    ["b", "Brentford"],
    ["c", "Chelsea"],
    ["d", "Derby"],
  ] as const) {
    ids[key] = await one("INSERT INTO teams (country_id, name) VALUES ($1, $2) RETURNING id", [country, name]);
  }
  let n = 0;
  const fixture = async (
    home: number,
    away: number,
    kickoff: string,
    ft?: [number, number],
    ht?: [number, number],
    corners?: [number, number],
  ) => {
    const id = await one(
      `INSERT INTO fixtures (source_key, league_id, season_id, home_team_id, away_team_id, source_kickoff, kickoff, has_kickoff_time,
                             ft_home, ft_away, ht_home, ht_away)
       VALUES ($1, $2, $3, $4, $5, $6, $6, true, $7, $8, $9, $10) RETURNING id`,
      [
        `f${++n}`,
        ids.league,
        ids.season,
        home,
        away,
        kickoff,
        ft?.[0] ?? null,
        ft?.[1] ?? null,
        ht?.[0] ?? null,
        ht?.[1] ?? null,
      ],
    );
    if (corners) {
      await db.pool.query(
        "INSERT INTO fixture_stats (fixture_id, side, shots, shots_on_target, corners, yellow_cards, red_cards) VALUES ($1, 'H', 12, 5, $2, 1, 0), ($1, 'A', 8, 2, $3, 2, 0)",
        [id, corners[0], corners[1]],
      );
    }
    return id;
  };
  await fixture(ids.a, ids.b, "2026-02-01T15:00:00Z", [3, 1], [1, 0], [7, 3]);
  await fixture(ids.c, ids.a, "2026-02-08T15:00:00Z", [0, 2], [0, 1], [4, 6]);
  await fixture(ids.a, ids.d, "2026-02-15T15:00:00Z", [2, 1], [1, 1], [8, 2]);
  await fixture(ids.b, ids.a, "2026-02-22T15:00:00Z", [1, 2], [0, 0], [5, 5]);
  await fixture(ids.a, ids.c, "2026-03-01T15:00:00Z", [4, 0], [2, 0], [9, 1]);
  ids.m6 = await fixture(ids.d, ids.a, "2026-03-05T19:00:00Z", [0, 3], [0, 2], [2, 7]);
  // Being played at 12:00 (kicked off 11:00): its score is in the database but must count nowhere yet.
  ids.live = await fixture(ids.c, ids.d, "2026-03-10T11:00:00Z", [5, 5], [3, 3]);
  ids.upcoming = await fixture(ids.a, ids.b, "2026-03-10T18:00:00Z");
  await fixture(ids.c, ids.d, "2026-03-11T18:00:00Z");
}

let free: { token: string; userId: number };
let premium: { token: string; userId: number };

beforeAll(async () => {
  db = await createTestDatabase();
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
  await seed();
  free = await signIn("free@example.com");
  premium = await signIn("vip@example.com");
  await grantPremium(db.pool, premium.userId, { now: new Date(NOW) });
});
afterAll(async () => db.drop());

describe("team statistics", () => {
  it("counts a team's events of its current season from the played matches", async () => {
    const { status, body } = await get(`/teams/${ids.a}/stats`, premium.token);
    expect(status).toBe(200);
    const { team, season, stats, next } = body.data;
    expect(team).toMatchObject({ id: ids.a, name: "Arsenal", country: { name: "England" } });
    expect(season).toMatchObject({ seasonId: ids.season, seasonName: "2025-2026", leagueName: "Premier League" });
    expect(Object.keys(stats.season.overall.events).length).toBeGreaterThan(100);
    expect(stats.season.overall.events.W).toEqual({ occurrences: 6, totalMatches: 6 });
    expect(stats.season.home.events.O25).toEqual({ occurrences: 3, totalMatches: 3 });
    expect(stats.season.away.events.CS).toEqual({ occurrences: 2, totalMatches: 3 });
    expect(stats.last5.overall.events.TS_O15).toEqual({ occurrences: 5, totalMatches: 5 });
    expect(stats.season.overall.events.CF_O55).toEqual({ occurrences: 5, totalMatches: 6 });
    expect(stats.season.overall.totals).toMatchObject({ matches: 6, goalsFor: 16, goalsAgainst: 3 });
    expect(next.id).toBe(ids.upcoming);
  });

  it("shows visitors and free users the free events only (the premium ones are left out by the server)", async () => {
    for (const token of [null, free.token]) {
      const { body } = await get(`/teams/${ids.a}/stats`, token);
      const events = body.data.stats.season.overall.events;
      expect(events.W).toEqual({ occurrences: 6, totalMatches: 6 });
      expect(events.CS).toBeUndefined();
      expect(events.TS_O15).toBeUndefined();
      expect(Object.keys(events).sort()).toEqual([...FREE_TREND_EVENTS].sort());
    }
  });

  it("never counts a match that has not ended", async () => {
    const { body } = await get(`/teams/${ids.c}/stats`);
    expect(body.data.stats.season.overall.totals.matches).toBe(2);
    expect(body.data.stats.season.overall.events.GG).toEqual({ occurrences: 0, totalMatches: 2 });
  });

  it("is walk-forward on a finished match: only matches that ended before its kick-off", async () => {
    const { status, body } = await get(`/fixtures/${ids.m6}/team-stats`);
    expect(status).toBe(200);
    expect(body.data.before).toBe("2026-03-05T19:00:00.000Z");
    expect(body.data.visitorTeam.season.overall.events.W).toEqual({ occurrences: 5, totalMatches: 5 });
    expect(body.data.localTeam.season.overall.totals.matches).toBe(1);
    // the page's service call gives the same
    expect((await services.teamStats.preMatch(ids.m6, false)).visitorTeam.last10.overall.totals.matches).toBe(5);
  });

  it("shows a played match's league table as it stood at its kick-off", async () => {
    const page = await services.predictions.matchPage(ids.m6, false);
    expect(page.standings.find((r) => r.teamId === ids.a)).toMatchObject({ played: 5, won: 5 });
    expect(page.standings.find((r) => r.teamId === ids.d)).toMatchObject({ played: 1, lost: 1 });
    const upcoming = await services.predictions.matchPage(ids.upcoming, false);
    expect(upcoming.standings.find((r) => r.teamId === ids.a)).toMatchObject({ played: 6, won: 6 });
  });

  it("answers 404 for an unknown team or season, 400 for a bad id", async () => {
    expect((await get("/teams/999999/stats")).status).toBe(404);
    expect((await get(`/teams/${ids.a}/stats?seasonId=999999`)).status).toBe(404);
    expect((await get("/teams/abc/stats")).status).toBe(400);
  });
});

describe("trends", () => {
  it("gives visitors and free users only the free events, and says how many are locked", async () => {
    for (const token of [null, free.token]) {
      const { status, body } = await get("/trends", token);
      expect(status).toBe(200);
      expect(body.data.items.length).toBeGreaterThan(0);
      for (const item of body.data.items) expect(FREE_TREND_EVENTS).toContain(item.trend.event);
      expect(body.data.lockedCount).toBeGreaterThan(0);
    }
    const { body } = await get("/trends", null);
    expect(body.data.items).toContainEqual(
      expect.objectContaining({
        team: { id: ids.a, name: "Arsenal", side: "local" },
        trend: expect.objectContaining({
          event: "W",
          venue: "overall",
          kind: "consecutive",
          occurrences: 6,
          totalMatches: 6,
        }),
      }),
    );
    expect(body.data.items[0].fixture.id).toBe(ids.upcoming);
  });

  it("gives premium members every event", async () => {
    const { body } = await get("/trends?tab=TopTrends", premium.token);
    expect(body.data.lockedCount).toBe(0);
    expect(body.data.items.some((i: { trend: { event: string } }) => !FREE_TREND_EVENTS.includes(i.trend.event))).toBe(
      true,
    );
    const strengths = body.data.items.map((i: { trend: { strength: number } }) => i.trend.strength);
    expect(strengths).toEqual([...strengths].sort((x: number, y: number) => y - x));
  });

  it("filters on the page's loader too, by the caller's access", async () => {
    const request = new Request("http://localhost/vip/football-trends?tab=AllTrends");
    const context = (access: typeof VISITOR) => ({ services, access }) as never;
    const freePage = await trendsLoader({ request, params: {}, context: context(FREE_USER) } as never);
    expect(freePage.data.items.every((i) => FREE_TREND_EVENTS.includes(i.trend.event))).toBe(true);
    const vipPage = await trendsLoader({
      request,
      params: {},
      context: context({ ...FREE_USER, premium: true }),
    } as never);
    expect(vipPage.data.lockedCount).toBe(0);
  });

  it("answers a new cache period from the last computation while the next runs, never from an old one", async () => {
    const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
    try {
      expect((await get("/trends", premium.token)).body.data.from).toBe(at(0));
      clock.set(at(3));
      expect((await get("/trends", premium.token)).body.data.from).toBe(at(0));
      await vi.waitFor(async () => expect((await get("/trends", premium.token)).body.data.from).toBe(at(2)), {
        timeout: 10_000,
      });
      clock.set(at(20));
      expect((await get("/trends", premium.token)).body.data.from).toBe(at(20));
    } finally {
      clock.set(NOW);
    }
  });

  it("refuses a bad range", async () => {
    expect((await get("/trends?from=2026-03-10&to=2026-03-30")).status).toBe(400);
    expect((await get("/trends?tab=Nope")).status).toBe(400);
  });
});

describe("best teams by market", () => {
  it("is refused to visitors (401) and free users (403), whatever they send", async () => {
    expect((await get("/teams/best")).status).toBe(401);
    expect((await get("/teams/best?events=NOPE", null)).status).toBe(401);
    const refused = await get("/teams/best?events=NOPE", free.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("premium.noPermission");
  });

  it("lists the teams with the best rate of the chosen events for premium members", async () => {
    const { status, body } = await get("/teams/best?events=W,O25&matchesQuantity=5", premium.token);
    expect(status).toBe(200);
    const [first] = body.data.rows;
    expect(first).toMatchObject({ team: { id: ids.a }, event: "W", occurrences: 5, totalMatches: 5, rate: 1 });
    expect(first.fixture.id).toBe(ids.upcoming);
    // teams without five played matches are left out
    expect(body.data.rows.every((r: { totalMatches: number }) => r.totalMatches === 5)).toBe(true);
    expect((await get("/teams/best?events=NOPE", premium.token)).status).toBe(400);
    expect((await get("/teams/best?matchesQuantity=50", premium.token)).status).toBe(400);
  });

  it("shows the page's denial to non-premium callers", async () => {
    const request = new Request("http://localhost/vip/betting-market-statistics");
    const page = await bestTeamsLoader({
      request,
      params: {},
      context: { services, access: FREE_USER } as never,
    } as never);
    expect(page.denied).toBe(true);
    expect(page.result).toBeNull();
  });
});
