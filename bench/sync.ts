/**
 * npm run bench:sync — real mode's sync from football-data.co.uk against the offline stand-in, on a fresh embedded
 * database holding the bundled history (as `npm start` imports it), both clocks driven together over a week-end:
 *
 * - Thursday evening, first cycle: the season so far and the next 7 days' fixtures (no week-end price yet);
 * - an unchanged cycle a quarter of an hour later (every conditional request answers 304), against the baseline of
 *   the same cycle without validators (every file downloaded again; the importer then skips a file whose content
 *   it imported before, so the baseline is cheap too: the conditional requests spare the provider's bandwidth);
 * - Friday 12:15, the week-end's prices published: a cycle that brings prices for the upcoming fixtures;
 * - Friday 13:15, the stand-in turned into a heavier provider (eight weeks of fixtures, every one quoted:
 *   `POST /_standin/fixtures`): a cycle that brings prices for some 1,000 fixtures and more. Prices of fixtures
 *   whose publication moment (the price-visibility rule) is still to come are stored but not used yet;
 *   `stormPublishedFixtures` says how many reach the history and the predictions;
 * - Monday morning, a round of results: a cycle that finishes the week-end's fixtures.
 *
 * For the last two, the time until the site shows the new state: the cycle, then what the jobs run after it (the
 * predictions refresh that the sync job queues, which moves the pages' data version, the alerts' grading and the
 * value-bet bot). Wall seconds and this process's CPU seconds. The requests are not paced here (`minIntervalMs` 0)
 * so that the figures are the site's own cost; `unchangedCyclePacedS` is the same cycle at the production
 * adapter's polite pace (one request a second), which bounds a cycle's length against the real provider.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { listBundledFiles } from "../src/data/bundled-dataset.ts";
import { readSource } from "../src/data/csv-source.ts";
import { importFile } from "../src/data/importer.ts";
import { openDatabase } from "../src/data/open-database.ts";
import { createHttpFiles } from "../src/data/sources/http-files.ts";
import { loadFootballDataSite } from "../src/data/standin/football-data-site.ts";
import { createStandin } from "../src/data/standin/server.ts";
import { providerPaths } from "../src/domain/football-data/provider-files.ts";
import { createServices } from "../src/services/index.ts";
import { fixedClock } from "../tests/support/fixed-clock.ts";

const DATASET = "datasets/football-data";
const DATA_DIR = ".data/bench-sync";
const THURSDAY = "2026-11-26T18:00:00Z";
const FRIDAY_PRICES = "2026-11-27T12:15:00Z";
const FRIDAY_STORM = "2026-11-27T13:15:00Z";
const MONDAY = "2026-11-30T09:00:00Z";
const EVERY_MS = 15 * 60_000;

const round = (x: number, d = 2) => Number(x.toFixed(d));

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; s: number; cpuS: number }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, s: (performance.now() - wall) / 1000, cpuS: (used.user + used.system) / 1e6 };
}

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const config = loadConfig({ DATA_DIR, EMBEDDED_PG_PORT: "54385", LOG_LEVEL: "warn" });
  const database = await openDatabase(config, () => {});
  const { pool } = database;
  const standin = createStandin({ site: await loadFootballDataSite(DATASET), atMs: Date.parse(THURSDAY) });
  await new Promise<void>((resolve) => standin.server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}`;
  const clock = fixedClock(THURSDAY);
  const at = (iso: string) => {
    clock.set(iso);
    standin.setNow(Date.parse(iso));
  };
  const servicesPaced = (minIntervalMs: number) =>
    createServices(
      {
        pool,
        clock,
        sources: {
          footballData: {
            files: createHttpFiles({ baseUrl, userAgent: "Pitchlab bench", minIntervalMs }),
            everyMs: EVERY_MS,
          },
        },
      },
      { dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }), jobs: async () => null },
    );
  const services = servicesPaced(0);
  const sync = services.footballData!;
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await pool.query<{ n: number }>(sql, params)).rows[0]!.n);
  /** What the jobs run after a cycle that changed fixtures, until the site shows it. */
  const consequences = async () => {
    await services.pipeline.refresh();
    await services.alerts.grade();
    await services.valueBets.scan();
  };
  try {
    const history = await timed(async () => {
      for (const file of await listBundledFiles(DATASET))
        await importFile(pool, await readSource(path.join(DATASET, file), file.replace(/\.gz$/, "")), {
          skipKnown: true,
        });
    });
    console.log(`bundled history imported in ${round(history.s)} s`);

    const first = await timed(() => sync.cycle());
    const firstRefresh = await timed(consequences);
    console.log(
      `first cycle ${round(first.s)} s (${first.value.added} fixtures), back-fill ${round(firstRefresh.s)} s`,
    );

    at(new Date(Date.parse(THURSDAY) + EVERY_MS).toISOString());
    // The stand-in builds its files once a minute of its clock, as the provider does on its own machine: built
    // before the timing, so that the figures are the site's work.
    for (const file of providerPaths(clock.now().getTime())) await (await fetch(`${baseUrl}${file}`)).arrayBuffer();
    const unchanged = await timed(() => sync.cycle());
    if (unchanged.value.unchanged !== unchanged.value.files) throw new Error("the unchanged cycle read a file again");
    const paced = await timed(() => servicesPaced(1000).footballData!.cycle());
    // Baseline: the same cycle without validators: every file downloaded, parsed and matched again.
    await pool.query("UPDATE app_state SET value = jsonb_set(value, '{validators}', '{}'::jsonb) WHERE key = $1", [
      "source:football-data",
    ]);
    const fullRead = await timed(() => sync.cycle());
    console.log(
      `unchanged cycle ${round(unchanged.s, 3)} s (paced ${round(paced.s)} s); full read ${round(fullRead.s)} s`,
    );
    if (fullRead.value.added + fullRead.value.updated !== 0)
      throw new Error("a full read of unchanged files changed fixtures");

    const pricedUpcoming = (now: string) =>
      count(
        "SELECT count(DISTINCT o.fixture_id)::int AS n FROM odds o JOIN fixtures f ON f.id = o.fixture_id WHERE f.kickoff > $1 AND NOT o.closing",
        [now],
      );
    at(FRIDAY_PRICES);
    const pricedBefore = await pricedUpcoming(FRIDAY_PRICES);
    const prices = await timed(() => sync.cycle());
    const pricesAfter = await timed(consequences);
    const pricedFixtures = (await pricedUpcoming(FRIDAY_PRICES)) - pricedBefore;
    console.log(
      `prices cycle ${round(prices.s)} s + ${round(pricesAfter.s)} s after it: ${pricedFixtures} fixtures priced`,
    );

    at(FRIDAY_STORM);
    const lookAhead = (body: object) =>
      fetch(`${baseUrl}/_standin/fixtures`, { method: "POST", body: JSON.stringify(body) }).then((r) => {
        if (!r.ok) throw new Error(`the stand-in refused ${JSON.stringify(body)}: ${r.status}`);
      });
    await lookAhead({ aheadDays: 56, quoteAll: true });
    const stormBefore = await pricedUpcoming(FRIDAY_STORM);
    const storm = await timed(() => sync.cycle());
    const stormAfter = await timed(consequences);
    const stormFixtures = (await pricedUpcoming(FRIDAY_STORM)) - stormBefore;
    const stormPublished = await count(
      "SELECT count(DISTINCT fixture_id)::int AS n FROM odds_history WHERE seen_at = $1",
      [FRIDAY_STORM],
    );
    await lookAhead({});
    console.log(
      `storm cycle ${round(storm.s)} s + ${round(stormAfter.s)} s after it: ${stormFixtures} fixtures newly priced, ${stormPublished} with published prices that moved`,
    );

    const played = () => count("SELECT count(*)::int AS n FROM fixtures WHERE ft_home IS NOT NULL");
    at(MONDAY);
    const playedBefore = await played();
    const results = await timed(() => sync.cycle());
    const resultsAfter = await timed(consequences);
    const resultsRound = (await played()) - playedBefore;
    console.log(`results cycle ${round(results.s)} s + ${round(resultsAfter.s)} s after it: ${resultsRound} results`);

    const out = {
      files: unchanged.value.files,
      historyImportS: round(history.s),
      firstCycleS: round(first.s),
      firstCycleFixtures: first.value.added,
      backfillS: round(firstRefresh.s),
      unchangedCycleS: round(unchanged.s, 3),
      unchangedCycleCpuS: round(unchanged.cpuS, 3),
      unchangedCyclePacedS: round(paced.s),
      fullReadCycleS: round(fullRead.s),
      unchangedToFullReadRatio: round(unchanged.s / fullRead.s, 4),
      pricesCycleS: round(prices.s + pricesAfter.s),
      pricesSyncS: round(prices.s),
      pricesCpuS: round(prices.cpuS + pricesAfter.cpuS),
      pricedFixtures,
      stormCycleS: round(storm.s + stormAfter.s),
      stormSyncS: round(storm.s),
      stormCpuS: round(storm.cpuS + stormAfter.cpuS),
      stormFixtures,
      stormPublishedFixtures: stormPublished,
      resultsRoundS: round(results.s + resultsAfter.s),
      resultsSyncS: round(results.s),
      resultsCpuS: round(results.cpuS + resultsAfter.cpuS),
      resultsRound,
      targets: { unchangedCycleS: 1, resultsRoundS: 30 },
      met: { unchangedCycle: unchanged.s < 1, resultsRound: results.s + resultsAfter.s < 30 },
    };
    console.log(JSON.stringify(out, null, 2));
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/sync.json", `${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await new Promise<void>((resolve) => standin.server.close(() => resolve()));
    await database.close();
  }
}

await main();
