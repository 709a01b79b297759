import { z } from "zod";
import { MAX_ID } from "../domain/ids.ts";
import { inTransaction } from "../db/client.ts";
import * as q from "../db/queries/push.ts";
import { FAVOURITE_MATCH_TTL_MS } from "../domain/accounts/rules.ts";
import { MATCH_SPAN_MIN, matchState } from "../domain/replay/match-state.ts";
import type { User } from "./accounts.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError } from "./errors.ts";
import { entriesFor, sendQueued } from "./push-delivery.ts";

/** SPEC §3 Livescore notification: `oneSignalId` names the push subscription that receives it. */
export interface LivescoreNotification {
  id: number;
  fixtureId: number;
  oneSignalId: number;
}

export interface DeliveryReport {
  queued: number;
  sent: number;
  failed: number;
  gone: number;
}

/** Events are computed while a match is on and for half an hour after, so a late run still sends full time. */
const WINDOW_MINUTES = MATCH_SPAN_MIN + 30;
const CLEANUP_EVERY_MS = 10 * 60_000;

/** Web Push keys are base64url: p256dh an uncompressed P-256 point, auth 16 random bytes. */
const base64urlOf = (bytes: number, first?: number) =>
  z.string().refine(
    (value) => {
      if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return false;
      const decoded = Buffer.from(value, "base64url");
      return decoded.length === bytes && (first === undefined || decoded[0] === first);
    },
    { error: "push.invalidSubscription" },
  );

const SubscriptionInput = z.object({
  endpoint: z.string().max(2048),
  keys: z.object({ p256dh: base64urlOf(65, 0x04), auth: base64urlOf(16) }),
});

const id = z.coerce.number().int().positive().max(MAX_ID);
const FollowInput = z
  .array(z.object({ fixtureId: id, oneSignalId: id }), { error: "push.invalidFollow" })
  .length(1, { error: "push.invalidFollow" });

export function createMatchNotificationsService(ctx: ServiceContext) {
  let lastCleanup = Number.NEGATIVE_INFINITY;

  return {
    /** The key browsers subscribe with; 404 when this installation sends no push. */
    vapidPublicKey(): string {
      if (!ctx.push) throw new ServiceError(404, "push.unavailable");
      return ctx.push.publicKey;
    },

    subscribe: (...args: DropFirst<Parameters<typeof subscribe>>) => subscribe(ctx, ...args),

    follow: (...args: DropFirst<Parameters<typeof follow>>) => follow(ctx, ...args),

    unfollow: (...args: DropFirst<Parameters<typeof unfollow>>) => unfollow(ctx, ...args),

    async follows(user: User): Promise<LivescoreNotification[]> {
      return (await q.followsOf(ctx.pool, user.id)).map((f) => ({
        id: f.id,
        fixtureId: f.fixtureId,
        oneSignalId: f.subscriptionId,
      }));
    },

    /**
     * One delivery run (the job calls it every few seconds): records the events due on every followed fixture
     * in the outbox, where each event can exist once per subscription, then sends what is unsent. Safe to run
     * twice at once, in one process or several.
     */
    async deliver(): Promise<DeliveryReport> {
      const push = ctx.push;
      if (!push) return { queued: 0, sent: 0, failed: 0, gone: 0 };
      const now = ctx.clock.now();
      if (now.getTime() - lastCleanup >= CLEANUP_EVERY_MS) {
        // Follows end a day after kick-off, like favourite matches; far outside the window, so nothing re-queues.
        await q.deleteExpired(ctx.pool, new Date(now.getTime() - FAVOURITE_MATCH_TTL_MS));
        lastCleanup = now.getTime();
      }
      const due = await q.dueFollows(ctx.pool, now, WINDOW_MINUTES);
      const queued = await q.enqueue(
        ctx.pool,
        due.flatMap((row) => entriesFor(row, now)),
      );
      return { queued, ...(await sendQueued(ctx.pool, push, () => ctx.clock.now())) };
    },
  };
}

async function ownSubscription(ctx: ServiceContext, user: User, subscriptionId: number) {
  if ((await q.subscriptionOwner(ctx.pool, subscriptionId)) !== user.id)
    throw new ServiceError(404, "push.unknownSubscription");
}

/** Stores a browser's subscription for the user; an endpoint another user had moves over, without their follows. */
async function subscribe(ctx: ServiceContext, user: User, input: unknown): Promise<{ id: number }> {
  const parsed = SubscriptionInput.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, "push.invalidSubscription");
  const { endpoint, keys } = parsed.data;
  const accepted = ctx.push
    ? ctx.push.accepts(endpoint)
    : URL.canParse(endpoint) && new URL(endpoint).protocol === "https:";
  if (!accepted) throw new ServiceError(400, "push.invalidEndpoint");
  return inTransaction(ctx.pool, async (client) => {
    const existing = await q.subscriptionByEndpointForUpdate(client, endpoint);
    if (existing && existing.userId !== user.id) await q.clearSubscriptionHistory(client, existing.id);
    return { id: await q.upsertSubscription(client, user.id, { endpoint, ...keys }) };
  });
}

/** Follows a fixture that has not ended on one of the user's subscriptions (SPEC §7.1: a list holding one). */
async function follow(ctx: ServiceContext, user: User, input: unknown): Promise<LivescoreNotification> {
  const parsed = FollowInput.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, "push.invalidFollow");
  const { fixtureId, oneSignalId } = parsed.data[0]!;
  await ownSubscription(ctx, user, oneSignalId);
  const fixture = await q.fixtureTiming(ctx.pool, fixtureId);
  if (!fixture) throw new ServiceError(404, "push.unknownFixture");
  const now = ctx.clock.now();
  if (matchState(fixture.id, fixture.kickoff.getTime(), now.getTime(), fixture).status === "finished") {
    throw new ServiceError(409, "push.matchFinished");
  }
  const followId = await q.insertFollow(ctx.pool, {
    userId: user.id,
    fixtureId,
    subscriptionId: oneSignalId,
    at: now,
  });
  return { id: followId, fixtureId, oneSignalId };
}

/** Stops the notifications of a fixture on one subscription, or on all the user's subscriptions. */
async function unfollow(
  ctx: ServiceContext,
  user: User,
  fixtureId: number,
  subscriptionId: number | null,
): Promise<{ removed: number }> {
  if (subscriptionId !== null) await ownSubscription(ctx, user, subscriptionId);
  if (!(await q.fixtureTiming(ctx.pool, fixtureId))) throw new ServiceError(404, "push.unknownFixture");
  return { removed: await q.deleteFollows(ctx.pool, user.id, fixtureId, subscriptionId) };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
