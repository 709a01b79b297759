import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KINDS } from "../../src/domain/predictions/kinds.ts";
import { MACHINE_EVENTS } from "../../src/domain/predictions/machine.ts";
import { FREE_MARKETS, type MarketKey, isPremiumMarket } from "../../src/domain/predictions/markets.ts";
import { FREE_USER, VISITOR } from "../../src/domain/premium/access.ts";
import { FILTER_EVENTS } from "../../src/domain/stats/advanced-filter.ts";
import { TEAM_EVENTS } from "../../src/domain/stats/team-events.ts";
import { FREE_TREND_EVENTS } from "../../src/domain/stats/trends.ts";
import { matchPath } from "../../src/i18n/paths.ts";
import { teamPath } from "../../src/i18n/team-paths.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { loader as matchLoader } from "../../src/web/routes/match.tsx";
import { loader as teamLoader } from "../../src/web/routes/team.tsx";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

/**
 * Issue 18's matrix: FREE_MARKETS (src/domain/predictions/markets.ts) is the one declaration of what is free.
 * Every prediction kind, machine event, advanced-filter event, market probability, team statistic and trend is
 * checked through every endpoint and page that shows it, as a visitor, a free user and a premium member:
 * a premium one reaches members only, a free one reaches everybody.
 */
let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
const START = "2026-03-01T12:00:00Z";
const clock = fixedClock(START);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(Date.parse(START) + ms).toISOString();
const range = `from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(3 * DAY))}`;
const ids = { home: 0, away: 0, upcoming: 0, played: 0 };
type Role = "visitor" | "free" | "premium";
const tokens: Record<Role, string | null> = { visitor: null, free: null, premium: null };
let ip = 0;

