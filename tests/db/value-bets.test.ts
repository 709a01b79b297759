import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { MAIN_HEADER, roundRobinRows, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";

const TEAMS = [
  "Arsenal",
  "Chelsea",
  "Everton",
  "Fulham",
  "Leeds",
  "Burnley",
  "Wolves",
  "Brentford",
  "Brighton",
  "Spurs",
];
// Monday 20 October 2025: ten rounds played, Saturday's round not priced yet.
const clock = fixedClock("2025-10-20T12:00:00Z");
// Bet365 offers 3.20 for the home win (Pinnacle 2.15) in the first match of every round: value for the bot.
const GENEROUS = 3.2;
let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      ...roundRobinRows(TEAMS, new Date(Date.UTC(2025, 7, 16)), (_round, k) => (k === 0 ? GENEROUS : 2.1)),
    ]),
  );
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
  await services.pipeline.refresh();
});
afterAll(async () => db.drop());

const password = "correct horse battery";
let ip = 0;
async function signIn(email: string, premium: boolean, valueBets = false): Promise<{ id: number; token: string }> {
  await services.accounts.register(
    { firstName: "V", lastName: "B", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: `10.9.0.${++ip}` },
  );
  const { rows } = await db.pool.query(
    "UPDATE users SET email_verified_at = now(), value_bet_notifications_enabled = $2 WHERE email = $1 RETURNING id",
    [email, valueBets],
  );
  if (premium) await grantPremium(db.pool, rows[0].id, { now: clock.now() });
  return {
    id: rows[0].id as number,
    token: (await services.accounts.login({ email, password, rememberMe: false }, { ip: `10.9.1.${++ip}` }, null))
      .token,
  };
}

const picksInDb = async () =>
  (
    await db.pool.query(
      `SELECT v.*, f.kickoff, f.ft_home, f.ft_away FROM value_picks v JOIN fixtures f ON f.id = v.fixture_id
        WHERE v.bookmaker_country = -1 ORDER BY f.kickoff`,
    )
  ).rows;

