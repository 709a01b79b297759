import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { createMailer } from "../../src/data/mail/mailer.ts";
import { createPushSender } from "../../src/data/push/sender.ts";
import { loadVapidKeys } from "../../src/data/push/vapid.ts";
import type { VapidKeys } from "../../src/db/queries/push.ts";
import { type MatchEventItem, matchEvents } from "../../src/domain/notifications/match-events.ts";
import { createApi } from "../../src/server/api/app.ts";
import type { PushPayload } from "../../src/services/push-delivery.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { matchPath } from "../../src/i18n/paths.ts";
import { testOutbox } from "../support/accounts.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { fakeBrowser, startPushService } from "../support/push-service.ts";

let db: TestDatabase;
let services: Services;
/** A second job worker on the same database, as another process would be. */
let otherWorker: Services;
let api: ReturnType<typeof createApi>;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let keys: VapidKeys;
const outbox = testOutbox();
const clock = fixedClock("2025-08-10T12:00:00Z");
const MINUTE = 60_000;

/** A main-division row with red cards (home, away). */
const rowWithRedCards = (cells: string, home: number, away: number) => {
  const values = cells.split(",");
  values[22] = String(home);
  values[23] = String(away);
  return values.join(",");
};

const fixtures = { played: 0, main: 0, other: 0 };
const kickoff = { main: 0, other: 0 };

