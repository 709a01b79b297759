/**
 * npm run standin -- --port <port> [--at <ISO time>]: the offline stand-in of the data providers
 * (src/data/standin/server.ts), made from the bundled newest season shifted to the present (or to `--at`).
 */
import { parseArgs } from "node:util";
import { loadFootballDataSite } from "./standin/football-data-site.ts";
import { createStandin } from "./standin/server.ts";

const DATASET = "datasets/football-data";

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: { port: { type: "string", default: "4000" }, at: { type: "string" }, host: { type: "string" } },
  });
  const port = Number(values.port);
  const atMs = values.at === undefined ? undefined : Date.parse(values.at);
  if (!Number.isInteger(port) || port < 0 || port > 65_535 || (atMs !== undefined && !Number.isFinite(atMs))) {
    console.error("usage: npm run standin -- --port <port> [--at <ISO time>]");
    return 2;
  }
  const standin = createStandin({ site: await loadFootballDataSite(DATASET), ...(atMs === undefined ? {} : { atMs }) });
  const host = values.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => standin.server.listen(port, host, resolve));
  const now = new Date(standin.nowMs()).toISOString();
  console.log(
    `data providers' stand-in on http://${host}:${port} (its present: ${now}); football-data.co.uk files at /, ` +
      `SportMonks at /sportmonks/v3/football`,
  );
  return new Promise(() => {});
}

process.exitCode = await main();
