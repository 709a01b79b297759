import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../src/db/queries/scanner-backtests.ts";
import { storeFingerprint } from "../../src/db/queries/scanner-store.ts";
import { FREE_USER, VISITOR } from "../../src/domain/premium/access.ts";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { READY_PROBES, apiTestSite, callApi, signInMember } from "../support/api-client.ts";
import type { TestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
const NOW = "2026-03-10T12:00:00Z";
const clock = fixedClock(NOW);
const DAY = 86_400_000;
const PREMIUM = { loggedIn: true, premium: true, addonFilters: false, addonBacktesting: false };

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  callApi(api, method, path, token, body);
const signIn = (email: string) => signInMember({ db, services, api }, email);

/** Two leagues of six teams, a match day a week for 30 weeks before NOW and 2 after, with Avg opening and closing odds. */
async function seed() {
  const one = async (sql: string, params: unknown[]) => (await db.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  const country = await one("INSERT INTO countries (code, name) VALUES ('ENG', 'England') RETURNING id", []);
  const avg = await one("INSERT INTO bookmakers (code, name) VALUES ('Avg', 'Market average') RETURNING id", []);
  let n = 0;
  for (const [key, name] of [
    ["E0", "Premier League"],
    ["E1", "Championship"],
  ]) {
    const league = await one(
      "INSERT INTO leagues (source_key, country_id, name, tier) VALUES ($1, $2, $3, 1) RETURNING id",
      [key, country, name],
    );
    const season = await one("INSERT INTO seasons (league_id, name) VALUES ($1, '2025-2026') RETURNING id", [league]);
    const teams: number[] = [];
    for (let t = 0; t < 6; t++)
      teams.push(
        await one("INSERT INTO teams (country_id, name) VALUES ($1, $2) RETURNING id", [
          country,
          `${name} team ${t + 1}`,
        ]),
      );
    for (let week = -30; week < 2; week++) {
      for (let k = 0; k < 3; k++) {
        const a = (week + 30 + k) % 6;
        const b = (week + 30 + 5 - k) % 6;
        if (a === b) continue;
        const kickoff = new Date(Date.parse(NOW) + week * 7 * DAY + k * 3_600_000);
        const played = week < 0;
        const ftHome = (a * 7 + b * 3 + week + 30) % 4;
        const ftAway = (b * 5 + a + week) % 3 < 0 ? 0 : (b * 5 + a + week + 30) % 3;
        const id = await one(
          `INSERT INTO fixtures (source_key, league_id, season_id, home_team_id, away_team_id, source_kickoff, kickoff, has_kickoff_time, ht_home, ht_away, ft_home, ft_away)
           VALUES ($1, $2, $3, $4, $5, $6, $6, true, $7, $8, $9, $10) RETURNING id`,
          [
            `f${++n}`,
            league,
            season,
            teams[a],
            teams[b],
            kickoff,
            played ? Math.min(ftHome, 1) : null,
            played ? Math.min(ftAway, 1) : null,
            played ? ftHome : null,
            played ? ftAway : null,
          ],
        );
        const home = 1.4 + a / 4;
        await db.pool.query(
          `INSERT INTO odds (fixture_id, bookmaker_id, market, closing, price_home, price_draw, price_away) VALUES ($1, $2, '1x2', false, $3, 3.4, $4), ($1, $2, '1x2', true, $5, 3.3, $4)`,
          [id, avg, home, 1.6 + b / 3, home - 0.05],
        );
      }
    }
  }
}

const RULES = [
  { category: "odds", stat: "win", target: "Home", comparator: "LessThan", value: 2.2 },
  { category: "preMatchStats", stat: "W", target: "Home", comparator: "GreaterEqualThan", value: 0, window: "season" },
  { category: "odds", stat: "draw", target: "Match", comparator: "GreaterThan", value: 3 },
];

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
  await grantPremium(db.pool, other.userId, { now: new Date(NOW), addonBacktesting: true });
}, 60_000);
afterAll(async () => db.drop());

