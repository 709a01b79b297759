import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import type { LiveState } from "../../src/domain/live/state.ts";
import { totalsOf } from "../../src/domain/live/timeline.ts";
import { stateAt } from "../../src/domain/live/replay.ts";
import { devigProportional } from "../../src/domain/predictions/devig.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { EXTRA_HEADER, MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
const clock = fixedClock("2025-08-01T12:00:00Z");
const ids = { main: 0, extra: 0, later: 0 };
let kickoff = 0;
const probes = { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null };
const at = (minutes: number) => clock.set(new Date(kickoff + minutes * 60_000));
const get = (path: string, headers: Record<string, string> = {}) => api.request(path, { headers });
const data = async <T>(response: Response) => ((await response.json()) as { data: T }).data;

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      mainRow("09/08/2025", "15:00", "Arsenal", "Chelsea", "3-1", "1-1"),
      mainRow("16/08/2025", "15:00", "Brighton", "Fulham", "1-1", "0-0"),
    ]),
  );
  await importFile(
    db.pool,
    source("SWE.csv", [
      EXTRA_HEADER,
      "Sweden,Allsvenskan,2025,09/08/2025,14:00,Malmo FF,AIK,2,0,H,1.8,3.6,4.6,1.9,3.8,4.9,1.82,3.55,4.5",
    ]),
  );
  const { rows } = await db.pool.query<{ id: number; name: string; kickoff: Date }>(
    "SELECT f.id, t.name, f.kickoff FROM fixtures f JOIN teams t ON t.id = f.home_team_id",
  );
  for (const row of rows) {
    if (row.name === "Arsenal") {
      ids.main = row.id;
      kickoff = row.kickoff.getTime();
    }
    if (row.name === "Malmo FF") ids.extra = row.id;
    if (row.name === "Brighton") ids.later = row.id;
  }
  services = createServices({ pool: db.pool, clock }, probes);
  api = createApi(services);
});
afterAll(async () => {
  await db?.drop();
});

