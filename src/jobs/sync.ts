import type PgBoss from "pg-boss";
import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";
import { PREDICTIONS_REFRESH } from "./predictions.ts";

const FOOTBALL_DATA_SYNC = "football-data-sync";

/** A source's schedule as cron: every n minutes, n between 1 and 59 (what a minute field can say). */
export const everyMinutes = (everyMs: number) => `*/${Math.min(Math.max(1, Math.round(everyMs / 60_000)), 59)} * * * *`;

/**
 * Real mode: football-data.co.uk read on its schedule ("stately": one cycle at a time across workers), once at
 * start, and the predictions refreshed at once when a cycle brought new fixtures, prices or results. An outage
 * is logged once when it starts and once when it ends, not at every failed cycle; team names that matched no team
 * once per cycle while they last (the operator's alias or new team ends it).
 */
export async function startSyncJobs(
  boss: Pick<PgBoss, "createQueue" | "schedule" | "work" | "send">,
  services: Services,
  log: Logger,
) {
  const sync = services.footballData;
  if (!sync) return;
  await boss.createQueue(FOOTBALL_DATA_SYNC, { name: FOOTBALL_DATA_SYNC, policy: "stately", expireInSeconds: 900 });
  await boss.schedule(FOOTBALL_DATA_SYNC, everyMinutes(sync.everyMs));
  await boss.work(FOOTBALL_DATA_SYNC, async () => {
    const before = await sync.state();
    const report = await sync.cycle();
    if (report.unavailable && !before.failingSince)
      log.warn({ error: report.errors[0] }, "football-data.co.uk is unavailable; the sync retries on its schedule");
    else if (!report.unavailable && before.failingSince)
      log.info({ since: before.failingSince }, "football-data.co.uk answers again");
    for (const error of report.unavailable ? [] : report.errors)
      log.warn({ error }, "football-data.co.uk file not read");
    if (report.unmatchedTeams.length > 0)
      log.warn(
        { unmatchedTeams: report.unmatchedTeams },
        "football-data.co.uk team names matched no team: their rows wait (npm run admin -- team-alias add | new-team)",
      );
    const { errors: _errors, unmatchedTeams: _unmatched, ...figures } = report;
    if (report.added + report.updated > 0) {
      log.info(figures, "football-data.co.uk synced: fixtures changed");
      await boss.send(PREDICTIONS_REFRESH, {});
    } else log.debug(figures, "football-data.co.uk synced: nothing changed");
  });
  await boss.send(FOOTBALL_DATA_SYNC, {});
}