let ip = 0;
const call = (method: string, path: string, body?: unknown, token?: string) =>
  api.request(path, {
    method,
    headers: {
      "content-type": "application/json",
      "x-test-client-ip": `10.1.0.${++ip % 250}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const json = async <T = { data: unknown; error?: string }>(response: Response) => (await response.json()) as T;

async function signUp(name: string): Promise<string> {
  const email = `${name}@example.com`;
  const form = {
    firstName: name,
    lastName: "Tester",
    email,
    password: "correct horse battery",
    confirmPassword: "correct horse battery",
    terms: true,
    languageCode: "en",
  };
  expect((await call("POST", "/auth/register", form)).status).toBe(200);
  const link = outbox.link(email);
  expect(
    (
      await call(
        "GET",
        `/users/verify?userId=${link.searchParams.get("userId")}&userKey=${link.searchParams.get("userKey")}`,
      )
    ).status,
  ).toBe(200);
  const login = await call("POST", "/auth/login", { email, password: "correct horse battery" });
  return (await json<{ data: { token: string } }>(login)).data.token;
}

/** A signed-in user with a browser subscribed at the stand-in push service. */
async function userWithBrowser(name: string) {
  const token = await signUp(name);
  const browser = fakeBrowser(`${pushService.origin}/${name}`);
  const response = await call("POST", "/push/subscriptions", browser.subscription, token);
  expect(response.status).toBe(200);
  const subscriptionId = (await json<{ data: { id: number } }>(response)).data.id;
  const received = () => pushService.received(`/${name}`).map((push) => browser.decrypt<PushPayload>(push));
  return { token, browser, subscriptionId, received };
}
type Follower = Awaited<ReturnType<typeof userWithBrowser>>;

const follow = (user: Follower, fixtureId: number) =>
  call("POST", "/livescorenotifications/secured", [{ fixtureId, oneSignalId: user.subscriptionId }], user.token);
const deliverBoth = () =>
  Promise.all([services.matchNotifications.deliver(), otherWorker.matchNotifications.deliver()]);

async function fixtureId(home: string): Promise<{ id: number; kickoff: number }> {
  const { rows } = await db.pool.query(
    "SELECT f.id, f.kickoff FROM fixtures f JOIN teams t ON t.id = f.home_team_id WHERE t.name = $1",
    [home],
  );
  return { id: rows[0].id, kickoff: rows[0].kickoff.getTime() };
}

beforeAll(async () => {
  db = await createTestDatabase();
  pushService = await startPushService();
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      mainRow("09/08/2025", "15:00", "Arsenal", "Chelsea", "2-0", "1-0"),
      rowWithRedCards(mainRow("15/08/2025", "20:00", "Liverpool", "Bournemouth", "4-2", "1-0"), 1, 0),
      mainRow("16/08/2025", "15:00", "Brighton", "Fulham", "1-1", "0-0"),
    ]),
  );
  const played = await fixtureId("Arsenal");
  const main = await fixtureId("Liverpool");
  const other = await fixtureId("Brighton");
  Object.assign(fixtures, { played: played.id, main: main.id, other: other.id });
  Object.assign(kickoff, { main: main.kickoff, other: other.kickoff });

  keys = await loadVapidKeys(db.pool);
  const push = createPushSender({ keys, subject: "mailto:ops@pitchlab.test", allowHttpEndpoints: true });
  const ctx = {
    pool: db.pool,
    clock,
    mailer: createMailer({ from: "Pitchlab <no-reply@test>", outboxDir: outbox.dir }),
    publicUrl: "http://pitchlab.test",
    push,
  };
  const probes = { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null };
  services = createServices(ctx, probes);
  otherWorker = createServices(ctx, probes);
  api = createApi(services);
});
afterAll(async () => {
  await pushService?.close();
  await db?.drop();
});

describe("push keys and access", () => {
  it("makes the VAPID keys once, keeps them in app_state and serves the public key to anyone", async () => {
    expect(await loadVapidKeys(db.pool)).toEqual(keys);
    const { rows } = await db.pool.query("SELECT value FROM app_state WHERE key = 'vapid'");
    expect(rows[0].value).toEqual(keys);
    const response = await call("GET", "/push/vapid-public-key");
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ data: { publicKey: keys.publicKey } });
  });

  it("documents the calls in the OpenAPI document", async () => {
    const doc = await json<{ paths: Record<string, unknown> }>(await call("GET", "/openapi.json"));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/push/vapid-public-key",
        "/push/subscriptions",
        "/livescorenotifications",
        "/livescorenotifications/secured",
        "/livescorenotifications/{fixtureId}",
      ]),
    );
  });

  it("answers 401 to visitors, whatever they send", async () => {
    const attempts = [
      call("POST", "/push/subscriptions", fakeBrowser("https://push.example/x").subscription),
      call("POST", "/push/subscriptions", { nonsense: true }),
      call("GET", "/livescorenotifications"),
      call("POST", "/livescorenotifications/secured", [{ fixtureId: 1, oneSignalId: 1 }]),
      call("DELETE", "/livescorenotifications/1?oneSignalId=1"),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(401);
      expect((await json(response)).error).toBe("Please log in to continue.");
    }
  });
});

describe("subscriptions and follows", () => {
  let ann: Follower;
  beforeAll(async () => {
    clock.set(new Date(kickoff.main - 60 * MINUTE));
    ann = await userWithBrowser("ann");
  });

  it("stores a browser once and refuses bad subscriptions with a clear message", async () => {
    const again = await call("POST", "/push/subscriptions", ann.browser.subscription, ann.token);
    expect((await json(again)).data).toEqual({ id: ann.subscriptionId });
    const badKeys = await call(
      "POST",
      "/push/subscriptions",
      { ...ann.browser.subscription, keys: { p256dh: "short", auth: "x" } },
      ann.token,
    );
    expect(badKeys.status).toBe(400);
    expect((await json(badKeys)).error).toBe("The browser's push subscription is not valid.");
    const badEndpoint = await call(
      "POST",
      "/push/subscriptions",
      { ...fakeBrowser("ftp://push.example/1").subscription },
      ann.token,
    );
    expect(badEndpoint.status).toBe(400);
    expect((await json(badEndpoint)).error).toBe("The push endpoint must be an https address.");
    const missing = await call("POST", "/push/subscriptions", { endpoint: "https://push.example/2" }, ann.token);
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toMatch(/^keys: /);
  });

  it("follows only existing matches that have not ended, on the user's own subscription", async () => {
    const notAList = await call(
      "POST",
      "/livescorenotifications/secured",
      { fixtureId: fixtures.main, oneSignalId: ann.subscriptionId },
      ann.token,
    );
    expect(notAList.status).toBe(400);
    const two = await call(
      "POST",
      "/livescorenotifications/secured",
      [
        { fixtureId: fixtures.main, oneSignalId: 1 },
        { fixtureId: fixtures.other, oneSignalId: 1 },
      ],
      ann.token,
    );
    expect(two.status).toBe(400);
    expect((await json(two)).error).toContain("must hold exactly one item");
    const unknown = await call(
      "POST",
      "/livescorenotifications/secured",
      [{ fixtureId: 999_999, oneSignalId: ann.subscriptionId }],
      ann.token,
    );
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toBe("No such fixture.");
    const ended = await follow(ann, fixtures.played);
    expect(ended.status).toBe(409);
    const strangers = await call(
      "POST",
      "/livescorenotifications/secured",
      [{ fixtureId: fixtures.main, oneSignalId: 999_999 }],
      ann.token,
    );
    expect(strangers.status).toBe(404);

    const created = await follow(ann, fixtures.main);
    expect(created.status).toBe(200);
    const notification = (await json<{ data: { id: number } }>(created)).data;
    expect(notification).toEqual({ id: expect.any(Number), fixtureId: fixtures.main, oneSignalId: ann.subscriptionId });
    expect((await follow(ann, fixtures.main)).status).toBe(200);
    expect((await json(await call("GET", "/livescorenotifications", undefined, ann.token))).data).toEqual([
      notification,
    ]);
  });

  it("keeps users apart: nobody lists, uses or removes another user's subscription", async () => {
    const bea = await userWithBrowser("bea");
    expect((await json(await call("GET", "/livescorenotifications", undefined, bea.token))).data).toEqual([]);
    expect(
      (
        await call(
          "POST",
          "/livescorenotifications/secured",
          [{ fixtureId: fixtures.main, oneSignalId: ann.subscriptionId }],
          bea.token,
        )
      ).status,
    ).toBe(404);
    const removal = await call(
      "DELETE",
      `/livescorenotifications/${fixtures.main}?oneSignalId=${ann.subscriptionId}`,
      undefined,
      bea.token,
    );
    expect(removal.status).toBe(404);
    expect((await json(removal)).error).toBe("No such push subscription for this account.");
    expect(
      (await json<{ data: unknown[] }>(await call("GET", "/livescorenotifications", undefined, ann.token))).data,
    ).toHaveLength(1);
    expect((await call("DELETE", "/livescorenotifications/abc", undefined, bea.token)).status).toBe(400);
    expect((await call("DELETE", "/livescorenotifications/999999", undefined, bea.token)).status).toBe(404);
  });
});

const expected: { all: MatchEventItem[] } = { all: [] };

describe("delivery through a match", () => {
  let ann: Follower;
  let cid: Follower;
  let dov: Follower;
  let unfollowAt = 0;
  const followAt = 70;

  beforeAll(async () => {
    const { rows } = await db.pool.query("SELECT ht_home, ht_away, ft_home, ft_away FROM fixtures WHERE id = $1", [
      fixtures.main,
    ]);
    const r = rows[0];
    expected.all = matchEvents({
      fixtureId: fixtures.main,
      kickoffMs: kickoff.main,
      nowMs: kickoff.main + 200 * MINUTE,
      result: { htHome: r.ht_home, htAway: r.ht_away, ftHome: r.ft_home, ftAway: r.ft_away },
      redCards: { home: 1, away: 0 },
      home: "Liverpool",
      away: "Bournemouth",
    });
    ann = await userWithBrowser("ann2");
    cid = await userWithBrowser("cid");
    dov = await userWithBrowser("dov");
    // cid wants goals only, and stops after the second goal.
    expect((await call("POST", "/users/me", { notificationEvents: ["goals"] }, cid.token)).status).toBe(200);
    const secondGoal = expected.all.find((e) => e.key === "goal:2")!;
    unfollowAt = Math.floor((secondGoal.atMs - kickoff.main) / MINUTE) + 1;
    expect((await follow(ann, fixtures.main)).status).toBe(200);
    expect((await follow(cid, fixtures.main)).status).toBe(200);
  });

  it("sends each event once, in order, while two workers deliver side by side", async () => {
    expect(expected.all.map((e) => e.key)).toEqual(
      expect.arrayContaining(["started", "goal:6", "red_card:1", "half_time", "full_time"]),
    );
    for (let minute = -10; minute <= 140; minute += 1) {
      clock.set(new Date(kickoff.main + minute * MINUTE));
      if (minute === followAt) expect((await follow(dov, fixtures.main)).status).toBe(200);
      if (minute === unfollowAt) {
        const removed = await call(
          "DELETE",
          `/livescorenotifications/${fixtures.main}?oneSignalId=${cid.subscriptionId}`,
          undefined,
          cid.token,
        );
        expect((await json(removed)).data).toEqual({ removed: 1 });
      }
      await deliverBoth();
      if (minute === -1) expect(ann.received()).toEqual([]);
      if (minute === 0) expect(ann.received().map((p) => p.event)).toContain("started");
    }
    expect(ann.received().map((p) => p.event)).toEqual(expected.all.map((e) => e.key));
    expect(dov.received().map((p) => p.event)).toEqual(
      expected.all.filter((e) => e.atMs >= kickoff.main + followAt * MINUTE).map((e) => e.key),
    );
    expect(cid.received().map((p) => p.event)).toEqual(["goal:1", "goal:2"]);
    // after the match: nothing more, however often the job runs
    const again = await deliverBoth();
    expect(again.every((r) => r.queued === 0 && r.sent === 0)).toBe(true);
    expect(pushService.received("/ann2")).toHaveLength(expected.all.length);
  });

  it("writes the texts in the user's language and links the match page", () => {
    const payloads = ann.received();
    const started = payloads.find((p) => p.event === "started")!;
    expect(started).toMatchObject({
      title: "Liverpool 0–0 Bournemouth",
      body: "Kick-off! The match has started.",
      tag: `fixture-${fixtures.main}`,
    });
    expect(started.url).toBe(
      matchPath("en", { id: fixtures.main, localTeam: { name: "Liverpool" }, visitorTeam: { name: "Bournemouth" } }),
    );
    const firstGoal = expected.all.find((e) => e.key === "goal:1")!;
    expect(payloads.find((p) => p.event === "goal:1")).toMatchObject({
      title: `Liverpool ${firstGoal.title.vars.homeScore}–${firstGoal.title.vars.awayScore} Bournemouth`,
      body: `Goal for ${firstGoal.body.vars.team} (${firstGoal.minute}')`,
    });
    expect(payloads.find((p) => p.event === "red_card:1")?.body).toMatch(/^Red card for Liverpool \(\d+'\)$/);
    expect(payloads.find((p) => p.event === "half_time")).toMatchObject({
      title: "Liverpool 1–0 Bournemouth",
      body: "Half time",
    });
    expect(payloads.at(-1)).toMatchObject({
      event: "full_time",
      title: "Liverpool 4–2 Bournemouth",
      body: "Full time",
    });
  });

  it("sends Web Push requests with VAPID, TTL and urgency", () => {
    const [first] = pushService.received("/ann2");
    expect(first!.headers["content-encoding"]).toBe("aes128gcm");
    expect(first!.headers.ttl).toBe("900");
    expect(first!.headers.urgency).toBe("high");
    expect(first!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${keys.publicKey}$`));
    const halfTime = ann.received().findIndex((p) => p.event === "half_time");
    expect(pushService.received("/ann2")[halfTime]!.headers.urgency).toBe("normal");
  });

  it("records every sent notification in the outbox", async () => {
    const { rows } = await db.pool.query(
      "SELECT count(*)::int AS n, count(sent_at)::int AS sent FROM push_outbox WHERE subscription_id = $1",
      [ann.subscriptionId],
    );
    expect(rows[0]).toEqual({ n: expected.all.length, sent: expected.all.length });
  });
});

describe("push service failures", () => {
  let eli: Follower;
  let fay: Follower;
  beforeAll(async () => {
    clock.set(new Date(kickoff.other - 30 * MINUTE));
    eli = await userWithBrowser("eli");
    fay = await userWithBrowser("fay");
    expect((await follow(eli, fixtures.other)).status).toBe(200);
    expect((await follow(fay, fixtures.other)).status).toBe(200);
    pushService.answer("/eli", 410);
    pushService.answer("/fay", 500);
  });

  it("deletes a subscription the push service says is gone, with its follows", async () => {
    clock.set(new Date(kickoff.other + MINUTE));
    const report = await services.matchNotifications.deliver();
    expect(report.gone).toBe(1);
    expect((await db.pool.query("SELECT 1 FROM push_subscriptions WHERE id = $1", [eli.subscriptionId])).rowCount).toBe(
      0,
    );
    expect(
      (await db.pool.query("SELECT 1 FROM livescore_notifications WHERE subscription_id = $1", [eli.subscriptionId]))
        .rowCount,
    ).toBe(0);
    expect((await json(await call("GET", "/livescorenotifications", undefined, eli.token))).data).toEqual([]);
  });

  it("retries a failing push service, gives up after five attempts, then goes on with later events", async () => {
    for (let i = 2; i <= 8; i++) {
      clock.set(new Date(kickoff.other + i * MINUTE));
      await services.matchNotifications.deliver();
    }
    const { rows } = await db.pool.query(
      "SELECT event_key, attempts, sent_at, error FROM push_outbox WHERE subscription_id = $1",
      [fay.subscriptionId],
    );
    expect(rows).toEqual([{ event_key: "started", attempts: 5, sent_at: null, error: "push service answered 500" }]);
    pushService.answer("/fay", 201);
    // half time, before any goal of this 0-0 first half
    clock.set(new Date(kickoff.other + 50 * MINUTE));
    await services.matchNotifications.deliver();
    expect(fay.received().map((p) => p.event)).toEqual(["half_time"]);
  });
});

describe("a browser that changes hands", () => {
  it("moves the endpoint to the new user without the old user's follows", async () => {
    clock.set(new Date(kickoff.other - 10 * MINUTE));
    const gus = await userWithBrowser("gus");
    expect((await follow(gus, fixtures.other)).status).toBe(200);
    const hal = await signUp("hal");
    const moved = await call("POST", "/push/subscriptions", gus.browser.subscription, hal);
    expect((await json(moved)).data).toEqual({ id: gus.subscriptionId });
    expect((await json(await call("GET", "/livescorenotifications", undefined, gus.token))).data).toEqual([]);
    expect(
      (
        await call(
          "POST",
          "/livescorenotifications/secured",
          [{ fixtureId: fixtures.other, oneSignalId: gus.subscriptionId }],
          gus.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          "POST",
          "/livescorenotifications/secured",
          [{ fixtureId: fixtures.other, oneSignalId: gus.subscriptionId }],
          hal,
        )
      ).status,
    ).toBe(200);
  });
});
