import type { AddressInfo } from "node:net";
import { type HttpFiles, createHttpFiles } from "../../src/data/sources/http-files.ts";
import { type SportmonksApi, createSportmonksApi } from "../../src/data/sources/sportmonks-api.ts";
import { loadFootballDataSite } from "../../src/data/standin/football-data-site.ts";
import { type Standin, createStandin } from "../../src/data/standin/server.ts";

/**
 * The providers' stand-in listening on a free port at `at` (its clock runs on from there), and the syncs' readers
 * pointed at it (football-data.co.uk's files, SportMonks' API): short timeouts, one retry and no pacing, so a
 * test's cycle takes what the site's work takes.
 */
export async function listeningStandin(
  at: string,
): Promise<{ standin: Standin; files: HttpFiles; sportmonks: SportmonksApi }> {
  const standin = createStandin({ site: await loadFootballDataSite("datasets/football-data"), atMs: Date.parse(at) });
  await new Promise<void>((resolve) => standin.server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}`;
  const polite = {
    userAgent: "Pitchlab test",
    timeoutMs: 5_000,
    retries: 1,
    backoffMs: 10,
    minIntervalMs: 0,
    maxRetryAfterMs: 10,
  };
  const files = createHttpFiles({ baseUrl: base, ...polite });
  const sportmonks = createSportmonksApi({ baseUrl: `${base}/sportmonks/v3/football`, token: "stand-in", ...polite });
  return { standin, files, sportmonks };
}
