import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { createTelegram } from "../../src/data/telegram/index.ts";
import type { TelegramSender } from "../../src/data/telegram/sender.ts";
import type { LiveState } from "../../src/domain/live/state.ts";
import { scopeOf } from "../../src/domain/scanner/stat-scope.ts";
import { Interpreter } from "../support/live-interpreter.ts";
import type { Rule } from "../../src/domain/scanner/rules.ts";
import { createServices } from "../../src/services/index.ts";
import type { AlertsService } from "../../src/services/alerts.ts";
import { type LiveScanResult, createLiveScannerService } from "../../src/services/live-scanner.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";
import { startBotApi } from "../support/telegram-api.ts";

/**
 * The live scanner end to end on the embedded database: a replayed live match, minute by minute on a driven
 * clock, through the live tick, the scanner, the alerts module (pick + outbox), Telegram (a local Bot API
 * stand-in), and grading after full time.
 */

let db: TestDatabase;
let botApi: Awaited<ReturnType<typeof startBotApi>>;
let telegram: TelegramSender;
const clock = fixedClock("2025-08-01T12:00:00Z");
const probes = { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null };
const fixtures = {} as Record<string, number> & { "Arsenal-Chelsea": number; "Brighton-Fulham": number };
let kickoff = 0;
let users = 0;

/** One process: its services and a scanner that looks at the filters table at every scan. */
function processOf(alerts?: (services: ReturnType<typeof createServices>) => Pick<AlertsService, "recordPicks">) {
  const services = createServices({ pool: db.pool, clock, telegram, publicUrl: "http://pitchlab.test" }, probes);
  const scanner = createLiveScannerService(
    { pool: db.pool, clock },
    {
      alerts: alerts ? alerts(services) : services.alerts,
      features: services.prematch.featureStore,
      currentStates: services.live.currentStates,
    },
    { filterCheckMs: 0 },
  );
  return { services, scanner };
}

async function newUser(language = "en", premium = true): Promise<number> {
  users += 1;
  const { rows } = await db.pool.query(
    "INSERT INTO users (email, first_name, language_code, timezone, newsletter_key) VALUES ($1, 'Fan', $2, 'Europe/London', 'k') RETURNING id",
    [`live${users}@example.com`, language],
  );
  if (premium) await grantPremium(db.pool, rows[0].id, { now: clock.now(), days: 365 });
  return rows[0].id;
}

async function newFilter(
  userId: number,
  name: string,
  rules: Rule[],
  over: { outcome?: string; muted?: boolean; active?: boolean; deleted?: boolean; leagueIds?: number[] } = {},
) {
  const { rows } = await db.pool.query(
    `INSERT INTO live_filters (user_id, name, desired_outcome, league_ids, muted, active, rules, deleted_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now()) RETURNING id`,
    [
      userId,
      name,
      over.outcome ?? "home",
      over.leagueIds ?? [],
      over.muted ?? false,
      over.active ?? true,
      JSON.stringify(rules),
      over.deleted ? new Date() : null,
    ],
  );
  return rows[0].id as number;
}

const picksOf = async (filterId: number) =>
  (
    await db.pool.query(
      "SELECT id, fixture_id AS \"fixtureId\", odds, delivery, status, content FROM alert_picks WHERE source = 'live' AND filter_id = $1",
      [filterId],
    )
  ).rows;
const outboxOf = async (userId: number) =>
  (await db.pool.query("SELECT channel, kind, state FROM alert_outbox WHERE user_id = $1 ORDER BY id", [userId])).rows;

/** Every state each process's scanner was handed, per fixture, to find with the interpreter when a filter first held. */
const seenStates = new Map<number, LiveState[]>();

async function tickAt(p: ReturnType<typeof processOf>, minutes: number): Promise<LiveScanResult> {
  clock.set(new Date(kickoff + minutes * 60_000));
  const tick = await p.services.live.tick();
  for (const s of tick.states) seenStates.set(s.fixtureId, [...(seenStates.get(s.fixtureId) ?? []), s]);
  return p.scanner.scan(tick.states, tick.ended);
}

const cornersRule: Rule = {
  id: "a",
  category: "liveStats",
  stat: "corners",
  target: "Home",
  comparator: "GreaterEqualThan",
  value: 2,
  time: { kind: "AfterMinute", minute: 10 },
};
const shotsRule: Rule = {
  id: "b",
  category: "liveStats",
  stat: "shotsOnGoal",
  target: "Home",
  comparator: "GreaterEqualThan",
  value: 1,
};
const liveOddRule: Rule = {
  id: "c",
  category: "odds",
  stat: "win",
  target: "Home",
  comparator: "LessThan",
  value: 50,
  oddsMarket: "LiveMatch",
};

let first: ReturnType<typeof processOf>;
const ids = {} as Record<string, number> & {
  corners: number;
  muted: number;
  inactive: number;
  deleted: number;
  otherLeague: number;
};
const people = {} as { premium: number; other: number; free: number };

