import {
  type Outcome,
  type PreviewFacts,
  type TeamFacts,
  draws,
  favourite,
  formKind,
  losses,
  stakeOf,
  streak,
  wins,
} from "../facts.ts";
import { type Article, type ArticleSection, type Kit, articleSections, h2hCounts } from "../kit.ts";

const LETTER: Record<Outcome, string> = { W: "W", D: "D", L: "L" };
const line = (form: Outcome[]) => form.map((o) => LETTER[o]).join("-");

function record(k: Kit, form: Outcome[]): string {
  return `${k.plural(wins(form), { one: "# win", other: "# wins" })}, ${k.plural(draws(form), { one: "# draw", other: "# draws" })} and ${k.plural(losses(form), { one: "# defeat", other: "# defeats" })}`;
}

function formSentence(k: Kit, t: TeamFacts, side: "home" | "away"): string {
  const n = t.form.length;
  if (n === 0) return `${t.name} have no completed match in our data yet, so there is no recent form to go on.`;
  const games = k.plural(n, { one: "match", other: "# matches" });
  const s = streak(t.form)!;
  const kind = formKind(t.form);
  const base =
    kind === "perfect"
      ? k.pick(
          "en-form",
          [
            `${t.name} arrive in perfect shape, winners of each of their last ${games}`,
            `${t.name} have won every one of their last ${games}`,
          ],
          side === "away" ? 1 : 0,
        )
      : kind === "unbeaten"
        ? k.pick(
            "en-form",
            [
              `${t.name} are unbeaten in their last ${games}`,
              `${t.name} have not lost in ${games}: ${record(k, t.form)}`,
            ],
            side === "away" ? 1 : 0,
          )
        : kind === "winless"
          ? k.pick(
              "en-form",
              [
                `${t.name} are without a win in their last ${games}`,
                `Wins have dried up for ${t.name}: none in their last ${games}`,
              ],
              side === "away" ? 1 : 0,
            )
          : kind === "strong"
            ? k.pick(
                "en-form",
                [
                  `${t.name} are in good form with ${record(k, t.form)} in their last ${games}`,
                  `${t.name} have taken ${record(k, t.form)} from their last ${games}`,
                ],
                side === "away" ? 1 : 0,
              )
            : kind === "poor"
              ? k.pick(
                  "en-form",
                  [
                    `${t.name} are struggling, with ${record(k, t.form)} in their last ${games}`,
                    `It has been a difficult spell for ${t.name}: ${record(k, t.form)} in their last ${games}`,
                  ],
                  side === "away" ? 1 : 0,
                )
              : k.pick(
                  "en-form",
                  [
                    `${t.name} have a mixed recent record of ${record(k, t.form)} in their last ${games}`,
                    `Form has been uneven for ${t.name}, with ${record(k, t.form)} from their last ${games}`,
                  ],
                  side === "away" ? 1 : 0,
                );
  const run =
    s.length >= 2 && kind !== "perfect"
      ? ` and come into this game on a run of ${k.plural(s.length, { one: "# match", other: "# matches" })} ${s.outcome === "W" ? "won" : s.outcome === "D" ? "drawn" : "lost"} in a row`
      : "";
  return `${base} (${line(t.form)}, newest first)${run}.`;
}

function venueSentence(k: Kit, t: TeamFacts, side: "home" | "away"): string {
  const n = t.venueForm.length;
  const where = side === "home" ? "at home" : "away from home";
  if (n === 0)
    return `There is no ${side === "home" ? "home" : "away"} match of ${t.name} in our data to judge them ${where}.`;
  const w = wins(t.venueForm);
  const games = k.plural(n, { one: "match", other: "# matches" });
  return k.pick(
    "en-venue",
    [
      `${where[0]!.toUpperCase()}${where.slice(1)}, they have ${k.plural(w, { zero: "not won any", one: "won one", other: "won #" })} of their last ${games}, scoring ${t.venueScored} and conceding ${t.venueConceded}.`,
      `Their last ${games} ${where} brought ${record(k, t.venueForm)}, with a goal difference of ${t.venueScored}–${t.venueConceded}.`,
    ],
    side === "away" ? 1 : 0,
  );
}

function goalsSentence(k: Kit, t: TeamFacts, offset: number): string {
  const n = t.form.length;
  if (n === 0) return "";
  const forAvg = k.num(t.scored / n, 1);
  const againstAvg = k.num(t.conceded / n, 1);
  return k.pick(
    "en-goals",
    [
      `${t.name} scored ${k.plural(t.scored, { one: "# goal", other: "# goals" })} and conceded ${t.conceded} in ${k.plural(n, { one: "that match", other: "those # matches" })}, an average of ${forAvg} for and ${againstAvg} against.`,
      `Over the same stretch ${t.name} averaged ${forAvg} goals scored and ${againstAvg} conceded per match (${t.scored}–${t.conceded} in total).`,
    ],
    offset,
  );
}

