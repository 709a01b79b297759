import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { KINDS_SIGNATURE } from "../../src/domain/predictions/kinds.ts";
import { playedWithPredictions } from "../../src/db/queries/predictions.ts";
import { outcomeHappened, picksOf } from "../../src/domain/predictions/kinds.ts";
import { marketsOf } from "../../src/domain/predictions/probabilities.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { MAIN_HEADER, roundRobinRows, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
// Ten rounds are played by then; the rest of the season is to come.
const clock = fixedClock("2025-10-20T12:00:00Z");
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

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(db.pool, source("E0.csv", [MAIN_HEADER, ...roundRobinRows(TEAMS, new Date(Date.UTC(2025, 7, 16)))]));
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
});
afterAll(async () => db.drop());

const predictionOf = async (fixtureId: number) =>
  (await db.pool.query("SELECT model, final, market FROM predictions WHERE fixture_id = $1", [fixtureId])).rows[0];

describe("prediction pipeline", () => {
  it("back-fills every fixture and computes the accuracy table", async () => {
    const state = await services.pipeline.refresh();
    expect(state).toMatchObject({ phase: "done", total: 90, written: 90, version: "ratings-2" });
    expect(state.accuracyPlayed).toBe(50);
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM predictions");
    expect(rows[0].n).toBe(90);
    const accuracy = await services.predictions.accuracy();
    const x12 = accuracy.find((a) => a.kind === 1)!;
    expect(x12.picks).toBe(50);
    // The hits, counted again from the stored predictions and the results: the table adds them up right.
    const played = await playedWithPredictions(db.pool, clock.now());
    const hits = played.filter((f) => {
      const pick = picksOf(marketsOf(f.final), {}, true).find((p) => p.kind === 1)!;
      return outcomeHappened(pick.outcome, {
        ftHome: f.ft_home,
        ftAway: f.ft_away,
        htHome: f.ht_home,
        htAway: f.ht_away,
        corners: f.corners,
      });
    }).length;
    expect(played).toHaveLength(50);
    expect(x12.hits).toBe(hits);
    expect(x12.hitRate).toBeCloseTo(hits / 50, 10);
    expect(x12.hitRate).toBeGreaterThan(0);
    expect(x12.hitRate).toBeLessThan(1);
    expect(accuracy.some((a) => a.kind === 15)).toBe(true);
  });

  it("resumes without rewriting what is already there", async () => {
    const state = await services.pipeline.refresh();
    expect(state.written).toBe(0);
    expect((await services.pipeline.status())?.phase).toBe("done");
  });

  it("recomputes the accuracy table when the set of kinds changes, and only then", async () => {
    const accuracyRows = async () =>
      (await db.pool.query("SELECT count(*)::int AS n FROM prediction_accuracy")).rows[0].n as number;
    const full = await accuracyRows();
    expect(full).toBeGreaterThan(0);
    const state = (await services.pipeline.status())!;
    expect(state.accuracyKinds).toBe(KINDS_SIGNATURE);
    // Same kinds, same played matches: the table is trusted as it is (here: emptied behind the pipeline's back).
    await db.pool.query("DELETE FROM prediction_accuracy");
    await services.pipeline.refresh();
    expect(await accuracyRows()).toBe(0);
    // A table computed for another set of kinds (a market added since) is recomputed at the next run.
    await db.pool.query(
      "UPDATE app_state SET value = jsonb_set(value, '{accuracyKinds}', '\"1:1,X,2\"') WHERE key = 'predictions'",
    );
    const after = await services.pipeline.refresh();
    expect(after.accuracyKinds).toBe(KINDS_SIGNATURE);
    expect(await accuracyRows()).toBe(full);
  });

  it("leaves a prediction unchanged when results after its kick-off change", async () => {
    const { rows } = await db.pool.query("SELECT id, kickoff FROM fixtures ORDER BY kickoff, id");
    const past = rows[30]; // played before the clock
    const upcoming = rows[70]; // still to come
    const before = { past: await predictionOf(past.id), upcoming: await predictionOf(upcoming.id) };
    await db.pool.query("UPDATE fixtures SET ft_home = 7, ft_away = 0, ht_home = 3, ht_away = 0 WHERE kickoff >= $1", [
      past.kickoff,
    ]);
    await db.pool.query("DELETE FROM predictions");
    await services.pipeline.refresh();
    expect(await predictionOf(past.id)).toEqual(before.past);
    // The upcoming fixture does learn from the changed results of matches played before the clock.
    expect(await predictionOf(upcoming.id)).not.toEqual(before.upcoming);
  });
});

