import { type Browser, chromium } from "playwright-core";
import { siteNow } from "./site-clock.ts";

/**
 * Debian's Chromium, headless; the flags keep it off the network this machine does not have. Every page's clock
 * is the site's (`now`, by default the suite's global server), so that what a script computes from the time
 * (a favourite match that has ended, a countdown) agrees with the server whatever the date of the run.
 */
export async function launchBrowser(options: { now?: () => number } = {}): Promise<Browser> {
  const now = options.now ?? siteNow;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
  // Playwright's 30 s for an action or a page load is short on a busy machine; every page and context gets more.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
    await context.clock.install({ time: now() });
    return context;
  };
  return browser;
}

/** How long an action or a navigation may wait for its condition on a slow machine. */
export const ACTION_TIMEOUT_MS = 90_000;
