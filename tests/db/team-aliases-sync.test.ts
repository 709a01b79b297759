import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSource } from "../../src/data/csv-source.ts";
import { importFile } from "../../src/data/importer.ts";
import type { Standin } from "../../src/data/standin/server.ts";
import { listeningStandin } from "../support/standin.ts";
import { createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

/**
 * Team names in real mode's sync, against the stand-in: the Premier League and the Bundesliga have last season
 * stored (as the bundled history gives them), so a name the stand-in renames is no longer a new league's team.
 * A renamed team is reported and its rows wait, with no new team made; the operator's alias brings them onto the
 * stored team on the next cycle with nothing doubled; an accent or affix variant matches without an alias.
 */

const FRIDAY = "2026-11-27T13:00:00Z";
const MONDAY = "2026-11-30T13:00:00Z";
let db: TestDatabase;
let standin: Standin;
const clock = fixedClock(FRIDAY);
let services: ReturnType<typeof createServices>;

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.pool.query<{ n: number }>(sql, params)).rows[0]!.n);
const teams = () => count("SELECT count(*)::int AS n FROM teams");
const fixtures = () => count("SELECT count(*)::int AS n FROM fixtures");
const doubled = () =>
  count(
    "SELECT count(*)::int AS n FROM (SELECT 1 FROM fixtures GROUP BY league_id, home_team_id, away_team_id, kickoff HAVING count(*) > 1) d",
  );

