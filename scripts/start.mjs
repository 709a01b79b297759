// npm start: checks the configuration and the port, builds the web app when a file it includes changed, then
// runs the server. Everything it prints goes through the server's logger: human lines on a terminal, JSON lines
// otherwise (LOG_FORMAT chooses).
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serverBundle } from "./build-server.mjs";
import { buildWeb, staleReason } from "./build-web.mjs";

// `npm run start:web` and `npm run start:worker` pass their role (ROLE=web|worker); `npm start` runs everything.
const roleArgument = process.argv[2];
if (roleArgument) process.env.ROLE = roleArgument;

// The server runs from its bundle (scripts/build-server.mjs): a start loads two modules, not TypeScript through a
// loader. It is made again first when a file it includes changed.
let bundle;
try {
  bundle = await serverBundle(process.env.BUILD_DIR || "build");
} catch (error) {
  console.error(`Pitchlab could not build its server: ${error.message}`);
  process.exit(1);
}
const { ConfigError, loadConfig, createLogger, logFormat, ensurePortFree } = await import(
  pathToFileURL(bundle.start).href
);

// React renders several times faster in production mode; set NODE_ENV=development to debug.
process.env.NODE_ENV ??= "production";

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}
process.env.BUILD_DIR = config.BUILD_DIR;
const log = createLogger(config.LOG_LEVEL, logFormat(config.LOG_FORMAT));
try {
  await ensurePortFree(config.PORT, config.HOST);
} catch (error) {
  log.error(`Pitchlab could not start: ${error.message}`);
  process.exit(1);
}

// A worker serves no pages: it needs no web build.
const stale = config.ROLE === "worker" ? null : staleReason();
const firstStart = config.ROLE === "all" && !config.DATABASE_URL && !existsSync(path.join(config.DATA_DIR, "postgres"));
if (firstStart) {
  log.info(
    `first start: Pitchlab builds its web app, creates its database in ${config.DATA_DIR} and imports the bundled match data (under a minute on an idle machine, a few minutes on a busy one; later starts take seconds)`,
  );
}
if (stale) {
  if (!firstStart) log.info(`building the web app (${stale})`);
  // On a terminal one line counts up in place; in a log file a line per quarter.
  const inPlace = process.stdout.isTTY && logFormat(config.LOG_FORMAT) === "pretty";
  let quarter = 0;
  try {
    const seconds = await buildWeb({
      onProgress: (percent) => {
        if (inPlace) process.stdout.write(`\r\x1b[2Kbuilding the web app… ${percent}%`);
        else if (Math.floor(percent / 25) > quarter && percent < 100) {
          quarter = Math.floor(percent / 25);
          log.info(`building the web app: ${quarter * 25}%`);
        }
      },
    });
    if (inPlace) process.stdout.write("\r\x1b[2K");
    log.info(`web app built in ${seconds.toFixed(0)} s`);
    // React Router's build empties the whole build directory, the server bundle made above with it: made again.
    bundle = await serverBundle(config.BUILD_DIR);
  } catch (error) {
    if (inPlace) process.stdout.write("\n");
    log.error(error.message);
    process.exit(1);
  }
}

await import(pathToFileURL(bundle.main).href);
