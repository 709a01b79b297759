import { hash } from "@node-rs/argon2";
import { z } from "zod";
import { inTransaction } from "../../db/client.ts";
import * as affiliates from "../../db/queries/affiliates.ts";
import * as q from "../../db/queries/users.ts";
import { LOCALES } from "../../i18n/locales.ts";
import { sendAccountMail } from "../account-mail.ts";
import { isId } from "../../domain/ids.ts";
import { hashToken, newToken } from "../tokens.ts";

import { type Client, email, RegisterInput, parse } from "./shared.ts";
import type { AccountsDeps } from "./deps.ts";

/**
 * Registration. A taken address gets the same answer as a new one (and its owner a mail saying so),
 * so that the form cannot tell who has an account.
 */
export async function register(d: AccountsDeps, input: Record<string, unknown>, client: Client): Promise<void> {
  const { ctx, rateLimit, link, localePage, mailLink, requireCaptcha } = d;
  // Only a valid submission spends the address's registrations: a mistyped form costs nothing.
  const v = parse(RegisterInput, input);
  await requireCaptcha(client, "register");
  await rateLimit("register", client.ip);
  const user = await q.insertUser(ctx.pool, {
    email: v.email,
    passwordHash: await hash(v.password),
    firstName: v.firstName,
    lastName: v.lastName,
    languageCode: v.languageCode,
    timezone: v.timezone ?? null,
    newsletterKey: newToken(),
    verified: false,
  });
  if (user) {
    if (client.affiliateId && (await affiliates.userExists(ctx.pool, client.affiliateId))) {
      await affiliates.insertReferral(ctx.pool, user.id, client.affiliateId);
    }
    await mailLink(user, "verify");
  } else {
    const existing = await q.userByEmail(ctx.pool, v.email);
    if (existing)
      await sendAccountMail(
        ctx.mailer,
        existing,
        "alreadyRegistered",
        link(localePage(existing.languageCode, "forgotPassword"), {}),
      );
  }
}

/** The mailed verification link; false when it is unknown, used or expired (the activationKO page). */
export async function verify(d: AccountsDeps, userId: number, key: string): Promise<boolean> {
  const { ctx } = d;
  if (!isId(userId) || !key) return false;
  return inTransaction(ctx.pool, async (tx) => {
    if (!(await q.consumeUserToken(tx, hashToken(key), userId, "verify", ctx.clock.now()))) return false;
    await q.markVerified(tx, userId);
    return true;
  });
}

/** 'Send an activation link again': the same answer whether or not the address has an account. */
export async function sendActivationLink(
  d: AccountsDeps,
  address: string,
  languageCode: string | undefined,
  _client: Client,
): Promise<void> {
  const { ctx, limits, mailLink } = d;
  const v = parse(z.object({ email }), { email: address });
  // Counted per mailbox, not per client address: a link anyone can embed (the API's GET) blocks nobody's resets.
  await limits.take("activation", v.email);
  const user = await q.userByEmail(ctx.pool, v.email);
  if (!user || user.emailVerifiedAt) return;
  if (languageCode && (LOCALES as readonly string[]).includes(languageCode) && languageCode !== user.languageCode) {
    await q.updateUser(ctx.pool, user.id, { languageCode });
    user.languageCode = languageCode;
  }
  await mailLink(user, "verify");
}
