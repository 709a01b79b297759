import * as q from "../db/queries/premium.ts";
import { type Access, VISITOR, accessOf } from "../domain/premium/access.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError } from "./errors.ts";

export const PREMIUM_REQUIRED = "premium.noPermission";

/** Who may use what, resolved once per request from the account's subscription. */
export function createAccessService(ctx: ServiceContext) {
  return {
    async of(user: { id: number } | null): Promise<Access> {
      if (!user) return VISITOR;
      return accessOf(true, await q.currentSubscription(ctx.pool, user.id), ctx.clock.now());
    },
  };
}

/** Refuses a non-premium caller with the SPEC §6 message (403), or a visitor with 401. */
export function requirePremium(access: Access): void {
  if (!access.loggedIn) throw new ServiceError(401, "auth.loginRequired");
  if (!access.premium) throw new ServiceError(403, PREMIUM_REQUIRED);
}
