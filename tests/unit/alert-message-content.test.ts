import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "../../src/domain/alerts/content.ts";
import { type LiveState, emptyCounters } from "../../src/domain/live/state.ts";
import { countersRead, liveAlertContent } from "../../src/domain/scanner/live-pick.ts";
import type { Rule } from "../../src/domain/scanner/rules.ts";
import { renderAlert } from "../../src/services/alert-messages.ts";

const shotsOnly: Rule[] = [
  { id: "r", category: "liveStats", stat: "shots", target: "Home", comparator: "GreaterThan", value: 5 },
];

function state(): LiveState {
  return {
    fixtureId: 7,
    status: "live",
    second: 3700,
    minute: 62,
    homeScore: 0,
    awayScore: 0,
    home: {
      ...emptyCounters(),
      shots: 9,
      shotsOnTarget: 4,
      shotsOffTarget: 5,
      possession: 61,
      attacks: 70,
      corners: 5,
    },
    away: {
      ...emptyCounters(),
      shots: 2,
      shotsOnTarget: 1,
      shotsOffTarget: 1,
      possession: 39,
      attacks: 41,
      corners: 1,
    },
    estimated: [],
    events: [],
    odds: {
      minute: 62,
      home: 1.9,
      draw: 3.1,
      away: 5.2,
      overUnder: [
        { line: 1.5, over: 1.8, under: 1.95 },
        { line: 2.5, over: 3.4, under: 1.3 },
      ],
      bttsYes: 3.6,
      bttsNo: 1.27,
      margin: 0.05,
      probabilities: { home: 0.5, draw: 0.32, away: 0.18, bttsYes: 0.27 },
    },
  };
}

const fixture = {
  home: "Juventus",
  away: "Torino",
  league: "Serie A",
  country: "Italy",
  kickoff: "2026-11-21T14:00:00Z",
};
const content = liveAlertContent(fixture, state(), {
  rankings: { home: 2, away: 11 },
  oddsUnderOver25: { over: 1.95, under: 1.85 },
  figures: { picks: 1, successRate: 1, roi: 0.9 },
});
const input = { source: "live", kind: "alert" as const, fixtureId: 7, filterName: "Shots", outcome: "home", odds: 1.9 };
const render = (locale: "en" | "de", settings: NotificationSettings = DEFAULT_NOTIFICATION_SETTINGS) =>
  renderAlert({ ...input, content }, { locale, timeZone: "Europe/Berlin", settings });

describe("live alert content and message", () => {
  it("carries every counter and the live over/under 2.5 and BTTS prices, not only what the rules read", () => {
    expect(countersRead(shotsOnly)).not.toContain("possession");
    expect(content.stats).toMatchObject({ possession: { home: 61, away: 39 }, attacks: { home: 70, away: 41 } });
    expect(content.oddsUnderOver25Live).toEqual({ over: 3.4, under: 1.3 });
    expect(content.oddsBttsLive).toEqual({ yes: 3.6, no: 1.27 });
    expect(content.stats?.dangerousAttacks, "the source has none").toBeUndefined();
  });

  it("shows possession, rankings and the over/under 2.5 prices when the settings ask for them", () => {
    const text = render("en").text;
    expect(text).toContain("Possession 61%–39%");
    expect(text).toContain("Attacks 70–41");
    expect(text).toContain("Over/Under 2.5: 1.95 / 1.85");
    expect(text).toContain("Live Over/Under 2.5: 3.40 / 1.30");
    expect(text).toContain("Live both teams to score yes/no: 3.60 / 1.27");
    expect(text).toContain("League positions: 2 – 11");
  });

  it("leaves out what the settings turn off", () => {
    const off = { ...DEFAULT_NOTIFICATION_SETTINGS, possession: false, oddsUnderOver25: false, oddsBtts: false };
    const text = render("en", off).text;
    expect(text).not.toContain("Possession");
    expect(text).not.toContain("Over/Under");
    expect(text).not.toContain("both teams");
    expect(text).toContain("Shots on target 4–1");
  });

  it("names the country in the recipient's language", () => {
    expect(render("de").lines[0]).toBe("Juventus – Torino (Italien, Serie A)");
    expect(render("en").lines[0]).toBe("Juventus – Torino (Italy, Serie A)");
  });

  it("labels the last line as the filter's record", () => {
    const en = render("en").lines.at(-1);
    expect(en).toMatch(/^Filter so far: 1 pick, success 100%, ROI \+90%$/);
    expect(render("de").lines.at(-1)).toMatch(/^Filter bisher: 1 Tipp/);
  });
});