describe("pre-match filters", () => {
  it("are documented in the OpenAPI document with real response schemas", async () => {
    const doc = (await call("GET", "/openapi.json", null)).body;
    for (const path of [
      "/prematch/filters",
      "/prematch/filters/{id}/rules",
      "/prematch/backtests",
      "/prematch/backtests/{id}",
      "/prematch/backtests/{id}/excel",
      "/prematch/backtests/users",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const backtest = doc.paths["/prematch/backtests"].post.responses["200"].content["application/json"].schema;
    expect(JSON.stringify(backtest)).toContain("Backtest");
  });

  it("validates with the SPEC §5 messages, translated", async () => {
    const bad = await call("POST", "/prematch/filters?language=de", premium.token, { name: "", note: "x".repeat(501) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("scannerRules.nameRequired");
    expect(bad.body.fields.name).not.toBe("scannerRules.nameRequired");
    const special = await call("POST", "/prematch/filters", premium.token, { name: "a<b" });
    expect(special.body.fields.name).toBe("Special characters are not allowed");
    const rule = await call("POST", "/prematch/filters", premium.token, { name: "ok", rules: [{ category: "odds" }] });
    expect(rule.status).toBe(400);
    expect(Object.values(rule.body.fields)).toContain("Field required");
    expect((await call("POST", "/prematch/filters", null, { name: "ok" })).status).toBe(401);
  });

  it("limits: free 1, premium 40 (SPEC §8 messages)", async () => {
    expect((await call("POST", "/prematch/filters", free.token, { name: "First" })).status).toBe(200);
    const second = await call("POST", "/prematch/filters", free.token, { name: "Second" });
    expect(second.status).toBe(403);
    expect(second.body.error).toBe(
      "You have reached your limit of 1 free Pre Match Filter. Subscribe to create more filters.",
    );
    const user = await signIn("many@example.com");
    await grantPremium(db.pool, user.userId, { now: new Date(NOW) });
    await db.pool.query(
      `INSERT INTO prematch_filters (user_id, name) SELECT $1, 'f' || g FROM generate_series(1, 40) g`,
      [user.userId],
    );
    const over = await call("POST", "/prematch/filters", user.token, { name: "Forty-one" });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe("premium.limitPremiumFilters");
  });

  it("CRUD, rules one by one, duplicate, import, and others' rules hidden from free users", async () => {
    const created = await call("POST", "/prematch/filters", premium.token, {
      name: "Home favourites",
      desiredOutcome: "home",
      leadTime: { amount: 2, unit: "hours" },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    for (const rule of RULES)
      expect((await call("POST", `/prematch/filters/${id}/rules`, premium.token, rule)).status).toBe(200);
    const read = await call("GET", `/prematch/filters/${id}`, premium.token);
    expect(read.body.data.rules).toHaveLength(3);
    expect(read.body.data.leadTime).toEqual({ amount: 2, unit: "hours" });
    const ruleId = read.body.data.rules[0].id;
    const changed = await call("PUT", `/prematch/filters/${id}/rules/${ruleId}`, premium.token, {
      ...RULES[0],
      value: 2.3,
    });
    expect(changed.body.data.rules[0].value).toBe(2.3);
    const live = await call("POST", `/prematch/filters/${id}/rules`, premium.token, {
      ...RULES[0],
      target: "WinningTeam",
    });
    expect(live.status).toBe(400);
    expect((await call("GET", `/prematch/filters/${id}`, free.token)).body.data.rules).toBeNull();
    expect((await call("GET", `/prematch/filters/${id}`, other.token)).body.data.rules).toHaveLength(3);
    expect((await call("POST", `/prematch/filters/${id}/import`, free.token)).body.error).toBe(
      "Go Premium to import this filter.",
    );
    expect((await call("POST", `/prematch/filters/${id}/import`, null)).body.error).toBe(
      "Authentication required, login to import the filter.",
    );
    const imported = await call("POST", `/prematch/filters/${id}/import`, other.token);
    expect(imported.body.data.rules).toHaveLength(3);
    const copy = await call("POST", `/prematch/filters/${id}/duplicate`, premium.token);
    expect(copy.body.data.name).toBe("Home favourites (2)");
    expect((await call("DELETE", `/prematch/filters/${copy.body.data.id}`, premium.token)).status).toBe(200);
    expect((await call("POST", `/prematch/filters/${copy.body.data.id}/import`, other.token)).body.error).toBe(
      "You can't import this filter, it has been deleted.",
    );
    const upcoming = await call("GET", `/prematch/filters/${id}/upcoming`, premium.token);
    expect(upcoming.status).toBe(200);
    for (const f of upcoming.body.data) expect(Date.parse(f.kickoff)).toBeGreaterThan(Date.parse(NOW));
  });
});

describe("backtests", () => {
  let filterId: number;
  beforeAll(async () => {
    const created = await call("POST", "/prematch/filters", premium.token, {
      name: "Backtested",
      desiredOutcome: "home",
      rules: RULES,
    });
    filterId = created.body.data.id;
  });

  it("need premium, a desired outcome and at least 3 rules", async () => {
    expect((await call("POST", "/prematch/backtests", free.token, { filterId })).status).toBe(403);
    const two = await call("POST", "/prematch/filters", premium.token, {
      name: "Two rules",
      desiredOutcome: "home",
      rules: RULES.slice(0, 2),
    });
    expect((await call("POST", "/prematch/backtests", premium.token, { filterId: two.body.data.id })).body.code).toBe(
      "prematch.errors.backtestNeeds",
    );
    const none = await call("POST", "/prematch/filters", premium.token, { name: "No outcome", rules: RULES });
    expect((await call("POST", "/prematch/backtests", premium.token, { filterId: none.body.data.id })).status).toBe(
      400,
    );
    expect((await call("POST", "/prematch/backtests", premium.token, { filterId, interval: "Custom" })).status).toBe(
      400,
    );
    expect((await call("POST", "/prematch/backtests", premium.token, { filterId, interval: "Fortnight" })).status).toBe(
      400,
    );
  });

  it("is Done when the POST answers, with figures matching its Excel (one row per pick)", async () => {
    const posted = await call("POST", "/prematch/backtests", premium.token, {
      filterId,
      interval: "SixMonths",
      stake: 10,
    });
    expect(posted.status).toBe(200);
    const b = posted.body.data;
    expect(b.status).toBe("Done");
    expect(b.queuePosition).toBeNull();
    const got = await call("GET", `/prematch/backtests/${b.id}`, premium.token);
    const result = got.body.data.result;
    expect(result.figures.analysed).toBeGreaterThan(50);
    expect(result.figures.picks).toBeGreaterThan(0);
    expect(result.figures.picks).toBeLessThanOrEqual(result.figures.analysed);
    expect(result.leagues.reduce((a: number, l: { picks: number }) => a + l.picks, 0)).toBe(result.figures.picks);
    expect(result.figures.closingLineValue).toBeGreaterThan(0);
    const file = await call("GET", `/prematch/backtests/${b.id}/excel`, premium.token);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body);
    const sheet = book.getWorksheet("Picks")!;
    expect(sheet.actualRowCount).toBe(result.figures.picks + 1);
    const grades = [];
    // the result column, after the opening odds, our model's probability and the closing odds
    for (let r = 2; r <= sheet.actualRowCount; r++) grades.push(sheet.getRow(r).getCell(12).value);
    expect(grades.filter((g) => g === "Won")).toHaveLength(result.figures.profit.winningPicks);
    // the member's language and zone (the account's: English and UTC here), the odds as numbers of two decimals
    expect(sheet.getRow(1).getCell(1).value).toBe("Kick-off (UTC)");
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    const odds = sheet.getRow(2).getCell(9);
    expect(odds.numFmt).toBe("0.00");
    if (odds.value !== null) expect(Math.round((odds.value as number) * 100) / 100).toBe(odds.value);
    const summary = new Map<string, ExcelJS.Cell>();
    book.getWorksheet("Summary")!.eachRow((r) => summary.set(String(r.getCell(1).value), r.getCell(2)));
    expect(summary.get("Period")!.value).toBe("6 months");
    expect(summary.get("ROI")!.numFmt).toBe("0.0%");
    expect(summary.get("ROI")!.value).toBe(result.figures.profit.roi);
    // others: figures for premium, the Excel only with the add-on
    expect((await call("GET", `/prematch/backtests/${b.id}/excel`, free.token)).status).toBe(403);
    expect((await call("GET", `/prematch/backtests/${b.id}/excel`, other.token)).status).toBe(200);
    // the same backtest read by a German member in Berlin: German heads and results, Berlin's clock, even where an
    // earlier version kept its English file on UTC (which an English reader on UTC still gets)
    await db.pool.query("UPDATE users SET language_code = 'de', timezone = 'Europe/Berlin' WHERE id = $1", [
      other.userId,
    ]);
    await db.pool.query("UPDATE prematch_backtests SET excel = $2 WHERE id = $1", [b.id, Buffer.from("kept")]);
    expect(Buffer.from((await call("GET", `/prematch/backtests/${b.id}/excel`, premium.token)).body)).toEqual(
      Buffer.from("kept"),
    );
    const german = new ExcelJS.Workbook();
    await german.xlsx.load((await call("GET", `/prematch/backtests/${b.id}/excel`, other.token)).body);
    const tipps = german.getWorksheet("Tipps")!;
    expect(tipps.getRow(1).getCell(1).value).toBe("Anstoß (Europe/Berlin)");
    expect(tipps.getRow(1).getCell(2).value).toBe("Land");
    expect(tipps.getRow(1).getCell(1).numFmt).toBe("dd.mm.yyyy hh:mm");
    const utc = (sheet.getRow(2).getCell(1).value as Date).getTime();
    const berlin = (tipps.getRow(2).getCell(1).value as Date).getTime();
    expect([3_600_000, 7_200_000]).toContain(berlin - utc);
    expect(["Gewonnen", "Verloren", "Ungültig"]).toContain(tipps.getRow(2).getCell(12).value);
    await db.pool.query("UPDATE users SET language_code = 'en', timezone = NULL WHERE id = $1", [other.userId]);
    const list = await call("GET", "/prematch/backtests/users?interval=SixMonths&minNumberOfLeagues=0", other.token);
    expect(list.body.data.items.map((x: { id: number }) => x.id)).toContain(b.id);
    expect(list.body.data.items[0].filter.rules).toHaveLength(3);
    const noAddon = await services.prematch.usersBacktests({ id: free.userId }, PREMIUM, {
      interval: "SixMonths",
      minPicks: 0,
      minSuccess: 0,
      maxSuccess: 100,
      minRoi: null,
      minMeanWinningOdd: null,
      minLeagues: 0,
      sortBy: "roi",
      sortOrder: "desc",
      page: 1,
      perPage: 10,
    });
    expect(noAddon.items[0]!.filter.rules).toBeNull();
    expect(noAddon.items[0]!.hasExcel).toBe(false);
  });

  it("moves Todo → OnGoing → Done with queue positions, and ends with an error on a broken filter", async () => {
    const write = (rules: unknown) => ({
      userId: premium.userId,
      filterId,
      filter: { name: "q", desiredOutcome: "home", rules, leagueIds: [] },
      interval: "ThreeMonths",
      from: new Date(Date.parse(NOW) - 90 * DAY),
      to: new Date(NOW),
      leagueIds: [],
      stake: 10,
    });
    const ids = [
      await q.insertBacktest(db.pool, write(RULES.map((r, i) => ({ ...r, id: `r${i}` })))),
      await q.insertBacktest(
        db.pool,
        write([{ id: "x", category: "odds", stat: "nope", target: "Home", comparator: "EqualTo", value: 1 }]),
      ),
    ];
    ids.push(await q.insertBacktest(db.pool, write(RULES.map((r, i) => ({ ...r, id: `r${i}` })))));
    const positions = async () =>
      Promise.all(ids.map(async (id) => (await q.backtestById(db.pool, id, false))!.queuePosition));
    expect(await positions()).toEqual([0, 1, 2]);
    expect((await q.claimBacktest(db.pool, ids[0]!))!.status).toBe("OnGoing");
    expect(await q.claimBacktest(db.pool, ids[0]!)).toBeNull();
    expect(await positions()).toEqual([null, 0, 1]);
    await services.prematch.runBacktest(ids[0]!); // already taken: nothing happens
    expect((await q.backtestById(db.pool, ids[0]!, false))!.status).toBe("OnGoing");
    await q.finishBacktest(db.pool, ids[0]!, { status: "Done" });
    await services.prematch.runBacktest(ids[1]!);
    const broken = (await q.backtestById(db.pool, ids[1]!, false))!;
    expect(broken.status).toBe("EndedWithError");
    expect(broken.error).toMatch(/nope/);
    expect(await positions()).toEqual([null, null, 0]);
    expect(await services.prematch.runPending()).toBeGreaterThanOrEqual(1);
    expect((await q.backtestById(db.pool, ids[2]!, false))!.status).toBe("Done");
  });

  it("visitors and free users cannot read others' backtests", async () => {
    const mine = await services.prematch.myBacktests({ id: premium.userId }, PREMIUM);
    // A visitor is asked to sign in (401), as on every private endpoint; a free user is refused (403).
    await expect(services.prematch.backtest(null, VISITOR, mine[0]!.id)).rejects.toMatchObject({ status: 401 });
    await expect(services.prematch.backtest({ id: free.userId }, FREE_USER, mine[0]!.id)).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe("alerts", () => {
  it("alerts a postponed match at its new lead time, with its new kick-off, once", async () => {
    const created = await call("POST", "/prematch/filters", other.token, {
      name: "Postponed",
      desiredOutcome: "home",
      leadTime: { amount: 1, unit: "days" },
      rules: RULES.slice(0, 1),
    });
    const id = created.body.data.id;
    // The day's round is postponed by three days (the sync moves the fixtures, keeping their ids).
    const round = (
      await db.pool.query<{ id: number }>(
        "SELECT id FROM fixtures WHERE kickoff > $1 AND kickoff < $1::timestamptz + interval '1 day' ORDER BY id",
        [NOW],
      )
    ).rows.map((r) => r.id);
    expect(round.length).toBeGreaterThan(0);
    // Every process's store sees a new kick-off at its next check, even one that changes no count and no prediction.
    const before = await storeFingerprint(db.pool, clock.now());
    await db.pool.query("UPDATE fixtures SET kickoff = kickoff + interval '1 hour' WHERE id = $1", [round[0]]);
    expect(await storeFingerprint(db.pool, clock.now())).not.toBe(before);
    await db.pool.query("UPDATE fixtures SET kickoff = kickoff - interval '1 hour' WHERE id = $1", [round[0]]);
    expect(await storeFingerprint(db.pool, clock.now())).toBe(before);
    await db.pool.query("UPDATE fixtures SET kickoff = kickoff + interval '3 days' WHERE id = ANY($1::int[])", [round]);
    const fresh = () => createServices({ pool: db.pool, clock }, READY_PROBES).prematch;
    // At the old lead time nothing is due: the matches are three days away now.
    expect((await fresh().findAlerts()).filter((p) => p.filterId === id)).toEqual([]);
    // Friday 12:30, within a day of the new kick-offs, and after the weekend's prices are out (Friday noon).
    clock.set(new Date(Date.parse(NOW) + 3 * DAY + 30 * 60_000));
    // A sync that moves a price the store holds, and no prediction uses, changes the fingerprint too: every process
    // reloads its store at the next check, and the filters on that price are judged again.
    const priced = await storeFingerprint(db.pool, clock.now());
    const row = `(SELECT o.ctid FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id
                   WHERE o.fixture_id = ANY($1::int[]) AND NOT o.closing AND o.market = '1x2' AND b.code = 'Avg' LIMIT 1)`;
    expect(
      (await db.pool.query(`UPDATE odds SET price_home = price_home + 0.05 WHERE ctid = ${row}`, [round])).rowCount,
    ).toBe(1);
    expect(await storeFingerprint(db.pool, clock.now())).not.toBe(priced);
    await db.pool.query(`UPDATE odds SET price_home = price_home - 0.05 WHERE ctid = ${row}`, [round]);
    expect(await storeFingerprint(db.pool, clock.now())).toBe(priced);
    const due = (await fresh().findAlerts()).filter((p) => p.filterId === id);
    expect(due.length).toBeGreaterThan(0);
    expect(due.every((p) => round.includes(p.fixtureId))).toBe(true);
    // The alert message gives the new kick-off.
    const picks = await db.pool.query<{ shown: string; kickoff: Date }>(
      "SELECT p.content->>'kickoff' AS shown, f.kickoff FROM alert_picks p JOIN fixtures f ON f.id = p.fixture_id WHERE p.filter_id = $1 AND p.user_id = $2",
      [id, other.userId],
    );
    expect(picks.rows).toHaveLength(due.length);
    for (const pick of picks.rows) expect(pick.shown).toBe(pick.kickoff.toISOString());
    expect((await fresh().findAlerts()).filter((p) => p.filterId === id)).toEqual([]);
    await db.pool.query("UPDATE fixtures SET kickoff = kickoff - interval '3 days' WHERE id = ANY($1::int[])", [round]);
    await db.pool.query("DELETE FROM prematch_filters WHERE id = $1", [id]);
    clock.set(NOW);
  });

  it("records a pick once per (filter, fixture) within the lead time through the alerts outbox, graded after the match", async () => {
    const created = await call("POST", "/prematch/filters", other.token, {
      name: "Alerts",
      desiredOutcome: "home",
      leadTime: { amount: 2, unit: "days" },
      rules: RULES.slice(0, 1),
    });
    const id = created.body.data.id;
    const found = await services.prematch.findAlerts();
    const mine = found.filter((p) => p.filterId === id);
    expect(mine.length).toBeGreaterThan(0);
    for (const p of mine) expect(p.odds).toBeGreaterThan(1);
    // once only, also for another process's service on the same database
    const again = createServices({ pool: db.pool, clock }, READY_PROBES);
    expect((await again.prematch.findAlerts()).filter((p) => p.filterId === id)).toHaveLength(0);
    const history = await call("GET", `/prematch/filters/${id}/history`, other.token);
    expect(history.body.data).toHaveLength(mine.length);
    expect(
      history.body.data.every(
        (p: { grade: string | null; match: { home: string } | null }) => p.grade === null && p.match !== null,
      ),
    ).toBe(true);
    // the matches end with a home win: the alerts module grades the picks
    clock.set(new Date(Date.parse(NOW) + 9 * DAY));
    await db.pool.query(`UPDATE fixtures SET ft_home = 1, ft_away = 0, ht_home = 0, ht_away = 0 WHERE kickoff > $1`, [
      NOW,
    ]);
    await services.alerts.grade();
    const graded = await services.prematch.history({ id: other.userId }, PREMIUM, id);
    expect(graded.length).toBe(mine.length);
    expect(graded.every((p) => p.grade === "won")).toBe(true);
    const users = await services.prematch.usersFilters(null, VISITOR, { page: 1, perPage: 40 });
    expect(users.find((f) => f.id === id)!.figures).toMatchObject({
      picks: mine.length,
      won: mine.length,
      successRate: 1,
    });
    // clearing one pick takes it out of the history
    expect(await services.prematch.clearHistory({ id: other.userId }, id, graded[0]!.id)).toBe(1);
    expect(await services.prematch.history({ id: other.userId }, PREMIUM, id)).toHaveLength(mine.length - 1);
    clock.set(NOW);
  });
});
