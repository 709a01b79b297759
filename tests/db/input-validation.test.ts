/**
 * The input-validation rows of the hardening review, as one table through the real apps (the API and the pages
 * of `createHttpApp`) against the embedded PostgreSQL: a NUL character in any free text, ids of 2³¹ and more in
 * pages and JSON bodies, subnormal numbers, impossible days and unknown leagues, a non-Latin-1 redirect target,
 * visitors on private endpoints and live backtest rules without ids. Each bad request answers its 4xx with a
 * message (a message key as `code`, never a zod sentence), and nothing is written on a refusal.
 */
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSource } from "../../src/data/csv-source.ts";
import { importFile } from "../../src/data/importer.ts";
import { SESSION_COOKIE } from "../../src/domain/accounts/session-cookie.ts";
import { translate } from "../../src/i18n/messages.server.ts";
import { pagePath } from "../../src/i18n/paths.ts";
import { livescanPaths } from "../../src/i18n/routes-livescan.ts";
import { prematchPaths } from "../../src/i18n/routes-prematch.ts";
import { leagueGroupsPath } from "../../src/i18n/routes-stats.ts";
import { createApi } from "../../src/server/api/app.ts";
import type { ErrorBody } from "../../src/server/api/contract.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { loadPageBuild } from "../support/page-build.ts";
import { grantPremium } from "../support/premium.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
let site: { request: (url: string, init?: RequestInit) => Response | Promise<Response> };
let closeBuild = async () => {};
const clock = fixedClock("2025-10-20T12:00:00Z");
const silent = { warn: () => {}, error: (object: object, message: string) => console.error(message, object) };
let token = "";
let userId = 0;
let league = 0;
let prematchFilter = 0;
let liveFilter = 0;

const NUL = "\u0000";
const BIG = 2_147_483_648;
const NUL_KEY = "apiErrors.validation.nul";
const NUL_TEXT = translate("en", NUL_KEY);

const liveRule = {
  category: "liveStats",
  stat: "shotsOnGoal",
  target: "Home",
  comparator: "GreaterEqualThan",
  value: 3,
};
const prematchRules = [
  { category: "odds", stat: "win", target: "Home", comparator: "LessThan", value: 2.2 },
  { category: "preMatchStats", stat: "W", target: "Home", comparator: "GreaterEqualThan", value: 0, window: "season" },
  { category: "odds", stat: "draw", target: "Match", comparator: "GreaterThan", value: 3 },
];

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    await readSource(path.resolve("datasets/football-data", "2025-2026", "E0.csv.gz"), "2025-2026/E0.csv.gz"),
  );
  services = createServices(
    { pool: db.pool, clock },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services, { logger: silent });
  league = (await db.pool.query("SELECT id FROM leagues ORDER BY id LIMIT 1")).rows[0].id;
  const password = "correct horse battery";
  await services.accounts.register(
    {
      firstName: "Ada",
      lastName: "Input",
      email: "ada@example.com",
      password,
      confirmPassword: password,
      terms: true,
      languageCode: "en",
    },
    { ip: "10.8.0.1" },
  );
  userId = (
    await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = 'ada@example.com' RETURNING id")
  ).rows[0].id;
  await grantPremium(db.pool, userId, { now: clock.now(), addonBacktesting: true });
  token = (await services.accounts.login({ email: "ada@example.com", password }, { ip: "10.8.0.1" })).token;
  const created = await call("POST", "/prematch/filters", {
    name: "Home favourites",
    desiredOutcome: "home",
    rules: prematchRules,
  });
  expect(created.status).toBe(200);
  prematchFilter = ((await created.json()) as { data: { id: number } }).data.id;
  const live = await call("POST", "/live-filters", {
    name: "Pressure",
    desiredOutcome: "home",
    leagueIds: [league],
    rules: [liveRule],
  });
  expect(live.status).toBe(200);
  liveFilter = ((await live.json()) as { data: { id: number } }).data.id;
  // The pages: the real HTTP app with the web app's server build.
  const { createHttpApp } = await import("../../src/server/http.ts");
  const loaded = await loadPageBuild();
  closeBuild = loaded.close;
  site = createHttpApp(services, loaded.build as ServerBuild, {
    mode: "production",
    trustProxy: false,
    secureCookies: false,
    mailboxDir: null,
    logger: silent,
  });
}, 300_000);
afterAll(async () => {
  await closeBuild();
  await db?.drop();
});

