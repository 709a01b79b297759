import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";
import { inTransaction } from "../../db/client.ts";
import * as q from "../../db/queries/users.ts";
import { isId } from "../../domain/ids.ts";
import { ServiceError, fieldErrorsOf } from "../errors.ts";
import { hashToken } from "../tokens.ts";

import { type User, type Client, email, NewPassword, parse } from "./shared.ts";
import type { AccountsDeps } from "./deps.ts";

/** 'Forgot password': always the same answer, so the form tells nobody which addresses have accounts. */
export async function requestPasswordReset(d: AccountsDeps, address: string, client: Client): Promise<void> {
  const { ctx, rateLimit, mailLink, requireCaptcha } = d;
  await rateLimit("reset", client.ip);
  const v = parse(z.object({ email }), { email: address });
  await requireCaptcha(client, "reset");
  const user = await q.userByEmail(ctx.pool, v.email);
  if (user) await mailLink(user, "reset");
}

export async function resetLinkValid(d: AccountsDeps, userId: number, key: string): Promise<boolean> {
  const { ctx } = d;
  if (!isId(userId) || !key) return false;
  return q.userTokenValid(ctx.pool, hashToken(key), userId, "reset", ctx.clock.now());
}

/** Sets a new password from a reset link; every session of the account ends. */
export async function resetPassword(
  d: AccountsDeps,
  userId: number,
  key: string,
  input: Record<string, unknown>,
): Promise<void> {
  const { ctx } = d;
  const v = parse(NewPassword, input);
  if (!isId(userId)) throw new ServiceError(400, "auth.resetLinkInvalid");
  const passwordHash = await hash(v.password);
  const done = await inTransaction(ctx.pool, async (tx) => {
    if (!(await q.consumeUserToken(tx, hashToken(key), userId, "reset", ctx.clock.now()))) return false;
    await q.updateUser(tx, userId, { passwordHash });
    // Following the mailed link proves the address too.
    await q.markVerified(tx, userId);
    await q.deleteSessionsOf(tx, userId);
    return true;
  });
  if (!done) throw new ServiceError(400, "auth.resetLinkInvalid");
}

export async function changePassword(
  d: AccountsDeps,
  user: User,
  input: Record<string, unknown>,
  currentToken: string | null,
): Promise<void> {
  const { ctx } = d;
  const parsed = NewPassword.safeParse(input);
  const current = typeof input.currentPassword === "string" ? input.currentPassword : "";
  const currentOk = user.passwordHash === null || (await verify(user.passwordHash, current));
  if (!parsed.success || !currentOk) {
    throw new ServiceError(
      400,
      "profile.passwordChangeFailed",
      parsed.success ? { currentPassword: "profile.passwordChangeFailed" } : fieldErrorsOf(parsed.error.issues),
    );
  }
  await q.updateUser(ctx.pool, user.id, { passwordHash: await hash(parsed.data.password) });
  // Other browsers signed in with the old password are signed out.
  await q.deleteSessionsOf(ctx.pool, user.id, currentToken ? hashToken(currentToken) : undefined);
}
