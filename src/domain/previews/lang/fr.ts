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

/** French elides "de" and "à le" before a vowel: d'Arsenal, à l'Emirates Stadium. */
const VOWEL = /^[aeiouyâàéèêîïôûAEIOUYÂÀÉÈÊÎÏÔÛ]/;
const de = (name: string) => (VOWEL.test(name) ? `d'${name}` : `de ${name}`);
/** Grounds named "… Arena" or "… Riviera" are feminine in French: "à la WWK Arena", "au Parc des Princes". */
const au = (place: string) =>
  VOWEL.test(place) ? `à l'${place}` : /\b(Arena|ArenA|Riviera)\b/.test(place) ? `à la ${place}` : `au ${place}`;
/** French typography: a no-break space before the colon. */
const C = "\u00a0:";

const LETTER: Record<Outcome, string> = { W: "V", D: "N", L: "D" };
const line = (form: Outcome[]) => form.map((o) => LETTER[o]).join("-");

function record(k: Kit, form: Outcome[]): string {
  return `${k.plural(wins(form), { one: "# victoire", other: "# victoires" })}, ${k.plural(draws(form), { one: "# nul", other: "# nuls" })} et ${k.plural(losses(form), { one: "# défaite", other: "# défaites" })}`;
}

/** "son dernier match" / "ses 5 derniers matchs": the possessive follows the number. */
const last = (k: Kit, n: number) => k.plural(n, { one: "son dernier match", other: "ses # derniers matchs" });

function formSentence(k: Kit, t: TeamFacts, side: "home" | "away"): string {
  const n = t.form.length;
  if (n === 0)
    return `${t.name} n'a encore aucun match terminé dans nos données${C} impossible de juger sa forme récente.`;
  const s = streak(t.form)!;
  const kind = formKind(t.form);
  const base =
    kind === "perfect"
      ? k.pick(
          "fr-form",
          [
            `${t.name} arrive en pleine confiance, vainqueur de ${last(k, n)}`,
            `${t.name} a remporté chacun de ${last(k, n)}`,
          ],
          side === "away" ? 1 : 0,
        )
      : kind === "unbeaten"
        ? k.pick(
            "fr-form",
            [
              `${t.name} n'a perdu aucun de ${last(k, n)}`,
              `Aucune défaite pour ${t.name} lors de ${last(k, n)}${C} ${record(k, t.form)}`,
            ],
            side === "away" ? 1 : 0,
          )
        : kind === "winless"
          ? k.pick(
              "fr-form",
              [
                `${t.name} n'a gagné aucun de ${last(k, n)}`,
                `La victoire fuit ${t.name}, qui n'en compte aucune lors de ${last(k, n)}`,
              ],
              side === "away" ? 1 : 0,
            )
          : kind === "strong"
            ? k.pick(
                "fr-form",
                [
                  `${t.name} est en forme, avec ${record(k, t.form)} lors de ${last(k, n)}`,
                  `${t.name} a signé ${record(k, t.form)} lors de ${last(k, n)}`,
                ],
                side === "away" ? 1 : 0,
              )
            : kind === "poor"
              ? k.pick(
                  "fr-form",
                  [
                    `${t.name} traverse une période difficile${C} ${record(k, t.form)} lors de ${last(k, n)}`,
                    `Le bilan récent ${de(t.name)} est inquiétant, avec ${record(k, t.form)} lors de ${last(k, n)}`,
                  ],
                  side === "away" ? 1 : 0,
                )
              : k.pick(
                  "fr-form",
                  [
                    `${t.name} affiche un bilan contrasté de ${record(k, t.form)} lors de ${last(k, n)}`,
                    `La forme ${de(t.name)} est irrégulière, avec ${record(k, t.form)} lors de ${last(k, n)}`,
                  ],
                  side === "away" ? 1 : 0,
                );
  const run =
    s.length >= 2 && kind !== "perfect"
      ? ` et reste sur ${s.outcome === "W" ? k.plural(s.length, { one: "# victoire", other: "# victoires consécutives" }) : s.outcome === "D" ? k.plural(s.length, { one: "# nul", other: "# matchs nuls consécutifs" }) : k.plural(s.length, { one: "# défaite", other: "# défaites consécutives" })}`
      : "";
  return `${base} (${line(t.form)}, du plus récent au plus ancien)${run}.`;
}

