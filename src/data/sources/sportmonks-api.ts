import type { SmOdd } from "../../domain/sportmonks/prematch.ts";
import { type HttpFilesOptions, SourceError, createHttpFiles } from "./http-files.ts";

/**
 * SportMonks Football API v3 read for the pre-match sync, as politely as a provider's files (./http-files.ts:
 * timeout, retries with back-off on 5xx and 429, a User-Agent, one request per interval). The token travels in the
 * Authorization header, which SportMonks accepts as well as `api_token`, so no error message or log repeats it.
 * One paginated listing brings the week's fixtures with their odds (`include=odds`), instead of a call per fixture.
 */

export interface SmUpcomingFixture {
  id: number;
  league_id: number;
  state_id: number;
  starting_at_timestamp: number;
  participants?: Array<{ id: number; name: string; meta?: { location?: string } }>;
  league?: { id: number; name: string };
  odds?: SmOdd[];
}

/** A listing longer than this many pages is cut: 50 pages of 25 is more than a week of every league we store. */
const MAX_PAGES = 50;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function createSportmonksApi(options: Omit<HttpFilesOptions, "headers"> & { token: string }) {
  const http = createHttpFiles({ ...options, headers: { authorization: options.token } });
  const json = async (path: string): Promise<{ data?: unknown; pagination?: { has_more?: boolean } }> => {
    const answer = await http.read(path);
    if (answer.status === "unchanged") return {};
    try {
      return JSON.parse(answer.text);
    } catch {
      // A body cut short or an error page in place of JSON: the provider did not answer properly.
      throw new SourceError(`${path.split("?")[0]}: not JSON`, "unavailable");
    }
  };
  return {
    /** The fixtures kicking off from `fromMs`'s day to `toMs`'s (UTC), with participants, league, state and odds. */
    async upcomingFixtures(fromMs: number, toMs: number): Promise<SmUpcomingFixture[]> {
      const fixtures: SmUpcomingFixture[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await json(
          `/fixtures/between/${day(fromMs)}/${day(toMs)}?include=participants;league;state;odds&page=${page}`,
        );
        // No `data` is SportMonks' "no result" answer: nothing (more) in the range.
        if (!Array.isArray(answer.data)) break;
        fixtures.push(...(answer.data as SmUpcomingFixture[]));
        if (!answer.pagination?.has_more) break;
      }
      return fixtures;
    },
  };
}
export type SportmonksApi = ReturnType<typeof createSportmonksApi>;
