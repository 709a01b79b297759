import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { Services } from "../../services/index.ts";
import type { RequestVars } from "../request-context.ts";
import { requireUser } from "./errors.ts";

type Env = { Variables: RequestVars };

const ErrorBody = z.object({ error: z.string(), code: z.string().optional() }).openapi("LivescoreError");
const failure = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });
const errors = {
  400: failure("Bad input, with a message saying what is wrong"),
  401: failure("Not signed in"),
  404: failure("No such fixture, or no such push subscription of the caller"),
};
const ok = <T extends z.ZodType>(description: string, data: T) => ({
  200: { description, content: { "application/json": { schema: z.object({ data }) } } },
  ...errors,
});

const positiveId = (what: string) =>
  z.coerce.number({ error: `must be ${what}` }).int({ error: `must be ${what}` }).positive({ error: `must be ${what}` }).max(2 ** 31 - 1, { error: `must be ${what}` });

const Notification = z
  .object({ id: z.number().int(), fixtureId: z.number().int(), oneSignalId: z.number().int().openapi({ description: "the push subscription that receives it" }) })
  .openapi("LivescoreNotification");

const SubscriptionBody = z
  .object({ endpoint: z.string(), keys: z.object({ p256dh: z.string(), auth: z.string() }) })
  .openapi("PushSubscription", { description: "PushSubscription.toJSON() of the browser" });

const FollowBody = z
  .array(z.object({ fixtureId: positiveId("a fixture id"), oneSignalId: positiveId("a push subscription id") }))
  .length(1, { error: "must hold exactly one notification" })
  .openapi("NewLivescoreNotifications");

const vapidKey = createRoute({
  method: "get",
  path: "/push/vapid-public-key",
  summary: "The VAPID public key browsers subscribe with (applicationServerKey)",
  responses: ok("The key, base64url", z.object({ publicKey: z.string() })),
});

const subscribe = createRoute({
  method: "post",
  path: "/push/subscriptions",
  summary: "Stores the browser's push subscription for the signed-in user; its id is the oneSignalId of the notifications",
  request: { body: { required: true, content: { "application/json": { schema: SubscriptionBody } } } },
  responses: ok("The subscription id", z.object({ id: z.number().int() })),
});

const list = createRoute({
  method: "get",
  path: "/livescorenotifications",
  summary: "The fixtures the signed-in user follows, per push subscription",
  responses: ok("Livescore notifications", z.array(Notification)),
});

const follow = createRoute({
  method: "post",
  path: "/livescorenotifications/secured",
  summary: "Follows a fixture that has not ended: its events are pushed to the subscription, per the user's notification preferences",
  request: { body: { required: true, content: { "application/json": { schema: FollowBody } } } },
  responses: { ...ok("The notification", Notification), 409: failure("The match has ended") },
});

const unfollow = createRoute({
  method: "delete",
  path: "/livescorenotifications/{fixtureId}",
  summary: "Stops the notifications of a fixture on one subscription (oneSignalId), or on all the user's subscriptions",
  request: {
    params: z.object({ fixtureId: positiveId("a fixture id").openapi({ param: { name: "fixtureId", in: "path" }, type: "integer" }) }),
    query: z.object({ oneSignalId: positiveId("a push subscription id").optional().openapi({ type: "integer" }) }),
  },
  responses: ok("How many follows were removed", z.object({ removed: z.number().int() })),
});

/** Match notifications by Web Push (SPEC §7.1 livescore notifications); all but the public key need a login. */
export function livescoreRoutes(services: Services) {
  const api = new OpenAPIHono<Env>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const message = result.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ");
        return c.json({ error: message, code: "push.invalidRequest" }, 400);
      }
    },
  });
  const notifications = services.matchNotifications;
  // Before the input checks, so a visitor hears "log in" whatever they sent.
  const signedIn: MiddlewareHandler<Env> = async (c, next) => {
    requireUser(c);
    await next();
  };
  for (const path of ["/push/subscriptions", "/livescorenotifications", "/livescorenotifications/*"]) api.use(path, signedIn);

  api.openapi(vapidKey, (c) => c.json({ data: { publicKey: notifications.vapidPublicKey() } }, 200));

  api.openapi(subscribe, async (c) => c.json({ data: await notifications.subscribe(requireUser(c), c.req.valid("json")) }, 200));

  api.openapi(list, async (c) => c.json({ data: await notifications.follows(requireUser(c)) }, 200));

  api.openapi(follow, async (c) => c.json({ data: await notifications.follow(requireUser(c), c.req.valid("json")) }, 200));

  api.openapi(unfollow, async (c) => {
    const user = requireUser(c);
    const { fixtureId } = c.req.valid("param");
    const { oneSignalId } = c.req.valid("query");
    return c.json({ data: await notifications.unfollow(user, fixtureId, oneSignalId ?? null) }, 200);
  });

  return api;
}