beforeAll(async () => {
  db = await createTestDatabase();
  botApi = await startBotApi();
  telegram = createTelegram({
    tokens: { live: "live:token", prematch: "prematch:token", valuebet: "valuebet:token" },
    apiRoot: botApi.apiRoot,
    offlineDir: null,
  })!;
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      mainRow("02/08/2025", "15:00", "Arsenal", "Fulham", "2-0", "1-0"),
      mainRow("02/08/2025", "15:00", "Chelsea", "Brighton", "1-1", "0-1"),
      mainRow("09/08/2025", "15:00", "Arsenal", "Chelsea", "3-1", "1-1", 1.6),
      mainRow("09/08/2025", "15:00", "Brighton", "Fulham", "0-2", "0-1"),
    ]),
  );
  const { rows } = await db.pool.query<{ id: number; name: string; kickoff: Date }>(
    "SELECT f.id, h.name || '-' || a.name AS name, f.kickoff FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id",
  );
  for (const r of rows) fixtures[r.name] = r.id;
  kickoff = rows.find((r) => r.name === "Arsenal-Chelsea")!.kickoff.getTime();
  clock.set(new Date(kickoff - 3_600_000));
  first = processOf();

  people.premium = await newUser("de");
  people.other = await newUser("en");
  people.free = await newUser("en", false);
  // The premium member links Telegram the way a person does: the deep link, then /start in the bot's chat.
  const link = (await first.services.alerts.telegram.links({ id: people.premium })).find((l) => l.bot === "live")!
    .link!;
  botApi.userWrites(9001, `/start ${new URL(link).searchParams.get("start")}`, "fan_9001");
  await first.services.alerts.telegram.poll("live", 0);

  ids.corners = await newFilter(people.premium, "Ecken-Druck", [cornersRule, shotsRule, liveOddRule]);
  ids.muted = await newFilter(people.other, "Muted", [cornersRule], { muted: true });
  ids.inactive = await newFilter(people.other, "Off", [cornersRule], { active: false });
  ids.deleted = await newFilter(people.other, "Gone", [cornersRule], { deleted: true });
  ids.otherLeague = await newFilter(people.other, "Elsewhere", [cornersRule], { leagueIds: [999_999] });
  for (let i = 0; i < 6; i++)
    ids[`free${i}`] = await newFilter(people.free, `Free ${i}`, [{ ...shotsRule, value: 0 }], { outcome: "draw" });
});
afterAll(async () => {
  await botApi?.close();
  await db?.drop();
});

