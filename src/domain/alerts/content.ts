/**
 * What an alert says, as its source hands it over (pure data, kept with the pick): the message is rendered from
 * it in each recipient's language and time zone, showing the parts the recipient's filter notification
 * settings (SPEC §3) ask for.
 */

export const ALERT_SOURCES = ["live", "prematch", "valuebet", "trend"] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

/** SPEC §3 Filter notification settings: the figures a message may show, all on by default. */
export const NOTIFICATION_FIELDS = [
  "roi",
  "successPercentage",
  "picks",
  "odds1x2",
  "oddsUnderOver25",
  "oddsBtts",
  "odds1x2Live",
  "rankings",
  "yellowCards",
  "redCards",
  "shotsOnTarget",
  "shotsOffTarget",
  "corners",
  "attacks",
  "dangerousAttacks",
  "penalties",
  "substitutions",
  "possession",
  "fouls",
  "matchEvents",
] as const;
export type NotificationField = (typeof NOTIFICATION_FIELDS)[number];
export type NotificationSettings = Record<NotificationField, boolean>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = Object.fromEntries(
  NOTIFICATION_FIELDS.map((f) => [f, true]),
) as NotificationSettings;

/** The live counters a message can show, in the order it shows them. */
export const STAT_FIELDS = [
  "possession",
  "shotsOnTarget",
  "shotsOffTarget",
  "attacks",
  "dangerousAttacks",
  "corners",
  "yellowCards",
  "redCards",
  "penalties",
  "substitutions",
  "fouls",
] as const satisfies readonly NotificationField[];
export type StatField = (typeof STAT_FIELDS)[number];

export interface HomeAway {
  home: number;
  away: number;
}

export interface MatchEventLine {
  minute: number;
  kind: "goal" | "yellow_card" | "red_card" | "penalty" | "substitution";
  side: "home" | "away";
}

export interface AlertContent {
  home: string;
  away: string;
  league?: string;
  country?: string;
  /** ISO time of the kick-off */
  kickoff: string;
  /** live: the match minute when the rules matched */
  minute?: number | null;
  /** live: the score then */
  score?: HomeAway | null;
  /** live: whether the alert came in the first half's play (first-half outcomes are void after the break) */
  firstHalf?: boolean;
  /** the model's probability of the filter's desired outcome at the alert (the edge of its figures) */
  probability?: number | null;
  /** live counters at the alert, by field; a message shows those the settings ask for */
  stats?: Partial<Record<StatField, HomeAway>>;
  /** league positions */
  rankings?: HomeAway;
  /** pre-match prices */
  odds1x2?: { home: number; draw: number; away: number };
  oddsUnderOver25?: { over: number; under: number };
  oddsBtts?: { yes: number; no: number };
  /** live prices at the alert */
  odds1x2Live?: { home: number; draw: number; away: number };
  oddsUnderOver25Live?: { over: number; under: number };
  oddsBttsLive?: { yes: number; no: number };
  events?: MatchEventLine[];
  /** bots: the priced selection */
  bet?: {
    market: string;
    selection: string;
    price: number;
    fairOdds?: number;
    bookmaker?: string;
    probability?: number;
  };
  /** trend bot: the trend, already in words of the source's choosing (a translation key and its values) */
  trend?: { key: string; vars?: Record<string, string | number>; event?: string };
  /** the filter's figures before this pick (filled in by recordPick for the scanners) */
  figures?: ContentFigures;
}

/** The filter's figures shown in a message (SPEC settings roi, successPercentage, picks). */
export interface ContentFigures {
  picks: number;
  successRate: number | null;
  roi: number | null;
}
