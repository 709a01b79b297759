import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupClock } from "../../src/data/clock.ts";
import { importFile } from "../../src/data/importer.ts";
import { WEEK_MS } from "../../src/domain/replay/shift.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
const clock = fixedClock("2025-08-16T12:00:00Z");

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      mainRow("15/08/2025", "20:00", "Liverpool", "Bournemouth", "4-2", "1-0"), // 19:00Z: finished
      mainRow("16/08/2025", "12:30", "Aston Villa", "Newcastle", "3-1", "2-0"), // 11:30Z: live at 12:00Z
      mainRow("16/08/2025", "15:00", "Brighton", "Fulham", "1-1", "0-0"), // 14:00Z: upcoming
    ]),
  );
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
});
afterAll(async () => db.drop());

const range = { from: new Date("2025-08-15T00:00:00Z"), to: new Date("2025-08-17T00:00:00Z") };
const byHome = (list: Awaited<ReturnType<Services["fixtures"]["inRange"]>>, team: string) =>
  list.find((f) => f.localTeam.name === team)!;

describe("fixtures as known at the clock's now", () => {
  it("shows finished, live and upcoming fixtures", async () => {
    const list = await services.fixtures.inRange(range);
    expect(list.map((f) => f.status)).toEqual(["finished", "live", "upcoming"]);
    expect(byHome(list, "Liverpool")).toMatchObject({
      score: { home: 4, away: 2 },
      halfTimeScore: { home: 1, away: 0 },
    });
    const live = byHome(list, "Aston Villa");
    expect(live.minute).toBe(31);
    expect(live.score!.home).toBeLessThanOrEqual(2);
    expect(live.score!.away).toBe(0);
    expect(live.halfTimeScore).toBeNull();
  });

  it("never hands out a future result, through the service or the API", async () => {
    const fromService = byHome(await services.fixtures.inRange(range), "Brighton");
    expect(fromService).toMatchObject({ status: "upcoming", score: null, halfTimeScore: null, minute: null });
    const response = await createApi(services).request(
      `/fixtures/web?dateFormat=extended&platform=website&from=${range.from.toISOString()}&to=${range.to.toISOString()}`,
    );
    const body = (await response.json()) as { data: Array<Record<string, unknown>> };
    const upcoming = body.data.find((f) => (f.localTeam as { name: string }).name === "Brighton")!;
    expect(upcoming.score).toBeNull();
    expect(upcoming.halfTimeScore).toBeNull();
    const day = await services.fixtures.day({ date: "2025-08-16", timeZone: "UTC" });
    const dayFixture = day.groups.flatMap((g) => g.fixtures).find((f) => f.localTeam.name === "Brighton")!;
    expect(dayFixture.score).toBeNull();
  });

  it("reveals the result once the match has been played", async () => {
    clock.set("2025-08-16T16:00:00Z");
    const list = await services.fixtures.inRange(range);
    expect(byHome(list, "Brighton")).toMatchObject({ status: "finished", score: { home: 1, away: 1 } });
    expect(byHome(list, "Aston Villa")).toMatchObject({ status: "finished", score: { home: 3, away: 1 } });
    clock.set("2025-08-16T12:00:00Z");
  });

  it("groups a local day by country and league", async () => {
    const day = await services.fixtures.day({ timeZone: "Europe/London" });
    expect(day).toMatchObject({
      date: "2025-08-16",
      today: "2025-08-16",
      previous: "2025-08-15",
      next: "2025-08-17",
      live: 1,
    });
    expect(day.groups).toHaveLength(1);
    expect(day.groups[0]!.league).toMatchObject({ name: "Premier League", country: { name: "England" } });
    expect(day.groups[0]!.fixtures.map((f) => f.localTeam.name)).toEqual(["Aston Villa", "Brighton"]);
  });

  it("refuses a bad zone or date", async () => {
    await expect(services.fixtures.day({ timeZone: "Mars/Olympus" })).rejects.toThrow("apiErrors.timeZone");
    await expect(services.fixtures.day({ timeZone: "UTC", date: "16/08/2025" })).rejects.toThrow(
      "apiErrors.dateFormat",
    );
  });
});

describe("API parameters", () => {
  const get = async (path: string) => {
    const response = await createApi(services).request(path);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it.each([
    ["/fixtures/web?to=2025-08-17", /from: /],
    ["/fixtures/web?from=yesterday&to=2025-08-17", /from: must be a date/],
    ["/fixtures/web?from=2025-08-15&to=2025-08-17&leagueIds=1,x", /leagueIds: must be comma-separated league ids/],
    ["/fixtures/web?from=2025-08-15&to=2025-08-17&platform=ios", /platform: must be website/],
    ["/fixtures/web?from=2025-08-17&to=2025-08-15", /to must be after from/],
    ["/fixtures/web?from=2025-01-01&to=2025-08-15", /at most 31 days/],
    ["/countries/leagues?recent=maybe", /recent: must be true or false/],
  ])("%s answers 400 saying which parameter", async (path, message) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.error).toMatch(message);
  });

  it("filters by league ids", async () => {
    const leagueId = (await db.pool.query("SELECT id FROM leagues WHERE source_key = 'E0'")).rows[0].id;
    expect(
      ((await get(`/fixtures/web?from=2025-08-15&to=2025-08-17&leagueIds=${leagueId}`)).body.data as unknown[]).length,
    ).toBe(3);
    expect(
      ((await get(`/fixtures/web?from=2025-08-15&to=2025-08-17&leagueIds=${leagueId + 999}`)).body.data as unknown[])
        .length,
    ).toBe(0);
  });

  it("lists countries with their leagues", async () => {
    const { status, body } = await get("/countries/leagues?recent=false&all=true");
    expect(status).toBe(200);
    expect(body.data).toEqual([
      {
        id: expect.any(Number),
        name: "England",
        code: "ENG",
        leagues: [{ id: expect.any(Number), name: "Premier League", tier: 1, fixtures: 3 }],
      },
    ]);
  });

  it("serves the OpenAPI document and the health report", async () => {
    const doc = await get("/openapi.json");
    expect(Object.keys(doc.body.paths as object)).toEqual(
      expect.arrayContaining(["/fixtures/web", "/countries/leagues", "/health"]),
    );
    const health = await get("/health");
    expect(health.body).toMatchObject({
      status: "ok",
      database: { ok: true },
      dataset: { state: "ready", fixtures: 3 },
    });
  });
});

describe("replay clock", () => {
  it("shifts the data by whole weeks so that now falls inside the newest season, and back to zero in real mode", async () => {
    const replay = await setupClock(db.pool, { mode: "replay" });
    const weeks = replay.shiftWeeks();
    const { rows } = await db.pool.query("SELECT source_kickoff, kickoff FROM fixtures");
    for (const row of rows) expect(row.kickoff.getTime() - row.source_kickoff.getTime()).toBe(weeks * WEEK_MS);
    const again = await setupClock(db.pool, { mode: "replay" });
    expect(again.shiftWeeks()).toBe(weeks);
    const real = await setupClock(db.pool, { mode: "real" });
    expect(real.shiftWeeks()).toBe(0);
    const after = await db.pool.query("SELECT count(*)::int AS n FROM fixtures WHERE kickoff <> source_kickoff");
    expect(after.rows[0].n).toBe(0);
  });
});
