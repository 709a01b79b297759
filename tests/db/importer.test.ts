import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { readSource } from "../../src/data/csv-source.ts";
import { EXTRA_HEADER, MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.drop());

const count = async (table: string) => Number((await db.pool.query(`SELECT count(*) FROM ${table}`)).rows[0].count);

const season = [
  MAIN_HEADER,
  mainRow("15/08/2025", "20:00", "Liverpool", "Bournemouth", "4-2", "1-0"),
  mainRow("16/08/2025", "12:30", "Aston Villa", "Newcastle", "0-0", "0-0"),
  mainRow("16/08/2025", "15:00", "Brighton", "Fulham", "1-1", "0-0"),
];

describe("football-data importer", () => {
  it("imports a main-division file with teams, statistics and odds", async () => {
    const result = await importFile(db.pool, source("E0.csv", season));
    expect(result).toMatchObject({ rows: 3, added: 3, updated: 0, skipped: 0, problems: [] });
    expect(await count("fixtures")).toBe(3);
    expect(await count("teams")).toBe(6);
    expect(await count("fixture_stats")).toBe(6);
    expect(await count("odds")).toBe(21);
    const row = (
      await db.pool.query(
        `SELECT f.ft_home, f.ht_home, f.kickoff, l.name AS league, c.name AS country, l.tier
           FROM fixtures f JOIN leagues l ON l.id = f.league_id JOIN countries c ON c.id = l.country_id
          WHERE f.source_key = 'E0|2025-08-15|Liverpool|Bournemouth'`,
      )
    ).rows[0];
    expect(row).toMatchObject({ ft_home: 4, ht_home: 1, league: "Premier League", country: "England", tier: 1 });
    expect(row.kickoff.toISOString()).toBe("2025-08-15T19:00:00.000Z");
  });

  it("changes nothing when the same file is imported again, and keeps the ids", async () => {
    const before = (await db.pool.query("SELECT id, source_key FROM fixtures ORDER BY id")).rows;
    const result = await importFile(db.pool, source("E0.csv", season));
    expect(result).toMatchObject({ added: 0, updated: 0, unchanged: 3, rejected: 0, skipped: 3 });
    expect((await db.pool.query("SELECT id, source_key FROM fixtures ORDER BY id")).rows).toEqual(before);
    expect(await count("odds")).toBe(21);
  });

  it("updates a corrected row in place", async () => {
    const corrected = [...season];
    corrected[3] = mainRow("16/08/2025", "15:00", "Brighton", "Fulham", "2-1", "0-0");
    const result = await importFile(db.pool, source("E0.csv", corrected));
    expect(result).toMatchObject({ added: 0, updated: 1, unchanged: 2, rejected: 0, skipped: 2 });
    const { rows } = await db.pool.query(
      "SELECT ft_home FROM fixtures WHERE source_key LIKE 'E0|2025-08-16|Brighton%'",
    );
    expect(rows[0].ft_home).toBe(2);
  });

  it("reports a malformed row with its file and line, and imports the rest", async () => {
    const result = await importFile(
      db.pool,
      source("E0-bad.csv", [
        MAIN_HEADER,
        mainRow("23/08/2025", "15:00", "Arsenal", "Leeds", "5-0", "2-0"),
        mainRow("23/08/2025", "15:00", "Chelsea", "Fulham", "2-0", "3-0"),
        mainRow("31/02/2025", "15:00", "Everton", "Wolves", "1-0", "0-0"),
        mainRow("24/08/2025", "14:00", "Man United", "Burnley", "3-2", "1-1"),
      ]),
    );
    expect(result.added).toBe(2);
    expect(result).toMatchObject({ unchanged: 0, rejected: 2, skipped: 2 });
    expect(result.problems).toEqual([
      { file: "E0-bad.csv", line: 3, message: "half-time score is above the full-time score" },
      { file: "E0-bad.csv", line: 4, message: 'no such date: "31/02/2025"' },
    ]);
  });

  it("leaves nothing behind when a file fails midway", async () => {
    const fixtures = await count("fixtures");
    const teams = await count("teams");
    // 40000 shots does not fit the statistics column: the database fails after fixtures and teams were written.
    const broken = mainRow("30/08/2025", "15:00", "Newcastle FC", "Leeds United", "1-0", "0-0").replace(
      ",12,9,",
      ",40000,9,",
    );
    await expect(
      importFile(
        db.pool,
        source("E0-broken.csv", [
          MAIN_HEADER,
          mainRow("30/08/2025", "12:30", "Spurs", "Bournemouth", "0-1", "0-0"),
          broken,
        ]),
      ),
    ).rejects.toThrow();
    expect(await count("fixtures")).toBe(fixtures);
    expect(await count("teams")).toBe(teams);
    expect(await count("imported_files")).toBe(2);
  });

  it("refuses a file with broken CSV quoting as a whole", async () => {
    const fixtures = await count("fixtures");
    await expect(
      importFile(
        db.pool,
        source("quoted.csv", [MAIN_HEADER, mainRow("06/09/2025", "15:00", "Q1", "Q2", "1-0", "0-0"), '"E0,06/09/2025']),
      ),
    ).rejects.toThrow(/quote/i);
    expect(await count("fixtures")).toBe(fixtures);
  });

  it("imports the extra-league format with closing odds only", async () => {
    const result = await importFile(
      db.pool,
      source("SWE.csv", [
        EXTRA_HEADER,
        "Sweden,Allsvenskan,2026,31/03/2026,17:00,AIK,Hammarby,2,1,H,2.4,3.3,2.9,2.5,3.4,3.0,2.35,3.25,2.85",
        "Sweden ,Allsvenskan ,2026,01/04/2026,17:00,Malmo FF,AIK,0,0,D,1.8,3.6,4.5,1.9,3.7,4.8,1.75,3.5,4.3",
      ]),
    );
    expect(result).toMatchObject({ added: 2, skipped: 0 });
    const { rows } = await db.pool.query(
      "SELECT DISTINCT l.source_key, l.name FROM fixtures f JOIN leagues l ON l.id = f.league_id WHERE l.source_key LIKE 'SWE%'",
    );
    expect(rows).toEqual([{ source_key: "SWE:Allsvenskan", name: "Allsvenskan" }]);
    expect(await count("teams")).toBeGreaterThanOrEqual(3);
  });

  it("imports football-data's upcoming-fixtures file, without results", async () => {
    const result = await importFile(db.pool, await readSource("tests/fixtures/upcoming-fixtures.csv"));
    expect(result.added).toBe(12);
    const { rows } = await db.pool.query(
      "SELECT count(*)::int AS n FROM fixtures f JOIN leagues l ON l.id = f.league_id WHERE l.source_key IN ('B1', 'SP2') AND f.ft_home IS NULL",
    );
    expect(rows[0].n).toBe(12);
  });
});