beforeAll(async () => {
  db = await createTestDatabase();
  for (const div of ["E0", "D1"])
    await importFile(db.pool, await readSource(`datasets/football-data/2025-2026/${div}.csv.gz`));
  const listening = await listeningStandin(FRIDAY);
  standin = listening.standin;
  const files = listening.files;
  services = createServices(
    { pool: db.pool, clock, sources: { footballData: { files, everyMs: 15 * 60_000 } } },
    { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => standin?.server.close(() => resolve()));
  await db?.drop();
});

describe("team names in the football-data sync", () => {
  let weekend: { id: number; home: string };
  /** the renamed team's coming matches of the fixtures file, left out while its name matched nothing */
  let waitingUpcoming = 0;

  it("takes the new leagues' teams as they come and matches the stored ones by name", async () => {
    const stored = await count("SELECT coalesce(max(id), 0)::int AS n FROM teams");
    const report = await services.footballData!.cycle();
    expect(report.errors).toEqual([]);
    expect(report.unmatchedTeams).toEqual([]);
    expect(report.added).toBeGreaterThan(1000);
    // The new leagues brought their teams; the Premier League's this season are all the stored ones.
    expect(await count("SELECT count(*)::int AS n FROM teams WHERE id > $1", [stored])).toBeGreaterThan(100);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM fixtures f JOIN leagues l ON l.id = f.league_id
          WHERE l.source_key = 'E0' AND f.kickoff > '2026-07-01' AND greatest(f.home_team_id, f.away_team_id) > $1`,
        [stored],
      ),
    ).toBe(0);
    const { rows } = await db.pool.query<{ id: number; home: string }>(
      `SELECT f.id, h.name AS home FROM fixtures f JOIN leagues l ON l.id = f.league_id
         JOIN teams h ON h.id = f.home_team_id
        WHERE l.source_key = 'E0' AND f.kickoff > $1 AND f.kickoff < $2 ORDER BY f.kickoff, f.id LIMIT 1`,
      [FRIDAY, new Date(Date.parse(MONDAY) - 3 * 3_600_000)],
    );
    weekend = rows[0]!;
    expect(weekend).toBeDefined();
  });

  it("reports a renamed team and leaves its rows out, with no new team, cycle after cycle", async () => {
    const renamed = `${weekend.home} Town`;
    standin.rename(weekend.home, renamed);
    clock.set(MONDAY);
    standin.setNow(Date.parse(MONDAY));
    const teamsBefore = await teams();
    const report = await services.footballData!.cycle();
    expect(report.errors).toEqual([]);
    waitingUpcoming = report.unmatchedTeams.find((u) => u.file === "/fixtures.csv")?.rows ?? 0;
    const results = report.unmatchedTeams.find((u) => u.file === "/mmz4281/2627/E0.csv");
    expect(results).toMatchObject({ country: "England", name: renamed });
    expect(results!.rows).toBeGreaterThan(5);
    expect(report.unmatchedTeams.every((u) => u.name === renamed)).toBe(true);
    expect(await count("SELECT count(*)::int AS n FROM teams WHERE name = $1", [renamed])).toBe(0);
    expect(await teams()).toBe(teamsBefore);
    // The weekend's match of the renamed team waits without its score.
    expect(await count("SELECT count(*)::int AS n FROM fixtures WHERE id = $1 AND ft_home IS NULL", [weekend.id])).toBe(
      1,
    );
    const health = await services.health.report();
    expect(health.sources?.footballData.unmatchedTeams).toEqual(report.unmatchedTeams);
    // The file is not remembered as read: the next cycle downloads it again rather than asking for a 304.
    const state = await services.footballData!.state();
    expect(state.validators["/mmz4281/2627/E0.csv"]).toBeUndefined();
    const downloads = standin.hits.get("/mmz4281/2627/E0.csv")!.ok;
    const again = await services.footballData!.cycle();
    expect(standin.hits.get("/mmz4281/2627/E0.csv")!.ok).toBe(downloads + 1);
    expect(again.unmatchedTeams).toEqual(report.unmatchedTeams);
    expect(await teams()).toBe(teamsBefore);
  });

  it("imports the waiting rows onto the stored team once the operator adds the alias, nothing doubled", async () => {
    const renamed = `${weekend.home} Town`;
    const added = await services.teamAliases.add({ country: "England", alias: renamed, team: weekend.home });
    expect(added).toMatchObject({ ok: true, alias: { country: "England", alias: renamed, team: weekend.home } });
    const ofTeam = () =>
      count(
        `SELECT count(*)::int AS n FROM fixtures f JOIN teams t ON t.id IN (f.home_team_id, f.away_team_id)
          WHERE t.name = $1`,
        [weekend.home],
      );
    const [teamsBefore, fixturesBefore, ofTeamBefore] = [await teams(), await fixtures(), await ofTeam()];
    const report = await services.footballData!.cycle();
    expect(report.errors).toEqual([]);
    expect(report.unmatchedTeams).toEqual([]);
    // The only new fixtures are the team's coming matches first listed while its name matched nothing.
    expect(report.added).toBeLessThanOrEqual(waitingUpcoming);
    expect(await ofTeam()).toBe(ofTeamBefore + report.added);
    expect(report.updated).toBeGreaterThan(0);
    expect(await teams()).toBe(teamsBefore);
    expect(await fixtures()).toBe(fixturesBefore + report.added);
    expect(await doubled()).toBe(0);
    expect(
      await count("SELECT count(*)::int AS n FROM fixtures WHERE id = $1 AND ft_home IS NOT NULL", [weekend.id]),
    ).toBe(1);
    const state = await services.footballData!.state();
    expect(state.unmatchedTeams).toEqual([]);
    expect(state.validators["/mmz4281/2627/E0.csv"]).toBeDefined();
  });

  it("matches an accent or affix variant by its normalised name, without an alias", async () => {
    standin.rename("Bournemouth", "AFC Bournemouth");
    standin.rename("FC Koln", "Köln");
    const [teamsBefore, fixturesBefore] = [await teams(), await fixtures()];
    const report = await services.footballData!.cycle();
    expect(report.errors).toEqual([]);
    expect(report.imported).toBeGreaterThan(0);
    expect(report.unmatchedTeams).toEqual([]);
    expect(report.added).toBe(0);
    expect(await teams()).toBe(teamsBefore);
    expect(await fixtures()).toBe(fixturesBefore);
    expect(await count("SELECT count(*)::int AS n FROM teams WHERE name IN ('AFC Bournemouth', 'Köln')")).toBe(0);
  });

  it("refuses the operator's wrong input with a reason", async () => {
    const aliases = services.teamAliases;
    expect(await aliases.add({ country: "Atlantis", alias: "X", team: "Y" })).toMatchObject({
      reason: "unknown-country",
    });
    expect(await aliases.add({ country: "England", alias: "X", team: "Nobody United" })).toMatchObject({
      reason: "unknown-team",
    });
    expect(
      await aliases.add({ country: "England", alias: `${weekend.home.toUpperCase()} TOWN`, team: "Arsenal" }),
    ).toMatchObject({ reason: "alias-used", team: weekend.home });
    expect(await aliases.add({ country: "England", alias: "Chelsea", team: "Arsenal" })).toMatchObject({
      reason: "alias-is-a-team",
    });
    expect(await aliases.add({ country: "England", alias: " - ", team: "Arsenal" })).toMatchObject({
      reason: "empty-name",
    });
    expect(await aliases.remove({ country: "England", alias: "Never Added" })).toMatchObject({
      reason: "unknown-alias",
    });
    expect(await aliases.newTeam({ country: "England", name: "Arsenal" })).toMatchObject({ reason: "team-exists" });
    const listed = await aliases.list({ country: "eng" });
    expect(listed.ok && listed.aliases.map((a) => a.team)).toEqual([weekend.home]);
  });

  it("accepts a new team and removes an alias on the operator's word", async () => {
    const aliases = services.teamAliases;
    const made = await aliases.newTeam({ country: "England", name: "Arsenal FC" });
    expect(made).toMatchObject({ ok: true, sameNormalised: ["Arsenal"] });
    expect(await count("SELECT count(*)::int AS n FROM teams WHERE name = 'Arsenal FC'")).toBe(1);
    expect(await aliases.remove({ country: "England", alias: `${weekend.home} town` })).toEqual({ ok: true });
    expect(await aliases.list({})).toEqual({ ok: true, aliases: [] });
  });
});
