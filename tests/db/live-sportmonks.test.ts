import { readFile } from "node:fs/promises";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { importFile } from "../../src/data/importer.ts";
import { createSportmonksFeed } from "../../src/data/live/sportmonks-feed.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

const TOKEN = "test-token-0123456789";
let db: TestDatabase;
let server: Server;
let baseUrl: string;
let services: Services;
let calls = 0;
let failing = false;
/** The stand-in's answer; a test may replace it. */
let answer = "";
const clock = fixedClock("2025-08-09T15:12:00Z");
const probes = { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null };
const ids = { arsenal: 0, brighton: 0 };

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      mainRow("09/08/2025", "15:00", "Arsenal", "Chelsea", "3-1", "1-1"),
      mainRow("09/08/2025", "15:00", "Brighton", "Fulham", "1-1", "0-0"),
    ]),
  );
  const { rows } = await db.pool.query<{ id: number; name: string }>(
    "SELECT f.id, t.name FROM fixtures f JOIN teams t ON t.id = f.home_team_id",
  );
  ids.arsenal = rows.find((r) => r.name === "Arsenal")!.id;
  ids.brighton = rows.find((r) => r.name === "Brighton")!.id;
  // A local stand-in for api.sportmonks.com answering with a recorded livescores/inplay answer.
  answer = await readFile(new URL("../support/recorded/sportmonks-livescores-inplay.json", import.meta.url), "utf8");
  server = createServer((request, response) => {
    calls++;
    const url = new URL(request.url ?? "/", "http://localhost");
    if (failing) return void response.writeHead(503).end();
    if (request.headers.authorization !== TOKEN)
      return void response.writeHead(401, { "content-type": "application/json" }).end('{"message":"Unauthenticated."}');
    if (url.pathname !== "/v3/football/livescores/inplay" || !url.searchParams.get("include")?.includes("statistics"))
      return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "application/json" }).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/football`;
  services = createServices(
    { pool: db.pool, clock, liveFeed: createSportmonksFeed({ token: TOKEN, baseUrl, pool: db.pool, cacheMs: 0 }) },
    probes,
  );
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await db?.drop();
});

describe("SportMonks live feed", () => {
  it("is chosen only with a token", () => {
    expect(loadConfig({}).SPORTMONKS_API_TOKEN).toBeUndefined();
    expect(loadConfig({ SPORTMONKS_API_TOKEN: TOKEN }).SPORTMONKS_API_URL).toBe(
      "https://api.sportmonks.com/v3/football",
    );
    expect(() => loadConfig({ SPORTMONKS_API_TOKEN: TOKEN, SPORTMONKS_API_URL: "not a url" })).toThrow(
      /SPORTMONKS_API_URL/,
    );
    expect(services.live.feedName).toBe("sportmonks");
  });

  it("maps the provider's fixtures, statistic type ids, events and in-play odds onto our fixtures", async () => {
    const live = await services.live.livescores();
    // Celtic–Rangers is not in our data, so it is left out.
    expect(live.map((l) => l.fixture.id)).toEqual([ids.arsenal]);
    const state = live[0]!.state;
    expect(state).toMatchObject({
      status: "live",
      second: 67 * 60 + 21,
      minute: 68,
      homeScore: 2,
      awayScore: 1,
      estimated: [],
    });
    expect(state.home).toEqual({
      shots: 14,
      shotsOnTarget: 6,
      shotsOffTarget: 5,
      attacks: 88,
      dangerousAttacks: 47,
      corners: 7,
      yellowCards: 1,
      redCards: null,
      fouls: 9,
      penalties: 1,
      substitutions: 2,
      possession: 58,
    });
    expect(state.away).toMatchObject({ shots: 8, redCards: 1, yellowCards: 3, possession: 42, penalties: null });
    expect(state.odds).toMatchObject({ home: 1.36, draw: 4.6, away: 11, bttsYes: null });
    expect(state.odds!.overUnder.find((l) => l.line === 3.5)).toEqual({ line: 3.5, over: 1.57, under: 2.3 });

    const view = await services.live.fixture(ids.arsenal);
    expect(view.state.events.map((e) => `${e.minute}:${e.type}:${e.side}`)).toEqual([
      "23:goal:home",
      "31:yellow:away",
      "46:substitution:away",
      "52:goal:away",
      "58:goal:home",
      "58:penalty:home",
      "63:red:away",
    ]);
  });

  it("replays the bundled history for fixtures the provider does not report", async () => {
    clock.set("2025-08-09T17:00:00Z");
    const finished = await services.live.fixture(ids.brighton);
    expect(finished.state).toMatchObject({ status: "finished", homeScore: 1, awayScore: 1 });
    clock.set("2025-08-09T15:12:00Z");
  });

  it("keeps the last answer through a short outage, then falls back to the stored states", async () => {
    await services.live.tick();
    failing = true;
    clock.set("2025-08-09T15:12:10Z");
    expect((await services.live.livescores()).length).toBe(1);
    clock.set("2025-08-09T15:13:00Z");
    const before = calls;
    const stored = await services.live.livescores();
    expect(calls).toBeGreaterThan(before);
    expect(stored.map((s) => s.fixture.id)).toEqual([ids.arsenal]);
    failing = false;
  });

  it("records a provider's match tick by tick and stores its timeline when it ends", async () => {
    const recorded = answer;
    const body = JSON.parse(recorded) as {
      data: Array<{
        state_id: number;
        statistics: Array<{ type_id: number; location: string; data: { value: number } }>;
      }>;
    };
    await services.live.tick();
    // Two more shots and a corner for the home side, then the final whistle.
    for (const stat of body.data[0]!.statistics) {
      if (stat.location === "home" && stat.type_id === 42) stat.data.value += 2;
      if (stat.location === "home" && stat.type_id === 34) stat.data.value += 1;
    }
    answer = JSON.stringify(body);
    clock.set("2025-08-09T15:20:00Z");
    await services.live.tick();
    body.data[0]!.state_id = 5;
    answer = JSON.stringify(body);
    clock.set("2025-08-09T16:00:00Z");
    await services.live.tick();
    const { rows } = await db.pool.query<{ source: string; seasonId: number }>(
      `SELECT source, season_id AS "seasonId" FROM live_timelines WHERE fixture_id = $1`,
      [ids.arsenal],
    );
    expect(rows[0]?.source).toBe("sportmonks");
    const [timeline] = (await services.live.seasonTimelines(rows[0]!.seasonId)).filter(
      (t) => t.fixtureId === ids.arsenal,
    );
    const end = await services.live.timelineAt(ids.arsenal, 5400);
    expect(timeline).toBeDefined();
    expect(end).toMatchObject({ homeScore: 2, awayScore: 1 });
    expect(end.home).toMatchObject({ shots: 16, corners: 8, shotsOnTarget: 6, dangerousAttacks: 47 });
    expect(end.away.redCards).toBe(1);
    answer = recorded;
    clock.set("2025-08-09T15:12:00Z");
  });

  it("keeps first-half added time in the first half and a missing score unknown (recorded answer)", async () => {
    const recorded = answer;
    answer = await readFile(
      new URL("../support/recorded/sportmonks-livescores-first-half-added-time.json", import.meta.url),
      "utf8",
    );
    const feed = createSportmonksFeed({ token: TOKEN, baseUrl, pool: db.pool, cacheMs: 0 });
    const states = await feed.playing(clock.now());
    answer = recorded;
    const byId = new Map(states.map((s) => [s.fixtureId, s]));
    expect(byId.get(ids.arsenal)).toMatchObject({ status: "live", second: 45 * 60 - 1, minute: 45, homeScore: 1 });
    expect(byId.get(ids.brighton)).toMatchObject({ status: "live", minute: 53, homeScore: null, awayScore: null });
  });

  it("says so when the token is refused", async () => {
    const wrong = createSportmonksFeed({ token: "wrong-token-000000", baseUrl, pool: db.pool, cacheMs: 0 });
    await expect(wrong.playing(clock.now())).rejects.toThrow(/HTTP 401/);
  });
});
