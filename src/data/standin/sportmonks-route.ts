import { inplayAnswer } from "../../domain/standin/sportmonks-livescores.ts";
import type { FootballDataSite } from "./football-data-site.ts";

/**
 * SportMonks Football API v3 as the offline stand-in serves it, under `/sportmonks/v3/football` (the live feed's
 * SPORTMONKS_API_URL then points there): `livescores/inplay` lists the matches of the stand-in's shifted season
 * being played at its present, replayed. Any token is accepted, in `api_token` or the Authorization header, as
 * either is accepted by SportMonks; none (or an empty one) is refused as SportMonks refuses it.
 */

export const SPORTMONKS_PREFIX = "/sportmonks/v3/football";

export function sportmonksAnswer(
  url: URL,
  authorization: string | undefined,
  site: FootballDataSite,
  nowMs: number,
): { status: number; body: unknown } {
  const token = (url.searchParams.get("api_token") ?? authorization ?? "").trim();
  if (!token) return { status: 401, body: { message: "Unauthenticated." } };
  if (url.pathname.replace(/\/$/, "") !== `${SPORTMONKS_PREFIX}/livescores/inplay`)
    return { status: 404, body: { message: "The requested endpoint does not exist!" } };
  const include = (url.searchParams.get("include") ?? "").split(";").filter(Boolean);
  return { status: 200, body: inplayAnswer(site.inPlay(nowMs), include) };
}