const STAKE: Record<string, string> = {
  leader: "top of the table and defending first place",
  title: "in the race at the top",
  europe: "in the places that lead to Europe",
  relegation: "in the relegation zone",
  danger: "only a few points above the relegation zone",
  midtable: "in mid-table",
  early: "early in the season, when the table still says little",
};

function h2hSection(k: Kit, f: PreviewFacts): ArticleSection {
  const heading = "Head-to-head";
  if (f.h2h.length === 0)
    return {
      key: "h2h",
      heading,
      paragraphs: [`Our data has no previous meeting between ${f.home.name} and ${f.away.name}.`],
    };
  const c = h2hCounts(f);
  const last = f.h2h[0]!;
  const meetings = k.plural(f.h2h.length, { one: "the only previous meeting", other: "the last # meetings" });
  const p1 = k.pick("en-h2h", [
    `In ${meetings}, ${f.home.name} won ${c.home}, ${f.away.name} won ${c.away} and ${k.plural(c.draws, { zero: "none ended level", one: "one ended level", other: "# ended level" })}, with ${k.num(c.goals / f.h2h.length, 1)} goals per game on average.`,
    `${f.home.name} have ${c.home} and ${f.away.name} ${c.away} ${k.plural(c.home + c.away, { one: "win", other: "wins" })} from ${meetings}, plus ${k.plural(c.draws, { one: "# draw", other: "# draws" })}; those games produced ${k.plural(c.goals, { one: "# goal", other: "# goals" })}.`,
  ]);
  const p2 = `The most recent one, on ${k.shortDate(last.kickoff)}, finished ${last.homeName} ${last.ftHome}–${last.ftAway} ${last.awayName}.`;
  return { key: "h2h", heading, paragraphs: [`${p1} ${p2}`] };
}

function standingsSection(k: Kit, f: PreviewFacts): ArticleSection | null {
  const s = f.standings;
  if (!s) return null;
  const pos = (p: number) => new Intl.PluralRules("en-GB", { type: "ordinal" }).select(p);
  const ordinal = (p: number) => `${p}${{ one: "st", two: "nd", few: "rd", other: "th" }[pos(p) as "one"] ?? "th"}`;
  const team = (name: string, t: typeof s.home) =>
    `${name} are ${ordinal(t.position)} of ${s.teams} with ${k.plural(t.points, { one: "# point", other: "# points" })} from ${k.plural(t.played, { one: "# match", other: "# matches" })} (${t.goalsFor}–${t.goalsAgainst} on goals), ${STAKE[stakeOf(t, s)]}.`;
  const gap = Math.abs(s.home.points - s.away.points);
  const close =
    gap === 0
      ? "The two sides are level on points."
      : `${k.plural(gap, { one: "One point", other: "# points" })} ${gap === 1 ? "separates" : "separate"} them.`;
  return {
    key: "standings",
    heading: "Standings and what is at stake",
    paragraphs: [`${team(f.home.name, s.home)} ${team(f.away.name, s.away)} ${close}`],
  };
}

function refereeSection(k: Kit, f: PreviewFacts): ArticleSection | null {
  const r = f.referee;
  if (!r) return null;
  const text =
    r.matches === 0 || r.yellowPerMatch === null
      ? `${r.name} is the referee. Our data holds no card figures from earlier matches of this referee.`
      : k.pick("en-ref", [
          `${r.name} takes charge. Over ${k.plural(r.matches, { one: "one previous match", other: "# previous matches" })} in our data, the referee showed ${k.num(r.yellowPerMatch, 1)} yellow cards and ${k.num(r.redPerMatch ?? 0, 2)} red cards per game.`,
          `The referee is ${r.name}, who averages ${k.num(r.yellowPerMatch, 1)} yellow and ${k.num(r.redPerMatch ?? 0, 2)} red cards a game over ${k.plural(r.matches, { one: "# match", other: "# matches" })} in our data.`,
        ]);
  return { key: "referee", heading: "Referee", paragraphs: [text] };
}

/** "a Chelsea win", "an Arsenal win". */
const an = (name: string) => (/^[AEIO]/i.test(name) ? `an ${name}` : `a ${name}`);

