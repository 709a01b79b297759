import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAVOURITE_MATCH_TTL_MS, MAX_TEAM_GROUPS } from "../../src/domain/accounts/rules.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { action as pageAction, loader as pageLoader } from "../../src/web/routes/favourites.tsx";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
const START = "2026-03-01T12:00:00Z";
const clock = fixedClock(START);
let ipCounter = 0;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are checked field by field
  body: any;
}

async function call(method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
  const response = await api.request(path, {
    method,
    headers: {
      "content-type": "application/json",
      "x-test-client-ip": `10.1.0.${++ipCounter % 250}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A verified account, signed in through the API; its bearer token. */
async function signIn(email: string): Promise<string> {
  const password = "correct horse battery";
  await services.accounts.register(
    { firstName: "Fan", lastName: "Test", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: `10.2.0.${++ipCounter % 250}` },
  );
  await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = $1", [email]);
  const login = await call("POST", "/auth/login", null, { email, password });
  expect(login.status).toBe(200);
  return login.body.data.token;
}

/** Two leagues, four teams, fixtures around the test's "now" (1 March 2026, 12:00 UTC). */
const ids = {
  arsenal: 0,
  chelsea: 0,
  leeds: 0,
  burnley: 0,
  premier: 0,
  championship: 0,
  today: 0,
  tomorrow: 0,
  old: 0,
  yesterday: 0,
};
const KICKOFF = {
  today: "2026-03-01T15:00:00Z",
  tomorrow: "2026-03-02T15:00:00Z",
  old: "2026-02-27T12:00:00Z",
  yesterday: "2026-02-28T18:00:00Z",
};

async function seed() {
  const one = async (sql: string, params: unknown[]) => (await db.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  const country = await one("INSERT INTO countries (code, name) VALUES ('ENG', 'England') RETURNING id", []);
  ids.premier = await one(
    "INSERT INTO leagues (source_key, country_id, name, tier) VALUES ('E0', $1, 'Premier League', 1) RETURNING id",
    [country],
  );
  ids.championship = await one(
    "INSERT INTO leagues (source_key, country_id, name, tier) VALUES ('E1', $1, 'Championship', 2) RETURNING id",
    [country],
  );
  const s0 = await one("INSERT INTO seasons (league_id, name) VALUES ($1, '2025-2026') RETURNING id", [ids.premier]);
  const s1 = await one("INSERT INTO seasons (league_id, name) VALUES ($1, '2025-2026') RETURNING id", [
    ids.championship,
  ]);
  for (const [key, name] of [
    ["arsenal", "Arsenal"],
    ["chelsea", "Chelsea"],
    ["leeds", "Leeds"],
    ["burnley", "Burnley"],
  ] as const) {
    ids[key] = await one("INSERT INTO teams (country_id, name) VALUES ($1, $2) RETURNING id", [country, name]);
  }
  const fixture = (key: string, league: number, season: number, home: number, away: number, kickoff: string) =>
    one(
      `INSERT INTO fixtures (source_key, league_id, season_id, home_team_id, away_team_id, source_kickoff, kickoff, has_kickoff_time)
       VALUES ($1, $2, $3, $4, $5, $6, $6, true) RETURNING id`,
      [key, league, season, home, away, kickoff],
    );
  ids.today = await fixture("f-today", ids.premier, s0, ids.arsenal, ids.chelsea, KICKOFF.today);
  ids.tomorrow = await fixture("f-tomorrow", ids.championship, s1, ids.leeds, ids.burnley, KICKOFF.tomorrow);
  ids.old = await fixture("f-old", ids.premier, s0, ids.chelsea, ids.arsenal, KICKOFF.old);
  ids.yesterday = await fixture("f-yesterday", ids.championship, s1, ids.burnley, ids.leeds, KICKOFF.yesterday);
}

let ada: string;
let bob: string;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
  await seed();
  ada = await signIn("ada@example.com");
  bob = await signIn("bob@example.com");
});
afterAll(async () => db.drop());

const count = async (sql: string, params: unknown[] = []) =>
  (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;

describe("visitors", () => {
  it("get 401 from every favourites endpoint, whatever the input", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/favourites"],
      ["GET", "/favourites/teamgroups"],
      ["PUT", "/favourites/teamgroups", { name: "x" }],
      ["POST", "/favourites/teamgroups", { id: 1, name: "x" }],
      ["DELETE", "/favourites/teamgroups/1"],
      ["DELETE", "/favourites/teamgroups/1/teams/1"],
      ["PUT", "/favourites/teamgroups/teams", { team: { id: "bad" } }],
      ["GET", "/favourites/teams"],
      ["DELETE", "/favourites/teams/1"],
      ["GET", "/favourites/leagues"],
      ["PUT", "/favourites/leagues", { league: { id: 1 } }],
      ["DELETE", "/favourites/leagues/1"],
      ["GET", "/favourites/matches"],
      ["PUT", "/favourites/matches", { fixtureId: 1 }],
      ["DELETE", "/favourites/matches/1"],
      ["POST", "/favourites/merge", {}],
      ["POST", "/favourites/reset"],
    ];
    for (const [method, path, body] of calls) {
      const answer = await call(method, path, null, body);
      expect([method, path, answer.status]).toEqual([method, path, 401]);
    }
  });
});

describe("favourite teams and the generic group", () => {
  it("adds a team without a group to the flat list, which is the generic group", async () => {
    expect((await call("GET", "/favourites/teamgroups", ada)).body.data).toEqual([]);
    const added = await call("PUT", "/favourites/teamgroups/teams", ada, { team: { id: ids.arsenal } });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      generic: true,
      name: "generic",
      teams: [{ id: ids.arsenal, name: "Arsenal", country: "England" }],
    });
    expect((await call("GET", "/favourites/teams", ada)).body.data).toEqual([
      { id: ids.arsenal, name: "Arsenal", country: "England" },
    ]);
    const groups = (await call("GET", "/favourites/teamgroups", ada)).body.data;
    expect(groups).toHaveLength(1);
    expect(groups[0].generic).toBe(true);
    expect(await count("favourite_team_groups WHERE generic")).toBe(1);
  });

  it("refuses a team already in the group with the SPEC message", async () => {
    const again = await call("PUT", "/favourites/teamgroups/teams", ada, { team: { id: ids.arsenal } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: "Team already present in this group.",
      code: "favourites.errors.teamAlreadyInGroup",
    });
  });

  it("adds a team with a group to that group only", async () => {
    const group = (await call("PUT", "/favourites/teamgroups", ada, { name: "Weekend", description: "Saturday" })).body
      .data;
    expect(group).toMatchObject({ name: "Weekend", description: "Saturday", generic: false, teams: [] });
    const added = await call("PUT", "/favourites/teamgroups/teams", ada, {
      team: { id: ids.chelsea },
      teamGroup: { id: group.id },
    });
    expect(added.body.data.teams.map((t: { id: number }) => t.id)).toEqual([ids.chelsea]);
    expect((await call("GET", "/favourites/teams", ada)).body.data.map((t: { id: number }) => t.id)).toEqual([
      ids.arsenal,
    ]);
    const twice = await call("PUT", "/favourites/teamgroups/teams", ada, {
      team: { id: ids.chelsea },
      teamGroup: { id: group.id },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("Team already present in this group.");
    // The same team may be in the flat list and a named group.
    expect(
      (
        await call("PUT", "/favourites/teamgroups/teams", ada, {
          team: { id: ids.arsenal },
          teamGroup: { id: group.id },
        })
      ).status,
    ).toBe(200);
  });

  it("removing from the generic group removes from the flat list; named groups keep the team", async () => {
    const groups = (await call("GET", "/favourites/teamgroups", ada)).body.data;
    const generic = groups.find((g: { generic: boolean }) => g.generic);
    expect((await call("DELETE", `/favourites/teamgroups/${generic.id}/teams/${ids.arsenal}`, ada)).status).toBe(200);
    expect((await call("GET", "/favourites/teams", ada)).body.data).toEqual([]);
    const weekend = (await call("GET", "/favourites/teamgroups", ada)).body.data.find(
      (g: { name: string }) => g.name === "Weekend",
    );
    expect(weekend.teams.map((t: { id: number }) => t.id)).toContain(ids.arsenal);
    expect((await call("DELETE", `/favourites/teamgroups/${generic.id}/teams/${ids.arsenal}`, ada)).status).toBe(404);
  });

  it("removes a team from the flat list and from a named group", async () => {
    await call("PUT", "/favourites/teamgroups/teams", ada, { team: { id: ids.leeds } });
    expect((await call("DELETE", `/favourites/teams/${ids.leeds}`, ada)).status).toBe(200);
    expect((await call("GET", "/favourites/teams", ada)).body.data).toEqual([]);
    expect((await call("DELETE", `/favourites/teams/${ids.leeds}`, ada)).status).toBe(404);
    const weekend = (await call("GET", "/favourites/teamgroups", ada)).body.data.find(
      (g: { name: string }) => g.name === "Weekend",
    );
    expect((await call("DELETE", `/favourites/teamgroups/${weekend.id}/teams/${ids.chelsea}`, ada)).status).toBe(200);
    const after = (await call("GET", "/favourites/teamgroups", ada)).body.data.find(
      (g: { name: string }) => g.name === "Weekend",
    );
    expect(after.teams.map((t: { id: number }) => t.id)).toEqual([ids.arsenal]);
  });

  it("answers 404 for an unknown team or group and 400 for bad input", async () => {
    const unknownTeam = await call("PUT", "/favourites/teamgroups/teams", ada, { team: { id: 999999 } });
    expect(unknownTeam).toMatchObject({ status: 404, body: { error: "This team does not exist." } });
    expect(
      (await call("PUT", "/favourites/teamgroups/teams", ada, { team: { id: ids.leeds }, teamGroup: { id: 999999 } }))
        .status,
    ).toBe(404);
    const bad = await call("PUT", "/favourites/teamgroups/teams", ada, { team: { id: "arsenal" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("team.id: A valid team id is required.");
    expect((await call("PUT", "/favourites/teamgroups/teams", ada, {})).status).toBe(400);
    expect((await call("DELETE", "/favourites/teamgroups/abc", ada)).status).toBe(400);
    expect((await call("DELETE", "/favourites/teams/-1", ada)).status).toBe(400);
  });
});

describe("team groups", () => {
  it("checks the name and description", async () => {
    expect(await call("PUT", "/favourites/teamgroups", ada, { name: "   " })).toMatchObject({
      status: 400,
      body: { error: "The group name is required." },
    });
    expect(await call("PUT", "/favourites/teamgroups", ada, { name: "x".repeat(51) })).toMatchObject({
      status: 400,
      body: { error: "The group name can have at most 50 characters." },
    });
    expect((await call("PUT", "/favourites/teamgroups", ada, { description: "no name" })).status).toBe(400);
  });

  it("renames a named group; the generic group cannot be renamed or deleted", async () => {
    const groups = (await call("GET", "/favourites/teamgroups", ada)).body.data;
    const weekend = groups.find((g: { name: string }) => g.name === "Weekend");
    const renamed = await call("POST", "/favourites/teamgroups", ada, {
      id: weekend.id,
      name: "Sunday",
      description: "",
    });
    expect(renamed.body.data).toMatchObject({ id: weekend.id, name: "Sunday", description: "" });
    const generic = groups.find((g: { generic: boolean }) => g.generic);
    expect((await call("POST", "/favourites/teamgroups", ada, { id: generic.id, name: "Mine" })).status).toBe(404);
    expect((await call("DELETE", `/favourites/teamgroups/${generic.id}`, ada)).status).toBe(404);
  });

  it("allows at most 10 named groups, with the SPEC message; the generic group does not count", async () => {
    const named = (await call("GET", "/favourites/teamgroups", ada)).body.data.filter(
      (g: { generic: boolean }) => !g.generic,
    ).length;
    for (let i = named; i < MAX_TEAM_GROUPS; i++)
      expect((await call("PUT", "/favourites/teamgroups", ada, { name: `Group ${i}` })).status).toBe(200);
    const refused = await call("PUT", "/favourites/teamgroups", ada, { name: "One too many" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("Maximum number of groups reached, delete one group before adding a new one.");
    const groups = (await call("GET", "/favourites/teamgroups", ada)).body.data;
    expect(groups).toHaveLength(MAX_TEAM_GROUPS + 1);
    const last = groups.at(-1);
    expect((await call("DELETE", `/favourites/teamgroups/${last.id}`, ada)).status).toBe(200);
    expect((await call("DELETE", `/favourites/teamgroups/${last.id}`, ada)).status).toBe(404);
    expect((await call("PUT", "/favourites/teamgroups", ada, { name: "Room again" })).status).toBe(200);
  });

  it("reset keeps only the generic group", async () => {
    await call("PUT", "/favourites/teamgroups/teams", ada, { team: { id: ids.burnley } });
    const reset = await call("POST", "/favourites/reset", ada);
    expect(reset.status).toBe(200);
    expect(reset.body.data.groups.map((g: { generic: boolean }) => g.generic)).toEqual([true]);
    expect(reset.body.data.teams.map((t: { id: number }) => t.id)).toEqual([ids.burnley]);
    expect(
      await count("favourite_team_groups g JOIN users u ON u.id = g.user_id WHERE u.email = 'ada@example.com'"),
    ).toBe(1);
  });
});

describe("favourite leagues", () => {
  it("keeps leagues without duplicates and answers 404 for unknown ones", async () => {
    expect((await call("PUT", "/favourites/leagues", ada, { league: { id: ids.premier } })).status).toBe(200);
    const again = await call("PUT", "/favourites/leagues", ada, { league: { id: ids.premier } });
    expect(again.body.data).toEqual([
      { id: ids.premier, name: "Premier League", country: { id: expect.any(Number), name: "England", code: "ENG" } },
    ]);
    expect((await call("GET", "/favourites/leagues", ada)).body.data).toHaveLength(1);
    expect(await call("PUT", "/favourites/leagues", ada, { league: { id: 999999 } })).toMatchObject({
      status: 404,
      body: { error: "This league does not exist." },
    });
    expect((await call("PUT", "/favourites/leagues", ada, { league: {} })).status).toBe(400);
    expect((await call("PUT", "/favourites/leagues", ada, { league: { id: ids.championship } })).status).toBe(200);
    expect((await call("DELETE", `/favourites/leagues/${ids.championship}`, ada)).status).toBe(200);
    expect((await call("DELETE", `/favourites/leagues/${ids.championship}`, ada)).status).toBe(404);
    expect((await call("GET", "/favourites/leagues", ada)).body.data.map((l: { id: number }) => l.id)).toEqual([
      ids.premier,
    ]);
  });
});

describe("favourite matches", () => {
  it("stores the kick-off as timestamp and drops a match 24 hours after it", async () => {
    const added = await call("PUT", "/favourites/matches", ada, { fixtureId: ids.today });
    expect(added.body.data).toEqual([{ fixtureId: ids.today, timestamp: Date.parse(KICKOFF.today) }]);
    expect((await call("PUT", "/favourites/matches", ada, { fixtureId: ids.yesterday })).status).toBe(200);
    expect((await call("PUT", "/favourites/matches", ada, { fixtureId: ids.today })).body.data).toHaveLength(2);
    const expired = await call("PUT", "/favourites/matches", ada, { fixtureId: ids.old });
    expect(expired).toMatchObject({ status: 400, body: { error: "This match kicked off more than 24 hours ago." } });
    expect(await call("PUT", "/favourites/matches", ada, { fixtureId: 999999 })).toMatchObject({
      status: 404,
      body: { error: "This match does not exist." },
    });
    expect((await call("PUT", "/favourites/matches", ada, { fixtureId: "x" })).status).toBe(400);

    clock.set(new Date(Date.parse(KICKOFF.yesterday) + FAVOURITE_MATCH_TTL_MS - 1));
    expect(
      (await call("GET", "/favourites/matches", ada)).body.data.map((m: { fixtureId: number }) => m.fixtureId),
    ).toEqual([ids.yesterday, ids.today]);
    clock.set(new Date(Date.parse(KICKOFF.yesterday) + FAVOURITE_MATCH_TTL_MS));
    expect(
      (await call("GET", "/favourites/matches", ada)).body.data.map((m: { fixtureId: number }) => m.fixtureId),
    ).toEqual([ids.today]);
    expect(await count("favourite_matches WHERE fixture_id = $1", [ids.yesterday])).toBe(0);
    clock.set(START);
  });

  it("removes a match by path or by body", async () => {
    await call("PUT", "/favourites/matches", ada, { fixtureId: ids.yesterday });
    expect((await call("DELETE", `/favourites/matches/${ids.yesterday}`, ada)).status).toBe(200);
    expect((await call("DELETE", "/favourites/matches", ada, { fixtureId: ids.today })).status).toBe(200);
    expect((await call("GET", "/favourites/matches", ada)).body.data).toEqual([]);
    expect((await call("DELETE", `/favourites/matches/${ids.today}`, ada)).status).toBe(404);
  });
});

describe("merging a visitor's favourites on login", () => {
  it("adds the union without duplicates and skips what does not exist or has expired", async () => {
    const carol = await signIn("carol@example.com");
    const weekend = (await call("PUT", "/favourites/teamgroups", carol, { name: "Weekend" })).body.data;
    await call("PUT", "/favourites/teamgroups/teams", carol, { team: { id: ids.arsenal } });
    await call("PUT", "/favourites/teamgroups/teams", carol, {
      team: { id: ids.leeds },
      teamGroup: { id: weekend.id },
    });
    await call("PUT", "/favourites/leagues", carol, { league: { id: ids.premier } });
    const local = {
      teams: [
        { id: ids.arsenal, name: "Arsenal" },
        { id: ids.chelsea, name: "Chelsea" },
        { id: 999999, name: "Ghost" },
      ],
      groups: [
        { id: 0, name: "generic", description: "", generic: true, teams: [{ id: ids.chelsea, name: "Chelsea" }] },
        {
          id: 1,
          name: "weekend ",
          description: "",
          generic: false,
          teams: [
            { id: ids.leeds, name: "Leeds" },
            { id: ids.burnley, name: "Burnley" },
          ],
        },
        { id: 2, name: "Cup", description: "Nights", generic: false, teams: [{ id: ids.chelsea, name: "Chelsea" }] },
      ],
      leagues: [ids.premier, ids.championship, ids.championship, 999999],
      matches: [
        { fixtureId: ids.today, timestamp: Date.parse(KICKOFF.today) },
        { fixtureId: ids.old, timestamp: Date.parse(KICKOFF.old) },
        { fixtureId: 999999, timestamp: Date.parse(KICKOFF.today) },
      ],
      selectedGroupId: 1,
    };
    const merged = await call("POST", "/favourites/merge", carol, local);
    expect(merged.status).toBe(200);
    const state = merged.body.data.state;
    expect(merged.body.data.skippedGroups).toEqual([]);
    expect(state.teams.map((t: { id: number }) => t.id)).toEqual([ids.arsenal, ids.chelsea]);
    expect(
      state.groups.map((g: { name: string; teams: Array<{ id: number }> }) => [g.name, g.teams.map((t) => t.id)]),
    ).toEqual([
      ["generic", [ids.arsenal, ids.chelsea]],
      ["Weekend", [ids.leeds, ids.burnley]],
      ["Cup", [ids.chelsea]],
    ]);
    expect(state.leagues).toEqual([ids.premier, ids.championship]);
    expect(state.matches).toEqual([{ fixtureId: ids.today, timestamp: Date.parse(KICKOFF.today) }]);

    const before = await Promise.all(
      ["favourite_group_teams", "favourite_team_groups", "favourite_leagues", "favourite_matches"].map((t) => count(t)),
    );
    expect((await call("POST", "/favourites/merge", carol, local)).body.data.state).toEqual(state);
    expect(
      await Promise.all(
        ["favourite_group_teams", "favourite_team_groups", "favourite_leagues", "favourite_matches"].map((t) =>
          count(t),
        ),
      ),
    ).toEqual(before);
  });

  it("respects the group limit", async () => {
    const dan = await signIn("dan@example.com");
    for (let i = 0; i < MAX_TEAM_GROUPS - 1; i++)
      await call("PUT", "/favourites/teamgroups", dan, { name: `Mine ${i}` });
    const local = {
      groups: ["New 1", "New 2", "New 3"].map((name, i) => ({
        id: i + 1,
        name,
        description: "",
        generic: false,
        teams: [],
      })),
    };
    const merged = await call("POST", "/favourites/merge", dan, local);
    expect(merged.body.data.skippedGroups).toEqual(["New 2", "New 3"]);
    expect(merged.body.data.state.groups.filter((g: { generic: boolean }) => !g.generic)).toHaveLength(MAX_TEAM_GROUPS);
  });

  it("refuses a malformed copy", async () => {
    const notAList = await call("POST", "/favourites/merge", ada, { teams: "everything" });
    expect(notAList).toMatchObject({ status: 400, body: { code: "apiErrors.invalidInput" } });
    expect(notAList.body.error).toContain("teams:");
    const badTeam = await call("POST", "/favourites/merge", ada, { teams: [{ id: "x" }] });
    expect(badTeam).toMatchObject({ status: 400, body: { error: "The favourites sent are not valid." } });
  });
});

describe("authorisation", () => {
  it("user A can neither read nor change user B's groups, group teams or leagues", async () => {
    const group = (await call("PUT", "/favourites/teamgroups", bob, { name: "Bob's" })).body.data;
    await call("PUT", "/favourites/teamgroups/teams", bob, { team: { id: ids.burnley }, teamGroup: { id: group.id } });
    await call("PUT", "/favourites/teamgroups/teams", bob, { team: { id: ids.leeds } });
    await call("PUT", "/favourites/leagues", bob, { league: { id: ids.championship } });
    const bobBefore = (await call("GET", "/favourites", bob)).body.data;
    const bobGeneric = bobBefore.groups.find((g: { generic: boolean }) => g.generic);

    const adaGroups = (await call("GET", "/favourites/teamgroups", ada)).body.data;
    expect(adaGroups.map((g: { id: number }) => g.id)).not.toContain(group.id);
    expect(JSON.stringify((await call("GET", "/favourites", ada)).body.data)).not.toContain("Bob's");

    expect((await call("DELETE", `/favourites/teamgroups/${group.id}`, ada)).status).toBe(404);
    expect((await call("POST", "/favourites/teamgroups", ada, { id: group.id, name: "Taken" })).status).toBe(404);
    expect(
      (
        await call("PUT", "/favourites/teamgroups/teams", ada, {
          team: { id: ids.arsenal },
          teamGroup: { id: group.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call("PUT", "/favourites/teamgroups/teams", ada, {
          team: { id: ids.arsenal },
          teamGroup: { id: bobGeneric.id },
        })
      ).status,
    ).toBe(404);
    expect((await call("DELETE", `/favourites/teamgroups/${group.id}/teams/${ids.burnley}`, ada)).status).toBe(404);
    expect((await call("DELETE", `/favourites/teamgroups/${bobGeneric.id}/teams/${ids.leeds}`, ada)).status).toBe(404);
    expect((await call("DELETE", `/favourites/leagues/${ids.championship}`, ada)).status).toBe(404);
    expect((await call("DELETE", `/favourites/teams/${ids.leeds}`, ada)).status).toBe(404);
    await call("POST", "/favourites/reset", ada);
    await call("POST", "/favourites/merge", ada, {
      groups: [
        { id: group.id, name: "Bob's", description: "", generic: false, teams: [{ id: ids.arsenal, name: "Arsenal" }] },
      ],
    });

    expect((await call("GET", "/favourites", bob)).body.data).toEqual(bobBefore);
  });
});

describe("the favourites page's data", () => {
  it("lists the starred matches and the next days of the followed teams and leagues", async () => {
    const erin = await signIn("erin@example.com");
    const user = (await services.accounts.bySession(erin))!;
    await services.favourites.addTeam(user, { team: { id: ids.arsenal } });
    await services.favourites.addLeague(user, { league: { id: ids.championship } });
    await services.favourites.addMatch(user, { fixtureId: ids.yesterday });
    const page = await services.favourites.fixtures(user, { timeZone: "UTC" });
    expect(page.today).toBe("2026-03-01");
    expect(page.matches.flatMap((g) => g.fixtures.map((f) => f.id))).toEqual([ids.yesterday]);
    expect(page.days.map((d) => [d.date, d.groups.flatMap((g) => g.fixtures.map((f) => f.id))])).toEqual([
      ["2026-03-01", [ids.today]],
      ["2026-03-02", [ids.tomorrow]],
      ["2026-03-03", []],
    ]);
    expect(page.following).toEqual({ teams: 1, leagues: 1 });
  });

  it("finds teams by name for the group form", async () => {
    expect((await services.favourites.searchTeams("  ee ")).map((t) => t.name)).toEqual(["Leeds"]);
    expect((await services.favourites.searchTeams("a")).length).toBe(0);
    expect((await services.favourites.searchTeams("%")).length).toBe(0);
  });
});

describe("the favourites page", () => {
  const context = (user: unknown) => ({ services, user, sessionToken: null, clientIp: null, secureCookies: false });
  const thrown = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      return error as Response;
    }
    throw new Error("nothing thrown");
  };

  it("sends a visitor to the login page of the locale, to come back afterwards", async () => {
    const en = await thrown(() =>
      pageLoader({
        request: new Request("http://pitchlab.test/favourites?tab=groups"),
        context: context(null),
        params: {},
      } as never),
    );
    expect(en.status).toBe(302);
    expect(en.headers.get("Location")).toBe("/auth/login?redirectTo=%2Ffavourites%3Ftab%3Dgroups");
    const de = await thrown(() =>
      pageLoader({
        request: new Request("http://pitchlab.test/de/favoriten"),
        context: context(null),
        params: {},
      } as never),
    );
    expect(de.headers.get("Location")).toBe("/de/konto/anmelden?redirectTo=%2Fde%2Ffavoriten");
    const post = await thrown(() =>
      pageAction({
        request: new Request("http://pitchlab.test/favourites", {
          method: "POST",
          body: new URLSearchParams({ intent: "reset" }),
        }),
        context: context(null),
        params: {},
      } as never),
    );
    expect(post.status).toBe(302);
  });

  it("changes the user's favourites and answers with the message keys", async () => {
    const token = await signIn("fred@example.com");
    const user = await services.accounts.bySession(token);
    const post = (fields: Record<string, string>) =>
      pageAction({
        request: new Request("http://pitchlab.test/favourites?tab=groups", {
          method: "POST",
          body: new URLSearchParams(fields),
        }),
        context: context(user),
        params: {},
      } as never) as unknown as Promise<{
        data: { ok: boolean; message: string; target: string };
        init: { status: number } | null;
      }>;
    const created = await post({ intent: "createGroup", target: "create", name: "Derby", description: "" });
    expect(created.data).toMatchObject({ ok: true, message: "favourites.done.createGroup", target: "create" });
    const groups = await services.favourites.teamGroups(user!);
    const added = await post({
      intent: "addTeam",
      target: "search",
      teamId: String(ids.arsenal),
      groupId: String(groups[0]!.id),
    });
    expect(added.data.ok).toBe(true);
    const again = await post({
      intent: "addTeam",
      target: "search",
      teamId: String(ids.arsenal),
      groupId: String(groups[0]!.id),
    });
    expect(again.data).toMatchObject({ ok: false, message: "favourites.errors.teamAlreadyInGroup" });
    expect(again.init?.status).toBe(409);
    const flat = await post({ intent: "addTeam", target: "search", teamId: String(ids.chelsea), groupId: "" });
    expect(flat.data.ok).toBe(true);
    expect((await services.favourites.teams(user!)).map((t) => t.id)).toEqual([ids.chelsea]);
    expect((await post({ intent: "nonsense" })).data).toMatchObject({
      ok: false,
      message: "favourites.errors.badInput",
    });

    const page = (await pageLoader({
      request: new Request("http://pitchlab.test/favourites?tab=groups&q=ars"),
      context: context(user),
      params: {},
    } as never)) as {
      groups: Array<{ name: string }>;
      teams: Array<{ id: number }>;
      search: { results: Array<{ name: string }> };
    };
    expect(page.groups.map((g) => g.name)).toEqual(["Derby"]);
    expect(page.teams.map((t) => t.id)).toEqual([ids.chelsea]);
    expect(page.search.results.map((t) => t.name)).toEqual(["Arsenal"]);
  });
});