describe("value-bet bot", () => {
  it("replays the history once, picking each fixture when its prices were published, never after kick-off", async () => {
    const first = await services.valueBets.scan();
    expect(first.replayed).toBeGreaterThan(0);
    const picks = await picksInDb();
    expect(picks.length).toBeGreaterThan(0);
    for (const p of picks) {
      expect(p.bookmaker).toBe("B365");
      expect(p.outcome).toBe("1");
      expect(p.price).toBeCloseTo(GENEROUS, 5);
      expect(p.picked_at.getTime()).toBeLessThan(p.kickoff.getTime());
      expect(p.kickoff.getTime()).toBeLessThan(clock.now().getTime());
    }
    // Saturday's prices are out only on Friday: nothing upcoming yet, and a second run adds nothing.
    expect((await services.valueBets.scan()).picked).toEqual([]);
    expect(await picksInDb()).toHaveLength(picks.length);
  });

  it("picks the next round on Friday, once, at the price offered then", async () => {
    const before = (await picksInDb()).length;
    // Who hears of it: members who asked for value bets, in the pick's bookmaker country.
    const subscriber = await signIn("subscriber@example.com", true, true);
    await signIn("quiet@example.com", true, false);
    await signIn("free-subscriber@example.com", false, true);
    const french = await signIn("french@example.com", true, true);
    await db.pool.query(`UPDATE users SET preferences = preferences || '{"bookmakerCountry": 250}' WHERE id = $1`, [
      french.id,
    ]);
    try {
      clock.set("2025-10-24T13:00:00Z");
      await services.pipeline.refresh();
      const { picked, notified } = await services.valueBets.scan();
      expect(picked.filter((p) => p.bookmakerCountry === -1)).toHaveLength(1);
      expect(notified).toBe(1);
      const sent = (
        await db.pool.query(
          "SELECT o.user_id, p.source, p.selection FROM alert_outbox o JOIN alert_picks p ON p.id = o.pick_id",
        )
      ).rows;
      expect(new Set(sent.map((r) => r.user_id))).toEqual(new Set([subscriber.id]));
      expect(sent.every((r) => r.source === "valuebet" && r.selection === "1")).toBe(true);
      const upcoming = (await picksInDb()).slice(before);
      expect(upcoming).toHaveLength(1);
      expect(upcoming[0].picked_at.toISOString()).toBe("2025-10-24T13:00:00.000Z");
      expect(await services.valueBets.scan()).toMatchObject({ picked: [], notified: 0 });
    } finally {
      clock.set("2025-10-20T12:00:00Z");
    }
  });

  it("keeps to the bookmakers licensed in a member's country", async () => {
    const countries = (await db.pool.query("SELECT DISTINCT bookmaker_country FROM value_picks ORDER BY 1")).rows.map(
      (r) => r.bookmaker_country,
    );
    // Bet365 holds no French licence (see src/domain/bookmakers.ts): French members get no pick from it.
    expect(countries).toContain(-1);
    expect(countries).toContain(826);
    expect(countries).not.toContain(250);
  });

  it("publishes a track record computed from the results known now", async () => {
    const played = (await picksInDb()).filter((p) => p.kickoff.getTime() + 105 * 60_000 <= clock.now().getTime());
    const won = played.filter((p) => p.ft_home > p.ft_away).length;
    const response = await api.request("/bots/value-bets/record");
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.total.picks).toBe(played.length);
    expect(data.total.won).toBe(won);
    expect(data.total.roi).toBeCloseTo((won * GENEROUS - played.length) / played.length, 4);
    // Pinnacle closes at 2.05/3.50/3.70 in this data: CLV = 3.20 × de-vigged closing home probability − 1.
    expect(data.total.clv).toBeGreaterThan(0.4);
    expect(data.total.beatClosing).toBe(1);
    expect(data.equity).toHaveLength(played.length);
    expect(data.byMarket.map((m: { key: string }) => m.key)).toEqual(["x12"]);
    expect((await api.request("/bots/value-bets/record?country=999")).status).toBe(400);
  });

  it("shows the picks of fixtures to come to members only", async () => {
    clock.set("2025-10-24T13:00:00Z");
    try {
      expect((await api.request("/bots/value-bets")).status).toBe(401);
      const free = await signIn("free@example.com", false);
      const member = await signIn("member@example.com", true);
      const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
      expect((await api.request("/bots/value-bets", as(free.token))).status).toBe(403);
      const response = await api.request("/bots/value-bets", as(member.token));
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({
        market: "x12",
        outcome: "1",
        bookmaker: "B365",
        result: null,
        closingLineValue: null,
      });
      expect(Date.parse(data[0].fixture.kickoff)).toBeGreaterThan(clock.now().getTime());
      // The trend bot: members only, fixtures of the next 24 hours (Saturday's round is a day away from Friday 13:00).
      expect((await api.request("/bots/trends")).status).toBe(401);
      expect((await api.request("/bots/trends", as(free.token))).status).toBe(403);
      const trends = await api.request("/bots/trends", as(member.token));
      expect(trends.status).toBe(200);
      const body = (await trends.json()).data as Array<{ fixture: { kickoff: string }; strength: number }>;
      const top = await services.teamStats.trends({
        tab: "TopTrends",
        from: clock.now(),
        to: new Date(clock.now().getTime() + 24 * 3_600_000),
        premium: true,
      });
      expect(body.length).toBe(Math.min(20, top.items.length));
      for (const trend of body)
        expect(Date.parse(trend.fixture.kickoff) - clock.now().getTime()).toBeLessThanOrEqual(24 * 3_600_000);
      expect(body.map((t) => t.strength)).toEqual([...body.map((t) => t.strength)].sort((a, b) => b - a));
    } finally {
      clock.set("2025-10-20T12:00:00Z");
    }
  });

  it("sends the strongest trends of the next 24 hours once to the members who asked for the bots", async () => {
    // A Friday evening of the season (Saturday 15:00 within 24 hours) whose next day has strong trends (the data is fixed, so is this moment).
    let friday: Date | null = null;
    for (let week = 0; week < 30 && !friday; week++) {
      const at = new Date(Date.UTC(2025, 7, 22, 17) + week * 7 * 86_400_000);
      clock.set(at);
      const top = await services.teamStats.trends({
        tab: "TopTrends",
        from: at,
        to: new Date(at.getTime() + 24 * 3_600_000),
        premium: true,
      });
      if (top.items.length > 0) friday = at;
    }
    try {
      expect(friday).not.toBeNull();
      clock.set(friday!);
      const fan = await signIn("trend-fan@example.com", true, true);
      await signIn("trend-free@example.com", false, true);
      const first = await services.trendBot.send();
      expect(first.trends).toBeGreaterThan(0);
      const sent = (
        await db.pool.query(
          "SELECT DISTINCT o.user_id FROM alert_outbox o JOIN alert_picks p ON p.id = o.pick_id WHERE p.source = 'trend'",
        )
      ).rows;
      // Members with the bots switched on, never a free user; the subscriber of the earlier test is one of them.
      expect(sent.map((r) => r.user_id)).toContain(fan.id);
      const picks = (await db.pool.query("SELECT count(*)::int AS n FROM alert_picks WHERE source = 'trend'")).rows[0]
        .n;
      expect(picks).toBe(first.trends);
      // An hour later the same trends are not sent again.
      clock.set(new Date(friday!.getTime() + 3_600_000));
      expect((await services.trendBot.send()).notified).toBe(0);
      const inbox = await services.alerts.inbox.list({ id: fan.id, languageCode: "de", timezone: "Europe/Berlin" });
      expect(JSON.stringify(inbox)).toMatch(/in Folge|Spiele/);
    } finally {
      clock.set("2025-10-20T12:00:00Z");
    }
  });
});
