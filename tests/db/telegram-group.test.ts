import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTelegram } from "../../src/data/telegram/index.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import { type TestDatabase, createTestDatabase } from "../support/database.ts";
import { fixedClock } from "../support/fixed-clock.ts";
import { grantPremium } from "../support/premium.ts";
import { startBotApi } from "../support/telegram-api.ts";

const GROUP = -1009876543210;
const clock = fixedClock("2026-03-10T12:00:00Z");
let db: TestDatabase;
let botApi: Awaited<ReturnType<typeof startBotApi>>;
let services: Services;
let users = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  botApi = await startBotApi();
  const telegram = createTelegram({ tokens: { valuebet: "300:valuebet" }, apiRoot: botApi.apiRoot, offlineDir: null });
  services = createServices(
    { pool: db.pool, clock, telegram, telegramGroupChatId: GROUP },
    { dataset: () => ({ state: "ready", filesDone: 1, filesTotal: 1 }), jobs: async () => null },
  );
});
afterAll(async () => {
  await botApi.close();
  await db.drop();
});

async function member(options: {
  premiumDays?: number;
  telegramChat?: number;
}): Promise<{ id: number; access: Awaited<ReturnType<Services["access"]["of"]>> }> {
  const { rows } = await db.pool.query(
    "INSERT INTO users (email, first_name, language_code, newsletter_key) VALUES ($1, 'Fan', 'en', 'k') RETURNING id",
    [`member${++users}@example.com`],
  );
  const id = rows[0].id as number;
  if (options.premiumDays !== undefined)
    await grantPremium(db.pool, id, { now: clock.now(), days: options.premiumDays });
  if (options.telegramChat !== undefined) {
    // The member starts the value-bet bot through his deep link, as a person does in Telegram.
    const link = (await services.alerts.telegram.links({ id })).find((l) => l.bot === "valuebet")!.link!;
    botApi.userWrites(
      options.telegramChat,
      `/start ${new URL(link).searchParams.get("start")}`,
      `fan_${options.telegramChat}`,
    );
    await services.alerts.telegram.poll("valuebet", 0);
  }
  return { id, access: await services.access.of({ id }) };
}

describe("private Telegram group", () => {
  it("gives a member a personal one-time invite, and the same one while it is open", async () => {
    const m = await member({ premiumDays: 30, telegramChat: 70001 });
    const first = await services.telegramGroup.invite(m, m.access);
    expect(first.invite?.link).toMatch(/^https:\/\/t\.me\/\+standin/);
    const calls = botApi.sent("createChatInviteLink");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toMatchObject({ chat_id: GROUP, member_limit: 1 });
    expect(await services.telegramGroup.invite(m, m.access)).toEqual(first);
    expect(botApi.sent("createChatInviteLink")).toHaveLength(1);
    // A day later the unused link has expired: a new one.
    clock.set("2026-03-11T12:30:00Z");
    try {
      const next = await services.telegramGroup.invite(m, await services.access.of(m));
      expect(next.invite!.link).not.toBe(first.invite!.link);
    } finally {
      clock.set("2026-03-10T12:00:00Z");
    }
  });

  it("refuses visitors, free users, and members the bot does not know yet", async () => {
    const free = await member({ telegramChat: 70002 });
    await expect(services.telegramGroup.invite(free, free.access)).rejects.toMatchObject({ status: 403 });
    await expect(
      services.telegramGroup.status(
        { id: 0 },
        { loggedIn: false, premium: false, addonFilters: false, addonBacktesting: false },
      ),
    ).rejects.toMatchObject({ status: 401 });
    const unlinked = await member({ premiumDays: 30 });
    expect(await services.telegramGroup.status(unlinked, unlinked.access)).toEqual({
      available: true,
      linked: false,
      invite: null,
    });
    await expect(services.telegramGroup.invite(unlinked, unlinked.access)).rejects.toMatchObject({
      status: 409,
      message: "telegramGroup.linkFirst",
    });
  });

  it("removes the members whose premium has ended (ban, then unban), once", async () => {
    const leaving = await member({ premiumDays: 2, telegramChat: 70003 });
    const staying = await member({ premiumDays: 60, telegramChat: 70004 });
    await services.telegramGroup.invite(leaving, leaving.access);
    await services.telegramGroup.invite(staying, staying.access);
    expect(await services.telegramGroup.removeLapsed()).toEqual({ removed: 0 });
    clock.set("2026-03-20T12:00:00Z");
    try {
      const before = botApi.calls.length;
      // The first member of the first test lapsed too (30 days): not yet. Only the 2-day member has.
      expect(await services.telegramGroup.removeLapsed()).toEqual({ removed: 1 });
      const removal = botApi.calls.slice(before).map((c) => [c.method, c.params.chat_id, c.params.user_id]);
      expect(removal).toEqual([
        ["banChatMember", GROUP, 70003],
        ["unbanChatMember", GROUP, 70003],
      ]);
      expect(await services.telegramGroup.removeLapsed()).toEqual({ removed: 0 });
      // A member who never joined: Telegram refuses the ban; he counts as removed all the same.
      const never = await member({ premiumDays: 1, telegramChat: 70005 });
      await db.pool.query(
        "INSERT INTO telegram_group_members (user_id, telegram_user_id, invite_link, invited_at) VALUES ($1, 70005, 'https://t.me/+x', $2)",
        [never.id, clock.now()],
      );
      clock.set("2026-03-22T12:00:00Z");
      botApi.refuseNext("banChatMember", { status: 400, description: "Bad Request: PARTICIPANT_ID_INVALID" });
      expect(await services.telegramGroup.removeLapsed()).toEqual({ removed: 1 });
    } finally {
      clock.set("2026-03-10T12:00:00Z");
    }
  });
});
