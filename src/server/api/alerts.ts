import { createRoute, z } from "@hono/zod-openapi";
import { isBotName } from "../../services/telegram-bots.ts";
import { ServiceError } from "../../services/errors.ts";
import type { Services } from "../../services/index.ts";
import { requireUser } from "./errors.ts";

import { ErrorBody, createApiApp, dayText, idNumber, idText } from "./contract.ts";
const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });
const data = <T extends z.ZodType>(description: string, schema: T) => ({
  200: { description, content: { "application/json": { schema: z.object({ data: schema }) } } },
});

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

const telegramState = createRoute({
  method: "get",
  path: "/alerts/telegram",
  tags: ["Alerts"],
  summary: "The user's Telegram chats per bot (live, prematch, valuebet) and fresh /start deep links to link them",
  responses: { ...data("Telegram state", TelegramState), 401: error("Not signed in") },
});

const unlink = createRoute({
  method: "delete",
  path: "/alerts/telegram/{bot}",
  tags: ["Alerts"],
  summary: "Unlinks the user's chat with a bot",
  request: { params: z.object({ bot: z.string().openapi({ param: { name: "bot", in: "path" }, example: "live" }) }) },
  responses: {
    ...data("Unlinked", z.object({ removed: z.number().int() })),
    400: error("Unknown bot"),
    401: error("Not signed in"),
  },
});

const limit = z.coerce
  .number({ error: "must be a number from 1 to 100" })
  .int({ error: "must be a number from 1 to 100" })
  .min(1, { error: "must be a number from 1 to 100" })
  .max(100, { error: "must be a number from 1 to 100" });
// The shared id schemas: as text in the query, as a number in the body.
const notificationId = idText;

const notifications = createRoute({
  method: "get",
  path: "/alerts/notifications",
  tags: ["Alerts"],
  summary:
    "The in-app notifications (alerts of the scanners and bots), newest first, in the user's language and time zone",
  request: {
    query: z.object({
      limit: limit.optional().openapi({ type: "integer", example: 30 }),
      before: notificationId.optional().openapi({ type: "integer", description: "only older than this id (paging)" }),
    }),
  },
  responses: {
    ...data("Notifications", z.object({ unread: z.number().int(), items: z.array(Notification) })),
    400: error("A bad parameter"),
    401: error("Not signed in"),
  },
});

const markRead = createRoute({
  method: "post",
  path: "/alerts/notifications/read",
  tags: ["Alerts"],
  summary: "Marks one notification ({id}) or all of them ({}) as read",
  request: {
    body: { required: false, content: { "application/json": { schema: z.object({ id: idNumber.optional() }) } } },
  },
  responses: {
    ...data("Marked", z.object({ marked: z.number().int(), unread: z.number().int() })),
    400: error("A bad parameter"),
    401: error("Not signed in"),
  },
});

const report = createRoute({
  method: "get",
  path: "/alerts/report",
  tags: ["Alerts"],
  summary: "The .xlsx of the user's alerts of one day of their time zone (the daily Excel report)",
  // A real calendar day (no 2026-02-30): the shared day schema.
  request: { query: z.object({ day: dayText }) },
  responses: {
    200: {
      description: "The workbook",
      content: {
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
          schema: z.string().openapi({ format: "binary" }),
        },
      },
    },
    400: error("A bad day"),
    401: error("Not signed in"),
  },
});

/** Alerts of the signed-in user: Telegram linking, in-app notifications, the daily Excel (SPEC §1, §3). */
export function alertRoutes(services: Services) {
  const api = createApiApp();

  api.openapi(telegramState, async (c) => {
    const user = requireUser(c);
    return c.json(
      { data: { mode: services.alerts.telegram.mode(), bots: await services.alerts.telegram.links(user) } },
      200,
    );
  });

  api.openapi(unlink, async (c) => {
    const user = requireUser(c);
    const bot = c.req.valid("param").bot;
    if (!isBotName(bot)) throw new ServiceError(400, "alerts.unknownBot");
    return c.json({ data: await services.alerts.telegram.unlink(user, bot) }, 200);
  });

  api.openapi(notifications, async (c) => {
    const user = requireUser(c);
    const { limit: max, before } = c.req.valid("query");
    return c.json({ data: await services.alerts.inbox.list(user, { limit: max ?? 30, before: before ?? null }) }, 200);
  });

  api.openapi(markRead, async (c) => {
    const user = requireUser(c);
    const body = (await c.req.json().catch(() => ({}))) as { id?: unknown };
    const parsed = idNumber.optional().safeParse(body?.id);
    if (!parsed.success) throw new ServiceError(400, "apiErrors.invalidInput");
    const marked = await services.alerts.inbox.markRead(user, parsed.data ?? null);
    return c.json({ data: { marked, unread: await services.alerts.inbox.unread(user) } }, 200);
  });

  api.openapi(report, async (c) => {
    const user = requireUser(c);
    const file = await services.alerts.dailyReport(user, c.req.valid("query").day);
    return c.body(new Uint8Array(file.data), 200, {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${file.name}"`,
    });
  });

  return api;
}
