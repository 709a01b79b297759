import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { type CurrentQuote, writeCurrentOdds } from "../../src/db/queries/current-odds.ts";
import { pricesVisibleFromSql } from "../../src/db/queries/price-visibility.ts";
import type { Access } from "../../src/domain/premium/access.ts";
import { pricesVisibleFrom } from "../../src/domain/predictions/price-visibility.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { MAIN_HEADER, roundRobinRows, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";

/**
 * No reader sees a price before it exists. A season of ten teams with Bet365 and Pinnacle prices (Bet365 generous on
 * one match a round, so that the value-bet bot and a filter on prices would take it); on Monday 20 October 2025 the
 * next round (Saturday 25th) has its prices in the database but they are published only on Friday 24th at 12:00 UTC.
 * Every reader of prices is asked on Monday and must neither show nor use them; on Friday 13:00 the same readers see
 * them (so the test is not blind). In real mode the truth replaces the rule: prices that a sync saw on Tuesday exist from
 * that sync on, for every reader. tests/unit/price-visibility-readers.test.ts makes every SQL text of src/db that
 * reads the odds table apply the same rule, so a reader added later is covered too.
 */
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
const MONDAY = "2025-10-20T12:00:00Z";
/** a real-mode sync reads the round's prices on Tuesday morning, three days before the rule would publish them */
const TUESDAY_SYNC = "2025-10-21T10:00:00Z";
const FRIDAY = "2025-10-24T13:00:00Z";
const clock = fixedClock(MONDAY);
const PREMIUM: Access = { loggedIn: true, premium: true, addonFilters: false, addonBacktesting: false };
let db: TestDatabase;
let ip = 0;

const servicesAt = (at: string) => {
  clock.set(at);
  return createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
};

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      ...roundRobinRows(TEAMS, new Date(Date.UTC(2025, 7, 16)), (_round, k) => (k === 0 ? 3.2 : 2.1)),
    ]),
  );
});
afterAll(async () => db.drop());

async function member(services: Services, api: ReturnType<typeof createApi>, email: string): Promise<string> {
  const password = "correct horse battery";
  await services.accounts.register(
    { firstName: "P", lastName: "V", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: `10.11.0.${++ip}` },
  );
  const { rows } = await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id", [
    email,
  ]);
  await grantPremium(db.pool, rows[0].id, { now: clock.now() });
  const response = await api.request("/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-client-ip": `10.11.1.${++ip}` },
    body: JSON.stringify({ email, password }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** What every price reader shows or uses of the fixtures of the next round, as of the services' clock. */
async function whatReadersSee(services: Services, email: string) {
  const api = createApi(services);
  const now = clock.now();
  const round = (
    await db.pool.query<{ id: number; kickoff: Date }>(
      "SELECT id, kickoff FROM fixtures WHERE kickoff > $1 AND kickoff < $1::timestamptz + interval '6 days' ORDER BY kickoff, id",
      [now],
    )
  ).rows;
  expect(round.length).toBe(5);
  const ids = round.map((r) => r.id);
  const token = await member(services, api, email);
  const auth = {
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
    "x-test-client-ip": `10.11.2.${++ip}`,
  };
  const get = async (path: string) => {
    const response = await api.request(path, { headers: auth });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: unknown }).data;
  };

  // The predictions as the pipeline computes them now.
  await services.pipeline.refresh();
  const seen: Record<string, number> = {};
  // Odds API (match page and the live centre) and the odds service.
  seen.oddsApi = 0;
  seen.prematchOddsApi = 0;
  seen.oddsService = 0;
  for (const id of ids) {
    seen.oddsApi += ((await get(`/fixtures/${id}/odds`)) as unknown[]).length;
    seen.prematchOddsApi += ((await get(`/fixtures/odds/prematch/${id}`)) as unknown[]).length;
    seen.oddsService += (await services.predictions.odds(id)).length;
  }
  // Predictions: the stored market part (prices used for the final probabilities) and what the match page shows.
  const stored = (await db.pool.query("SELECT market FROM predictions WHERE fixture_id = ANY($1::int[])", [ids])).rows;
  expect(stored).toHaveLength(ids.length);
  seen.predictionsMarket = stored.filter((r) => r.market !== null).length;
  seen.matchPagePrices = 0;
  for (const id of ids) {
    const info = await services.predictions.info(id, { includeSeasonStats: false, includePremium: true });
    const priced = info.probabilities?.market != null || /"odds":\d/.test(JSON.stringify(info.fixture.predictions));
    if (priced) seen.matchPagePrices += 1;
  }
  // The pre-match scanner: a filter on Bet365's opening home price (upcoming list and alerts days ahead).
  const created = (await (
    await api.request("/prematch/filters", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ name: "Any home price", desiredOutcome: "home", leadTime: { amount: 6, unit: "days" } }),
    })
  ).json()) as { data: { id: number } };
  const filterId = created.data.id;
  const rule = await api.request(`/prematch/filters/${filterId}/rules`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      category: "odds",
      stat: "win",
      target: "Home",
      comparator: "LessThan",
      value: 1000,
      bookmaker: "B365",
    }),
  });
  expect(rule.status).toBe(200);
  seen.prematchUpcoming = (
    (await get(`/prematch/filters/${filterId}/upcoming`)) as Array<{ fixtureId: number }>
  ).filter((f) => ids.includes(f.fixtureId)).length;
  seen.prematchAlerts = new Set(
    (await services.prematch.findAlerts()).filter((a) => ids.includes(a.fixtureId)).map((a) => a.fixtureId),
  ).size;
  // The value-bet bot: what it picks now, and what members see of the picks to come.
  await services.valueBets.scan();
  seen.valuePicks = (
    await db.pool.query("SELECT count(*)::int AS n FROM value_picks WHERE fixture_id = ANY($1::int[])", [ids])
  ).rows[0].n;
  seen.valueUpcoming = (await services.valueBets.upcoming(PREMIUM)).filter((p) => ids.includes(p.fixture.id)).length;
  // The live centre: no in-play odds before kick-off (404), no in-play odds model (anchored on closing prices).
  seen.liveOdds = 0;
  for (const id of ids) {
    const answer = await api.request(`/fixtures/odds/playables/inplay/${id}`, { headers: auth });
    if (answer.status !== 404) seen.liveOdds += 1;
  }
  seen.liveOdds += [...(await services.live.oddsModels(ids)).values()].filter((m) => m !== null).length;
  return seen;
}

