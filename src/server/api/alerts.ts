import { isBotName } from "../../services/telegram-bots.ts";
import { ServiceError } from "../../services/errors.ts";
import type { Services } from "../../services/index.ts";
import { createApiApp, dayText, idNumber, idText, ok, rawRoute, requireUser, route, z } from "./contract.ts";

const tags = ["Alerts"];
const signedIn = { 401: "Not signed in" } as const;

const Bot = z.enum(["live", "prematch", "valuebet"]);
const TelegramLink = z
  .object({
    bot: Bot,
    available: z.boolean().openapi({ description: "a token is set for this bot, or the offline dev store is on" }),
    linked: z.boolean(),
    username: z.string().nullable().openapi({ description: "the linked Telegram account's @username" }),
    linkedAt: z.string().nullable(),
    link: z
      .string()
      .nullable()
      .openapi({ description: "t.me deep link with a one-time /start token (24 h); null when unavailable" }),
  })
  .openapi("TelegramLink");
const TelegramState = z
  .object({ mode: z.enum(["bot-api", "offline", "off"]), bots: z.array(TelegramLink) })
  .openapi("TelegramState");

const Notification = z
  .object({
    id: z.number().int(),
    source: z.enum(["live", "prematch", "valuebet", "trend"]),
    kind: z.enum(["alert", "limit"]).openapi({ description: "limit: the notice that the free daily limit is reached" }),
    status: z.enum(["pending", "won", "lost", "void"]),
    read: z.boolean(),
    createdAt: z.string(),
    title: z.string(),
    lines: z.array(z.string()),
    url: z.string(),
  })
  .openapi("AlertNotification");

const telegramState = route({
  method: "get",
  path: "/alerts/telegram",
  tags,
  summary: "The user's Telegram chats per bot (live, prematch, valuebet) and fresh /start deep links to link them",
  data: TelegramState,
  dataDescription: "Telegram state",
  errors: signedIn,
});

const unlink = route({
  method: "delete",
  path: "/alerts/telegram/{bot}",
  tags,
  summary: "Unlinks the user's chat with a bot",
  request: { params: z.object({ bot: z.string().openapi({ param: { name: "bot", in: "path" }, example: "live" }) }) },
  data: z.object({ removed: z.number().int() }),
  dataDescription: "Unlinked",
  errors: { 400: "Unknown bot", ...signedIn },
});

const limit = z.coerce
  .number({ error: "must be a number from 1 to 100" })
  .int({ error: "must be a number from 1 to 100" })
  .min(1, { error: "must be a number from 1 to 100" })
  .max(100, { error: "must be a number from 1 to 100" });
// The shared id schemas: as text in the query, as a number in the body.
const notificationId = idText;

const notifications = route({
  method: "get",
  path: "/alerts/notifications",
  tags,
  summary:
    "The in-app notifications (alerts of the scanners and bots), newest first, in the user's language and time zone",
  request: {
    query: z.object({
      limit: limit.optional().openapi({ type: "integer", example: 30 }),
      before: notificationId.optional().openapi({ type: "integer", description: "only older than this id (paging)" }),
    }),
  },
  data: z.object({ unread: z.number().int(), items: z.array(Notification) }),
  dataDescription: "Notifications",
  errors: { 400: "A bad parameter", ...signedIn },
});

const markRead = route({
  method: "post",
  path: "/alerts/notifications/read",
  tags,
  summary: "Marks one notification ({id}) or all of them ({}) as read",
  request: {
    body: { required: false, content: { "application/json": { schema: z.object({ id: idNumber.optional() }) } } },
  },
  data: z.object({ marked: z.number().int(), unread: z.number().int() }),
  dataDescription: "Marked",
  errors: { 400: "A bad parameter", ...signedIn },
});

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const report = rawRoute({
  method: "get",
  path: "/alerts/report",
  tags,
  summary: "The .xlsx of the user's alerts of one day of their time zone (the daily Excel report)",
  // A real calendar day (no 2026-02-30): the shared day schema.
  request: { query: z.object({ day: dayText }) },
  content: { [XLSX]: { schema: z.string().openapi({ format: "binary" }) } },
  contentDescription: "The workbook",
  errors: { 400: "A bad day", ...signedIn },
});

/** Alerts of the signed-in user: Telegram linking, in-app notifications, the daily Excel (SPEC §1, §3). */
export function alertRoutes(services: Services) {
  const api = createApiApp();

  api.openapi(telegramState, async (c) => {
    const user = requireUser(c);
    return ok(c, { mode: services.alerts.telegram.mode(), bots: await services.alerts.telegram.links(user) });
  });

  api.openapi(unlink, async (c) => {
    const user = requireUser(c);
    const bot = c.req.valid("param").bot;
    if (!isBotName(bot)) throw new ServiceError(400, "alerts.unknownBot");
    return ok(c, await services.alerts.telegram.unlink(user, bot));
  });

  api.openapi(notifications, async (c) => {
    const user = requireUser(c);
    const { limit: max, before } = c.req.valid("query");
    return ok(c, await services.alerts.inbox.list(user, { limit: max ?? 30, before: before ?? null }));
  });

  api.openapi(markRead, async (c) => {
    const user = requireUser(c);
    const body = (await c.req.json().catch(() => ({}))) as { id?: unknown };
    const parsed = idNumber.optional().safeParse(body?.id);
    if (!parsed.success) throw new ServiceError(400, "apiErrors.invalidInput");
    const marked = await services.alerts.inbox.markRead(user, parsed.data ?? null);
    return ok(c, { marked, unread: await services.alerts.inbox.unread(user) });
  });

  api.openapi(report, async (c) => {
    const user = requireUser(c);
    const file = await services.alerts.dailyReport(user, c.req.valid("query").day);
    return c.body(new Uint8Array(file.data), 200, {
      "content-type": XLSX,
      "content-disposition": `attachment; filename="${file.name}"`,
    });
  });

  return api;
}