const OUTCOME: Record<string, (f: PreviewFacts) => string> = {
  "1": (f) => `${an(f.home.name)} win`,
  X: () => "a draw",
  "2": (f) => `${an(f.away.name)} win`,
  GG: () => "both teams to score",
  NG: () => "not both teams to score",
  O25: () => "over 2.5 goals",
  U25: () => "under 2.5 goals",
};

function predictionSection(k: Kit, f: PreviewFacts): ArticleSection {
  const heading = "Our prediction";
  const p = f.prediction;
  if (!p) return { key: "prediction", heading, paragraphs: ["Our model has no prediction for this match yet."] };
  const fav = favourite(p);
  const lead =
    fav === null
      ? k.pick("en-pred", [
          `Our model sees a close contest: ${f.home.name} ${k.pct(p.pHome)}, draw ${k.pct(p.pDraw)}, ${f.away.name} ${k.pct(p.pAway)}.`,
          `Little separates the sides in our model, which gives ${k.pct(p.pHome)} to ${f.home.name}, ${k.pct(p.pDraw)} to the draw and ${k.pct(p.pAway)} to ${f.away.name}.`,
        ])
      : k.pick("en-pred", [
          `Our model makes ${fav === "home" ? f.home.name : f.away.name} the favourites: ${f.home.name} ${k.pct(p.pHome)}, draw ${k.pct(p.pDraw)}, ${f.away.name} ${k.pct(p.pAway)}.`,
          `${fav === "home" ? f.home.name : f.away.name} start as favourites in our model, with ${k.pct(fav === "home" ? p.pHome : p.pAway)} against ${k.pct(fav === "home" ? p.pAway : p.pHome)} for ${fav === "home" ? f.away.name : f.home.name} and ${k.pct(p.pDraw)} for the draw.`,
        ]);
  const goals = `We put over 2.5 goals at ${k.pct(p.pOver25)} and both teams scoring at ${k.pct(p.pBtts)}.`;
  const paragraphs = [`${lead} ${goals}`];
  const b = p.best;
  if (b) {
    const what = OUTCOME[b.outcome]?.(f) ?? b.outcome;
    const price =
      b.odds === null
        ? "Our data has no bookmaker's price for it."
        : b.odds > b.fairOdds
          ? `The bookmaker's pre-match price of ${k.odds(b.odds)}${b.bookmaker ? ` (${b.bookmaker})` : ""} is above that, which makes it a value bet.`
          : `The bookmaker's pre-match price is ${k.odds(b.odds)}${b.bookmaker ? ` (${b.bookmaker})` : ""}, below our fair odds, so there is no value at that price.`;
    paragraphs.push(
      `Best bet: ${what}, at a probability of ${k.pct(b.probability)}, which means fair odds of ${k.odds(b.fairOdds)}. ${price}`,
    );
  }
  return { key: "prediction", heading, paragraphs };
}

export function writeEn(f: PreviewFacts, k: Kit): Article {
  const venue = f.venue ? ` at ${f.venue.stadium} in ${k.city(f.venue.city)}` : "";
  const when = `${k.date(f.kickoff)} at ${k.time(f.kickoff)}${f.timeZone === "UTC" ? " UTC" : ` local time (${k.zone(f.kickoff)})`}`;
  const intro = k.pick("en-intro", [
    `${f.home.name} host ${f.away.name} in the ${f.league.name} (${k.country}) on ${when}${venue}.`,
    `The ${f.league.name} brings ${f.away.name} to ${f.home.name} on ${when}${venue}.`,
    `On ${when}, ${f.home.name} welcome ${f.away.name}${venue} in the ${f.league.name}, ${k.country}.`,
  ]);
  const sections = articleSections(f, {
    intro: { heading: "The match", text: `${intro} This preview uses the results and odds known when it was written.` },
    form: {
      heading: "Form",
      sentence: (t, side) => formSentence(k, t, side),
      venue: (t, side) => venueSentence(k, t, side),
    },
    goals: {
      heading: "Goals scored and conceded",
      sentence: (t, offset) => goalsSentence(k, t, offset),
      none: "Neither side has a completed match in our data yet.",
    },
    h2h: h2hSection(k, f),
    standings: standingsSection(k, f),
    referee: refereeSection(k, f),
    prediction: predictionSection(k, f),
  });
  const p = f.prediction;
  const summary = p?.best
    ? `${f.home.name} vs ${f.away.name}: form, head-to-head, standings and our prediction — best bet ${OUTCOME[p.best.outcome]?.(f) ?? p.best.outcome} (${k.pct(p.best.probability)}).`
    : `${f.home.name} vs ${f.away.name}: form, head-to-head and standings before the match.`;
  return { title: `${f.home.name} vs ${f.away.name}: preview and prediction`, summary, sections };
}
