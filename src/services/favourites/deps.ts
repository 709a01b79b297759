import * as q from "../../db/queries/favourites.ts";
import { FAVOURITE_MATCH_TTL_MS } from "../../domain/accounts/rules.ts";
import type { User } from "../accounts.ts";
import type { ServiceContext } from "../context.ts";

import { type TeamGroupView, notFound } from "./shared.ts";

/** What the favourites use cases share: the clock, the expiry of favourite matches, a group of the user's. */
export function createFavouritesDeps(ctx: ServiceContext) {
  const now = () => ctx.clock.now();
  /** Matches whose timestamp is at or before this are expired. */
  const expiryCutoff = () => new Date(now().getTime() - FAVOURITE_MATCH_TTL_MS);

  async function group(user: User, groupId: number): Promise<TeamGroupView> {
    const found = (await q.groupsOf(ctx.pool, user.id)).find((g) => g.id === groupId);
    if (!found) throw notFound("unknownGroup");
    return found;
  }

  return { ctx, now, expiryCutoff, group };
}

export type FavouritesDeps = ReturnType<typeof createFavouritesDeps>;
