import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { type GradedPick, doubleResult } from "../../src/domain/predictions/bet-record.ts";
import { FREE_USER } from "../../src/domain/premium/access.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { signInMember } from "../support/api-client.ts";
import { MAIN_HEADER, roundRobinRows, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
// Ten Saturdays played (16 August to 18 October), the rest of the season to come.
const NOW = "2025-10-20T12:00:00Z";
const clock = fixedClock(NOW);
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
const SATURDAYS = ["2025-09-20", "2025-09-27", "2025-10-04", "2025-10-11", "2025-10-18"];

beforeAll(async () => {
  db = await createTestDatabase();
  // Opening prices (Pinnacle, then Bet365) of three shapes: a clear home favourite (a double's leg), an even match
  // (a risk pick at 2.50 or more), an away favourite.
  const SHAPES = [
    ["1.30", "5.50", "9.00"],
    ["2.60", "3.30", "2.70"],
    ["6.00", "4.20", "1.45"],
  ];
  const header = MAIN_HEADER.split(",");
  const rows = roundRobinRows(TEAMS, new Date(Date.UTC(2025, 7, 16))).map((row, i) => {
    const cells = row.split(",");
    for (const book of ["PS", "B365"])
      for (const [j, side] of ["H", "D", "A"].entries()) cells[header.indexOf(`${book}${side}`)] = SHAPES[i % 3]![j]!;
    return cells.join(",");
  });
  await importFile(db.pool, source("E0.csv", [MAIN_HEADER, ...rows]));
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  await services.pipeline.refresh();
}, 120_000);
afterAll(async () => db.drop());

describe("Bet of the Day's track record", () => {
  it("counts each day's bets as the page showed them that morning, settled by the results", async () => {
    // What the page showed on each Saturday morning, before any of the day's results existed.
    const published = [];
    for (const day of SATURDAYS) {
      clock.set(`${day}T09:00:00Z`);
      const bets = await services.predictions.daily({ date: day, timeZone: "UTC" });
      expect(bets.double.every((p) => (p as GradedPick).won === undefined)).toBe(true);
      published.push(bets);
    }
    clock.set(NOW);
    // The same picks, settled now.
    const expected = { double: { bets: 0, won: 0, profit: 0 }, risk: { bets: 0, won: 0, profit: 0 } };
    for (const morning of published) {
      const settled = await services.predictions.daily({ date: morning.date, timeZone: "UTC" });
      expect(settled.double.map((p) => [p.fixtureId, p.outcome, p.odds])).toEqual(
        morning.double.map((p) => [p.fixtureId, p.outcome, p.odds]),
      );
      expect(settled.risk?.fixtureId).toBe(morning.risk?.fixtureId);
      const double = doubleResult(settled.double);
      const risk = settled.risk as GradedPick | null;
      if (double !== null && morning.totalOdds !== null) {
        expected.double.bets++;
        expected.double.won += double ? 1 : 0;
        expected.double.profit += double ? morning.totalOdds - 1 : -1;
      }
      if (risk && typeof risk.won === "boolean") {
        expected.risk.bets++;
        expected.risk.won += risk.won ? 1 : 0;
        expected.risk.profit += risk.won ? morning.risk!.odds! - 1 : -1;
      }
    }
    expect(expected.double.bets).toBeGreaterThan(2);
    expect(expected.risk.bets).toBeGreaterThan(0);

    const record = await services.predictions.betOfTheDayRecord({ date: "2025-10-20", timeZone: "UTC" });
    expect(record).toMatchObject({ from: "2025-09-20", to: "2025-10-19" });
    for (const key of ["double", "risk"] as const) {
      expect(record[key].bets).toBe(expected[key].bets);
      expect(record[key].won).toBe(expected[key].won);
      expect(record[key].hitRate).toBeCloseTo(expected[key].won / expected[key].bets, 10);
      expect(record[key].roi).toBeCloseTo(expected[key].profit / expected[key].bets, 10);
    }
  });

  it("never counts the page's own day, nor a day whose results are not in", async () => {
    // On Saturday 18 October at noon, that day's matches are still to come: the record ends the day before.
    clock.set("2025-10-18T12:00:00Z");
    const midday = await services.predictions.betOfTheDayRecord({ timeZone: "UTC" });
    expect(midday.to).toBe("2025-10-17");
    clock.set(NOW);
    const later = await services.predictions.betOfTheDayRecord({ date: "2025-10-18", timeZone: "UTC" });
    expect(later).toEqual(midday);
  });

  it("links the next day only when it has a Bet of the Day", async () => {
    // On Monday the 25th's opening prices are not out: no priced pick, so no Bet of the Day to link to yet.
    expect(await services.predictions.nextBetDay({ date: "2025-10-24", timeZone: "UTC" })).toBeNull();
    clock.set("2025-10-24T13:00:00Z");
    await services.pipeline.refresh();
    expect(await services.predictions.nextBetDay({ timeZone: "UTC" })).toBe("2025-10-25");
    // No match on a Wednesday.
    expect(await services.predictions.nextBetDay({ date: "2025-10-21", timeZone: "UTC" })).toBeNull();
    await expect(services.predictions.nextBetDay({ date: "20-10-2025", timeZone: "UTC" })).rejects.toMatchObject({
      status: 400,
    });
    clock.set(NOW);
  });
});

describe("the scanners' free limit, said before the form", () => {
  it("tells a free member who has used the free filter, and still refuses the next", async () => {
    const member = await signInMember({ db, services, api: createApi(services) }, "limit@example.com");
    const user = { id: member.userId, languageCode: "en", timezone: null };
    for (const [filters, message] of [
      [services.prematch, "premium.limitFreePreMatchFilter"],
      [services.liveFilters, "premium.limitFreeLiveFilter"],
    ] as const) {
      expect(await filters.creationRefusal(user, FREE_USER)).toBeNull();
      await filters.create(user, FREE_USER, { name: "Mine" });
      expect(await filters.creationRefusal(user, FREE_USER)).toBe(message);
      await expect(filters.create(user, FREE_USER, { name: "Second" })).rejects.toMatchObject({
        status: 403,
        message,
      });
      expect(await filters.creationRefusal(user, { ...FREE_USER, premium: true })).toBeNull();
    }
    await expect(services.prematch.creationRefusal(null, FREE_USER)).rejects.toMatchObject({ status: 401 });
  });
});

describe("the bell's unread count", () => {
  it("counts the member's unread in-app alerts only, and drops as they are read", async () => {
    const a = await signInMember({ db, services, api: createApi(services) }, "bell-a@example.com");
    const b = await signInMember({ db, services, api: createApi(services) }, "bell-b@example.com");
    const { rows } = await db.pool.query<{ id: number }>("SELECT id FROM fixtures ORDER BY id LIMIT 1");
    for (const filterId of [1, 2, 3])
      await services.alerts.recordPick({
        source: "live",
        filterId,
        fixtureId: rows[0]!.id,
        userId: a.userId,
        filterName: "Corner storm",
        outcome: "home",
        odds: 2.4,
        content: {
          home: "Arsenal",
          away: "Spurs",
          league: "Premier League",
          kickoff: "2025-08-16T14:00:00.000Z",
          minute: 30,
          score: { home: 0, away: 0 },
        },
      });
    const reader = { id: a.userId, languageCode: "en", timezone: null };
    expect(await services.alerts.inbox.unread({ id: a.userId })).toBe(3);
    expect(await services.alerts.inbox.unread({ id: b.userId })).toBe(0);
    const first = (await services.alerts.inbox.list(reader, { limit: 10, before: null })).items[0]!;
    await services.alerts.inbox.markRead({ id: a.userId }, first.id);
    expect(await services.alerts.inbox.unread({ id: a.userId })).toBe(2);
    await services.alerts.inbox.markRead({ id: a.userId });
    expect(await services.alerts.inbox.unread({ id: a.userId })).toBe(0);
  });
});
