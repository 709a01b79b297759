/**
 * The facts a match preview is written from, all as known at `writtenAt` (walk-forward): results of
 * matches that had ended by then, the table as it stood, the prediction and the pre-match price of the
 * moment. Plain data, built by the previews service and stored beside the article.
 */
export type Outcome = "W" | "D" | "L";

export interface PastMatch {
  kickoff: string;
  homeName: string;
  awayName: string;
  ftHome: number;
  ftAway: number;
}

export interface TeamFacts {
  id: number;
  name: string;
  /** last (up to) 5 matches of any venue, newest first, from this team's point of view */
  form: Outcome[];
  scored: number;
  conceded: number;
  /** last (up to) 5 matches at this fixture's venue side (home matches of the home team, away matches of the away team) */
  venueForm: Outcome[];
  venueScored: number;
  venueConceded: number;
}

export interface StandingFacts {
  position: number;
  points: number;
  played: number;
  goalsFor: number;
  goalsAgainst: number;
}

export interface RefereeFacts {
  name: string;
  /** his matches in the data that had ended by writing time; averages are null without card counts */
  matches: number;
  yellowPerMatch: number | null;
  redPerMatch: number | null;
}

export interface BestBetFacts {
  /** outcome key of the prediction kinds: 1, X, 2, GG, NG, O25, U25 */
  outcome: string;
  probability: number;
  fairOdds: number;
  /** the bookmaker's pre-match price for this outcome, where the data has one */
  odds: number | null;
  bookmaker: string | null;
}

export interface PreviewFacts {
  fixtureId: number;
  writtenAt: string;
  kickoff: string;
  /** IANA zone the article gives the kick-off hour in (the league's country), "UTC" when unknown */
  timeZone: string;
  league: { id: number; name: string; country: string; countryCode: string };
  season: string;
  home: TeamFacts;
  away: TeamFacts;
  venue: { stadium: string; city: string } | null;
  referee: RefereeFacts | null;
  /** last (up to) 5 meetings that had ended by writing time, newest first */
  h2h: PastMatch[];
  /** null before the season's first round has been played */
  standings: {
    teams: number;
    roundsPlayed: number;
    home: StandingFacts;
    away: StandingFacts;
    leaderPoints: number;
    safetyPoints: number | null;
  } | null;
  prediction: {
    pHome: number;
    pDraw: number;
    pAway: number;
    pOver25: number;
    pBtts: number;
    best: BestBetFacts | null;
  } | null;
}

/** What is at stake for a team, from the table: a simple reading of positions and point gaps. */
export type Stake = "leader" | "title" | "europe" | "relegation" | "danger" | "midtable" | "early";

export function stakeOf(s: StandingFacts, table: NonNullable<PreviewFacts["standings"]>): Stake {
  if (table.roundsPlayed < 4) return "early";
  if (s.position === 1) return "leader";
  if (table.leaderPoints - s.points <= 6) return "title";
  const relegationFrom = table.teams - 2; // the bottom three
  if (s.position >= relegationFrom) return "relegation";
  if (s.position <= 4) return "europe";
  if (table.safetyPoints !== null && s.points - table.safetyPoints <= 4) return "danger";
  return "midtable";
}

export function wins(form: Outcome[]): number {
  return form.filter((o) => o === "W").length;
}
export function draws(form: Outcome[]): number {
  return form.filter((o) => o === "D").length;
}
export function losses(form: Outcome[]): number {
  return form.filter((o) => o === "L").length;
}

/** Length of the run of the same outcome at the newest end of a form line. */
export function streak(form: Outcome[]): { outcome: Outcome; length: number } | null {
  if (form.length === 0) return null;
  let n = 1;
  while (n < form.length && form[n] === form[0]) n++;
  return { outcome: form[0]!, length: n };
}

/** How a team has been doing: a coarse reading of its last five. */
export type FormKind = "none" | "perfect" | "unbeaten" | "strong" | "mixed" | "poor" | "winless";

export function formKind(form: Outcome[]): FormKind {
  if (form.length === 0) return "none";
  const w = wins(form);
  const l = losses(form);
  if (w === form.length && form.length >= 3) return "perfect";
  if (l === 0 && form.length >= 3) return "unbeaten";
  if (w === 0 && form.length >= 3) return "winless";
  if (w >= 3) return "strong";
  if (l >= 3) return "poor";
  return "mixed";
}

/** A deterministic number from a fixture id and a salt: picks the wording, so no two previews read the same. */
export function variant(fixtureId: number, salt: string, choices: number): number {
  let h = 2166136261 ^ fixtureId;
  for (let i = 0; i < salt.length; i++) h = Math.imul(h ^ salt.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  return ((h ^ (h >>> 13)) >>> 0) % choices;
}

/** The favourite of the 1X2 prediction, or null when it is too close to call (less than 8 points apart). */
export function favourite(p: NonNullable<PreviewFacts["prediction"]>): "home" | "away" | null {
  if (p.pHome - p.pAway >= 0.08) return "home";
  if (p.pAway - p.pHome >= 0.08) return "away";
  return null;
}

/** Time zones of the countries whose leagues get previews. */
export const COUNTRY_ZONES: Record<string, string> = {
  ENG: "Europe/London",
  SCO: "Europe/London",
  ESP: "Europe/Madrid",
  ITA: "Europe/Rome",
  FRA: "Europe/Paris",
  GER: "Europe/Berlin",
  POR: "Europe/Lisbon",
  NED: "Europe/Amsterdam",
  BEL: "Europe/Brussels",
  TUR: "Europe/Istanbul",
  GRE: "Europe/Athens",
};