describe("no reader sees a price before it is published", () => {
  it("computes the publication moment in SQL exactly as the domain does, on every weekday and hour", async () => {
    const kickoffs: string[] = [];
    for (let day = 0; day < 14; day++)
      for (let hour = 0; hour < 24; hour++)
        kickoffs.push(new Date(Date.UTC(2025, 9, 20 + day, hour, day % 2 ? 45 : 0)).toISOString());
    const { rows } = await db.pool.query<{ k: Date; v: Date }>(
      `SELECT k, ${pricesVisibleFromSql("k")} AS v FROM unnest($1::timestamptz[]) AS k`,
      [kickoffs],
    );
    expect(rows).toHaveLength(kickoffs.length);
    for (const r of rows) expect(new Date(pricesVisibleFrom(r.k.getTime())).toISOString()).toBe(r.v.toISOString());
  });

  it("on Monday, before the weekend's prices exist: no reader shows or uses them", async () => {
    const seen = await whatReadersSee(servicesAt(MONDAY), "monday@example.com");
    expect(seen).toEqual({
      oddsApi: 0,
      prematchOddsApi: 0,
      oddsService: 0,
      predictionsMarket: 0,
      matchPagePrices: 0,
      prematchUpcoming: 0,
      prematchAlerts: 0,
      valuePicks: 0,
      valueUpcoming: 0,
      liveOdds: 0,
    });
  });

  it("in real mode a price exists from the sync that first saw it, not from the rule's publication", async () => {
    // The round's pre-match rows, as a provider's sync of upcoming fixtures (SportMonks here) writes them.
    const round = await db.pool.query<CurrentQuote & { prices: CurrentQuote["prices"] }>(
      `DELETE FROM odds o USING bookmakers b, fixtures f
        WHERE b.id = o.bookmaker_id AND f.id = o.fixture_id AND NOT o.closing
          AND f.kickoff > $1 AND f.kickoff < $1::timestamptz + interval '6 days'
       RETURNING o.fixture_id AS "fixtureId", b.code AS bookmaker, o.market, o.closing, o.line,
                 ARRAY[o.price_home, o.price_draw, o.price_away] AS prices`,
      [MONDAY],
    );
    expect(round.rows.length).toBeGreaterThan(0);
    expect(await writeCurrentOdds(db.pool, round.rows, new Date(TUESDAY_SYNC))).toBe(round.rows.length);
    const ids = [...new Set(round.rows.map((r) => r.fixtureId))];
    const preMatch = async () => {
      let n = 0;
      for (const id of ids) n += (await servicesAt(clock.now().toISOString()).predictions.odds(id)).length;
      return n;
    };
    clock.set("2025-10-21T09:59:00Z");
    expect(await preMatch()).toBe(0);
    clock.set(TUESDAY_SYNC);
    expect(await preMatch()).toBe(round.rows.length);

    const seen = await whatReadersSee(servicesAt("2025-10-21T13:00:00Z"), "tuesday@example.com");
    expect(seen.oddsApi).toBe(round.rows.length);
    expect(seen.predictionsMarket).toBe(5);
    expect(seen.matchPagePrices).toBe(5);
    expect(seen.prematchUpcoming).toBe(5);
    expect(seen.prematchAlerts).toBe(5);
    // The value-bet bot looks 48 hours ahead: Saturday's round is its Friday's, priced as below.
    expect(seen.liveOdds).toBe(0);
  });

  it("on Friday afternoon, once they are published, the same readers see them", async () => {
    const seen = await whatReadersSee(servicesAt(FRIDAY), "friday@example.com");
    expect(seen.oddsApi).toBeGreaterThan(0);
    expect(seen.prematchOddsApi).toBeGreaterThan(0);
    expect(seen.oddsService).toBeGreaterThan(0);
    expect(seen.predictionsMarket).toBe(5);
    expect(seen.matchPagePrices).toBe(5);
    expect(seen.prematchUpcoming).toBe(5);
    expect(seen.prematchAlerts).toBe(5);
    expect(seen.valuePicks).toBeGreaterThan(0);
    expect(seen.valueUpcoming).toBeGreaterThan(0);
    // In-play odds start at kick-off, not with the pre-match prices.
    expect(seen.liveOdds).toBe(0);
  });
});
