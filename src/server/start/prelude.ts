/**
 * What `npm start` (scripts/start.mjs) needs before the server runs: reading the configuration, the logger and the
 * port check. Bundled apart from the server (scripts/build-server.mjs) so that the start never loads TypeScript
 * through a loader.
 */
export { ConfigError, loadConfig } from "../../config.ts";
export { createLogger, logFormat } from "../../logger.ts";
export { ensurePortFree } from "../port-check.ts";
