import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium, headless; the flags keep it off the network this machine does not have. */
export async function launchBrowser(): Promise<Browser> {
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
    return context;
  };
  return browser;
}

/** How long an action or a navigation may wait for its condition on a slow machine. */
export const ACTION_TIMEOUT_MS = 90_000;
