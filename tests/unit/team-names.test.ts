import { describe, expect, it } from "vitest";
import { readHeader, readRow } from "../../src/domain/football-data/record.ts";
import { normaliseTeamName, teamMatcher } from "../../src/domain/football-data/team-names.ts";
import { type CountryTeams, resolveRecordTeams } from "../../src/domain/football-data/team-resolution.ts";
import { MAIN_HEADER, mainRow } from "../support/csv.ts";

describe("normaliseTeamName", () => {
  it("drops case, accents, punctuation and the words that only say 'club'", () => {
    expect(normaliseTeamName("FC Köln")).toBe("koln");
    expect(normaliseTeamName("Koln")).toBe("koln");
    expect(normaliseTeamName("Bodø/Glimt")).toBe("bodo glimt");
    expect(normaliseTeamName("Bodo Glimt")).toBe("bodo glimt");
    expect(normaliseTeamName("AFC Bournemouth")).toBe("bournemouth");
    expect(normaliseTeamName("St. Pauli")).toBe(normaliseTeamName("St Pauli"));
    expect(normaliseTeamName("Brighton & Hove Albion")).toBe("brighton and hove albion");
    expect(normaliseTeamName("  Club   Brugge ")).toBe("brugge");
    expect(normaliseTeamName("AC Milan")).toBe(normaliseTeamName("Milan"));
    expect(normaliseTeamName("Atlético Madrid")).toBe("atletico madrid");
  });

  it("removes an affix only as a whole word, and only when something else remains", () => {
    expect(normaliseTeamName("Ascoli")).toBe("ascoli");
    expect(normaliseTeamName("Sociedad")).toBe("sociedad");
    expect(normaliseTeamName("FC")).toBe("fc");
    expect(normaliseTeamName("AC Club")).toBe("ac club");
  });

  it("does not guess: other spellings stay apart", () => {
    expect(normaliseTeamName("Nott'm Forest")).not.toBe(normaliseTeamName("Nottingham Forest"));
    expect(normaliseTeamName("Sporting CP")).not.toBe(normaliseTeamName("Sporting"));
    expect(normaliseTeamName("Ham-Kam")).not.toBe(normaliseTeamName("HamKam"));
    expect(normaliseTeamName("1. FC Köln")).not.toBe(normaliseTeamName("Koln"));
  });
});

describe("teamMatcher", () => {
  const england = [
    { id: 1, name: "Nott'm Forest" },
    { id: 2, name: "Man United" },
    { id: 3, name: "Man City" },
    { id: 4, name: "Bournemouth" },
  ];
  const aliases = [
    { alias: normaliseTeamName("Nottingham Forest"), teamId: 1 },
    { alias: normaliseTeamName("Manchester United"), teamId: 2 },
  ];

  it("matches the exact name, then an alias, then a normalised name", () => {
    const match = teamMatcher(england, aliases);
    expect(match("Nott'm Forest")).toEqual({ teamId: 1, by: "name" });
    expect(match("Nottingham Forest")).toEqual({ teamId: 1, by: "alias" });
    expect(match("NOTTINGHAM FOREST FC")).toEqual({ teamId: 1, by: "alias" });
    expect(match("Manchester United")).toEqual({ teamId: 2, by: "alias" });
    expect(match("AFC Bournemouth")).toEqual({ teamId: 4, by: "normalised" });
  });

  it("matches nothing without a rule: an alias is needed", () => {
    const match = teamMatcher(england, []);
    expect(match("Nottingham Forest")).toBeNull();
    expect(match("Man Utd")).toBeNull();
    expect(match("Manchester City")).toBeNull();
    expect(teamMatcher([{ id: 7, name: "Sporting" }], [])("Sporting CP")).toBeNull();
  });

  it("matches the accent and affix variants of one team of the country", () => {
    expect(teamMatcher([{ id: 8, name: "Koln" }], [])("FC Köln")).toEqual({ teamId: 8, by: "normalised" });
    expect(teamMatcher([{ id: 9, name: "Bodo/Glimt" }], [])("Bodø/Glimt")).toEqual({ teamId: 9, by: "normalised" });
  });

  it("leaves a normalised name two teams share unmatched, while their exact names still match", () => {
    const match = teamMatcher(
      [
        { id: 10, name: "Sporting" },
        { id: 11, name: "Sporting FC" },
      ],
      [],
    );
    expect(match("FC Sporting")).toBeNull();
    expect(match("Sporting FC")).toEqual({ teamId: 11, by: "name" });
  });
});

describe("resolveRecordTeams", () => {
  const layout = readHeader(MAIN_HEADER.split(","));
  const row = (home: string, away: string, date = "28/11/2026") =>
    readRow(mainRow(date, "15:00", home, away, "1-0", "0-0").split(","), layout);
  const code = row("Man City", "Bournemouth").countryCode;
  const teams = new Map<string, CountryTeams>([
    [
      code,
      {
        teams: [
          { id: 1, name: "Nott'm Forest" },
          { id: 3, name: "Man City" },
          { id: 4, name: "Bournemouth" },
        ],
        aliases: [{ alias: normaliseTeamName("Nottingham Forest"), teamId: 1 }],
      },
    ],
  ]);

  it("writes matched rows under the stored names, so that their keys are the stored fixtures'", () => {
    const stored = row("Nott'm Forest", "Bournemouth");
    const result = resolveRecordTeams([row("Nottingham Forest", "AFC Bournemouth")], teams, new Set());
    expect(result.unmatched).toEqual([]);
    expect(result.records[0]).toEqual(stored);
  });

  it("leaves out and reports the rows of a name no rule matches, once per name with its rows", () => {
    const records = [
      row("Brand New", "Man City"),
      row("Bournemouth", "Brand New", "06/12/2026"),
      row("Man City", "Bournemouth"),
    ];
    const result = resolveRecordTeams(records, teams, new Set());
    expect(result.records.map((r) => r.homeTeam)).toEqual(["Man City"]);
    expect(result.skippedRows).toBe(2);
    expect(result.unmatched).toEqual([
      { country: "England", league: records[0]!.leagueName, name: "Brand New", rows: 2 },
    ]);
  });

  it("takes an unmatched name as a new team in a league new to the database", () => {
    const record = row("Brand New", "Man City");
    const result = resolveRecordTeams([record], teams, new Set([record.leagueKey]));
    expect(result.unmatched).toEqual([]);
    expect(result.records).toEqual([record]);
  });

  it("reports a row whose two names come to one team", () => {
    const result = resolveRecordTeams([row("Nottingham Forest", "Nott'm Forest")], teams, new Set());
    expect(result.records).toEqual([]);
    expect(result.unmatched.map((u) => u.name)).toEqual(["Nottingham Forest", "Nott'm Forest"]);
  });
});
