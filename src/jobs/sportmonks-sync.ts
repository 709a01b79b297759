import type PgBoss from "pg-boss";
import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";
import { PREDICTIONS_REFRESH } from "./predictions.ts";
import { everyMinutes } from "./sync.ts";

const SPORTMONKS_SYNC = "sportmonks-prematch-sync";

/**
 * Real mode with a SportMonks token: its pre-match prices read on their own schedule (one cycle at a time across
 * workers), once at start. An outage is logged when it starts and when it ends; names that matched no team once
 * per cycle while they last. New prices refresh the predictions (the value bets read the current prices).
 */
export async function startSportmonksSync(
  boss: Pick<PgBoss, "createQueue" | "schedule" | "work" | "send">,
  services: Services,
  log: Logger,
) {
  const sync = services.sportmonks;
  if (!sync) return;
  await boss.createQueue(SPORTMONKS_SYNC, { name: SPORTMONKS_SYNC, policy: "stately", expireInSeconds: 900 });
  await boss.schedule(SPORTMONKS_SYNC, everyMinutes(sync.everyMs));
  await boss.work(SPORTMONKS_SYNC, async () => {
    const before = await sync.state();
    const report = await sync.cycle();
    if (report.error && !before.failingSince)
      log.warn({ error: report.error }, "SportMonks pre-match odds not read; the sync retries on its schedule");
    else if (!report.error && before.failingSince) log.info({ since: before.failingSince }, "SportMonks answers again");
    if (report.unmatchedTeams.length > 0)
      log.warn(
        { unmatchedTeams: report.unmatchedTeams },
        "SportMonks team names matched no team: their prices wait (npm run admin -- team-alias add)",
      );
    const { unmatchedTeams: _unmatched, ...figures } = report;
    if (report.pricesChanged > 0) {
      log.info(figures, "SportMonks pre-match odds synced: prices changed");
      await boss.send(PREDICTIONS_REFRESH, {});
    } else log.debug(figures, "SportMonks pre-match odds synced: nothing changed");
  });
  await boss.send(SPORTMONKS_SYNC, {});
}
