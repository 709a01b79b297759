import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/data/importer.ts";
import { createMailer } from "../../src/data/mail/mailer.ts";
import { createApi } from "../../src/server/api/app.ts";
import { translate } from "../../src/i18n/messages.server.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { MAIN_HEADER, mainRow, source } from "../support/csv.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";

let db: TestDatabase;
let services: Services;
const outbox = mkdtempSync(path.join(tmpdir(), "pitchlab-outbox-"));
const clock = fixedClock("2025-08-16T12:00:00Z");

beforeAll(async () => {
  db = await createTestDatabase();
  await importFile(
    db.pool,
    source("E0.csv", [
      MAIN_HEADER,
      mainRow("15/08/2025", "20:00", "Liverpool", "Bournemouth", "4-2", "1-0"),
      mainRow("16/08/2025", "15:00", "Brighton", "Fulham", "1-1", "0-0"),
    ]),
  );
  services = createServices(
    {
      pool: db.pool,
      clock,
      mailer: createMailer({ from: "Pitchlab <no-reply@test>", outboxDir: outbox }),
      contactTo: "ops@test",
    },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
});
afterAll(async () => db.drop());

const fixtureId = async (home: string) =>
  (await db.pool.query("SELECT f.id FROM fixtures f JOIN teams t ON t.id = f.home_team_id WHERE t.name = $1", [home]))
    .rows[0].id as number;

describe("contact form", () => {
  it("stores the message and mails it to the operator", async () => {
    const result = await services.community.contact({
      topic: "data",
      subject: "Wrong score",
      email: "fan@example.com",
      message: "Brighton scored twice.",
      locale: "en",
    });
    expect(result).toEqual({ ok: true });
    const { rows } = await db.pool.query("SELECT topic, email, delivered_at FROM contact_messages");
    expect(rows).toHaveLength(1);
    expect(rows[0].delivered_at).not.toBeNull();
    const [file] = readdirSync(outbox);
    const mail = JSON.parse(readFileSync(path.join(outbox, file!), "utf8"));
    expect(mail).toMatchObject({ to: "ops@test", replyTo: "fan@example.com" });
    expect(mail.subject).toContain("Wrong score");
  });

  it("refuses bad input with a message key per field and writes nothing", async () => {
    const result = await services.community.contact({
      topic: "spam",
      subject: " ",
      email: "not-an-email",
      message: "x".repeat(2001),
      locale: "de",
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        topic: "contact.required",
        subject: "contact.required",
        email: "contact.invalidEmail",
        message: "contact.messageTooLong",
      },
    });
    expect((await db.pool.query("SELECT count(*)::int AS n FROM contact_messages")).rows[0].n).toBe(1);
  });

  it("answers 400 through the API", async () => {
    const response = await createApi(services).request("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ topic: "general", subject: "Hi", email: "bad", message: "Hello" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "errors.checkFields",
      fields: { email: "Please provide a valid email address!" },
    });
  });

  it("answers the field messages in the request's language, never a raw key", async () => {
    const response = await createApi(services).request("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "de-DE,de;q=0.9" },
      body: JSON.stringify({ topic: "nope", subject: "Hi", email: "a@example.com", message: "Hello" }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(body.fields.topic).toBe(translate("de", "contact.required"));
    expect(body.fields.topic).not.toMatch(/contact\./);
  });

  it("fills the limit into the too-long message", async () => {
    const response = await createApi(services).request("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ topic: "general", subject: "Hi", email: "a@example.com", message: "x".repeat(2001) }),
    });
    expect(((await response.json()) as { fields: Record<string, string> }).fields.message).toBe(
      "The maximum length is 2000 characters",
    );
  });

  it("refuses a subject with a line break (mail header injection)", async () => {
    const response = await createApi(services).request("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        topic: "general",
        subject: "Hi\r\nBcc: victim@example.com",
        email: "a@example.com",
        message: "Hello",
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields.subject).toBe(
      "Must be a single line",
    );
  });
});

describe("match voting", () => {
  it("counts one vote per voter and refuses a second one", async () => {
    const id = await fixtureId("Brighton");
    expect(await services.community.vote(id, "voter-aaaaaaaaaaaaaaaa", "1")).toMatchObject({
      home: 1,
      total: 1,
      mine: "1",
    });
    await expect(services.community.vote(id, "voter-aaaaaaaaaaaaaaaa", "2")).rejects.toThrow("vote.already");
    expect(await services.community.vote(id, "voter-bbbbbbbbbbbbbbbb", "X")).toMatchObject({
      home: 1,
      draw: 1,
      total: 2,
      mine: "X",
    });
    expect(await services.community.votes(id, null)).toMatchObject({ total: 2, mine: null });
  });

  it("closes at kick-off and checks the choice", async () => {
    const played = await fixtureId("Liverpool");
    await expect(services.community.vote(played, "voter-cccccccccccccccc", "1")).rejects.toThrow("vote.closed");
    await expect(services.community.vote(await fixtureId("Brighton"), "voter-dddddddddddddddd", "3")).rejects.toThrow(
      "apiErrors.voteChoice",
    );
  });

  it("sets a voter cookie through the API and answers 409 on a second vote", async () => {
    const api = createApi(services);
    const id = await fixtureId("Brighton");
    const first = await api.request(`/fixtures/${id}/votes`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ choice: "2" }),
    });
    expect(first.status).toBe(200);
    const cookie = first.headers.get("set-cookie")!.split(";")[0]!;
    const again = await api.request(`/fixtures/${id}/votes`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ choice: "1" }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe("You have already voted!");
  });
});
