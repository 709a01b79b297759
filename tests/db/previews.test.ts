import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import type { PreviewFacts } from "../../src/domain/previews/facts.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { englishWordsIn } from "../support/english-words.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
// Rounds are weekly from 16 August; round 9 is on Saturday 18 October. Two days before it, nine rounds are played.
const WRITING = "2025-10-16T12:00:00Z";
const clock = fixedClock(WRITING);
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
  "Tottenham",
];
const HOUR = 3_600_000;

function seasonRows(): string[] {
  const rows: string[] = [];
  const n = TEAMS.length;
  for (let round = 0; round < (n - 1) * 2; round++) {
    const day = new Date(Date.UTC(2025, 7, 16 + round * 7));
    const date = `${String(day.getUTCDate()).padStart(2, "0")}/${String(day.getUTCMonth() + 1).padStart(2, "0")}/${day.getUTCFullYear()}`;
    for (let k = 0; k < n / 2; k++) {
      const a = (round + k) % n;
      const b = (round + n - 1 - k) % n;
      const [home, away] = round % 2 === 0 ? [a, b] : [b, a];
      const ftHome = (home * 7 + away * 3 + round) % 4;
      const ftAway = (away * 5 + home + round * 2) % 3;
      rows.push(
        mainRow(
          date,
          "15:00",
          TEAMS[home]!,
          TEAMS[away]!,
          `${ftHome}-${ftAway}`,
          `${Math.min(ftHome, 1)}-${Math.min(ftAway, 1)}`,
        ),
      );
    }
  }
  return rows;
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: responses are checked field by field
  body: any;
}
let ip = 0;
async function call(method: string, path: string, body?: unknown, raw?: string): Promise<Answer> {
  const response = await api.request(path, {
    method,
    headers: { "content-type": "application/json", "x-test-client-ip": `10.9.0.${++ip % 250}` },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  return { status: response.status, body: await response.json() };
}

/** The previews of the round after the writing time (or, with `late`, of the round before it). */
const stored = async (late = false) =>
  (
    await db.pool.query<{
      fixture_id: number;
      locale: string;
      slug: string;
      body: string;
      facts: PreviewFacts;
      revision: number;
      written_at: Date;
      kickoff: Date;
    }>(
      `SELECT fixture_id, locale, slug, body, facts, revision, written_at, kickoff FROM match_previews WHERE kickoff ${late ? "<" : ">"} $1 ORDER BY fixture_id, locale`,
      [WRITING],
    )
  ).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(db.pool, source("E0.csv", [MAIN_HEADER, ...seasonRows()]));
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
  await services.pipeline.refresh();
});
afterAll(async () => db.drop());