describe("live scanner on a replayed match", () => {
  const results: LiveScanResult[] = [];

  it("alerts once per filter and fixture, at the first minute the rules hold", async () => {
    expect(await tickAt(first, -5)).toMatchObject({ picks: [] });
    for (let m = 0; m <= 40; m++) results.push(await tickAt(first, m + 0.5));
    const picks = await picksOf(ids.corners);
    expect(picks.map((p) => p.fixtureId).sort()).toEqual(
      [fixtures["Arsenal-Chelsea"], fixtures["Brighton-Fulham"]].sort(),
    );
    const interpreter = new Interpreter(null, scopeOf);
    for (const pick of picks) {
      const states = seenStates.get(pick.fixtureId)!;
      const firstHeld = states.find((s) => interpreter.filter([cornersRule, shotsRule], { live: s, row: -1 }))!;
      expect(firstHeld).toBeDefined();
      // The alert says what the state said when the rules first held: minute, score, the counters read, live odds.
      expect(pick.content.minute).toBe(firstHeld.minute);
      expect(pick.content.score).toEqual({ home: firstHeld.homeScore, away: firstHeld.awayScore });
      expect(pick.content.stats.corners).toEqual({ home: firstHeld.home.corners, away: firstHeld.away.corners });
      expect(pick.content.stats.shotsOnTarget).toEqual({
        home: firstHeld.home.shotsOnTarget,
        away: firstHeld.away.shotsOnTarget,
      });
      expect(pick.content.odds1x2Live).toEqual({
        home: firstHeld.odds!.home,
        draw: firstHeld.odds!.draw,
        away: firstHeld.odds!.away,
      });
      expect(pick.odds).toBeCloseTo(firstHeld.odds!.home!, 4);
      expect(pick.content.minute).toBeGreaterThan(10);
    }
    // Scans after the alert never report the pair again.
    const reported = results.flatMap((r) => r.picks).filter((p) => p.filterId === ids.corners);
    expect(reported).toHaveLength(2);
    expect(reported.every((p) => p.created)).toBe(true);
  });

  it("sends the premium member's alert to Telegram in German, with minute, score, counters and live odds", async () => {
    const report = await first.services.alerts.deliver();
    expect(report.sent).toBeGreaterThanOrEqual(2);
    const pick = (await picksOf(ids.corners)).find((p) => p.fixtureId === fixtures["Arsenal-Chelsea"])!;
    const message = botApi
      .sent()
      .find((c) => Number(c.params.chat_id) === 9001 && String(c.params.text).includes("Arsenal"))!;
    const text = String(message.params.text);
    const de = (x: number) =>
      new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(x);
    expect(text).toContain("Ecken-Druck");
    expect(text).toContain(`${pick.content.minute}' · ${pick.content.score.home}–${pick.content.score.away}`);
    expect(text).toContain(`Ecken ${pick.content.stats.corners.home}–${pick.content.stats.corners.away}`);
    expect(text).toContain(
      `Live-Quoten 1X2: ${de(pick.content.odds1x2Live.home)} / ${de(pick.content.odds1x2Live.draw)} / ${de(pick.content.odds1x2Live.away)}`,
    );
    // The live over/under 2.5 prices and the counters the rules do not read: the recipient's settings choose.
    const ou = pick.content.oddsUnderOver25Live;
    expect(text).toContain(`Live Über/Unter 2,5: ${de(ou.over)} / ${de(ou.under)}`);
    expect(Object.keys(pick.content.stats).length).toBeGreaterThan(3);
    expect(text).toMatch(/Filter bisher: \d+ Tipps?/);
    expect(await outboxOf(people.premium)).toContainEqual({ channel: "telegram", kind: "alert", state: "sent" });
  });

  it("muted filters record their picks and send nothing; inactive, deleted and other leagues' filters do nothing", async () => {
    const muted = await picksOf(ids.muted);
    expect(muted).toHaveLength(2);
    expect(muted.every((p) => p.delivery === "muted")).toBe(true);
    expect(await outboxOf(people.other)).toEqual([]);
    for (const f of [ids.inactive, ids.deleted, ids.otherLeague]) expect(await picksOf(f!)).toEqual([]);
  });

  it("a free member gets 5 live alerts a day: the 6th is recorded, a single notice instead", async () => {
    const picks = (await Promise.all([0, 1, 2, 3, 4, 5].map((i) => picksOf(ids[`free${i}`]!)))).flat();
    expect(picks).toHaveLength(12);
    const outbox = await outboxOf(people.free);
    expect(outbox.filter((o) => o.kind === "alert")).toHaveLength(5);
    expect(outbox.filter((o) => o.kind === "limit")).toHaveLength(1);
    expect(picks.filter((p) => p.delivery === "limit").length).toBe(7);
  });

  it("a restarted process alerts nothing again; an edited, a new and a switched-off filter are seen at the next scan", async () => {
    // Its first batch of several picks fails (as a database error would): each pick is then recorded alone.
    const batches: number[] = [];
    const restarted = processOf((services) => ({
      recordPicks: async (inputs, options) => {
        batches.push(inputs.length);
        if (inputs.length > 1 && batches.filter((n) => n > 1).length === 1) throw new Error("batch refused");
        return services.alerts.recordPicks(inputs, options);
      },
    }));
    const picksBefore = (await db.pool.query("SELECT count(*)::int AS n FROM alert_picks")).rows[0].n;
    const after = await tickAt(restarted, 41.5);
    expect(after.picks).toEqual([]);
    expect(after.filters).toBe(3 + 6);

    // A new filter alerts at once on both live matches; switching one off takes it out.
    const late = await newFilter(people.other, "Second half", [
      {
        id: "t",
        category: "time",
        stat: "minute",
        target: "Match",
        comparator: "GreaterEqualThan",
        value: 1,
        time: { kind: "During1stHalf" },
      },
    ]);
    await db.pool.query("UPDATE live_filters SET active = false, updated_at = now() WHERE id = $1", [ids.muted]);
    // Edits: the filter of another league now watches every league (it alerts); the alerted one is renamed (it does not again).
    await db.pool.query("UPDATE live_filters SET league_ids = '{}', updated_at = now() WHERE id = $1", [
      ids.otherLeague,
    ]);
    await db.pool.query("UPDATE live_filters SET name = 'Ecken', updated_at = now() WHERE id = $1", [ids.corners]);
    const next = await tickAt(restarted, 42.5);
    expect(next.picks.map((p) => p.filterId).sort()).toEqual([late, late, ids.otherLeague, ids.otherLeague].sort());
    expect(next.failed).toBe(0);
    expect(batches.slice(-5)).toEqual([4, 1, 1, 1, 1]);
    expect(next.filters).toBe(3 + 6);
    for (let m = 43; m <= 110; m += 1) await tickAt(restarted, m + 0.5);
    expect((await db.pool.query("SELECT count(*)::int AS n FROM alert_picks")).rows[0].n).toBe(picksBefore + 4);
    expect(await picksOf(ids.corners)).toHaveLength(2);
  });

  it("grades the picks after full time by the desired outcome", async () => {
    clock.set(new Date(kickoff + 3 * 3_600_000));
    const { graded } = await first.services.alerts.grade();
    expect(graded).toBeGreaterThan(0);
    const picks = await picksOf(ids.corners);
    // Arsenal 3-1 Chelsea: home won; Brighton 0-2 Fulham: home lost.
    expect(picks.find((p) => p.fixtureId === fixtures["Arsenal-Chelsea"])!.status).toBe("won");
    expect(picks.find((p) => p.fixtureId === fixtures["Brighton-Fulham"])!.status).toBe("lost");
    const figures = (await first.services.alerts.figures("live", [ids.corners!])).get(ids.corners!)!;
    expect(figures.picks).toBe(2);
    expect(figures.successRate).toBeCloseTo(0.5, 6);
  });
});