describe("live match data", () => {
  it("shows nothing of a match before its kick-off", async () => {
    at(-61);
    expect(await services.live.livescores()).toEqual([]);
    const response = await get(`/fixtures/${ids.main}/live`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "The match has not kicked off yet.",
      code: "live.errors.notStarted",
    });
    const german = await api.request(`/fixtures/${ids.main}/live`, { headers: { "accept-language": "de" } });
    expect(((await german.json()) as { error: string }).error).toBe("Das Spiel hat noch nicht begonnen.");
    expect((await get(`/fixtures/odds/playables/inplay/${ids.main}`)).status).toBe(404);
    expect((await get("/fixtures/abc/live")).status).toBe(400);
    expect((await get("/fixtures/99999999/live")).status).toBe(404);
  });

  it("lists a live fixture with its minute, score, counters and odds anchored to the closing line", async () => {
    at(0.5);
    const [first] = await services.live.livescores();
    expect(first!.fixture.homeTeam.name).toBe("Arsenal");
    expect(first!.state).toMatchObject({ status: "live", second: 30, minute: 1 });
    // The file's closing Pinnacle prices of mainRow are 2.05, 3.5, 3.7.
    const odds = first!.state.odds!;
    const live = devigProportional([odds.home!, odds.draw!, odds.away!]);
    const close = devigProportional([2.05, 3.5, 3.7]);
    for (let i = 0; i < 3; i++) expect(live[i]!).toBeCloseTo(close[i]!, 3);

    at(30);
    const response = await get("/fixtures/livescores");
    expect(response.status).toBe(200);
    const list = await data<Array<{ fixture: { id: number }; state: LiveState }>>(response);
    const main = list.find((f) => f.fixture.id === ids.main)!;
    expect(main.state.minute).toBe(31);
    expect(main.state.home.shots).toBeGreaterThanOrEqual(0);
    expect(main.state.estimated).toContain("dangerousAttacks");
    const extra = list.find((f) => f.fixture.id === ids.extra)!;
    expect(extra.state.home.shots).toBeNull();
    expect(extra.state.home.corners).toBeNull();
    // Polling with ETag: the same answer is a 304.
    const etag = response.headers.get("etag")!;
    expect((await get("/fixtures/livescores", { "if-none-match": etag })).status).toBe(304);
  });

  it("never answers with a moment not reached, and replays a finished match second by second", async () => {
    at(20);
    const live = await data<{ state: LiveState; chart: { home: number[] } }>(await get(`/fixtures/${ids.main}/live`));
    expect(live.state.second).toBe(20 * 60);
    expect(live.chart.home.slice(5).every((n) => n === 0)).toBe(true);
    expect((await get(`/fixtures/${ids.main}/live?second=2000`)).status).toBe(400);
    expect((await get(`/fixtures/${ids.main}/live?second=-3`)).status).toBe(400);
    await expect(services.live.timelineAt(ids.main, 100)).rejects.toMatchObject({ status: 409 });

    at(106);
    const done = await data<{ state: LiveState }>(await get(`/fixtures/${ids.main}/live`));
    expect(done.state).toMatchObject({ status: "finished", homeScore: 3, awayScore: 1, odds: null });
    // mainRow: HS 12, AS 9, HST 5, AST 3, HF 10, AF 11, HC 6, AC 4, HY 1, AY 2, HR 0, AR 0
    expect(done.state.home).toMatchObject({
      shots: 12,
      shotsOnTarget: 5,
      fouls: 10,
      corners: 6,
      yellowCards: 1,
      redCards: 0,
    });
    expect(done.state.away).toMatchObject({
      shots: 9,
      shotsOnTarget: 3,
      fouls: 11,
      corners: 4,
      yellowCards: 2,
      redCards: 0,
    });
    const half = await data<{ state: LiveState }>(await get(`/fixtures/${ids.main}/live?second=2699`));
    expect([half.state.homeScore, half.state.awayScore]).toEqual([1, 1]);
    const midway = await services.live.timelineAt(ids.main, 3000);
    expect(midway.status).toBe("live");
    expect(midway.odds).not.toBeNull();
  });

  it("ticks: stores changed states only, removes ended ones, and a restarted process carries on", async () => {
    at(10);
    const first = await services.live.tick();
    expect(first).toMatchObject({ live: 2, changed: 2 });
    clock.set(new Date(kickoff + 10 * 60_000 + 1000));
    const second = await services.live.tick();
    expect(second.changed).toBeLessThanOrEqual(2);
    const stored = await services.live.storedStates();
    expect(stored.map((s) => s.fixtureId).sort()).toEqual([ids.main, ids.extra].sort());

    // A new process on the same database starts from the stored states: an unchanged state is not rewritten.
    const restarted = createServices({ pool: db.pool, clock }, probes);
    expect((await restarted.live.tick()).changed).toBe(0);

    at(200);
    expect((await restarted.live.tick()).live).toBe(0);
    expect(await restarted.live.storedStates()).toEqual([]);
  });

  it("stores the timelines of finished fixtures, read back a season at a time", async () => {
    at(200);
    expect(await services.live.storeTimelines(100)).toBe(2);
    expect(await services.live.storeTimelines(100)).toBe(0);
    const { rows } = await db.pool.query<{ seasonId: number }>(
      `SELECT season_id AS "seasonId" FROM fixtures WHERE id = $1`,
      [ids.main],
    );
    const timelines = await services.live.seasonTimelines(rows[0]!.seasonId);
    const main = timelines.find((t) => t.fixtureId === ids.main)!;
    expect(totalsOf(main).home.shots).toBe(12);
    expect(timelines.some((t) => t.fixtureId === ids.later)).toBe(false);
    // Backtests replay them in memory with the odds models: live odds at any second, nothing for unplayed fixtures.
    const models = await services.live.oddsModels([ids.main, ids.later]);
    expect(models.has(ids.later)).toBe(false);
    const state = stateAt(main, "live", 1200, models.get(ids.main)!);
    expect(state.odds?.minute).toBe(21);
  });

  it("describes the live endpoints in the OpenAPI document", async () => {
    const doc = (await (await get("/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const path of [
      "/fixtures/livescores",
      "/fixtures/{id}/live",
      "/fixtures/odds/playables/inplay/{id}",
      "/fixtures/odds/prematch/{id}",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it("gives pre-match odds by bookmaker country", async () => {
    at(-60);
    const all = await data<Array<{ bookmaker: string; closing: boolean }>>(
      await get(`/fixtures/odds/prematch/${ids.main}`),
    );
    expect(all.some((o) => o.bookmaker === "PS")).toBe(true);
    expect(all.some((o) => o.closing)).toBe(false);
    const gb = await data<Array<{ bookmaker: string }>>(await get(`/fixtures/odds/prematch/${ids.main}?countries=826`));
    expect(gb.some((o) => o.bookmaker === "B365")).toBe(true);
    expect(gb.some((o) => o.bookmaker === "PS")).toBe(false);
    expect((await get(`/fixtures/odds/prematch/${ids.main}?countries=5`)).status).toBe(400);
    expect((await get(`/fixtures/odds/prematch/${ids.main}?countries=x`)).status).toBe(400);
  });
});
