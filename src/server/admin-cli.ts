/**
 * npm run admin -- <command>: operator commands.
 *   confirm-transfer <id>   the money of a manual bank transfer arrived: grant premium for its plan
 *   list-transfers          pending transfer requests
 *   sandbox-renew           renew (or end) the sandbox subscriptions whose period is over, now
 *   team-alias …            team names the football-data sync could not match: aliases, new teams
 *                           (src/server/admin-team-aliases.ts)
 */
import { loadConfig } from "../config.ts";
import { runningEmbeddedUrl } from "../db/embedded.ts";
import { connect } from "../db/client.ts";
import { paymentsSettings } from "../data/payments/settings.ts";
import { openDatabase } from "../data/open-database.ts";
import { setupClock } from "../data/clock.ts";
import { isServiceError } from "../services/errors.ts";
import { createServices } from "../services/index.ts";
import { translate } from "../i18n/messages.server.ts";
import { teamAliasCommand } from "./admin-team-aliases.ts";

const USAGE = "usage: npm run admin -- confirm-transfer <id> | list-transfers | sandbox-renew | team-alias …";

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  const [command, arg] = args;
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  // A running Pitchlab owns the embedded PostgreSQL: talk to it rather than start another.
  const running = config.DATABASE_URL ? null : await runningEmbeddedUrl(config.DATA_DIR);
  const database = running ? connect(running, 2) : await openDatabase(config, (m) => console.error(m));
  try {
    const clock = await setupClock(database.pool, { mode: config.CLOCK_MODE });
    const services = createServices(
      { pool: database.pool, clock, payments: await paymentsSettings(config, database.pool, { allowSandbox: true }) },
      { dataset: () => ({ state: "ready", filesDone: 0, filesTotal: 0 }), jobs: async () => null },
    );
    switch (command) {
      case "confirm-transfer": {
        const id = Number(arg);
        if (!Number.isInteger(id) || id <= 0) {
          console.error("confirm-transfer needs the id of the transfer request (see list-transfers)");
          return 2;
        }
        const done = await services.payments.confirmTransfer(id);
        console.log(
          `transfer ${id} (${done.transfer.reference}) confirmed: user ${done.transfer.userId} is PREMIUM until ${done.premiumUntil.toISOString()}`,
        );
        return 0;
      }
      case "list-transfers": {
        const pending = await services.payments.pendingTransfers();
        if (pending.length === 0) console.log("no pending transfers");
        for (const t of pending) {
          console.log(
            [
              t.id,
              t.reference,
              t.email,
              `${t.planMonths} months`,
              (t.amountCents / 100).toFixed(2),
              t.createdAt.toISOString(),
            ].join("\t"),
          );
        }
        return 0;
      }
      case "sandbox-renew":
        console.log(`${await services.payments.sandbox.renewDue()} subscription(s) renewed or ended`);
        return 0;
      case "team-alias":
        return await teamAliasCommand(services, args.slice(1));
      default:
        console.error(USAGE);
        return 2;
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      isServiceError(error) ? translate("en", error.message) : error instanceof Error ? error.message : error,
    );
    process.exit(1);
  },
);
