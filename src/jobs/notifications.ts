import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";

const DELIVERY_INTERVAL_MS = 10_000;

/** Starts the match notifications' delivery; `stop` waits for a run in flight. */
export function startMatchNotifications(services: Services, log: Logger): { stop(): Promise<void> } {
  // Match notifications go out every 10 s. pg-boss schedules per minute at best, so a timer drives them; a run
  // never overlaps the previous one, and runs in other workers are harmless: each event is recorded once in
  // the push outbox and each unsent row is locked by the run that sends it.
  let delivering: Promise<void> | null = null;
  const deliveryTimer = setInterval(() => {
    if (delivering) return;
    delivering = services.matchNotifications
      .deliver()
      .then((report) => {
        if (report.sent + report.failed + report.gone > 0) log.info(report, "match notifications delivered");
      })
      .catch((error) => log.error({ err: error }, "match notification delivery failed"))
      .finally(() => {
        delivering = null;
      });
  }, DELIVERY_INTERVAL_MS);
  return {
    async stop() {
      clearInterval(deliveryTimer);
      await delivering;
    },
  };
}
