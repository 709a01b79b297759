import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterFigures } from "../../src/domain/alerts/figures.ts";
import { createApi } from "../../src/server/api/app.ts";
import type { Services } from "../../src/services/index.ts";
import { apiTestSite, callApi, signInMember } from "../support/api-client.ts";
import type { TestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
const NOW = "2026-03-10T12:00:00Z";
const clock = fixedClock(NOW);

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  callApi(api, method, path, token, body);
const signIn = (email: string) => signInMember({ db, services, api }, email);

const RULES = [
  { category: "time", stat: "minute", target: "Match", comparator: "GreaterThan", value: 1 },
  { category: "liveStats", stat: "total.shots", target: "Match", comparator: "GreaterEqualThan", value: 0 },
  {
    category: "liveStats",
    stat: "dangerousAttacks",
    target: "Home",
    comparator: "GreaterEqualThan",
    value: 2,
    time: { kind: "AfterMinute", minute: 10 },
    numeric: { op: "div", stat: "dangerousAttacks", withTarget: "Away" },
  },
];

let leagues: number[] = [];
const fixtures: number[] = [];
let soon = 0;

/** Two leagues, 20 ended fixtures each (scores known) and one fixture kicking off in an hour. */
async function seed() {
  const one = async (sql: string, params: unknown[]) => (await db.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  const country = await one("INSERT INTO countries (code, name) VALUES ('ENG', 'England') RETURNING id", []);
  let n = 0;
  for (const name of ["Premier League", "Championship"]) {
    const league = await one(
      "INSERT INTO leagues (source_key, country_id, name, tier) VALUES ($1, $2, $3, 1) RETURNING id",
      [`L${name}`, country, name],
    );
    leagues.push(league);
    const season = await one("INSERT INTO seasons (league_id, name) VALUES ($1, '2025-2026') RETURNING id", [league]);
    const home = await one("INSERT INTO teams (country_id, name) VALUES ($1, $2) RETURNING id", [country, `${name} A`]);
    const away = await one("INSERT INTO teams (country_id, name) VALUES ($1, $2) RETURNING id", [country, `${name} B`]);
    for (let k = 0; k < 20; k++) {
      const kickoff = new Date(Date.parse(NOW) - (k + 1) * 86_400_000);
      fixtures.push(
        await one(
          `INSERT INTO fixtures (source_key, league_id, season_id, home_team_id, away_team_id, source_kickoff, kickoff, has_kickoff_time, ht_home, ht_away, ft_home, ft_away)
           VALUES ($1, $2, $3, $4, $5, $6, $6, true, 0, 0, $7, 0) RETURNING id`,
          [`f${++n}`, league, season, home, away, kickoff, k % 2],
        ),
      );
    }
    if (name === "Championship") {
      soon = await one(
        `INSERT INTO fixtures (source_key, league_id, season_id, home_team_id, away_team_id, source_kickoff, kickoff, has_kickoff_time)
         VALUES ('soon', $1, $2, $3, $4, $5, $5, true) RETURNING id`,
        [league, season, home, away, new Date(Date.parse(NOW) + 3_600_000)],
      );
    }
  }
  leagues = [...leagues];
}

/** Records picks of a filter through the alerts module and grades them: `won` of `count`, at `odds`. */
async function picks(filterId: number, userId: number, count: number, won: number, odds: number, from = 0) {
  for (let i = 0; i < count; i++) {
    const fixtureId = fixtures[from + i]!;
    const r = await services.alerts.recordPick({
      source: "live",
      filterId,
      fixtureId,
      userId,
      filterName: "f",
      outcome: "home",
      odds,
      muted: true,
      content: { home: "A", away: "B", kickoff: NOW },
    });
    await db.pool.query("UPDATE alert_picks SET status = $2 WHERE id = $1", [r.pickId, i < won ? "won" : "lost"]);
  }
}

let premium: { token: string; userId: number };
let free: { token: string; userId: number };
let other: { token: string; userId: number };

beforeAll(async () => {
  ({ db, services, api } = await apiTestSite(clock, createApi));
  await seed();
  premium = await signIn("premium@example.com");
  free = await signIn("free@example.com");
  other = await signIn("other@example.com");
  await grantPremium(db.pool, premium.userId, { now: new Date(NOW) });
  await grantPremium(db.pool, other.userId, { now: new Date(NOW), addonFilters: true });
}, 60_000);
afterAll(async () => db.drop());

describe("live filters", () => {
  it("are documented in the OpenAPI document", async () => {
    const doc = (await call("GET", "/openapi.json", null)).body;
    for (const path of [
      "/live-filters",
      "/live-filters/explore",
      "/live-filters/suggested",
      "/live-filters/{id}",
      "/live-filters/{id}/rules/{ruleId}",
      "/live-filters/{id}/import",
      "/live-filters/{id}/history",
      "/live-filters/{id}/breakdown",
      "/live-filters/{id}/matches",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it("validate with the SPEC §5 messages, translated, and need a login", async () => {
    const bad = await call("POST", "/live-filters?language=de", premium.token, { name: "", note: "x".repeat(501) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("scannerRules.nameRequired");
    expect(bad.body.fields.name).not.toBe("Name is required.");
    const special = await call("POST", "/live-filters", premium.token, { name: "a<b" });
    expect(special.body.fields.name).toBe("Special characters are not allowed");
    const note = await call("POST", "/live-filters", premium.token, { name: "ok", note: "x".repeat(501) });
    expect(note.body.fields.note).toBe("The maximum length is 500 characters");
    const rule = await call("POST", "/live-filters", premium.token, { name: "ok", rules: [{ category: "liveStats" }] });
    expect(rule.status).toBe(400);
    expect(Object.values(rule.body.fields)).toContain("Field required");
    expect((await call("POST", "/live-filters", null, { name: "ok" })).status).toBe(401);
    expect((await call("GET", "/live-filters/explore?sortBy=nope", null)).status).toBe(400);
    expect((await call("GET", "/live-filters/explore?minSuccess=101", null)).status).toBe(400);
    expect((await call("GET", "/live-filters/abc", null)).status).toBe(400);
  });

  it("limit filters: free 1, premium 40, add-on 150 (SPEC §8 messages)", async () => {
    expect((await call("POST", "/live-filters", free.token, { name: "Free one", rules: RULES })).status).toBe(200);
    const second = await call("POST", "/live-filters", free.token, { name: "Second" });
    expect(second.status).toBe(403);
    expect(second.body.error).toBe(
      "You have reached your limit of 1 free Live Filter. Upgrade to create more filters.",
    );
    await db.pool.query(
      `INSERT INTO live_filters (user_id, name) SELECT $1, 'bulk ' || g FROM generate_series(1, 40) g`,
      [premium.userId],
    );
    const over = await call("POST", "/live-filters", premium.token, { name: "41st" });
    expect(over.status).toBe(403);
    expect(over.body.error).toBe(
      "You have reached the limit of 40 Live Filters. Please remove a filter before creating a new one.",
    );
    await db.pool.query(`DELETE FROM live_filters WHERE user_id = $1`, [premium.userId]);
    await db.pool.query(
      `INSERT INTO live_filters (user_id, name) SELECT $1, 'bulk ' || g FROM generate_series(1, 149) g`,
      [other.userId],
    );
    expect((await call("POST", "/live-filters", other.token, { name: "The 150th" })).status).toBe(200);
    const addon = await call("POST", "/live-filters", other.token, { name: "151st" });
    expect(addon.status).toBe(403);
    expect(addon.body.error).toBe("You have reached the limit of 150 filters.");
    await db.pool.query(`DELETE FROM live_filters WHERE user_id = $1`, [other.userId]);
  });

  it("start inactive when created without rules (they would match every live match), active with rules", async () => {
    const empty = (await call("POST", "/live-filters", other.token, { name: "Being written" })).body.data;
    expect(empty.active).toBe(false);
    const withRules = (await call("POST", "/live-filters", other.token, { name: "Ready", rules: RULES })).body.data;
    expect(withRules.active).toBe(true);
    expect(
      (await call("PUT", `/live-filters/${empty.id}/active`, other.token, { active: true })).body.data.active,
    ).toBe(true);
    await db.pool.query("DELETE FROM live_filters WHERE id = ANY($1::int[])", [[empty.id, withRules.id]]);
  });

  it("edit one rule at a time, bump updated_at, and erase the history on a change of rules", async () => {
    const created = (
      await call("POST", "/live-filters", premium.token, {
        name: "Pressure",
        desiredOutcome: "home",
        leagueIds: [leagues[0]],
        rules: RULES.slice(0, 2),
      })
    ).body.data;
    expect(created.rules).toHaveLength(2);
    const id = created.id;
    await picks(id, premium.userId, 4, 3, 2);
    expect((await call("GET", `/live-filters/${id}`, premium.token)).body.data.figures.picks).toBe(4);
    const before = created.updatedAt;
    const muted = (await call("PUT", `/live-filters/${id}/mute`, premium.token, { muted: true })).body.data;
    expect(muted.muted).toBe(true);
    const inactive = (await call("PUT", `/live-filters/${id}/active`, premium.token, { active: false })).body.data;
    expect(inactive.active).toBe(false);
    expect(Date.parse(inactive.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before));
    const { rows } = await db.pool.query<{ changed: boolean }>(
      `SELECT updated_at > created_at AS changed FROM live_filters WHERE id = $1`,
      [id],
    );
    expect(rows[0]!.changed).toBe(true);
    // Renaming keeps the history; the figures stay.
    const renamed = (await call("PUT", `/live-filters/${id}`, premium.token, { name: "Pressure home" })).body.data;
    expect(renamed.figures.picks).toBe(4);
    // A duplicate starts empty and the original keeps its picks.
    const copy = (await call("POST", `/live-filters/${id}/duplicate`, premium.token)).body.data;
    expect(copy.name).toBe("Pressure home (2)");
    expect(copy.figures.picks).toBe(0);
    expect(copy.rules).toHaveLength(2);
    // Adding a rule erases the history.
    const added = (await call("POST", `/live-filters/${id}/rules`, premium.token, RULES[2])).body.data;
    expect(added.rules).toHaveLength(3);
    expect(added.figures.picks).toBe(0);
    expect((await call("GET", `/live-filters/${id}/history`, premium.token)).body.data).toEqual([]);
    const ruleId = added.rules[2].id;
    const badRule = await call("PUT", `/live-filters/${id}/rules/${ruleId}`, premium.token, {
      ...RULES[2],
      comparator: "IncreasedOf",
    });
    expect(badRule.status).toBe(400);
    const changed = (await call("PUT", `/live-filters/${id}/rules/${ruleId}`, premium.token, { ...RULES[2], value: 3 }))
      .body.data;
    expect(changed.rules[2].value).toBe(3);
    const removed = (await call("DELETE", `/live-filters/${id}/rules/${ruleId}`, premium.token)).body.data;
    expect(removed.rules).toHaveLength(2);
    expect((await call("DELETE", `/live-filters/${id}/rules/nope`, premium.token)).status).toBe(404);
    // Someone else cannot edit it.
    expect((await call("PUT", `/live-filters/${id}`, other.token, { name: "mine now" })).status).toBe(404);
  });

  it("keep a history that can be cleared one pick at a time or wholly, with a breakdown by league", async () => {
    const f = (
      await call("POST", "/live-filters", premium.token, { name: "History", desiredOutcome: "home", rules: RULES })
    ).body.data;
    await picks(f.id, premium.userId, 3, 2, 2.5, 0);
    await picks(f.id, premium.userId, 2, 1, 1.5, 20);
    const history = (await call("GET", `/live-filters/${f.id}/history`, premium.token)).body.data;
    expect(history).toHaveLength(5);
    expect(history[0].match.home).toMatch(/ A$/);
    const breakdown = (await call("GET", `/live-filters/${f.id}/breakdown`, premium.token)).body.data;
    expect(breakdown.map((b: { league: string }) => b.league).sort()).toEqual(["Championship", "Premier League"]);
    expect(breakdown[0].figures.picks).toBe(3);
    expect(
      (await call("DELETE", `/live-filters/${f.id}/history?pickId=${history[0].id}`, premium.token)).body.data.cleared,
    ).toBe(1);
    expect((await call("GET", `/live-filters/${f.id}/history`, premium.token)).body.data).toHaveLength(4);
    expect((await call("DELETE", `/live-filters/${f.id}/history`, premium.token)).body.data.cleared).toBe(4);
    expect((await call("GET", `/live-filters/${f.id}`, premium.token)).body.data.figures.picks).toBe(0);
    expect((await call("DELETE", `/live-filters/${f.id}/history`, other.token)).status).toBe(404);
  });

  it("compute figures in SQL like the alerts module, with a score that needs many picks", async () => {
    const lucky = (
      await call("POST", "/live-filters", other.token, { name: "Lucky", desiredOutcome: "home", rules: RULES })
    ).body.data;
    const steady = (
      await call("POST", "/live-filters", other.token, { name: "Steady", desiredOutcome: "away", rules: RULES })
    ).body.data;
    await picks(lucky.id, other.userId, 2, 2, 3);
    await picks(steady.id, other.userId, 40, 24, 2, 0);
    const figures = await services.alerts.figures("live", [lucky.id, steady.id]);
    for (const f of [lucky, steady]) {
      const mine = (await call("GET", `/live-filters/${f.id}`, null)).body.data.figures;
      const expected = figures.get(f.id)!;
      expect(mine.picks).toBe(expected.picks);
      expect(mine.successRate).toBeCloseTo(expected.successRate!, 4);
      expect(mine.roi).toBeCloseTo(expected.roi!, 4);
      expect(mine.meanOdd).toBeCloseTo(expected.meanOdd!, 3);
      expect(mine.meanWinningOdd).toBeCloseTo(expected.meanWinningOdd!, 3);
      expect(mine.score).toBeCloseTo(expected.score, 4);
    }
    // Two lucky picks at 3.0 (ROI +200%) rank below 40 picks at +20%.
    expect(figures.get(lucky.id)!.roi).toBeGreaterThan(figures.get(steady.id)!.roi!);
    expect(
      filterFigures([
        { status: "won", odds: 3 },
        { status: "won", odds: 3 },
      ]).score,
    ).toBeLessThan(figures.get(steady.id)!.score);
    const ranked = (await call("GET", "/live-filters/explore?sortBy=score", null)).body.data.items.map(
      (i: { name: string }) => i.name,
    );
    expect(ranked.indexOf("Steady")).toBeLessThan(ranked.indexOf("Lucky"));
    const suggested = (await call("GET", "/live-filters/suggested", premium.token)).body.data.map(
      (i: { name: string }) => i.name,
    );
    expect(suggested).toContain("Steady");
    expect(suggested).not.toContain("Lucky");
  });

  it("rank an outcome without a price by the shrunk edge over our model, computed in SQL like filterFigures", async () => {
    const corners = (
      await call("POST", "/live-filters", other.token, {
        name: "Corner edge",
        desiredOutcome: "corners_over_9.5",
        rules: RULES,
      })
    ).body.data;
    // 30 picks without a price, hit 18 times where our model said 45% (an edge of +15 points).
    const made: Array<{ status: "won" | "lost"; odds: null; probability: number }> = [];
    for (let i = 0; i < 30; i++) {
      const probability = 0.4 + (i % 3) * 0.05;
      const r = await services.alerts.recordPick({
        source: "live",
        filterId: corners.id,
        fixtureId: fixtures[i]!,
        userId: other.userId,
        filterName: "f",
        outcome: "corners_over_9.5",
        odds: null,
        muted: true,
        content: { home: "A", away: "B", kickoff: NOW, probability },
      });
      const status = i < 18 ? "won" : "lost";
      await db.pool.query("UPDATE alert_picks SET status = $2 WHERE id = $1", [r.pickId, status]);
      made.push({ status, odds: null, probability });
    }
    const expected = filterFigures(made, "edge");
    const sql = (await call("GET", `/live-filters/${corners.id}`, null)).body.data.figures;
    expect(sql.basis).toBe("edge");
    expect(sql.roi).toBeNull();
    expect(sql.modelPicks).toBe(30);
    for (const k of ["meanProbability", "edge", "edgeLow", "edgeHigh", "score"] as const)
      expect(sql[k], k).toBeCloseTo(expected[k]!, 4);
    expect(expected.edge).toBeCloseTo(0.6 - 0.45, 6);
    // Ranked among the ROI filters by its score, and suggested: a gradable outcome with enough picks.
    const ranked = (await call("GET", "/live-filters/explore?sortBy=score", null)).body.data.items as Array<{
      name: string;
      figures: { score: number; basis: string };
    }>;
    const scores = ranked.map((i) => i.figures.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(ranked.find((i) => i.name === "Corner edge")!.figures.basis).toBe("edge");
    const suggested = (await call("GET", "/live-filters/suggested", premium.token)).body.data.map(
      (i: { name: string }) => i.name,
    );
    expect(suggested).toContain("Corner edge");
  });

  it("explore: search, outcome, figure filters, sort and paging (40, then 10)", async () => {
    const byName = (await call("GET", "/live-filters/explore?search=stead", null)).body.data;
    expect(byName.items.map((i: { name: string }) => i.name)).toEqual(["Steady"]);
    expect((await call("GET", "/live-filters/explore?search=%25", null)).body.data.total).toBe(0);
    const away = (await call("GET", "/live-filters/explore?desiredOutcome=away", null)).body.data.items;
    expect(away.every((i: { desiredOutcome: string }) => i.desiredOutcome === "away")).toBe(true);
    const picked = (
      await call(
        "GET",
        "/live-filters/explore?minPicks=3&minSuccess=55&maxSuccess=65&minRoi=10&minMeanOdd=1.9&minMeanWinningOdd=2",
        null,
      )
    ).body.data.items;
    expect(picked.map((i: { name: string }) => i.name)).toEqual(["Steady"]);
    const byPicks = (await call("GET", "/live-filters/explore?sortBy=picks&sortOrder=desc", null)).body.data.items;
    expect(byPicks[0].name).toBe("Steady");
    const oldest = (await call("GET", "/live-filters/explore?sortBy=createdAt&sortOrder=asc", null)).body.data.items;
    expect(oldest[0].name).toBe("Free one");
    await db.pool.query(
      `INSERT INTO live_filters (user_id, name) SELECT $1, 'paged ' || g FROM generate_series(1, 50) g`,
      [other.userId],
    );
    const first = (await call("GET", "/live-filters/explore", null)).body.data;
    expect(first.items).toHaveLength(40);
    // The 50 new filters have no rules: the newest first, they come after every filter with rules all the same.
    for (const sort of [
      "sortBy=createdAt&sortOrder=desc",
      "sortBy=score&sortOrder=asc",
      "sortBy=picks&sortOrder=asc",
    ]) {
      const items = (await call("GET", `/live-filters/explore?${sort}`, null)).body.data.items;
      expect(items[0].ruleCount, sort).toBeGreaterThan(0);
      const firstEmpty = items.findIndex((i: { ruleCount: number }) => i.ruleCount === 0);
      expect(items.slice(firstEmpty).every((i: { ruleCount: number }) => i.ruleCount === 0)).toBe(true);
    }
    const more = (await call("GET", "/live-filters/explore?offset=40", null)).body.data;
    expect(more.items).toHaveLength(10);
    expect(more.total).toBe(first.total);
    const ids = new Set([...first.items, ...more.items].map((i: { id: number }) => i.id));
    expect(ids.size).toBe(50);
    await db.pool.query(`DELETE FROM live_filters WHERE name LIKE 'paged %'`);
  });

  it("free users and visitors see others' filters without rules and picks (SPEC §6)", async () => {
    const steady = (await call("GET", "/live-filters/explore?search=Steady", null)).body.data.items[0];
    expect(steady.rules).toBeNull();
    expect(steady.ruleCount).toBe(3);
    expect(steady.figures.picks).toBe(40);
    expect((await call("GET", `/live-filters/${steady.id}`, free.token)).body.data.rules).toBeNull();
    expect((await call("GET", `/live-filters/${steady.id}/history`, free.token)).status).toBe(403);
    expect((await call("GET", `/live-filters/${steady.id}/history`, null)).status).toBe(401);
    expect((await call("GET", `/live-filters/${steady.id}/breakdown`, free.token)).status).toBe(403);
    expect((await call("GET", `/live-filters/${steady.id}`, premium.token)).body.data.rules).toHaveLength(3);
    expect((await call("GET", `/live-filters/${steady.id}/history`, premium.token)).body.data).toHaveLength(40);
    const mine = (await call("GET", "/live-filters", free.token)).body.data;
    expect(mine.limit).toBe(1);
    expect(mine.items[0].rules).toHaveLength(3);
  });

  it("import another member's filter (SPEC §8 messages)", async () => {
    const steady = (await call("GET", "/live-filters/explore?search=Steady", null)).body.data.items[0];
    const visitor = await call("POST", `/live-filters/${steady.id}/import`, null);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toBe("Authentication required, login to import the filter.");
    const freeUser = await call("POST", `/live-filters/${steady.id}/import`, free.token);
    expect(freeUser.status).toBe(403);
    expect(freeUser.body.error).toBe("Go Premium to import this filter.");
    const imported = await call("POST", `/live-filters/${steady.id}/import`, premium.token);
    expect(imported.status).toBe(200);
    expect(imported.body.data.importedFrom).toBe(steady.id);
    expect(imported.body.data.rules).toHaveLength(3);
    expect(imported.body.data.mine).toBe(true);
    expect(imported.body.data.figures.picks).toBe(0);
    expect(imported.body.data.message).toBe("prematch.imported");
    expect((await call("GET", `/live-filters/${steady.id}`, null)).body.data.figures.subscribers).toBe(1);
    const gone = (await call("POST", "/live-filters", other.token, { name: "Gone", rules: RULES })).body.data;
    expect((await call("DELETE", `/live-filters/${gone.id}`, other.token)).status).toBe(200);
    const deleted = await call("POST", `/live-filters/${gone.id}/import`, premium.token);
    expect(deleted.status).toBe(409);
    expect(deleted.body.error).toBe("You can't import this filter, it has been deleted.");
    expect((await call("GET", `/live-filters/${gone.id}`, null)).status).toBe(404);
    const { rows } = await db.pool.query<{ bumped: boolean }>(
      `SELECT deleted_at IS NOT NULL AND updated_at >= deleted_at AS bumped FROM live_filters WHERE id = $1`,
      [gone.id],
    );
    expect(rows[0]!.bumped).toBe(true);
  });

  it("list the matches a filter watches: live ones of its leagues, then kick-offs of the next 3 hours", async () => {
    const f = (
      await call("POST", "/live-filters", other.token, {
        name: "Championship only",
        leagueIds: [leagues[1]],
        rules: RULES,
      })
    ).body.data;
    const watched = (await call("GET", `/live-filters/${f.id}/matches`, other.token)).body.data;
    expect(watched.map((m: { fixtureId: number }) => m.fixtureId)).toContain(soon);
    expect(watched.every((m: { leagueId: number }) => m.leagueId === leagues[1])).toBe(true);
    const elsewhere = (
      await call("POST", "/live-filters", other.token, { name: "Premier only", leagueIds: [leagues[0]], rules: RULES })
    ).body.data;
    expect((await call("GET", `/live-filters/${elsewhere.id}/matches`, other.token)).body.data).toEqual([]);
  });
});
