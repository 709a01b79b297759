import { inplayAnswer } from "../../domain/standin/sportmonks-livescores.ts";
import { fixturesBetweenAnswer, prematchOddsAnswer } from "../../domain/standin/sportmonks-fixtures.ts";
import type { FootballDataSite } from "./football-data-site.ts";

/**
 * SportMonks Football API v3 as the offline stand-in serves it, under `/sportmonks/v3/football` (the live feed's
 * and the pre-match sync's SPORTMONKS_API_URL then point there): `livescores/inplay` lists the matches of the
 * stand-in's shifted season being played at its present, replayed; `fixtures/between/{start}/{end}` the upcoming
 * ones (paginated) and `odds/pre-match/fixtures/{id}` their pre-match prices as the fixtures files show them. Any
 * token is accepted, in `api_token` or the Authorization header, as either is accepted by SportMonks; none (or an
 * empty one) is refused as SportMonks refuses it.
 */

export const SPORTMONKS_PREFIX = "/sportmonks/v3/football";

const NOT_FOUND = { status: 404, body: { message: "The requested endpoint does not exist!" } };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function sportmonksAnswer(
  url: URL,
  authorization: string | undefined,
  site: FootballDataSite,
  nowMs: number,
): { status: number; body: unknown } {
  const token = (url.searchParams.get("api_token") ?? authorization ?? "").trim();
  if (!token) return { status: 401, body: { message: "Unauthenticated." } };
  const path = url.pathname.replace(/\/$/, "").slice(SPORTMONKS_PREFIX.length);
  const include = (url.searchParams.get("include") ?? "").split(";").filter(Boolean);
  if (path === "/livescores/inplay") return { status: 200, body: inplayAnswer(site.inPlay(nowMs), include) };
  const between = /^\/fixtures\/between\/([^/]+)\/([^/]+)$/.exec(path);
  if (between) {
    const [start, end] = [between[1]!, between[2]!];
    if (!DAY.test(start) || !DAY.test(end)) return { status: 422, body: { message: "The dates must be YYYY-MM-DD." } };
    // Whole days, both included, as SportMonks reads them.
    const from = Date.parse(`${start}T00:00:00Z`);
    const to = Date.parse(`${end}T23:59:59Z`);
    const page = Math.max(1, Math.floor(Number(url.searchParams.get("page") ?? "1")) || 1);
    const matches = site.upcoming(nowMs).filter((m) => m.kickoffMs >= from && m.kickoffMs <= to);
    const pageUrl = (n: number) => {
      const next = new URL(url);
      next.searchParams.delete("api_token");
      next.searchParams.set("page", String(n));
      return next.toString();
    };
    return { status: 200, body: fixturesBetweenAnswer(matches, include, page, pageUrl) };
  }
  const odds = /^\/odds\/pre-match\/fixtures\/(\d+)$/.exec(path);
  if (odds) {
    const id = Number(odds[1]);
    return { status: 200, body: prematchOddsAnswer(site.upcoming(nowMs).find((m) => m.fixtureId === id)) };
  }
  return NOT_FOUND;
}