function call(method: string, url: string, body?: unknown, signedIn = true) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signedIn) headers.authorization = `Bearer ${token}`;
  return api.request(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

/** A page request, signed in with the session cookie (and this origin, as a browser's form post carries it). */
function page(
  url: string,
  init: { method?: string; form?: Record<string, string | string[]>; signedIn?: boolean } = {},
) {
  const headers: Record<string, string> = { origin: "http://localhost", host: "localhost" };
  if (init.signedIn !== false) headers.cookie = `${SESSION_COOKIE}=${token}`;
  let body: string | undefined;
  if (init.form) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(init.form)) for (const one of [v].flat()) form.append(k, one);
    body = form.toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return site.request(`http://localhost${url}`, {
    method: init.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    redirect: "manual",
  });
}

/** Every row of the tables a refused request could have touched, as one text: equal before and after. */
async function written(): Promise<string> {
  const parts: string[] = [];
  for (const table of [
    "live_filters",
    "prematch_filters",
    "prematch_backtests",
    "contact_messages",
    "saved_searches",
    "league_groups",
    "favourite_team_groups",
    "alert_picks",
  ]) {
    const { rows } = await db.pool.query(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h, count(*)::int AS n FROM ${table} t`,
    );
    parts.push(`${table}:${rows[0].n}:${rows[0].h}`);
  }
  const user = await db.pool.query(
    "SELECT first_name, last_name, username, preferences::text FROM users WHERE id = $1",
    [userId],
  );
  parts.push(JSON.stringify(user.rows[0]));
  return parts.join("\n");
}

type Row = {
  row: number;
  what: string;
  send: () => Response | Promise<Response>;
  status: number;
  /** the error's `code` (API) */
  code?: string;
  /** a field of `fields` (API) */
  field?: string;
  /** a text the answer holds (pages) */
  text?: string;
  /** where a redirect goes */
  location?: string;
};

const isMessageKey = (code: string) => /^[a-zA-Z]\w*(\.\w+)+$/.test(code) && translate("en", code) !== code;

describe("input validation: the hardening table", () => {
  const rows: Row[] = [
    // Row 1: a NUL character in any free text, one rule for all.
    {
      row: 1,
      what: "live filter name",
      send: () => call("POST", "/live-filters", { name: `a${NUL}b`, desiredOutcome: "home", rules: [liveRule] }),
      status: 400,
      code: NUL_KEY,
      field: "name",
    },
    {
      row: 1,
      what: "live filter note",
      send: () => call("POST", "/live-filters", { name: "Note", note: `x${NUL}` }),
      status: 400,
      code: NUL_KEY,
      field: "note",
    },
    {
      row: 1,
      what: "live filter note (PUT)",
      send: () => call("PUT", `/live-filters/${liveFilter}`, { note: NUL }),
      status: 400,
      code: NUL_KEY,
      field: "note",
    },
    {
      row: 1,
      what: "pre-match filter name",
      send: () => call("POST", "/prematch/filters", { name: `a${NUL}` }),
      status: 400,
      code: NUL_KEY,
      field: "name",
    },
    {
      row: 1,
      what: "pre-match filter name (PUT)",
      send: () => call("PUT", `/prematch/filters/${prematchFilter}`, { name: NUL }),
      status: 400,
      code: NUL_KEY,
      field: "name",
    },
    {
      row: 1,
      what: "a rule's statistic",
      send: () =>
        call("POST", "/prematch/filters", { name: "Rule", rules: [{ ...prematchRules[0], stat: `win${NUL}` }] }),
      status: 400,
      code: NUL_KEY,
      field: "rules.0.stat",
    },
    {
      row: 1,
      what: "first name",
      send: () => call("POST", "/users/me", { firstName: `Ada${NUL}` }),
      status: 400,
      code: NUL_KEY,
      field: "firstName",
    },
    {
      row: 1,
      what: "contact message",
      send: () =>
        call(
          "POST",
          "/contact",
          {
            topic: "general",
            subject: "Hi",
            email: "ada@example.com",
            message: `Hello${NUL}there, a long enough message`,
          },
          false,
        ),
      status: 400,
      code: NUL_KEY,
      field: "message",
    },
    {
      row: 1,
      what: "saved search name",
      send: () => call("POST", "/users/searches", { name: NUL, query: { event: "O25" } }),
      status: 400,
      code: NUL_KEY,
      field: "name",
    },
    {
      row: 1,
      what: "a saved search's query key",
      send: () => call("POST", "/users/searches", { name: "Keys", query: { [`event${NUL}`]: "O25" } }),
      status: 400,
      code: NUL_KEY,
    },
    {
      row: 1,
      what: "league group name",
      send: () => call("POST", "/users/leagues", { name: `Top${NUL}`, leagueIds: [league] }),
      status: 400,
      code: NUL_KEY,
      field: "name",
    },
    {
      row: 1,
      what: "team group name",
      send: () => call("PUT", "/favourites/teamgroups", { name: `We${NUL}ekend` }),
      status: 400,
      code: NUL_KEY,
      field: "name",
    },
    {
      row: 1,
      what: "explore search (API)",
      send: () => call("GET", "/live-filters/explore?search=%00"),
      status: 400,
      code: NUL_KEY,
      field: "search",
    },
    {
      row: 1,
      what: "a form body to the API",
      send: () =>
        api.request("/contact", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "message=a%00b",
        }),
      status: 400,
      code: NUL_KEY,
      field: "message",
    },
    {
      row: 1,
      what: "explore search (page)",
      send: () => page(`${livescanPaths("en").scanner("explore")}&search=%00`, { signedIn: false }),
      status: 400,
      text: NUL_TEXT,
    },
    // A path with a NUL names no page.
    { row: 1, what: "a page path", send: () => page("/leagues%00", { signedIn: false }), status: 404 },
    {
      row: 1,
      what: "a page's id",
      send: () => page("/vip/live-scanner/1%00", { signedIn: false }),
      status: 400,
      text: NUL_TEXT,
    },
    {
      row: 1,
      what: "new live filter form",
      send: () => page(livescanPaths("en").newFilter, { form: { name: `Night${NUL}`, desiredOutcome: "home" } }),
      status: 400,
      text: NUL_TEXT,
    },
    {
      row: 1,
      what: "new pre-match filter form",
      send: () =>
        page(prematchPaths("en").newFilter, { form: { name: "Night", note: `x${NUL}`, desiredOutcome: "home" } }),
      status: 400,
      text: NUL_TEXT,
    },
    {
      row: 1,
      what: "profile form",
      send: () => page(pagePath("en", "profile"), { form: { firstName: `Ada${NUL}`, lastName: "Input" } }),
      status: 400,
      text: NUL_TEXT,
    },
    {
      row: 1,
      what: "contact form",
      send: () =>
        page(pagePath("en", "contact"), {
          form: {
            topic: "general",
            subject: "Hi",
            email: "ada@example.com",
            message: `Hello${NUL} there, long enough`,
          },
          signedIn: false,
        }),
      status: 400,
      text: NUL_TEXT,
    },
    {
      row: 1,
      what: "league group form",
      send: () => page(leagueGroupsPath("en"), { form: { name: `Top${NUL}`, leagueId: String(league) } }),
      status: 400,
      text: NUL_TEXT,
    },
    // Row 2: ids of 2³¹ and more, wherever they come from.
    {
      row: 2,
      what: "live filter page (visitor)",
      send: () => page(`/vip/live-scanner/${BIG}`, { signedIn: false }),
      status: 404,
    },
    {
      row: 2,
      what: "match page",
      send: () => page(`/matches/predictions/a-b_${BIG}`, { signedIn: false }),
      status: 404,
    },
    {
      row: 2,
      what: "pre-match filter page",
      send: () => page(`${prematchPaths("en").filter(1).replace(/1$/, String(BIG))}`),
      status: 404,
    },
    {
      row: 2,
      what: "pre-match history pick (form)",
      send: () => page(prematchPaths("en").history(prematchFilter), { form: { pickId: String(BIG) } }),
      status: 404,
    },
    {
      row: 2,
      what: "backtest filterId",
      send: () => call("POST", "/prematch/backtests", { filterId: BIG }),
      status: 400,
      code: "apiErrors.invalidInput",
      field: "filterId",
    },
    {
      row: 2,
      what: "backtest leagueIds",
      send: () => call("POST", "/prematch/backtests", { filterId: prematchFilter, leagueIds: [BIG] }),
      status: 400,
      code: "apiErrors.invalidInput",
      field: "leagueIds.0",
    },
    {
      row: 2,
      what: "live filter leagueIds",
      send: () => call("POST", "/live-filters", { name: "big", leagueIds: [BIG] }),
      status: 400,
      code: "apiErrors.invalidInput",
      field: "leagueIds.0",
    },
    {
      row: 2,
      what: "live filter form leagueIds",
      send: () =>
        page(livescanPaths("en").newFilter, { form: { name: "big", desiredOutcome: "home", leagueIds: String(BIG) } }),
      status: 400,
    },
    {
      row: 2,
      what: "live backtest leagueIds",
      send: () =>
        call("POST", "/live-filters/backtest", { rules: [liveRule], desiredOutcome: "home", leagueIds: [BIG] }),
      status: 400,
      code: "apiErrors.invalidInput",
      field: "leagueIds.0",
    },
    // Row 3: a subnormal stake, a fractional count in a page's query, a redirect target beyond Latin-1.
    {
      row: 3,
      what: "stake 1e-320",
      send: () => call("POST", "/prematch/backtests", { filterId: prematchFilter, stake: 1e-320 }),
      status: 400,
      code: "apiErrors.validation.tinyNumber",
      field: "stake",
    },
    {
      row: 3,
      what: "stake of a thousandth",
      send: () => call("POST", "/prematch/backtests", { filterId: prematchFilter, stake: 0.001 }),
      status: 400,
      field: "stake",
    },
    {
      row: 3,
      what: "minNumberOfLeagues=1.5 (page)",
      send: () => page(`${prematchPaths("en").scanner("prematch-backtesting")}&minNumberOfLeagues=1.5`),
      status: 400,
      text: "minNumberOfLeagues",
    },
    {
      row: 3,
      what: "minSuccessPercentage=1e-320 (page)",
      send: () => page(`${prematchPaths("en").scanner("prematch-backtesting")}&minSuccessPercentage=1e-320`),
      status: 400,
      text: "minSuccessPercentage",
    },
    {
      row: 3,
      what: "minNumberOfLeagues=1.5 (API)",
      send: () => call("GET", "/prematch/backtests/users?minNumberOfLeagues=1.5"),
      status: 400,
      field: "minNumberOfLeagues",
    },
    {
      row: 3,
      what: "redirectTo beyond Latin-1, signed in",
      send: () => page(`${pagePath("en", "login")}?redirectTo=%2F%E2%88%95%E2%88%95evil.com`),
      status: 302,
      location: "/",
    },
    // Row 4: a visitor on private endpoints is asked to sign in.
    {
      row: 4,
      what: "filter history (visitor)",
      send: () => call("GET", `/prematch/filters/${prematchFilter}/history`, undefined, false),
      status: 401,
      code: "auth.loginRequired",
    },
    {
      row: 4,
      what: "upcoming matches (visitor)",
      send: () => call("GET", `/prematch/filters/${prematchFilter}/upcoming`, undefined, false),
      status: 401,
      code: "auth.loginRequired",
    },
    {
      row: 4,
      what: "a backtest (visitor)",
      send: () => call("GET", "/prematch/backtests/8", undefined, false),
      status: 401,
      code: "auth.loginRequired",
    },
    // Row 5: the live backtest takes rules as POST /live-filters does, and names a missing field.
    {
      row: 5,
      what: "live backtest rule without stat",
      send: () =>
        call("POST", "/live-filters/backtest", { rules: [{ ...liveRule, stat: undefined }], desiredOutcome: "home" }),
      status: 400,
      code: "scannerRules.fieldMissing",
      field: "rules.0.stat",
    },
    // Row 6: message keys, unknown leagues, impossible days.
    {
      row: 6,
      what: "live filter leagueIds [-5]",
      send: () => call("POST", "/live-filters", { name: "neg", leagueIds: [-5] }),
      status: 400,
      code: "apiErrors.invalidInput",
      field: "leagueIds.0",
    },
    {
      row: 6,
      what: "pre-match filter leagueIds [-5]",
      send: () => call("POST", "/prematch/filters", { name: "neg", leagueIds: [-5] }),
      status: 400,
      code: "apiErrors.invalidInput",
      field: "leagueIds.0",
    },
    {
      row: 6,
      what: "live filter, unknown league",
      send: () => call("POST", "/live-filters", { name: "unknown", leagueIds: [99_999_999] }),
      status: 400,
      code: "leagueGroups.unknownLeague",
      field: "leagueIds",
    },
    {
      row: 6,
      what: "pre-match filter, unknown league (PUT)",
      send: () => call("PUT", `/prematch/filters/${prematchFilter}`, { leagueIds: [99_999_999] }),
      status: 400,
      code: "leagueGroups.unknownLeague",
      field: "leagueIds",
    },
    {
      row: 6,
      what: "backtest, unknown league",
      send: () => call("POST", "/prematch/backtests", { filterId: prematchFilter, leagueIds: [99_999_999] }),
      status: 400,
      code: "leagueGroups.unknownLeague",
      field: "leagueIds",
    },
    {
      row: 6,
      what: "live backtest, unknown league",
      send: () =>
        call("POST", "/live-filters/backtest", { rules: [liveRule], desiredOutcome: "home", leagueIds: [99_999_999] }),
      status: 400,
      code: "leagueGroups.unknownLeague",
      field: "leagueIds",
    },
    {
      row: 6,
      what: "live filter form, unknown league",
      send: () =>
        page(livescanPaths("en").newFilter, {
          form: { name: "unknown", desiredOutcome: "home", leagueIds: "99999999" },
        }),
      status: 400,
    },
    {
      row: 6,
      what: "daily report of 2026-02-30",
      send: () => call("GET", "/alerts/report?day=2026-02-30"),
      status: 400,
      field: "day",
    },
  ];

  it.each(rows.map((r) => [`row ${r.row}: ${r.what}`, r] as const))("%s", async (_name, r) => {
    const before = await written();
    const response = await r.send();
    const type = response.headers.get("content-type") ?? "";
    const body = await response.text();
    expect(response.status, body.slice(0, 500)).toBe(r.status);
    if (type.includes("application/json") && r.status >= 400) {
      const error = JSON.parse(body) as ErrorBody;
      expect(error.error.length).toBeGreaterThan(3);
      // A message key, never a zod sentence.
      expect(isMessageKey(error.code), error.code).toBe(true);
      if (r.code) expect(error.code).toBe(r.code);
      if (r.field) expect(Object.keys(error.fields ?? {}), JSON.stringify(error)).toContain(r.field);
    }
    if (r.text)
      expect(
        body,
        body
          .replace(/<head>.*<\/head>/s, "")
          .replace(/<script.*/s, "")
          .slice(0, 1500),
      ).toContain(r.text);
    if (r.location) expect(response.headers.get("location")).toBe(r.location);
    expect(await written(), "nothing is written on a refusal").toBe(before);
  });

  it("row 5: rules without id are what POST /live-filters and the live backtest both take", async () => {
    const response = await call("POST", "/live-filters/backtest", {
      rules: [liveRule],
      desiredOutcome: "home",
      interval: "ThreeMonths",
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const error = (await (
      await call("POST", "/live-filters/backtest", { rules: [{ category: "liveStats" }], desiredOutcome: "home" })
    ).json()) as ErrorBody;
    expect(error.error).toMatch(/^Field required: rules\.0\.\w+$/);
  });

  it("row 6: the live filter's own page form answers the league refusal as the form's message", async () => {
    const response = await page(livescanPaths("en").newFilter, {
      form: { name: "unknown", desiredOutcome: "home", leagueIds: "99999999" },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(translate("en", "leagueGroups.unknownLeague"));
  });

  it("accepts the same requests with good values (the table refuses only what is bad)", async () => {
    expect((await call("PUT", `/live-filters/${liveFilter}`, { note: "fine" })).status).toBe(200);
    expect((await call("POST", "/users/me", { firstName: "Ada Lovelace" })).status).toBe(200);
    expect((await call("PUT", `/prematch/filters/${prematchFilter}`, { leagueIds: [league] })).status).toBe(200);
    expect((await call("GET", "/alerts/report?day=2025-10-19")).status).toBe(200);
    const login = await page(`${pagePath("en", "login")}?redirectTo=%2Fleagues`);
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/leagues");
    expect((await page(`${prematchPaths("en").scanner("prematch-backtesting")}&minNumberOfLeagues=2`)).status).toBe(
      200,
    );
  });
});