async function get(
  path: string,
  role: Role,
): Promise<{ status: number; body: { data?: unknown; code?: string } & Record<string, unknown> }> {
  const token = tokens[role];
  const response = await api.request(path, {
    headers: { "x-test-client-ip": `10.7.0.${++ip % 250}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, body: (await response.json()) as never };
}

async function seed() {
  const one = async (sql: string, params: unknown[]) => (await db.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  const country = await one("INSERT INTO countries (code, name) VALUES ('ENG', 'England') RETURNING id", []);
  const league = await one(
    "INSERT INTO leagues (source_key, country_id, name, tier) VALUES ('E0', $1, 'Premier League', 1) RETURNING id",
    [country],
  );
  const season = await one("INSERT INTO seasons (league_id, name) VALUES ($1, '2025-2026') RETURNING id", [league]);
  ids.home = await one("INSERT INTO teams (country_id, name) VALUES ($1, 'Arsenal') RETURNING id", [country]);
  ids.away = await one("INSERT INTO teams (country_id, name) VALUES ($1, 'Chelsea') RETURNING id", [country]);
  let n = 0;
  const fixture = async (home: number, away: number, kickoff: string, score: [number, number] | null) => {
    const id = await one(
      `INSERT INTO fixtures (source_key, league_id, season_id, home_team_id, away_team_id, source_kickoff, kickoff, has_kickoff_time, ft_home, ft_away, ht_home, ht_away)
       VALUES ($1, $2, $3, $4, $5, $6, $6, true, $7, $8, $9, $10) RETURNING id`,
      [
        `p${++n}`,
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
    if (score)
      await db.pool.query(
        "INSERT INTO fixture_stats (fixture_id, side, corners, yellow_cards, shots) VALUES ($1, 'H', 6, 2, 12), ($1, 'A', 4, 1, 9)",
        [id],
      );
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
  ids.played = await fixture(ids.home, ids.away, at(-7 * DAY), [3, 1]);
  await fixture(ids.away, ids.home, at(-14 * DAY), [1, 2]);
  ids.upcoming = await fixture(ids.home, ids.away, at(DAY), null);
}

async function signIn(email: string, premium: boolean): Promise<string> {
  const password = "correct horse battery";
  await services.accounts.register(
    { firstName: "Fan", lastName: "Test", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: `10.8.0.${++ip % 250}` },
  );
  const { rows } = await db.pool.query<{ id: number }>(
    "UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id",
    [email],
  );
  if (premium) {
    await db.pool.query(
      `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, plan_months, status, current_period_end, addon_filters, addon_backtesting)
       VALUES ($1, 'test', $2, 1, 'active', $3, false, false)`,
      [rows[0]!.id, `test_${rows[0]!.id}`, new Date(clock.now().getTime() + 30 * DAY)],
    );
  }
  return (await services.accounts.login({ email, password, rememberMe: false }, { ip: `10.8.1.${++ip % 250}` })).token;
}

beforeAll(async () => {
  db = await createTestDatabase();
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
  await seed();
  tokens.free = await signIn("free@example.com", false);
  tokens.premium = await signIn("member@example.com", true);
});
afterAll(async () => db.drop());

const ROLES: Role[] = ["visitor", "free", "premium"];
const sees = (role: Role, premium: boolean) => role === "premium" || !premium;

describe("one declaration of premium events, applied everywhere", () => {
  it("the declaration itself: free outcomes are those of the free kinds and SPEC §3's free combinations", () => {
    expect(KINDS.filter((k) => k.premium).map((k) => k.code)).toEqual([6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    for (const kind of KINDS) expect(kind.premium, kind.key).toBe(kind.outcomes.some((o) => isPremiumMarket(o)));
    for (const e of MACHINE_EVENTS) expect(e.premium, e.code).toBe(isPremiumMarket(e.market));
    for (const e of FILTER_EVENTS) expect(e.premium, e.code).toBe(isPremiumMarket(e.outcome));
    // An outcome offered by two tools has one status in both.
    for (const f of FILTER_EVENTS)
      for (const m of MACHINE_EVENTS.filter((x) => x.market === f.outcome))
        expect([f.code, f.premium]).toEqual([f.code, m.premium]);
  });

  it("market probabilities (fixtures/info): a premium outcome only for members", async () => {
    const all = Object.keys(
      ((await get(`/fixtures/info/${ids.upcoming}`, "premium")).body.data as { probabilities: { final: object } })
        .probabilities.final,
    ) as MarketKey[];
    expect(all.length).toBeGreaterThan(60);
    expect(all).toEqual(expect.arrayContaining([...FREE_MARKETS]));
    for (const role of ROLES) {
      const { status, body } = await get(`/fixtures/info/${ids.upcoming}`, role);
      expect(status).toBe(200);
      const shown = new Set(
        Object.keys((body.data as { probabilities: { final: object; model: object } }).probabilities.final),
      );
      const model = new Set(Object.keys((body.data as { probabilities: { model: object } }).probabilities.model));
      for (const key of all) {
        expect([role, key, shown.has(key)]).toEqual([role, key, sees(role, isPremiumMarket(key))]);
        expect([role, key, model.has(key)]).toEqual([role, key, sees(role, isPremiumMarket(key))]);
      }
    }
  });

  it("prediction kinds (fixtures/web and the match page): a premium kind's pick only for members", async () => {
    for (const role of ROLES) {
      const { body } = await get(`/fixtures/web?dateFormat=extended&platform=website&${range}`, role);
      const fixture = (body.data as Array<{ id: number; predictions: { picks: Array<{ kind: number }> } }>).find(
        (f) => f.id === ids.upcoming,
      )!;
      const kinds = new Set(fixture.predictions.picks.map((p) => p.kind));
      for (const kind of KINDS)
        expect([role, kind.code, kinds.has(kind.code)]).toEqual([role, kind.code, sees(role, kind.premium)]);
    }
  });

  it("the machine: every event, 403 for a premium one unless a member", async () => {
    for (const e of MACHINE_EVENTS) {
      for (const role of ROLES) {
        const { status } = await get(
          `/fixtures/pitchlab-machine?dateFormat=extended&platform=website&${range}&odds=${encodeURIComponent(e.code)}`,
          role,
        );
        expect([e.code, role, status]).toEqual([e.code, role, sees(role, e.premium) ? 200 : 403]);
      }
    }
  });

  it("the advanced filter: every event, 401 for a visitor and 403 for a free user when premium", async () => {
    for (const e of FILTER_EVENTS) {
      for (const role of ROLES) {
        const { status } = await get(
          `/fixtures/advanced-filters?dateFormat=extended&platform=website&${range}&event=${e.code}`,
          role,
        );
        const expected = sees(role, e.premium) ? 200 : role === "visitor" ? 401 : 403;
        expect([e.code, role, status]).toEqual([e.code, role, expected]);
      }
    }
  });

  it("team statistics (API, team page, pre-match tab of the match page): a premium event's rate only for members", async () => {
    const request = (path: string) => new Request(`http://pitchlab.test${path}`);
    for (const role of ROLES) {
      const access = role === "premium" ? { ...FREE_USER, premium: true } : role === "free" ? FREE_USER : VISITOR;
      const context = { services, access, user: null } as never;
      const api1 = (await get(`/teams/${ids.home}/stats`, role)).body.data as {
        stats: { season: { overall: { events: object } } };
      };
      const api2 = (await get(`/fixtures/${ids.upcoming}/team-stats`, role)).body.data as {
        localTeam: { season: { overall: { events: object } } };
      };
      const teamUrl = teamPath("en", { id: ids.home, name: "Arsenal" });
      const team = (await teamLoader({
        request: request(teamUrl),
        params: { team: teamUrl.split("/").pop() },
        context,
      } as never)) as {
        stats: { overall: { events: object } };
      };
      const fixture = { id: ids.upcoming, localTeam: { name: "Arsenal" }, visitorTeam: { name: "Chelsea" } };
      const match = (await matchLoader({
        request: request(`${matchPath("en", fixture)}?tab=pre-match-stats`),
        params: { match: matchPath("en", fixture).split("/").pop() },
        context,
      } as never)) as {
        teamEvents: { localTeam: { last10: { events: object } } };
      };
      const shown = {
        api: new Set(Object.keys(api1.stats.season.overall.events)),
        preMatchApi: new Set(Object.keys(api2.localTeam.season.overall.events)),
        teamPage: new Set(Object.keys(team.stats.overall.events)),
        matchPage: new Set(Object.keys(match.teamEvents.localTeam.last10.events)),
      };
      for (const e of TEAM_EVENTS) {
        for (const [where, keys] of Object.entries(shown))
          expect([role, where, e.key, keys.has(e.key)]).toEqual([role, where, e.key, sees(role, e.premium)]);
      }
    }
  });

  it("trends: visitors and free users get the free events only", async () => {
    expect(FREE_TREND_EVENTS).toEqual(TEAM_EVENTS.filter((e) => !e.premium).map((e) => e.key));
    for (const role of ROLES) {
      const { body } = await get("/trends", role);
      const data = body.data as { items: Array<{ trend: { event: string } }>; events: string[] | null };
      for (const item of data.items)
        expect([role, item.trend.event, sees(role, !FREE_TREND_EVENTS.includes(item.trend.event))]).toEqual([
          role,
          item.trend.event,
          true,
        ]);
      expect(data.events).toEqual(role === "premium" ? null : FREE_TREND_EVENTS);
    }
  });
});