function venueSentence(k: Kit, t: TeamFacts, side: "home" | "away"): string {
  const n = t.venueForm.length;
  const where = side === "home" ? "À domicile" : "À l'extérieur";
  if (n === 0) return `${where}, nos données n'ont encore aucun match ${de(t.name)}.`;
  const goals = `${k.plural(t.venueScored, { one: "# but marqué", other: "# buts marqués" })} et ${k.plural(t.venueConceded, { one: "# encaissé", other: "# encaissés" })}`;
  return k.pick(
    "fr-venue",
    [
      `${where}, ${t.name} compte ${record(k, t.venueForm)} sur ${last(k, n)}, avec ${goals}.`,
      `${where}, le bilan ${de(t.name)} sur ${last(k, n)} est de ${record(k, t.venueForm)} (${goals}).`,
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
    "fr-goals",
    [
      `${t.name} a marqué ${k.plural(t.scored, { one: "# but", other: "# buts" })} et en a encaissé ${t.conceded} sur cette série, soit une moyenne par match de ${forAvg} pour et ${againstAvg} contre.`,
      `Sur la même période, la moyenne ${de(t.name)} est de ${forAvg} pour et ${againstAvg} contre par match (${t.scored} à ${t.conceded} au total).`,
    ],
    offset,
  );
}

const STAKE: Record<string, string> = {
  leader: "en tête du classement",
  title: "dans la course au titre",
  europe: "dans les places européennes",
  relegation: "en zone de relégation",
  danger: "à quelques points seulement de la zone de relégation",
  midtable: "en milieu de tableau",
  early: "en ce début de saison où le classement reste peu parlant",
};

function h2hSection(k: Kit, f: PreviewFacts): ArticleSection {
  const heading = "Confrontations directes";
  if (f.h2h.length === 0)
    return {
      key: "h2h",
      heading,
      paragraphs: [
        `Nos données ne contiennent aucune confrontation précédente entre ${f.home.name} et ${f.away.name}.`,
      ],
    };
  const c = h2hCounts(f);
  const lastOne = f.h2h[0]!;
  const meetings = k.plural(f.h2h.length, {
    one: "Lors de l'unique confrontation précédente",
    other: "Lors des # dernières confrontations",
  });
  const p1 = k.pick("fr-h2h", [
    `${meetings}, ${f.home.name} compte ${k.plural(c.home, { one: "# victoire", other: "# victoires" })}, ${f.away.name} ${k.plural(c.away, { one: "# victoire", other: "# victoires" })}, et ${k.plural(c.draws, { zero: "aucun match ne s'est terminé sur un nul", one: "un match s'est terminé sur un nul", other: "# matchs se sont terminés sur un nul" })}${C} ${k.plural(c.goals, { one: "# but", other: "# buts" })} au total.`,
    `${meetings}, le bilan est de ${c.home} succès pour ${f.home.name}, ${c.away} pour ${f.away.name} et ${k.plural(c.draws, { one: "# nul", other: "# nuls" })}, pour ${k.plural(c.goals, { one: "# but", other: "# buts" })} inscrits.`,
  ]);
  const p2 = `La plus récente, le ${k.shortDate(lastOne.kickoff)}, s'est terminée ainsi${C} ${lastOne.homeName} ${lastOne.ftHome}–${lastOne.ftAway} ${lastOne.awayName}.`;
  return { key: "h2h", heading, paragraphs: [`${p1} ${p2}`] };
}

function standingsSection(k: Kit, f: PreviewFacts): ArticleSection | null {
  const s = f.standings;
  if (!s) return null;
  const place = (p: number) => (p === 1 ? "1re" : `${p}e`);
  const team = (name: string, t: typeof s.home) =>
    `${name} occupe la ${place(t.position)} place sur ${s.teams} avec ${k.plural(t.points, { one: "# point", other: "# points" })} en ${k.plural(t.played, { one: "# match", other: "# matchs" })} (${k.plural(t.goalsFor, { one: "# but marqué", other: "# buts marqués" })}, ${k.plural(t.goalsAgainst, { one: "# encaissé", other: "# encaissés" })}), ${STAKE[stakeOf(t, s)]}.`;
  const gap = Math.abs(s.home.points - s.away.points);
  const close =
    gap === 0
      ? "Les deux équipes sont à égalité de points."
      : k.plural(gap, { one: "Un seul point les sépare.", other: "# points les séparent." });
  return {
    key: "standings",
    heading: "Classement et enjeux",
    paragraphs: [`${team(f.home.name, s.home)} ${team(f.away.name, s.away)} ${close}`],
  };
}

function refereeSection(k: Kit, f: PreviewFacts): ArticleSection | null {
  const r = f.referee;
  if (!r) return null;
  const text =
    r.matches === 0 || r.yellowPerMatch === null
      ? `${r.name} arbitrera la rencontre. Nos données n'ont pas de statistiques de cartons pour ses matchs précédents.`
      : k.pick("fr-ref", [
          `${r.name} arbitrera la rencontre. Sur ${k.plural(r.matches, { one: "un match précédent", other: "# matchs précédents" })} dans nos données, la moyenne de cet arbitre est de ${k.num(r.yellowPerMatch, 1)} par match pour les cartons jaunes et de ${k.num(r.redPerMatch ?? 0, 2)} pour les rouges.`,
          `L'arbitre désigné est ${r.name}${C} en ${k.plural(r.matches, { one: "# match", other: "# matchs" })} dans nos données, sa moyenne par match est de ${k.num(r.yellowPerMatch, 1)} pour les cartons jaunes et de ${k.num(r.redPerMatch ?? 0, 2)} pour les rouges.`,
        ]);
  return { key: "referee", heading: "Arbitre", paragraphs: [text] };
}

const OUTCOME: Record<string, (f: PreviewFacts, k: Kit) => string> = {
  "1": (f) => `victoire ${de(f.home.name)}`,
  X: () => "match nul",
  "2": (f) => `victoire ${de(f.away.name)}`,
  GG: () => "les deux équipes marquent",
  NG: () => "au moins une équipe ne marque pas",
  O25: (_f, k) => `plus de ${k.num(2.5, 1)} buts`,
  U25: (_f, k) => `moins de ${k.num(2.5, 1)} buts`,
};

function predictionSection(k: Kit, f: PreviewFacts): ArticleSection {
  const heading = "Notre pronostic";
  const p = f.prediction;
  if (!p)
    return { key: "prediction", heading, paragraphs: ["Notre modèle n'a pas encore de pronostic pour ce match."] };
  const fav = favourite(p);
  const probs = `victoire ${de(f.home.name)} ${k.pct(p.pHome)}, match nul ${k.pct(p.pDraw)}, victoire ${de(f.away.name)} ${k.pct(p.pAway)}`;
  const favName = fav === "home" ? f.home.name : f.away.name;
  const lead =
    fav === null
      ? k.pick("fr-pred", [
          `Notre modèle annonce un match serré${C} ${probs}.`,
          `Peu de choses séparent les deux équipes selon notre modèle${C} ${probs}.`,
        ])
      : k.pick("fr-pred", [
          `Notre modèle donne l'avantage à ${favName}${C} ${probs}.`,
          `L'avantage revient à ${favName} selon notre modèle${C} ${probs}.`,
        ]);
  const goals = `Nous estimons la probabilité de plus de ${k.num(2.5, 1)} buts à ${k.pct(p.pOver25)} et celle que les deux équipes marquent à ${k.pct(p.pBtts)}.`;
  const paragraphs = [`${lead} ${goals}`];
  const b = p.best;
  if (b) {
    const what = OUTCOME[b.outcome]?.(f, k) ?? b.outcome;
    const bk = b.bookmaker ? ` (${b.bookmaker})` : "";
    const price =
      b.odds === null
        ? "Nos données n'ont pas de cote de bookmaker pour ce pari."
        : b.odds > b.fairOdds
          ? `La cote d'avant-match du bookmaker, ${k.odds(b.odds)}${bk}, est supérieure${C} c'est un pari de valeur.`
          : `La cote d'avant-match du bookmaker, ${k.odds(b.odds)}${bk}, est inférieure à notre cote juste${C} pas de valeur à ce prix.`;
    paragraphs.push(
      `Pari conseillé${C} ${what}, avec une probabilité de ${k.pct(b.probability)}, soit une cote juste de ${k.odds(b.fairOdds)}. ${price}`,
    );
  }
  return { key: "prediction", heading, paragraphs };
}

export function writeFr(f: PreviewFacts, k: Kit): Article {
  const venue = f.venue ? `, ${au(f.venue.stadium)} (${k.city(f.venue.city)})` : "";
  const when = `le ${k.date(f.kickoff)} à ${k.time(f.kickoff)}${f.timeZone === "UTC" ? " UTC" : ` (heure locale, ${k.zone(f.kickoff)})`}`;
  const intro = k.pick("fr-intro", [
    `${f.home.name} reçoit ${f.away.name} en ${f.league.name} (${k.country}) ${when}${venue}.`,
    `Rendez-vous ${when}${venue} pour ${f.home.name} – ${f.away.name}, en ${f.league.name} (${k.country}).`,
    `${f.league.name} (${k.country})${C} ${f.home.name} accueille ${f.away.name} ${when}${venue}.`,
  ]);
  const sections = articleSections(f, {
    intro: {
      heading: "Le match",
      text: `${intro} Cet avant-match s'appuie sur les résultats et les cotes connus au moment de sa rédaction.`,
    },
    form: {
      heading: "Forme",
      sentence: (t, side) => formSentence(k, t, side),
      venue: (t, side) => venueSentence(k, t, side),
    },
    goals: {
      heading: "Buts marqués et encaissés",
      sentence: (t, offset) => goalsSentence(k, t, offset),
      none: "Aucune des deux équipes n'a encore de match terminé dans nos données.",
    },
    h2h: h2hSection(k, f),
    standings: standingsSection(k, f),
    referee: refereeSection(k, f),
    prediction: predictionSection(k, f),
  });
  const p = f.prediction;
  const summary = p?.best
    ? `${f.home.name} – ${f.away.name}${C} forme, confrontations directes, classement et notre pronostic — pari conseillé${C} ${OUTCOME[p.best.outcome]?.(f, k) ?? p.best.outcome} (${k.pct(p.best.probability)}).`
    : `${f.home.name} – ${f.away.name}${C} forme, confrontations directes et classement avant le match.`;
  return { title: `${f.home.name} – ${f.away.name}${C} avant-match et pronostic`, summary, sections };
}
