import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The global server's clock minus the wall clock, in ms, read from its health once it was ready. */
    siteClockOffsetMs: number;
  }
}

/** "Now" as the suite's global server sees it (ms since the epoch). */
export function siteNow(): number {
  return Date.now() + inject("siteClockOffsetMs");
}

/** The site's calendar day in the UK (the site's default day for a visitor of Europe/London), as YYYY-MM-DD. */
export function siteToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(siteNow()));
}
