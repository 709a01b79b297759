import type { MiddlewareHandler } from "hono";
import type { Services } from "../../services/index.ts";
import {
  type ApiEnv,
  createApiApp,
  idNumber,
  idParam,
  idText,
  jsonBody,
  ok,
  requireUser,
  route,
  z,
} from "./contract.ts";

const errors = { 401: "Not signed in", 404: "No such fixture, or no such push subscription of the caller" } as const;
const tags = ["Match notifications"];

const Notification = z
  .object({
    id: z.number().int(),
    fixtureId: z.number().int(),
    oneSignalId: z.number().int().openapi({ description: "the push subscription that receives it" }),
  })
  .openapi("LivescoreNotification");

const SubscriptionBody = z
  .object({
    endpoint: z.string().max(2000),
    keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(200) }),
  })
  .openapi("PushSubscription", { description: "PushSubscription.toJSON() of the browser" });

const FollowBody = z
  .array(z.object({ fixtureId: idNumber, oneSignalId: idNumber }))
  .length(1, { error: "apiErrors.validation.exactlyOne" })
  .openapi("NewLivescoreNotifications");

const vapidKey = route({
  tags,
  method: "get",
  path: "/push/vapid-public-key",
  summary: "The VAPID public key browsers subscribe with (applicationServerKey)",
  data: z.object({ publicKey: z.string().openapi({ description: "base64url" }) }),
});

const subscribe = route({
  tags,
  method: "post",
  path: "/push/subscriptions",
  summary:
    "Stores the browser's push subscription for the signed-in user; its id is the oneSignalId of the notifications",
  request: jsonBody(SubscriptionBody),
  data: z.object({ id: z.number().int() }),
  errors,
});

const list = route({
  tags,
  method: "get",
  path: "/livescorenotifications",
  summary: "The fixtures the signed-in user follows, per push subscription",
  data: z.array(Notification),
  errors,
});

const follow = route({
  tags,
  method: "post",
  path: "/livescorenotifications/secured",
  summary:
    "Follows a fixture that has not ended: its events are pushed to the subscription, per the user's notification preferences",
  request: jsonBody(FollowBody),
  data: Notification,
  errors: { ...errors, 409: "The match has ended" },
});

const unfollow = route({
  tags,
  method: "delete",
  path: "/livescorenotifications/{fixtureId}",
  summary: "Stops the notifications of a fixture on one subscription (oneSignalId), or on all the user's subscriptions",
  request: {
    params: z.object({ fixtureId: idParam("fixtureId") }),
    query: z.object({ oneSignalId: idText.optional() }),
  },
  data: z.object({ removed: z.number().int() }),
  errors,
});

/** Match notifications by Web Push (SPEC §7.1 livescore notifications); all but the public key need a login. */
export function livescoreRoutes(services: Services) {
  const api = createApiApp();
  const notifications = services.matchNotifications;
  // Before the input checks, so a visitor hears "log in" whatever they sent.
  const signedIn: MiddlewareHandler<ApiEnv> = async (c, next) => {
    requireUser(c);
    await next();
  };
  for (const path of ["/push/subscriptions", "/livescorenotifications", "/livescorenotifications/*"])
    api.use(path, signedIn);

  api.openapi(vapidKey, (c) => ok(c, { publicKey: notifications.vapidPublicKey() }));

  api.openapi(subscribe, async (c) => ok(c, await notifications.subscribe(requireUser(c), c.req.valid("json"))));

  api.openapi(list, async (c) => ok(c, await notifications.follows(requireUser(c))));

  api.openapi(follow, async (c) => ok(c, await notifications.follow(requireUser(c), c.req.valid("json"))));

  api.openapi(unfollow, async (c) => {
    const user = requireUser(c);
    const { fixtureId } = c.req.valid("param");
    const { oneSignalId } = c.req.valid("query");
    return ok(c, await notifications.unfollow(user, fixtureId, oneSignalId ?? null));
  });

  return api;
}
