import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
let api: ReturnType<typeof createApi>;
let userId: number;
let token: string;

const HEAVY = 25;
const LIGHT = 430;
const PICKS = 400;
const EXCEL_BYTES = 256 * 1024;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createServices(
    { pool: db.pool, clock: fixedClock("2026-11-20T12:00:00Z") },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
  api = createApi(services);
  const password = "correct horse battery";
  const email = "backtester@example.com";
  await services.accounts.register(
    {
      firstName: "Bea",
      lastName: "Tester",
      email,
      password,
      confirmPassword: password,
      terms: true,
      languageCode: "en",
    },
    { ip: "10.6.0.1" },
  );
  userId = (await db.pool.query("UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id", [email]))
    .rows[0].id;
  token = (await services.accounts.login({ email, password }, { ip: "10.6.0.1" })).token;
  // A member with many backtests: 25 finished ones with their picks and a stored .xlsx, and 430 small ones
  // (more rows than one batch of the export).
  const picks = JSON.stringify(
    Array.from({ length: PICKS }, (_v, i) => ({
      fixtureId: i + 1,
      kickoff: "2025-10-18T15:00:00Z",
      league: "Premier League",
      odd: 1.9,
      won: i % 2 === 0,
    })),
  );
  for (let i = 0; i < HEAVY; i++) {
    await db.pool.query(
      `INSERT INTO prematch_backtests (user_id, filter, interval, from_at, to_at, status, result, pick_rows, excel, picks)
       VALUES ($1, $2, 'season', '2024-08-01', '2025-06-01', 'Done', $3, $4, $5, $6)`,
      [
        userId,
        JSON.stringify({ name: `Heavy ${i}`, rules: [] }),
        JSON.stringify({ roi: 0.05 * i }),
        picks,
        Buffer.alloc(EXCEL_BYTES, i),
        PICKS,
      ],
    );
  }
  await db.pool.query(
    `INSERT INTO prematch_backtests (user_id, filter, interval, from_at, to_at, status)
     SELECT $1, jsonb_build_object('name', 'Light ' || g), 'season', '2024-08-01', '2025-06-01', 'Todo' FROM generate_series(1, $2) g`,
    [userId, LIGHT],
  );
  await db.pool.query("INSERT INTO league_groups (user_id, name, league_ids) VALUES ($1, 'Mine', '{1}')", [userId]);
});
afterAll(async () => db?.drop());

describe("the account export", () => {
  it("is streamed, holds every stored row of the person and references the files instead of inlining them", async () => {
    const response = await api.request("/users/me/export", {
      headers: { authorization: `Bearer ${token}`, "x-test-client-ip": "10.6.0.1" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toContain("attachment");
    // a stream, not a body built in memory first: no length known in advance, read in several pieces
    expect(response.body).toBeInstanceOf(ReadableStream);
    expect(response.headers.get("content-length")).toBeNull();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let pieces = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces++;
      text += decoder.decode(value, { stream: true });
    }
    expect(pieces).toBeGreaterThan(5);
    // 25 × 256 kB of .xlsx and 25 × 400 picks are not in it: the whole export is a few hundred kB
    expect(text.length).toBeLessThan(1024 * 1024);
    expect(text).not.toMatch(/"type":"Buffer"/);

    const { data } = JSON.parse(text) as {
      data: Record<string, unknown> & {
        account: Record<string, unknown>;
        otherRecords: Record<string, Array<Record<string, unknown>>>;
      };
    };
    expect(data.account.email).toBe("backtester@example.com");
    expect(data.account).not.toHaveProperty("passwordHash");
    expect(data.leagueGroups).toMatchObject([{ name: "Mine", leagueIds: [1] }]);

    // every row of every table that refers to the person is there (the export's own tables and the others)
    const { rows: tables } = await db.pool.query<{ table: string; column: string }>(
      `SELECT rel.relname AS table, att.attname AS column FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
         JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
        WHERE con.contype = 'f' AND con.confrelid = 'users'::regclass AND array_length(con.conkey, 1) = 1`,
    );
    const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    for (const { table, column } of tables) {
      const stored = (await db.pool.query(`SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" = $1`, [userId]))
        .rows[0].n as number;
      if (stored === 0 || table === "user_tokens") continue;
      const key = column === "user_id" ? camel(table) : `${camel(table)}.${camel(column)}`;
      const exported = (data.otherRecords[key] ?? (data as Record<string, unknown>)[camel(table)]) as
        | unknown[]
        | undefined;
      if (table === "sessions") expect(data.sessions).toHaveLength(stored);
      else expect(exported, table).toHaveLength(stored);
    }

    const backtests = data.otherRecords.prematchBacktests!;
    expect(backtests).toHaveLength(HEAVY + LIGHT);
    expect(new Set(backtests.map((b) => b.id)).size).toBe(HEAVY + LIGHT);
    const heavy = backtests.filter((b) => (b.filter as { name: string }).name.startsWith("Heavy"));
    expect(heavy).toHaveLength(HEAVY);
    for (const b of heavy) {
      // what is the person's (filter, period, status, result) is inline; the picks and the .xlsx are references
      expect(b).toMatchObject({ interval: "season", status: "Done", picks: PICKS });
      expect(b.result).toHaveProperty("roi");
      const href = `/api/v1/prematch/backtests/${b.id}/excel`;
      expect(b.excel).toEqual({ bytes: EXCEL_BYTES, href });
      expect(b.pickRows).toEqual({ items: PICKS, href });
    }
    const light = backtests.find((b) => (b.filter as { name: string }).name.startsWith("Light"))!;
    expect(light.excel).toBeNull();
    expect(light.pickRows).toBeNull();

    // the reference works: the file is downloadable there
    const file = await api.request((heavy[0]!.excel as { href: string }).href.replace("/api/v1", ""), {
      headers: { authorization: `Bearer ${token}`, "x-test-client-ip": "10.6.0.1" },
    });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(EXCEL_BYTES);
  });

  it("reads the rows a batch at a time", async () => {
    const { userRecordBatches } = await import("../../src/db/queries/user-export.ts");
    let largest = 0;
    let rows = 0;
    for await (const batch of userRecordBatches(db.pool, userId, 100)) {
      largest = Math.max(largest, batch.rows.length);
      rows += batch.table === "prematch_backtests" ? batch.rows.length : 0;
    }
    expect(largest).toBe(100);
    expect(rows).toBe(HEAVY + LIGHT);
  });
});
