/**
 * npm run bench:site — runs the product on its own data directory, then measures on mobile:
 * Lighthouse performance and accessibility for home, predictions-today and a match page, the
 * JavaScript a predictions page sends (gzip), and axe-core's serious/critical violations.
 * Targets: performance ≥ 90, accessibility ≥ 95, JS < 150 kB gzip, no serious violation.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { launchBrowser } from "../tests/support/browser.ts";
import { freePort } from "./free-port.ts";

const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: ".data/bench-site",
      BUILD_DIR: ".data/bench-site/build",
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error("server did not get ready");
    try {
      const status = (await (await fetch(`${BASE}/api/v1/predictions/status`)).json()) as {
        data: { phase: string } | null;
      };
      if (status.data?.phase === "done") return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function javascriptBytes(path: string): Promise<{ raw: number; gzip: number; files: number }> {
  const html = await (await fetch(`${BASE}${path}`)).text();
  const sources = new Set(
    [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!),
  );
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"/g)) sources.add((m[1] ?? m[2])!);
  let raw = 0;
  let gzip = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, BASE))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { raw, gzip, files: sources.size };
}

const server = await startServer();
try {
  const now = Date.now();
  const fixtures = (await (
    await fetch(
      `${BASE}/api/v1/fixtures/web?from=${new Date(now).toISOString()}&to=${new Date(now + 86_400_000).toISOString()}`,
    )
  ).json()) as { data: Array<{ id: number }> };
  // The match page's canonical address (the id-only one answers with a redirect).
  const match = new URL((await fetch(`${BASE}/matches/predictions/m_${fixtures.data[0]!.id}`)).url).pathname;
  const pages = { home: "/", predictionsToday: "/football-predictions-today", match };

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: FLAGS,
  });
  const lighthouseScores: Record<
    string,
    { performance: number; accessibility: number; lcpMs: number; tbtMs: number; cls: number }
  > = {};
  for (const [name, path] of Object.entries(pages)) {
    const result = await lighthouse(`${BASE}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      formFactor: "mobile",
    });
    const lhr = result!.lhr;
    lighthouseScores[name] = {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
      cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    };
  }
  await chrome.kill();

  const browser = await launchBrowser();
  const axe: Record<string, { serious: number; critical: number; ids: string[] }> = {};
  for (const [name, path] of Object.entries(pages)) {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${BASE}${path}`);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    axe[name] = {
      serious: bad.filter((v) => v.impact === "serious").length,
      critical: bad.filter((v) => v.impact === "critical").length,
      ids: bad.map((v) => v.id),
    };
    await context.close();
  }
  await browser.close();

  const js = await javascriptBytes(pages.predictionsToday);
  const results = {
    lighthouseMobile: lighthouseScores,
    javascriptPredictionsPage: {
      files: js.files,
      rawKb: Math.round(js.raw / 1024),
      gzipKb: Math.round(js.gzip / 1024),
      ratioToBudget: Number((js.gzip / (150 * 1024)).toFixed(2)),
    },
    axe,
    targets: { performance: 90, accessibility: 95, javascriptGzipKb: 150, seriousViolations: 0 },
  };
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/site-quality.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
} finally {
  server.kill("SIGTERM");
}
