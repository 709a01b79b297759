import { describe, expect, it } from "vitest";
import { FAVOURITE_MATCH_TTL_MS, MAX_TEAM_GROUPS } from "../../src/domain/accounts/rules.ts";
import {
  type FavouritesState,
  type Outcome,
  addLeague,
  addMatch,
  addTeam,
  createGroup,
  deleteGroup,
  emptyFavourites,
  genericGroup,
  isFavouriteMatch,
  namedGroups,
  planMerge,
  pruneMatches,
  refusalKey,
  removeTeam,
  removeTeamFromGroup,
  resetFavourites,
  selectGroup,
  toggleLeague,
  toggleMatch,
  toggleTeam,
  updateGroup,
} from "../../src/domain/favourites/index.ts";
import { parseStored } from "../../src/web/favourites/storage.ts";
import en from "../../src/i18n/locales/en.json";

const arsenal = { id: 1, name: "Arsenal" };
const chelsea = { id: 2, name: "Chelsea" };
const NOW = Date.parse("2026-03-01T12:00:00Z");

function ok(outcome: Outcome): FavouritesState {
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal}`);
  return outcome.state;
}

const withGroup = (name = "Weekend") => ok(createGroup(emptyFavourites(), { name, description: "" }));

describe("favourite teams and the generic group", () => {
  it("adds a team without a group to the flat list and the generic group", () => {
    const state = ok(addTeam(emptyFavourites(), arsenal));
    expect(state.teams).toEqual([arsenal]);
    expect(genericGroup(state)?.teams).toEqual([arsenal]);
  });

  it("creates the generic group when the state has none", () => {
    const state = ok(addTeam({ ...emptyFavourites(), groups: [] }, arsenal));
    expect(state.groups).toHaveLength(1);
    expect(genericGroup(state)?.teams).toEqual([arsenal]);
  });

  it("adds a team with a group to that group only", () => {
    const start = withGroup();
    const group = namedGroups(start)[0]!;
    const state = ok(addTeam(start, arsenal, group.id));
    expect(namedGroups(state)[0]!.teams).toEqual([arsenal]);
    expect(state.teams).toEqual([]);
    expect(genericGroup(state)?.teams).toEqual([]);
  });

  it("treats the generic group's id like no group", () => {
    const start = emptyFavourites();
    const state = ok(addTeam(start, arsenal, genericGroup(start)!.id));
    expect(state.teams).toEqual([arsenal]);
  });

  it("refuses a team already in the group with the SPEC message", () => {
    const once = ok(addTeam(emptyFavourites(), arsenal));
    expect(addTeam(once, arsenal)).toEqual({ ok: false, refusal: "teamAlreadyInGroup" });
    const grouped = withGroup();
    const id = namedGroups(grouped)[0]!.id;
    expect(addTeam(ok(addTeam(grouped, arsenal, id)), arsenal, id)).toEqual({
      ok: false,
      refusal: "teamAlreadyInGroup",
    });
    expect(en.favourites.errors.teamAlreadyInGroup).toBe("Team already present in this group.");
    expect(refusalKey("teamAlreadyInGroup")).toBe("favourites.errors.teamAlreadyInGroup");
  });

  it("allows the same team in the flat list and in a named group", () => {
    const grouped = withGroup();
    const id = namedGroups(grouped)[0]!.id;
    const state = ok(addTeam(ok(addTeam(grouped, arsenal)), arsenal, id));
    expect(state.teams).toEqual([arsenal]);
    expect(namedGroups(state)[0]!.teams).toEqual([arsenal]);
  });

  it("refuses an unknown group", () => {
    expect(addTeam(emptyFavourites(), arsenal, 99)).toEqual({ ok: false, refusal: "unknownGroup" });
  });

  it("removing from the generic group also removes from the flat list", () => {
    const start = ok(addTeam(ok(addTeam(emptyFavourites(), arsenal)), chelsea));
    const state = ok(removeTeamFromGroup(start, genericGroup(start)!.id, arsenal.id));
    expect(state.teams).toEqual([chelsea]);
    expect(genericGroup(state)?.teams).toEqual([chelsea]);
  });

  it("removing from a named group keeps the flat list", () => {
    const grouped = withGroup();
    const id = namedGroups(grouped)[0]!.id;
    const start = ok(addTeam(ok(addTeam(grouped, arsenal)), arsenal, id));
    const state = ok(removeTeamFromGroup(start, id, arsenal.id));
    expect(state.teams).toEqual([arsenal]);
    expect(namedGroups(state)[0]!.teams).toEqual([]);
  });

  it("removing from the flat list empties it from the generic group, not the named groups", () => {
    const grouped = withGroup();
    const id = namedGroups(grouped)[0]!.id;
    const state = removeTeam(ok(addTeam(ok(addTeam(grouped, arsenal)), arsenal, id)), arsenal.id);
    expect(state.teams).toEqual([]);
    expect(genericGroup(state)?.teams).toEqual([]);
    expect(namedGroups(state)[0]!.teams).toEqual([arsenal]);
  });

  it("the star toggles a team in and out of the flat list", () => {
    const on = toggleTeam(emptyFavourites(), arsenal);
    expect(on.teams).toEqual([arsenal]);
    const off = toggleTeam(on, arsenal);
    expect(off.teams).toEqual([]);
    expect(genericGroup(off)?.teams).toEqual([]);
  });
});

describe("team groups", () => {
  it("hides the generic group from the named groups", () => {
    const state = withGroup();
    expect(state.groups).toHaveLength(2);
    expect(namedGroups(state).map((g) => g.name)).toEqual(["Weekend"]);
  });

  it("stops at the group limit with the SPEC message", () => {
    let state = emptyFavourites();
    for (let i = 0; i < MAX_TEAM_GROUPS; i++) state = ok(createGroup(state, { name: `G${i}` }));
    expect(createGroup(state, { name: "One more" })).toEqual({ ok: false, refusal: "maxGroups" });
    expect(en.favourites.errors.maxGroups).toBe(
      "Maximum number of groups reached, delete one group before adding a new one.",
    );
    expect(createGroup(ok(deleteGroup(state, namedGroups(state)[0]!.id)), { name: "One more" }).ok).toBe(true);
  });

  it("checks names and descriptions", () => {
    expect(createGroup(emptyFavourites(), { name: "  " })).toEqual({ ok: false, refusal: "groupNameRequired" });
    expect(createGroup(emptyFavourites(), { name: "x".repeat(51) })).toEqual({
      ok: false,
      refusal: "groupNameTooLong",
    });
    expect(createGroup(emptyFavourites(), { name: "ok", description: "x".repeat(201) })).toEqual({
      ok: false,
      refusal: "descriptionTooLong",
    });
    expect(
      namedGroups(ok(createGroup(emptyFavourites(), { name: "  Cup  ", description: " nights " })))[0],
    ).toMatchObject({ name: "Cup", description: "nights" });
  });

  it("renames and deletes named groups only", () => {
    const state = withGroup();
    const id = namedGroups(state)[0]!.id;
    expect(namedGroups(ok(updateGroup(state, id, { name: "Sunday" })))[0]!.name).toBe("Sunday");
    const generic = genericGroup(state)!.id;
    expect(updateGroup(state, generic, { name: "x" })).toEqual({ ok: false, refusal: "unknownGroup" });
    expect(deleteGroup(state, generic)).toEqual({ ok: false, refusal: "unknownGroup" });
  });

  it("deleting the selected group clears the selection", () => {
    const state = withGroup();
    const id = namedGroups(state)[0]!.id;
    const selected = selectGroup(state, id);
    expect(selected.selectedGroupId).toBe(id);
    expect(ok(deleteGroup(selected, id)).selectedGroupId).toBeNull();
    expect(selectGroup(state, 99).selectedGroupId).toBeNull();
  });

  it("reset keeps only the generic group and clears the selected group", () => {
    const grouped = withGroup();
    const id = namedGroups(grouped)[0]!.id;
    const start = selectGroup(addLeague(ok(addTeam(ok(addTeam(grouped, arsenal)), chelsea, id)), 7), id);
    const state = resetFavourites(start);
    expect(state.groups.map((g) => g.generic)).toEqual([true]);
    expect(genericGroup(state)?.teams).toEqual([arsenal]);
    expect(state.teams).toEqual([arsenal]);
    expect(state.selectedGroupId).toBeNull();
    expect(state.leagues).toEqual([7]);
  });
});

describe("leagues and matches", () => {
  it("keeps leagues without duplicates", () => {
    const state = addLeague(addLeague(addLeague(emptyFavourites(), 3), 4), 3);
    expect(state.leagues).toEqual([3, 4]);
  });

  it("league toggle adds if absent and removes if present", () => {
    const on = toggleLeague(emptyFavourites(), 3);
    expect(on.leagues).toEqual([3]);
    expect(toggleLeague(on, 3).leagues).toEqual([]);
  });

  it("matches expire 24 hours after their timestamp", () => {
    const kickoff = NOW + 3_600_000;
    const state = ok(addMatch(emptyFavourites(), 10, kickoff, NOW));
    expect(state.matches).toEqual([{ fixtureId: 10, timestamp: kickoff }]);
    expect(isFavouriteMatch(state, 10, kickoff + FAVOURITE_MATCH_TTL_MS - 1)).toBe(true);
    expect(isFavouriteMatch(state, 10, kickoff + FAVOURITE_MATCH_TTL_MS)).toBe(false);
    expect(pruneMatches(state, kickoff + FAVOURITE_MATCH_TTL_MS - 1).matches).toHaveLength(1);
    expect(pruneMatches(state, kickoff + FAVOURITE_MATCH_TTL_MS).matches).toEqual([]);
  });

  it("refuses a match already expired and adds a match once", () => {
    expect(addMatch(emptyFavourites(), 10, NOW - FAVOURITE_MATCH_TTL_MS, NOW)).toEqual({
      ok: false,
      refusal: "matchExpired",
    });
    const twice = ok(addMatch(ok(addMatch(emptyFavourites(), 10, NOW, NOW)), 10, NOW, NOW));
    expect(twice.matches).toHaveLength(1);
  });

  it("the star toggles a match", () => {
    const on = toggleMatch(emptyFavourites(), 10, NOW, NOW);
    expect(isFavouriteMatch(on, 10, NOW)).toBe(true);
    expect(toggleMatch(on, 10, NOW, NOW).matches).toEqual([]);
  });
});

describe("merging browser favourites into an account", () => {
  const account = {
    groups: [
      { id: 50, name: "generic", generic: true, teamIds: [1] },
      { id: 51, name: "Weekend", generic: false, teamIds: [3] },
    ],
    leagueIds: [7],
    fixtureIds: [100],
  };

  it("adds only what the account lacks", () => {
    let local = ok(addTeam(ok(addTeam(emptyFavourites(), arsenal)), chelsea));
    local = ok(createGroup(local, { name: " weekend ", description: "" }));
    const weekend = namedGroups(local)[0]!.id;
    local = ok(addTeam(ok(addTeam(local, { id: 3, name: "C" }, weekend)), { id: 4, name: "D" }, weekend));
    local = ok(createGroup(local, { name: "Cup", description: "nights" }));
    local = ok(addTeam(local, { id: 5, name: "E" }, namedGroups(local)[1]!.id));
    local = addLeague(addLeague(local, 7), 8);
    local = ok(addMatch(ok(addMatch(local, 100, NOW, NOW)), 101, NOW, NOW));
    const plan = planMerge(account, local, NOW);
    expect(plan).toEqual({
      genericTeamIds: [2],
      addToGroups: [{ groupId: 51, teamIds: [4] }],
      newGroups: [{ name: "Cup", description: "nights", teamIds: [5] }],
      skippedGroups: [],
      leagueIds: [8],
      matches: [{ fixtureId: 101, timestamp: NOW }],
    });
  });

  it("leaves out expired matches and duplicates inside the browser copy", () => {
    const local: FavouritesState = {
      ...emptyFavourites(),
      teams: [chelsea, chelsea],
      leagues: [8, 8],
      matches: [
        { fixtureId: 102, timestamp: NOW - FAVOURITE_MATCH_TTL_MS },
        { fixtureId: 103, timestamp: NOW },
        { fixtureId: 103, timestamp: NOW },
      ],
      groups: [
        { id: 0, name: "generic", description: "", generic: true, teams: [chelsea] },
        { id: 1, name: "Cup", description: "", generic: false, teams: [arsenal] },
        { id: 2, name: "cup", description: "", generic: false, teams: [chelsea, arsenal] },
      ],
    };
    const plan = planMerge(account, local, NOW);
    expect(plan.genericTeamIds).toEqual([2]);
    expect(plan.leagueIds).toEqual([8]);
    expect(plan.matches.map((m) => m.fixtureId)).toEqual([103]);
    expect(plan.newGroups).toEqual([{ name: "Cup", description: "", teamIds: [1, 2] }]);
  });

  it("respects the group limit", () => {
    const full = {
      ...account,
      groups: [
        ...account.groups,
        ...Array.from({ length: MAX_TEAM_GROUPS - 2 }, (_, i) => ({
          id: 60 + i,
          name: `A${i}`,
          generic: false,
          teamIds: [],
        })),
      ],
    };
    let local = emptyFavourites();
    for (const name of ["New 1", "New 2", "New 3"]) local = ok(createGroup(local, { name }));
    const plan = planMerge(full, local, NOW);
    expect(plan.newGroups.map((g) => g.name)).toEqual(["New 1"]);
    expect(plan.skippedGroups).toEqual(["New 2", "New 3"]);
  });
});

describe("the browser copy", () => {
  it("reads back what was stored, without expired matches", () => {
    const state = ok(addMatch(addLeague(toggleTeam(emptyFavourites(), arsenal), 3), 10, NOW, NOW));
    const later = { ...state, matches: [...state.matches, { fixtureId: 11, timestamp: NOW - FAVOURITE_MATCH_TTL_MS }] };
    expect(parseStored(JSON.stringify(later), NOW)).toEqual(state);
  });

  it("ignores malformed copies", () => {
    expect(parseStored(null, NOW)).toBeNull();
    expect(parseStored("{not json", NOW)).toBeNull();
    const odd = parseStored(
      JSON.stringify({
        teams: [{ id: "x" }, arsenal],
        leagues: [1, 1, "2"],
        matches: [{ fixtureId: 1 }],
        groups: "no",
      }),
      NOW,
    )!;
    expect(odd.teams).toEqual([arsenal]);
    expect(odd.leagues).toEqual([1]);
    expect(odd.matches).toEqual([]);
    expect(genericGroup(odd)).toBeDefined();
  });
});