describe("match previews", () => {
  it("are written for the fixtures of the next three days in the five languages", async () => {
    const report = await services.previews.writeDue();
    // The five fixtures of the next round, and the five of the round played last week (written as of their kick-off).
    expect(report).toEqual({ candidates: 10, written: 50 });
    const rows = await stored();
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.locale))).toEqual(new Set(["en", "fr", "it", "pt", "es"]));
    for (const r of rows) {
      expect(r.slug).toMatch(/_\d+$/);
      expect(r.body.length).toBeGreaterThan(600);
    }
    // The stored French, Italian, Portuguese and Spanish texts hold no English word (names aside).
    for (const r of rows.filter((x) => x.locale !== "en"))
      expect(englishWordsIn(r.body, r.facts), `${r.locale} ${r.slug}`).toEqual([]);
    expect(englishWordsIn(rows.find((x) => x.locale === "en")!.body, rows[0]!.facts).length).toBeGreaterThan(10);
    // Nothing changed: nothing is rewritten.
    expect(await services.previews.writeDue()).toEqual({ candidates: 5, written: 0 });
  });

  it("written late, for the matches played before the site ran, state only what was known at kick-off", async () => {
    const late = await stored(true);
    expect(late).toHaveLength(25);
    for (const r of late) {
      expect(r.written_at.getTime()).toBe(r.kickoff.getTime());
      expect(r.facts.standings!.roundsPlayed).toBe(8);
      for (const m of r.facts.h2h)
        expect(Date.parse(m.kickoff) + 105 * 60_000).toBeLessThanOrEqual(r.kickoff.getTime());
      expect(r.facts.referee?.name).toBe("M Oliver");
    }
    const en = late.find((r) => r.locale === "en")!;
    const article = await services.previews.article("en", en.slug);
    expect(article.result).not.toBeNull();
    expect(article.frozen).toBe(true);
  });

  it("state no fact from after their writing time", async () => {
    const rows = await stored();
    const writing = Date.parse(WRITING);
    for (const { facts, written_at } of rows) {
      expect(written_at.toISOString()).toBe(new Date(WRITING).toISOString());
      for (const m of facts.h2h) expect(Date.parse(m.kickoff) + 105 * 60_000).toBeLessThanOrEqual(writing);
      // Nine rounds had been played: nobody has more in the table or the form lines.
      expect(facts.standings!.roundsPlayed).toBe(9);
      expect(facts.home.form.length).toBe(5);
      // Two days and more before kick-off the referee is not known yet.
      expect(facts.referee).toBeNull();
      expect(facts.prediction).not.toBeNull();
    }
    // Rewrite every result after the writing time: the facts as of then do not move.
    const before = await services.previews.factsNow(rows[0]!.fixture_id);
    const bodies = [...(await stored()), ...(await stored(true))].map((r) => r.body);
    await db.pool.query("UPDATE fixtures SET ft_home = 9, ft_away = 9 WHERE kickoff > $1", [WRITING]);
    await db.pool.query(
      "UPDATE fixture_stats SET yellow_cards = 9 WHERE fixture_id IN (SELECT id FROM fixtures WHERE kickoff > $1)",
      [WRITING],
    );
    expect(await services.previews.factsNow(rows[0]!.fixture_id)).toEqual(before);
    expect(await services.previews.writeDue()).toEqual({ candidates: 5, written: 0 });
    expect([...(await stored()), ...(await stored(true))].map((r) => r.body)).toEqual(bodies);
    for (const r of await stored()) expect(r.facts.h2h.some((m) => m.ftHome === 9 && m.ftAway === 9)).toBe(false);
  });

  it("are rewritten when the facts change before kick-off, and then name the referee", async () => {
    const [{ kickoff }] = (
      await db.pool.query<{ kickoff: Date }>("SELECT min(kickoff) AS kickoff FROM fixtures WHERE kickoff > $1", [
        WRITING,
      ])
    ).rows as [{ kickoff: Date }];
    clock.set(new Date(kickoff.getTime() - 24 * HOUR));
    const report = await services.previews.writeDue();
    expect(report.written).toBe(25);
    for (const r of await stored()) {
      expect(r.revision).toBe(2);
      expect(r.facts.referee).toMatchObject({ name: "M Oliver", matches: 45 });
      // Cards of the matches he had refereed by then: constant 1 + 2 yellow in the bundled test rows.
      expect(r.facts.referee!.yellowPerMatch).toBe(3);
      expect(r.body).toContain("M Oliver");
    }
    const en = (await stored()).find((r) => r.locale === "en")!;
    expect(en.body).toMatch(/yellow cards|yellow and/);
    const fr = (await stored()).find((r) => r.locale === "fr")!;
    expect(fr.body).toContain("3,0");
  });

  it("are frozen at kick-off and show the result beside the prediction after the match", async () => {
    const [{ kickoff }] = (
      await db.pool.query<{ kickoff: Date }>("SELECT min(kickoff) AS kickoff FROM fixtures WHERE kickoff > $1", [
        WRITING,
      ])
    ).rows as [{ kickoff: Date }];
    clock.set(new Date(kickoff.getTime() + 10 * 60_000));
    const frozen = await stored();
    // A past result changes (a correction): a preview of a match under way is not rewritten.
    await db.pool.query("UPDATE fixtures SET ft_home = ft_home + 1 WHERE kickoff < $1", [WRITING]);
    expect((await services.previews.writeDue()).written).toBe(0);
    expect((await stored()).map((r) => [r.revision, r.body])).toEqual(frozen.map((r) => [r.revision, r.body]));

    const en = frozen.find((r) => r.locale === "en")!;
    const during = await services.previews.article("en", en.slug);
    expect(during.frozen).toBe(true);
    expect(during.result).toBeNull();
    clock.set(new Date(kickoff.getTime() + 3 * HOUR));
    const after = await services.previews.article("en", en.slug);
    expect(after.result!.score).toEqual({ home: 9, away: 9 });
    expect(after.result!.bestBet).toEqual(en.facts.prediction!.best);
    expect(typeof after.result!.bestBetWon).toBe("boolean");
    expect(after.alternates.map((a) => a.locale).sort()).toEqual(["en", "es", "fr", "it", "pt"]);
  });

  it("list by date and league with search and paging", async () => {
    const all = await services.previews.list({ locale: "fr" });
    expect(all.total).toBe(10);
    expect(all.items[0]!.title).toContain("avant-match et pronostic");
    // Upcoming first, soonest first; then the played ones, newest first, with their score.
    const kickoffs = all.items.map((i) => Date.parse(i.kickoff));
    const now = clock.now().getTime();
    const upcoming = kickoffs.filter((k) => k > now);
    expect(kickoffs.slice(0, upcoming.length)).toEqual([...upcoming].sort((a, b) => a - b));
    expect(all.items.filter((i) => i.score !== null).length).toBeGreaterThan(0);
    const arsenal = await services.previews.list({ locale: "fr", search: "arsenal" });
    expect(arsenal.total).toBe(2);
    expect(arsenal.items[0]!.localTeam.name === "Arsenal" || arsenal.items[0]!.visitorTeam.name === "Arsenal").toBe(
      true,
    );
    expect((await services.previews.list({ locale: "fr", search: "no such words" })).total).toBe(0);
    expect((await services.previews.list({ locale: "fr", leagueId: all.leagues[0]!.id })).total).toBe(10);
    expect((await services.previews.list({ locale: "fr", page: 2 })).items).toEqual([]);
    await expect(services.previews.list({ locale: "de" })).rejects.toMatchObject({ status: 404 });
    await expect(services.previews.list({ locale: "fr", page: 0 })).rejects.toMatchObject({ status: 400 });
  });

  it("answer GET articles/preview/{id}/similars", async () => {
    const [first] = await stored();
    const ok = await call("GET", `/articles/preview/${first!.fixture_id}/similars?locale=it`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toHaveLength(6);
    expect(
      ok.body.data.every(
        (p: { locale: string; fixtureId: number }) => p.locale === "it" && p.fixtureId !== first!.fixture_id,
      ),
    ).toBe(true);
    expect((await call("GET", `/articles/preview/${first!.fixture_id}/similars?locale=de`)).status).toBe(400);
    expect((await call("GET", "/articles/preview/999999/similars")).status).toBe(404);
    expect((await call("GET", "/articles/preview/abc/similars")).status).toBe(400);
  });

  it("answer the content query with the SPEC §7.4 parameters", async () => {
    const fr = await call("POST", "/_content", {
      path: "/previews/fr",
      only: ["slug", "title", "kickoff"],
      sortBy: [{ field: "kickoff", direction: "desc" }],
      limit: 2,
    });
    expect(fr.status).toBe(200);
    expect(fr.body.total).toBe(10);
    expect(fr.body.data).toHaveLength(2);
    expect(Object.keys(fr.body.data[0]).sort()).toEqual(["kickoff", "slug", "title"]);
    expect(fr.body.data[0].kickoff >= fr.body.data[1].kickoff).toBe(true);

    const skip = await call("POST", "/_content", {
      path: "/previews/fr",
      sortBy: [{ field: "kickoff", direction: "desc" }],
      limit: 2,
      skip: 1,
      without: ["body"],
    });
    expect(skip.body.data[0].slug).toBe(fr.body.data[1].slug);
    expect(skip.body.data[0].body).toBeUndefined();

    // Without deep, /previews holds no document itself; with deep it holds all 25.
    expect((await call("POST", "/_content", { path: "/previews" })).body.total).toBe(0);
    expect((await call("POST", "/_content", { path: "/previews", deep: true, limit: 100 })).body.total).toBe(50);

    const host = fr.body.data[0].title.split(" – ")[0];
    const where = await call("POST", "/_content", {
      path: "/",
      deep: true,
      where: { locale: "es", homeTeam: { $in: [host, "Nobody FC"] }, kickoff: { $gt: WRITING } },
      text: true,
    });
    expect(where.status, JSON.stringify(where.body)).toBe(200);
    expect(where.body.data).toHaveLength(1);
    expect(
      where.body.data.every(
        (d: { locale: string; text: string }) => d.locale === "es" && d.text.includes("pronóstico"),
      ),
    ).toBe(true);

    const search = await call("POST", "/_content", { path: "/previews/en", search: "Arsenal" });
    expect(search.body.total).toBe(2);

    const ordered = await call("POST", "/_content", {
      path: "/previews/en",
      sortBy: [{ field: "kickoff" }, { field: "fixtureId" }],
      only: ["slug"],
    });
    expect(ordered.body.data).toHaveLength(10);
    const middle = ordered.body.data[8].slug;
    const around = await call("POST", "/_content", {
      path: "/previews/en",
      sortBy: [{ field: "kickoff" }, { field: "fixtureId" }],
      only: ["slug"],
      surround: { slug: middle, before: 1, after: 3 },
    });
    expect(around.status).toBe(200);
    expect(around.body.data).toEqual([
      { slug: ordered.body.data[7].slug },
      { slug: ordered.body.data[9].slug },
      null,
      null,
    ]);

    const bad: Array<[unknown, RegExp]> = [
      [{ where: { nope: 1 } }, /where/],
      [{ where: { kickoff: { $near: 1 } } }, /\$near/],
      [{ where: { kickoff: { $gt: "yesterday" } } }, /ISO date/],
      [{ where: { fixtureId: { $in: 3 } } }, /list/],
      [{ where: { title: { $regex: "(" } } }, /regular expression/],
      [{ limit: 1000 }, /limit/],
      [{ skip: -1 }, /skip/],
      [{ sortBy: [{ field: "body" }] }, /sortBy/],
      [{ only: ["password"] }, /only/],
      [{ deep: "yes" }, /deep/],
      [{ surprise: true }, /request|surprise|Unrecognized/i],
      [{ path: "previews" }, /path/],
    ];
    for (const [body, message] of bad) {
      const answer = await call("POST", "/_content", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatch(message);
    }
    const notJson = await call("POST", "/_content", undefined, "{not json");
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/JSON/);
    expect((await call("POST", "/_content", { surround: { slug: "nope" }, path: "/previews/en" })).status).toBe(404);
    // Both calls are in the OpenAPI document, with their schemas.
    const doc = await call("GET", "/openapi.json");
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(["/_content", "/articles/preview/{id}/similars"]),
    );
    expect(doc.body.components.schemas.ContentQuery.properties.where).toBeDefined();
  });

  it("answer a content query PostgreSQL cannot run with 400 naming the field, never 500", async () => {
    // Each of these reached PostgreSQL before and failed there (500): dates JavaScript reads loosely,
    // whole numbers past the integer columns, JavaScript regular expressions PostgreSQL does not take, NUL bytes.
    const bad: Array<[unknown, string, RegExp]> = [
      [{ where: { kickoff: { $gt: "2026" } } }, "previews.errors.isoDate", /where\.kickoff/],
      [{ where: { kickoff: "1" } }, "previews.errors.isoDate", /where\.kickoff/],
      [{ where: { kickoff: { $lt: "March 7, 2026" } } }, "previews.errors.isoDate", /where\.kickoff/],
      [{ where: { writtenAt: { $gte: "2026-02-30" } } }, "previews.errors.isoDate", /where\.writtenAt/],
      [{ where: { createdAt: { $lte: "2026-11-24T25:00:00Z" } } }, "previews.errors.isoDate", /where\.createdAt/],
      [
        { where: { kickoff: { $in: ["2026-11-24", "+275760-09-13T00:00:00Z"] } } },
        "previews.errors.isoDate",
        /where\.kickoff/,
      ],
      [{ where: { kickoff: 1700000000000 } }, "previews.errors.isoDate", /where\.kickoff/],
      [{ where: { fixtureId: 99999999999 } }, "previews.errors.wholeNumber", /where\.fixtureId/],
      [{ where: { fixtureId: { $gt: "2147483648" } } }, "previews.errors.wholeNumber", /where\.fixtureId/],
      [{ where: { leagueId: { $in: [1, "1e3"] } } }, "previews.errors.wholeNumber", /where\.leagueId/],
      [{ where: { revision: "" } }, "previews.errors.wholeNumber", /where\.revision/],
      [{ where: { revision: true } }, "previews.errors.wholeNumber", /where\.revision/],
      [{ where: { title: { $regex: "(?<team>Arsenal)" } } }, "previews.errors.regex", /where\.title/],
      [{ where: { title: { $regex: "a{1,1000}" } } }, "previews.errors.regex", /where\.title/],
      [{ where: { slug: { $regex: "\\Qx\\E" } } }, "previews.errors.regex", /where\.slug/],
      [{ where: { league: { $regex: "\\u12" } } }, "previews.errors.regex", /where\.league/],
      [{ where: { homeTeam: { $regex: "[[:nope:]]" } } }, "previews.errors.regex", /where\.homeTeam/],
      [{ where: { title: { $regex: "x".repeat(201) } } }, "previews.errors.regex", /where\.title/],
      // The API's one input rule refuses a NUL anywhere in a body before the content query sees it.
      [{ where: { title: "Ars\u0000enal" } }, "apiErrors.validation.nul", /where\.title/],
      [{ where: { slug: { $contains: "\u0000" } } }, "apiErrors.validation.nul", /where\.slug/],
      [{ search: "Arsenal\u0000" }, "apiErrors.validation.nul", /search/],
      [{ surround: { slug: "a\u0000b" } }, "apiErrors.validation.nul", /surround\.slug/],
      [{ path: "/previews/\u0000" }, "apiErrors.validation.nul", /path/],
    ];
    for (const [body, code, field] of bad) {
      const answer = await call("POST", "/_content", { path: "/previews", deep: true, ...(body as object) });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
      expect(answer.body.error, JSON.stringify(body)).toMatch(field);
    }
    // Their well-formed neighbours run.
    const good: unknown[] = [
      { where: { kickoff: { $gt: "2025-10-16" } } },
      { where: { kickoff: { $gt: "2025-10-16T12:00:00+02:00", $lt: "2026-02-28 18:30" } } },
      { where: { fixtureId: { $gt: "0", $lte: 2147483647 }, leagueId: { $in: [1, "2"] }, revision: { $gte: -5 } } },
      { where: { title: { $regex: "^(arsenal|chelsea)\\M" } } },
      { where: { title: { $regex: "a{1,255}" } } },
    ];
    for (const body of good) {
      const answer = await call("POST", "/_content", { path: "/previews", deep: true, ...(body as object) });
      expect(answer.status, `${JSON.stringify(body)} ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it("bound the cost of a content search: few words, single letters ignored, a rate limit per address", async () => {
    const all = await call("POST", "/_content", { path: "/previews", deep: true, limit: 1 });
    expect(all.body.total).toBe(50);
    // "a b c d e f g h": single letters occur in every article; they are ignored rather than scanned for.
    const letters = await call("POST", "/_content", {
      path: "/previews",
      deep: true,
      search: "a b c d e f g h",
      limit: 1,
    });
    expect(letters.status).toBe(200);
    expect(letters.body.total).toBe(50);
    expect(letters.body.data).toHaveLength(1);
    // At most five words count; a sixth is refused, naming the field.
    const five = await call("POST", "/_content", {
      path: "/previews",
      deep: true,
      search: "arsenal the of and in",
      limit: 1,
    });
    expect(five.status).toBe(200);
    const six = await call("POST", "/_content", {
      path: "/previews",
      deep: true,
      search: "arsenal the of and in to",
      limit: 1,
    });
    expect(six.status).toBe(400);
    expect(six.body.code).toBe("previews.errors.searchWords");
    expect(six.body.error).toMatch(/search/);
    // Repeated words count once; the total of a page past the end is still right.
    expect(
      (
        await call("POST", "/_content", {
          path: "/previews",
          deep: true,
          search: "arsenal ARSENAL arsenal arsenal arsenal arsenal",
        })
      ).body.total,
    ).toBe((await call("POST", "/_content", { path: "/previews", deep: true, search: "arsenal" })).body.total);
    // Accents and case fold as before: "PRONOSTICO" finds the Spanish "pronóstico".
    const folded = await call("POST", "/_content", { path: "/previews/es", search: "PRONOSTICO" });
    expect(folded.body.total).toBeGreaterThan(0);
    expect(folded.body.total).toBe(
      (await call("POST", "/_content", { path: "/previews/es", search: "pronóstico" })).body.total,
    );
    // Regular-expression syntax in a search word is literal text.
    expect(
      (await call("POST", "/_content", { path: "/previews", deep: true, search: "a.* (b|c) [x" })).body.total,
    ).toBe(0);
    const past = await call("POST", "/_content", { path: "/previews", deep: true, skip: 500 });
    expect(past.body).toMatchObject({ total: 50, data: [] });

    // One address: RATE_LIMITS.content.hits queries a minute, then 429 with Retry-After.
    const { RATE_LIMITS } = await import("../../src/domain/accounts/rules.ts");
    const from = (ip: string) =>
      api.request("/_content", {
        method: "POST",
        headers: { "content-type": "application/json", "x-test-client-ip": ip },
        body: JSON.stringify({ path: "/previews", deep: true, search: "arsenal", limit: 1 }),
      });
    for (let i = 0; i < RATE_LIMITS.content.hits; i++) expect((await from("10.77.0.1")).status).toBe(200);
    const refused = await from("10.77.0.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { code: string }).code).toBe("limits.retryAfter");
    // Another address is not affected.
    expect((await from("10.77.0.2")).status).toBe(200);
  });

  it("are written for a fixture a user follows, whatever its league", async () => {
    // A Championship round two days ahead: not a preview league, so no preview until someone follows a match.
    const day = new Date(clock.now().getTime() + 2 * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, "0")}/${String(day.getUTCMonth() + 1).padStart(2, "0")}/${day.getUTCFullYear()}`;
    const rows = [
      mainRow(date, "19:45", "Leicester", "Norwich", "1-0", "0-0"),
      mainRow(date, "19:45", "Derby", "Stoke", "2-2", "1-1"),
    ].map((r) => r.replace(/^E0,/, "E1,"));
    await importFile(db.pool, source("E1.csv", [MAIN_HEADER, ...rows]));
    const ids = (
      await db.pool.query<{ id: number }>(
        "SELECT f.id FROM fixtures f JOIN leagues l ON l.id = f.league_id WHERE l.source_key = 'E1' ORDER BY f.id",
      )
    ).rows.map((r) => r.id);
    await services.previews.writeDue();
    const count = async (id: number) =>
      (await db.pool.query("SELECT 1 FROM match_previews WHERE fixture_id = $1", [id])).rowCount;
    expect(await count(ids[0]!)).toBe(0);
    const user = (
      await db.pool.query<{ id: number }>(
        "INSERT INTO users (email, newsletter_key) VALUES ('fan@example.com', 'k') RETURNING id",
      )
    ).rows[0]!.id;
    await db.pool.query("INSERT INTO favourite_matches (user_id, fixture_id, timestamp) VALUES ($1, $2, now())", [
      user,
      ids[0],
    ]);
    await services.previews.writeDue();
    expect(await count(ids[0]!)).toBe(5);
    expect(await count(ids[1]!)).toBe(0);
    const it = (
      await db.pool.query<{ body: string }>("SELECT body FROM match_previews WHERE fixture_id = $1 AND locale = 'it'", [
        ids[0],
      ])
    ).rows[0]!.body;
    expect(it).toContain("Leicester – Norwich");
    expect(it).toContain("Championship (Inghilterra)");
  });
});