describe("prediction API", () => {
  const get = async (path: string) => {
    const response = await createApi(services).request(path);
    // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field below
    const body = (await response.json()) as { data: any; error?: string };
    return { status: response.status, body };
  };

  it("puts the free predictions in fixtures/web", async () => {
    const { body } = await get("/fixtures/web?from=2025-10-25&to=2025-10-26");
    expect(body.data).toHaveLength(5);
    for (const f of body.data) {
      expect(f.status).toBe("upcoming");
      expect(f.score).toBeNull();
      expect(f.predictions.best.kind).toBe(0);
      expect(f.predictions.picks.map((p: { kind: number }) => p.kind)).toEqual([0, 1, 2, 3, 4]);
      // On Monday the bookmakers' prices of Saturday's round are not out yet: no price, only our probability.
      const x12 = f.predictions.picks.find((p: { kind: number }) => p.kind === 1);
      expect(x12.odds).toBeNull();
      expect(x12.probability).toBeGreaterThan(0);
    }
    const played = (await get("/fixtures/web?from=2025-10-18&to=2025-10-19")).body.data;
    expect(played.length).toBeGreaterThan(0);
    for (const f of played)
      expect(f.predictions.picks.find((p: { kind: number }) => p.kind === 1).odds).toBeGreaterThan(1);
  });

  it("judges the picks of played fixtures", async () => {
    const { body } = await get("/fixtures/web?from=2025-08-16&to=2025-08-17");
    expect(body.data[0].status).toBe("finished");
    expect(typeof body.data[0].predictions.best.won).toBe("boolean");
  });

  it("gives fixture information without closing odds or results before kick-off", async () => {
    const upcoming = (await get("/fixtures/web?from=2025-10-25&to=2025-10-26")).body.data[0];
    const { status, body } = await get(`/fixtures/info/${upcoming.id}?includeSeasonStats=true`);
    expect(status).toBe(200);
    expect(body.data.fixture.score).toBeNull();
    expect(body.data.odds.every((o: { moment: string }) => o.moment === "opening")).toBe(true);
    expect(
      body.data.probabilities.final["1"] + body.data.probabilities.final.X + body.data.probabilities.final["2"],
    ).toBeCloseTo(1, 6);
    expect(body.data.probabilities.final.C_O95).toBeUndefined();
    const played = body.data.seasonStats.localTeam.reduce((n: number, r: { played: number }) => n + r.played, 0);
    expect(played).toBe(10);
    const odds = await get(`/fixtures/${upcoming.id}/odds`);
    expect(odds.body.data.some((o: { moment: string }) => o.moment === "closing")).toBe(false);
  });

  it("keeps the season record of a played fixture to what was known before its kick-off", async () => {
    const first = (await get("/fixtures/web?from=2025-08-16&to=2025-08-17")).body.data[0];
    const { body } = await get(`/fixtures/info/${first.id}?includeSeasonStats=true`);
    const played = [...body.data.seasonStats.localTeam, ...body.data.seasonStats.visitorTeam].reduce(
      (n: number, r: { played: number }) => n + r.played,
      0,
    );
    expect(played).toBe(0);
  });

  it("shows closing odds once a match has kicked off", async () => {
    const played = (await get("/fixtures/web?from=2025-08-16&to=2025-08-17")).body.data[0];
    const odds = await get(`/fixtures/${played.id}/odds`);
    expect(odds.body.data.some((o: { moment: string }) => o.moment === "closing")).toBe(true);
  });

  it("finds similar played fixtures", async () => {
    const last = (await get("/fixtures/web?from=2025-10-18&to=2025-10-19")).body.data[0];
    const { body } = await get(`/fixtures/${last.id}/similars`);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((f: { status: string }) => f.status === "finished")).toBe(true);
  });

  it("answers 404 and 400 for bad fixture ids", async () => {
    expect((await get("/fixtures/info/999999")).status).toBe(404);
    expect((await get("/fixtures/abc/odds")).status).toBe(400);
  });

  it("runs the machine, refusing premium events to a free user and bad limits", async () => {
    const range = { from: new Date("2025-10-21T00:00:00Z"), to: new Date("2025-11-10T00:00:00Z") };
    const base = {
      ...range,
      events: ["1X2", "O25"],
      limit: 3,
      minOdd: 1,
      maxOdd: 10,
      minProbability: 1,
      maxProbability: 100,
    };
    const result = await services.predictions.machine({ ...base, premium: false });
    expect(result.picks).toHaveLength(3);
    expect(result.picks.every((p) => p.fixture.status === "upcoming")).toBe(true);
    await expect(services.predictions.machine({ ...base, events: ["CO95"], premium: false })).rejects.toThrow(
      "premium.lockedText",
    );
    expect(
      (await services.predictions.machine({ ...base, events: ["CO95"], premium: true })).picks.length,
    ).toBeGreaterThan(0);
    await expect(services.predictions.machine({ ...base, limit: 21, premium: true })).rejects.toThrow(
      "apiErrors.wholeNumberRange",
    );
    const api = await get(
      "/fixtures/pitchlab-machine?dateFormat=extended&platform=website&from=2025-10-21&to=2025-11-10&limit=0&odds=1X2",
    );
    expect(api.status).toBe(400);
    expect(api.body.error).toMatch(/limit: must be a whole number from 1 to 20/);
    const premium = await get("/fixtures/pitchlab-machine?from=2025-10-21&to=2025-11-10&odds=CO95");
    expect(premium.status).toBe(403);
    const ok = await get(
      "/fixtures/pitchlab-machine?from=2025-10-21&to=2025-11-10&odds=1X2,GG&limit=4&minProbability=40",
    );
    expect(ok.body.data.picks.length).toBeGreaterThan(0);
    expect(ok.body.data.picks.every((p: { probability: number }) => p.probability >= 0.4)).toBe(true);
  });

  it("lists every league's statistics", async () => {
    const [row] = await services.leagues.statistics();
    expect(row).toMatchObject({ leagueName: "Premier League", matches: 50 });
    expect(row!.goals).toBeGreaterThan(0);
  });

  it("builds the Bet of the Day", async () => {
    const { status, body } = await get("/bets/daily?date=2025-10-25&timeZone=Europe/London");
    expect(status).toBe(200);
    expect(body.data.date).toBe("2025-10-25");
    // The same day's picks, read from fixtures/web: the double is its two likeliest priced top tips (or nothing
    // when fewer than two are priced), the risk pick the best-value priced 1X2 or goals pick outside the double.
    type Pick = { kind: number; probability: number; odds: number | null; ev: number | null };
    const day = (await get("/fixtures/web?from=2025-10-25&to=2025-10-26")).body.data as Array<{
      id: number;
      predictions: { picks: Pick[] };
    }>;
    expect(day).toHaveLength(5);
    const tips = day
      .flatMap((f) =>
        f.predictions.picks
          .filter((p) => p.kind === 0 && p.odds !== null && p.odds >= 1.25)
          .map((p) => ({ ...p, fixtureId: f.id })),
      )
      .sort((a, b) => b.probability - a.probability);
    const double = tips.length >= 2 ? tips.slice(0, 2) : [];
    // These rows price only 1X2 and goals 2.5, never a top tip (double chance, over 1.5): no double is offered
    // on unpriced tips, and no total odd is made up.
    expect(tips).toHaveLength(0);
    expect(body.data.double).toEqual([]);
    expect(body.data.double.map((p: { fixtureId: number }) => p.fixtureId)).toEqual(double.map((p) => p.fixtureId));
    expect(body.data.totalOdds).toEqual(
      double.length === 2 ? Math.round(double[0]!.odds! * double[1]!.odds! * 100) / 100 : null,
    );
    const risk = day
      .flatMap((f) =>
        f.predictions.picks
          .filter((p) => (p.kind === 1 || p.kind === 3) && p.odds !== null && p.odds >= 2.5 && p.probability >= 0.3)
          .map((p) => ({ ...p, fixtureId: f.id })),
      )
      .filter((p) => !double.some((d) => d.fixtureId === p.fixtureId))
      .sort((a, b) => b.ev! - a.ev!)[0];
    expect(body.data.risk?.fixtureId ?? null).toBe(risk?.fixtureId ?? null);
    expect(body.data.risk?.kind ?? null).toBe(risk?.kind ?? null);
    expect((await get("/bets/daily?date=25-10-2025")).status).toBe(400);
  });

  it("publishes a fixture's pre-match prices only from the Friday before its weekend round", async () => {
    const kickoffOf = async (day: string) =>
      (await db.pool.query("SELECT id FROM fixtures WHERE kickoff::date = $1 ORDER BY id LIMIT 1", [day])).rows[0]!
        .id as number;
    const played = await kickoffOf("2025-10-18");
    const saturday = await kickoffOf("2025-10-25");
    // Monday 20 October: last Saturday's prices are history, next Saturday's are not out yet.
    expect((await predictionOf(played)).market).not.toBeNull();
    expect((await predictionOf(saturday)).market).toBeNull();
    expect((await services.predictions.odds(saturday)).filter((o) => o.moment === "opening")).toEqual([]);
    try {
      clock.set("2025-10-24T12:00:00Z");
      await services.pipeline.refresh();
      expect((await predictionOf(saturday)).market).not.toBeNull();
      expect((await services.predictions.odds(saturday)).some((o) => o.moment === "opening")).toBe(true);
      expect((await services.predictions.odds(saturday)).some((o) => o.moment === "closing")).toBe(false);
    } finally {
      clock.set("2025-10-20T12:00:00Z");
      await services.pipeline.refresh();
    }
  });
});

describe("prediction refresh after the back-fill", () => {
  it("sweeps only the recent and upcoming fixtures, and predicts them exactly as a whole sweep would", async () => {
    // A week on: a round of results has arrived since the last run.
    clock.set("2025-10-27T12:00:00Z");
    await services.pipeline.refresh();
    clock.set("2025-10-28T12:00:00Z");
    const incremental = await services.pipeline.refresh();
    expect(incremental.swept).toBeGreaterThan(0);
    expect(incremental.swept).toBeLessThan(90);
    // Services of their own keep no sweep: a whole sweep, which finds nothing to rewrite.
    const whole = await createServices(
      { pool: db.pool, clock },
      { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
    ).pipeline.refresh();
    expect(whole.swept).toBe(90);
    expect(whole.written).toBe(0);
  });

  it("sweeps everything again when a fixture before the kept sweep's cut changed", async () => {
    const first = (await db.pool.query("SELECT id FROM fixtures ORDER BY kickoff, id LIMIT 1")).rows[0].id;
    await db.pool.query("UPDATE fixtures SET ft_home = ft_home + 1 WHERE id = $1", [first]);
    const state = await services.pipeline.refresh();
    expect(state.swept).toBe(90);
    expect(state.written).toBeGreaterThan(0);
  });
});
