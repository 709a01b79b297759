import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Services, createServices } from "../../src/services/index.ts";
import { withLeagueGroup } from "../../src/web/league-groups.server.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";

const clock = fixedClock("2026-03-10T12:00:00Z");
let db: TestDatabase;
let services: Services;
const leagues: number[] = [];

async function member(email: string, premium: boolean) {
  const password = "correct horse battery";
  await services.accounts.register(
    { firstName: "L", lastName: "G", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: null },
  );
  await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = $1", [email]);
  const { user } = await services.accounts.login({ email, password }, { ip: null }, null);
  if (premium) await grantPremium(db.pool, user.id, { now: clock.now() });
  return { user, access: await services.access.of(user) };
}

const context = (who: { user: unknown; access: unknown } | null) =>
  ({
    services,
    user: who?.user ?? null,
    access: who?.access ?? { loggedIn: false, premium: false, addonFilters: false, addonBacktesting: false },
  }) as never;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  const { rows } = await db.pool.query("INSERT INTO countries (code, name) VALUES ('ENG', 'England') RETURNING id");
  for (const [key, name] of [
    ["E0", "Premier League"],
    ["E1", "Championship"],
    ["E2", "League One"],
  ]) {
    const league = await db.pool.query(
      "INSERT INTO leagues (source_key, country_id, name, tier) VALUES ($1, $2, $3, 1) RETURNING id",
      [key, rows[0].id, name],
    );
    leagues.push(league.rows[0].id);
  }
});
afterAll(async () => db.drop());

describe("league groups where leagues are chosen", () => {
  it("adds a member's group to the chosen leagues, and ignores groups for others or of others", async () => {
    const ada = await member("ada@example.com", true);
    const group = await services.stats.leagueGroups.create(ada.user, ada.access, {
      name: "England top",
      leagueIds: [leagues[0], leagues[1]],
    });
    const chosen = await withLeagueGroup(context(ada), new URLSearchParams(`leagueGroup=${group.id}`), [leagues[2]!]);
    expect(chosen.groupId).toBe(group.id);
    expect(chosen.leagueIds.sort()).toEqual([...leagues].sort());
    expect(chosen.groups.map((g) => g.name)).toEqual(["England top"]);

    const bob = await member("bob@example.com", true);
    const stranger = await withLeagueGroup(context(bob), new URLSearchParams(`leagueGroup=${group.id}`), []);
    expect(stranger).toEqual({ leagueIds: [], groups: [], groupId: null });

    const free = await member("free@example.com", false);
    expect(await withLeagueGroup(context(free), new URLSearchParams(`leagueGroup=${group.id}`), [])).toEqual({
      leagueIds: [],
      groups: [],
      groupId: null,
    });
    expect(await withLeagueGroup(context(null), new URLSearchParams(`leagueGroup=${group.id}`), [])).toEqual({
      leagueIds: [],
      groups: [],
      groupId: null,
    });
  });
});
