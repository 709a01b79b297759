import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { importFile } from "../../src/data/importer.ts";
import type { Access } from "../../src/domain/premium/access.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { MAIN_HEADER, roundRobinRows, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

/**
 * The value-bet bot on Betfair Exchange prices: the generous home price of every round is an exchange price here
 * (the Bet365 columns of the test data renamed to Betfair Exchange's), so every pick is an exchange pick and must be
 * judged and counted net of the exchange's commission on net winnings.
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
const clock = fixedClock("2025-10-24T13:00:00Z");
const GENEROUS = 3.2;
const MEMBER: Access = { loggedIn: true, premium: true, addonFilters: false, addonBacktesting: false };
let db: TestDatabase;
let services: Services;

const servicesWith = (exchangeCommission?: number) =>
  createServices(
    { pool: db.pool, clock, ...(exchangeCommission === undefined ? {} : { exchangeCommission }) },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );

beforeAll(async () => {
  db = await createTestDatabase();
  const rows = roundRobinRows(TEAMS, new Date(Date.UTC(2025, 7, 16)), (_round, k) => (k === 0 ? GENEROUS : 2.1));
  await importFile(db.pool, source("E0.csv", [MAIN_HEADER.replace("B365H,B365D,B365A", "BFEH,BFED,BFEA"), ...rows]));
  services = servicesWith();
  await services.pipeline.refresh();
  await services.valueBets.scan();
});
afterAll(async () => db.drop());

const net = (price: number, commission: number) => 1 + (price - 1) * (1 - commission);

describe("value bets on an exchange, net of commission", () => {
  it("decides with the price net of the default 5% commission", async () => {
    const picks = (
      await db.pool.query("SELECT bookmaker, price, probability, ev FROM value_picks WHERE bookmaker_country = -1")
    ).rows;
    expect(picks.length).toBeGreaterThan(0);
    for (const p of picks) {
      expect(p.bookmaker).toBe("BFE");
      // The stored expected value is the one the bot decided on: our probability × the net price − 1.
      expect(p.ev).toBeCloseTo(p.probability * net(p.price, 0.05) - 1, 4);
      expect(p.ev).toBeGreaterThanOrEqual(0.03 - 1e-6);
    }
  });

  it("counts the record's ROI and CLV at the net price, says the commission and the de-vig method", async () => {
    const played = (
      await db.pool.query(
        `SELECT v.price, f.ft_home > f.ft_away AS won FROM value_picks v JOIN fixtures f ON f.id = v.fixture_id
          WHERE v.bookmaker_country = -1 AND f.kickoff + interval '105 minutes' <= $1`,
        [clock.now()],
      )
    ).rows;
    expect(played.length).toBeGreaterThan(0);
    const won = played.filter((p) => p.won).length;
    const record = await services.valueBets.record();
    expect(record.exchangeCommission).toBe(0.05);
    expect(record.exchangePicks).toBe(played.length);
    expect(record.devig).toBe("power");
    expect(record.total.picks).toBe(played.length);
    expect(record.total.roi).toBeCloseTo((won * net(GENEROUS, 0.05) - played.length) / played.length, 4);
    // The same picks without commission: what the record used to claim.
    const gross = await servicesWith(0).valueBets.record();
    expect(gross.exchangeCommission).toBe(0);
    expect(gross.total.roi).toBeCloseTo((won * GENEROUS - played.length) / played.length, 4);
    expect(gross.total.roi).toBeGreaterThan(record.total.roi);
    expect(gross.total.clv!).toBeGreaterThan(record.total.clv!);
  });

  it("shows bookmakers by name with the net price, in the API too", async () => {
    const upcoming = await services.valueBets.upcoming(MEMBER);
    expect(upcoming.length).toBeGreaterThan(0);
    for (const p of upcoming) {
      expect(p).toMatchObject({ bookmaker: "BFE", bookmakerName: "Betfair Exchange", commission: 0.05 });
      expect(p.netPrice).toBeCloseTo(net(p.price, 0.05), 10);
    }
    const response = await createApi(services).request("/bots/value-bets/record");
    const { data } = await response.json();
    expect(data).toMatchObject({ exchangeCommission: 0.05, devig: "power" });
  });

  it("takes the rate from EXCHANGE_COMMISSION_PERCENT, 0 to 20, 5 by default", () => {
    expect(loadConfig({}).EXCHANGE_COMMISSION_PERCENT).toBe(5);
    expect(loadConfig({ EXCHANGE_COMMISSION_PERCENT: "2.5" }).EXCHANGE_COMMISSION_PERCENT).toBe(2.5);
    expect(() => loadConfig({ EXCHANGE_COMMISSION_PERCENT: "25" })).toThrow(ConfigError);
    expect(() => loadConfig({ EXCHANGE_COMMISSION_PERCENT: "five" })).toThrow(/EXCHANGE_COMMISSION_PERCENT/);
  });
});
