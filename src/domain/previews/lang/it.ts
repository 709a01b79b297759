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

const LETTER: Record<Outcome, string> = { W: "V", D: "N", L: "P" };
const line = (form: Outcome[]) => form.map((o) => LETTER[o]).join("-");
/** "a Londra", but "ad Amsterdam" before an a. */
const a = (city: string) => (/^[aA]/.test(city) ? `ad ${city}` : `a ${city}`);

function record(k: Kit, form: Outcome[]): string {
  return `${k.plural(wins(form), { one: "# vittoria", other: "# vittorie" })}, ${k.plural(draws(form), { one: "# pareggio", other: "# pareggi" })} e ${k.plural(losses(form), { one: "# sconfitta", other: "# sconfitte" })}`;
}

/** "nell'ultima partita" / "nelle ultime 5 partite". */
const lastIn = (k: Kit, n: number) => k.plural(n, { one: "nell'ultima partita", other: "nelle ultime # partite" });

function formSentence(k: Kit, t: TeamFacts, side: "home" | "away"): string {
  const n = t.form.length;
  if (n === 0)
    return `${t.name} non ha ancora partite concluse nei nostri dati: impossibile giudicarne la forma recente.`;
  const s = streak(t.form)!;
  const kind = formKind(t.form);
  const matches = k.plural(n, { one: "# partita", other: "# partite" });
  const base =
    kind === "perfect"
      ? k.pick(
          "it-form",
          [
            `${t.name} arriva in un grande momento, con ${k.plural(n, { one: "# vittoria", other: "# vittorie" })} ${lastIn(k, n)}`,
            `${t.name} ha vinto tutte le ultime ${matches}`,
          ],
          side === "away" ? 1 : 0,
        )
      : kind === "unbeaten"
        ? k.pick(
            "it-form",
            [
              `${t.name} non perde da ${matches}`,
              `Nessuna sconfitta per ${t.name} ${lastIn(k, n)}: ${record(k, t.form)}`,
            ],
            side === "away" ? 1 : 0,
          )
        : kind === "winless"
          ? k.pick(
              "it-form",
              [`${t.name} non vince da ${matches}`, `${t.name} è a secco di vittorie ${lastIn(k, n)}`],
              side === "away" ? 1 : 0,
            )
          : kind === "strong"
            ? k.pick(
                "it-form",
                [
                  `${t.name} sta attraversando un buon momento, con ${record(k, t.form)} ${lastIn(k, n)}`,
                  `${t.name} ha raccolto ${record(k, t.form)} ${lastIn(k, n)}`,
                ],
                side === "away" ? 1 : 0,
              )
            : kind === "poor"
              ? k.pick(
                  "it-form",
                  [
                    `${t.name} sta attraversando un periodo difficile: ${record(k, t.form)} ${lastIn(k, n)}`,
                    `Momento complicato per ${t.name}, con ${record(k, t.form)} ${lastIn(k, n)}`,
                  ],
                  side === "away" ? 1 : 0,
                )
              : k.pick(
                  "it-form",
                  [
                    `${t.name} ha un rendimento altalenante, con ${record(k, t.form)} ${lastIn(k, n)}`,
                    `Risultati alterni per ${t.name}: ${record(k, t.form)} ${lastIn(k, n)}`,
                  ],
                  side === "away" ? 1 : 0,
                );
  const run =
    s.length >= 2 && kind !== "perfect"
      ? ` e arriva da ${s.outcome === "W" ? k.plural(s.length, { one: "# vittoria", other: "# vittorie consecutive" }) : s.outcome === "D" ? k.plural(s.length, { one: "# pareggio", other: "# pareggi consecutivi" }) : k.plural(s.length, { one: "# sconfitta", other: "# sconfitte consecutive" })}`
      : "";
  return `${base} (${line(t.form)}, dalla più recente)${run}.`;
}

function venueSentence(k: Kit, t: TeamFacts, side: "home" | "away"): string {
  const n = t.venueForm.length;
  const where = side === "home" ? "In casa" : "In trasferta";
  if (n === 0) return `${where}, i nostri dati non hanno ancora partite di ${t.name}.`;
  const goals = `${k.plural(t.venueScored, { one: "# gol segnato", other: "# gol segnati" })} e ${k.plural(t.venueConceded, { one: "# subito", other: "# subiti" })}`;
  return k.pick(
    "it-venue",
    [
      `${where}, ${t.name} ha ottenuto ${record(k, t.venueForm)} ${lastIn(k, n)}, con ${goals}.`,
      `${where}, il bilancio di ${t.name} ${lastIn(k, n)} è di ${record(k, t.venueForm)} (${goals}).`,
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
    "it-goals",
    [
      `${t.name} ha segnato ${k.plural(t.scored, { one: "# gol", other: "# gol" })} e ${k.plural(t.conceded, { zero: "non ne ha subito nessuno", one: "ne ha subito uno", other: "ne ha subiti #" })} in questo periodo, con una media a partita di ${forAvg} gol segnati e ${againstAvg} subiti.`,
      `Nello stesso periodo la media di ${t.name} è di ${forAvg} gol segnati e ${againstAvg} subiti a partita (${t.scored}–${t.conceded} in totale).`,
    ],
    offset,
  );
}

const STAKE: Record<string, string> = {
  leader: "in testa alla classifica",
  title: "in corsa per il titolo",
  europe: "in zona europea",
  relegation: "in zona retrocessione",
  danger: "a pochi punti dalla zona retrocessione",
  midtable: "a metà classifica",
  early: "in un avvio di stagione in cui la classifica dice ancora poco",
};

function h2hSection(k: Kit, f: PreviewFacts): ArticleSection {
  const heading = "Precedenti";
  if (f.h2h.length === 0)
    return {
      key: "h2h",
      heading,
      paragraphs: [`I nostri dati non contengono precedenti tra ${f.home.name} e ${f.away.name}.`],
    };
  const c = h2hCounts(f);
  const last = f.h2h[0]!;
  const meetings = k.plural(f.h2h.length, { one: "Nell'unico precedente", other: "Negli ultimi # precedenti" });
  const tally = `${k.plural(c.home, { one: "# vittoria", other: "# vittorie" })} per ${f.home.name}, ${k.plural(c.away, { one: "# vittoria", other: "# vittorie" })} per ${f.away.name} e ${k.plural(c.draws, { one: "# pareggio", other: "# pareggi" })}`;
  const p1 = k.pick("it-h2h", [
    `${meetings} il bilancio è di ${tally}, con ${k.plural(c.goals, { one: "# gol", other: "# gol" })} complessivi.`,
    `${meetings} si contano ${tally}; la media è di ${k.num(c.goals / f.h2h.length, 1)} gol a partita.`,
  ]);
  const p2 = `L'ultimo, il ${k.shortDate(last.kickoff)}, è finito ${last.homeName} ${last.ftHome}–${last.ftAway} ${last.awayName}.`;
  return { key: "h2h", heading, paragraphs: [`${p1} ${p2}`] };
}

function standingsSection(k: Kit, f: PreviewFacts): ArticleSection | null {
  const s = f.standings;
  if (!s) return null;
  const team = (name: string, t: typeof s.home) =>
    `${name} è ${t.position === 8 || t.position === 11 ? "all'" : "al "}${t.position}º posto su ${s.teams} con ${k.plural(t.points, { one: "# punto", other: "# punti" })} in ${k.plural(t.played, { one: "# partita", other: "# partite" })} (${t.goalsFor} gol fatti e ${t.goalsAgainst} subiti), ${STAKE[stakeOf(t, s)]}.`;
  const gap = Math.abs(s.home.points - s.away.points);
  const close =
    gap === 0
      ? "Le due squadre sono appaiate in classifica."
      : k.plural(gap, { one: "Le separa un solo punto.", other: "Le separano # punti." });
  return {
    key: "standings",
    heading: "Classifica e posta in palio",
    paragraphs: [`${team(f.home.name, s.home)} ${team(f.away.name, s.away)} ${close}`],
  };
}

function refereeSection(k: Kit, f: PreviewFacts): ArticleSection | null {
  const r = f.referee;
  if (!r) return null;
  const text =
    r.matches === 0 || r.yellowPerMatch === null
      ? `Arbitra ${r.name}. I nostri dati non hanno statistiche sui cartellini delle sue partite precedenti.`
      : k.pick("it-ref", [
          `Arbitra ${r.name}. In ${k.plural(r.matches, { one: "# partita", other: "# partite" })} nei nostri dati, la media di questo arbitro è di ${k.num(r.yellowPerMatch, 1)} cartellini gialli e ${k.num(r.redPerMatch ?? 0, 2)} rossi a partita.`,
          `Il direttore di gara è ${r.name}: nei nostri dati, su ${k.plural(r.matches, { one: "# partita", other: "# partite" })}, una media di ${k.num(r.yellowPerMatch, 1)} gialli e ${k.num(r.redPerMatch ?? 0, 2)} rossi a partita.`,
        ]);
  return { key: "referee", heading: "Arbitro", paragraphs: [text] };
}

const OUTCOME: Record<string, (f: PreviewFacts, k: Kit) => string> = {
  "1": (f) => `vittoria di ${f.home.name}`,
  X: () => "pareggio",
  "2": (f) => `vittoria di ${f.away.name}`,
  GG: () => "entrambe le squadre a segno",
  NG: () => "almeno una squadra non segna",
  O25: (_f, k) => `più di ${k.num(2.5, 1)} gol`,
  U25: (_f, k) => `meno di ${k.num(2.5, 1)} gol`,
};

function predictionSection(k: Kit, f: PreviewFacts): ArticleSection {
  const heading = "Il nostro pronostico";
  const p = f.prediction;
  if (!p)
    return {
      key: "prediction",
      heading,
      paragraphs: ["Il nostro modello non ha ancora un pronostico per questa partita."],
    };
  const fav = favourite(p);
  const probs = `vittoria di ${f.home.name} ${k.pct(p.pHome)}, pareggio ${k.pct(p.pDraw)}, vittoria di ${f.away.name} ${k.pct(p.pAway)}`;
  const favName = fav === "home" ? f.home.name : f.away.name;
  const lead =
    fav === null
      ? k.pick("it-pred", [
          `Il nostro modello prevede una partita equilibrata: ${probs}.`,
          `Poca differenza tra le due squadre secondo il nostro modello: ${probs}.`,
        ])
      : k.pick("it-pred", [
          `Il pronostico del nostro modello pende verso ${favName}: ${probs}.`,
          `Secondo il nostro modello il vantaggio è per ${favName}: ${probs}.`,
        ]);
  // "pari a" keeps the percentage free of articles (al 54%, all'80%, dell'11%...).
  const goals = `La probabilità di più di ${k.num(2.5, 1)} gol è pari a ${k.pct(p.pOver25)}, quella che entrambe le squadre vadano a segno è pari a ${k.pct(p.pBtts)}.`;
  const paragraphs = [`${lead} ${goals}`];
  const b = p.best;
  if (b) {
    const what = OUTCOME[b.outcome]?.(f, k) ?? b.outcome;
    const bk = b.bookmaker ? ` (${b.bookmaker})` : "";
    const price =
      b.odds === null
        ? "I nostri dati non hanno una quota del bookmaker per questa giocata."
        : b.odds > b.fairOdds
          ? `La quota pre-partita del bookmaker, ${k.odds(b.odds)}${bk}, è superiore: è una scommessa di valore.`
          : `La quota pre-partita del bookmaker, ${k.odds(b.odds)}${bk}, è inferiore alla nostra quota equa: a questo prezzo non c'è valore.`;
    paragraphs.push(
      `Consiglio: ${what}, con una probabilità pari a ${k.pct(b.probability)}, cioè una quota equa di ${k.odds(b.fairOdds)}. ${price}`,
    );
  }
  return { key: "prediction", heading, paragraphs };
}

export function writeIt(f: PreviewFacts, k: Kit): Article {
  const time = k.time(f.kickoff);
  const at = time.startsWith("01:") ? `all'${time}` : `alle ${time}`;
  const when = `${k.date(f.kickoff)} ${at}${f.timeZone === "UTC" ? " UTC" : ` (ora locale, ${k.zone(f.kickoff)})`}`;
  const venue = f.venue ? ` Sede della partita: ${f.venue.stadium}, ${a(k.city(f.venue.city))}.` : "";
  const intro = k.pick("it-intro", [
    `${f.home.name} ospita ${f.away.name} in ${f.league.name} (${k.country}), ${when}.`,
    `In ${f.league.name} (${k.country}) si gioca ${f.home.name} – ${f.away.name}, ${when}.`,
    `${when.charAt(0).toUpperCase()}${when.slice(1)}: ${f.home.name} riceve ${f.away.name} in ${f.league.name} (${k.country}).`,
  ]);
  const sections = articleSections(f, {
    intro: {
      heading: "La partita",
      text: `${intro}${venue} Questa anteprima usa i risultati e le quote noti al momento della stesura.`,
    },
    form: {
      heading: "Forma",
      sentence: (t, side) => formSentence(k, t, side),
      venue: (t, side) => venueSentence(k, t, side),
    },
    goals: {
      heading: "Gol segnati e subiti",
      sentence: (t, offset) => goalsSentence(k, t, offset),
      none: "Nessuna delle due squadre ha ancora partite concluse nei nostri dati.",
    },
    h2h: h2hSection(k, f),
    standings: standingsSection(k, f),
    referee: refereeSection(k, f),
    prediction: predictionSection(k, f),
  });
  const p = f.prediction;
  const summary = p?.best
    ? `${f.home.name} – ${f.away.name}: forma, precedenti, classifica e il nostro pronostico — consiglio: ${OUTCOME[p.best.outcome]?.(f, k) ?? p.best.outcome} (${k.pct(p.best.probability)}).`
    : `${f.home.name} – ${f.away.name}: forma, precedenti e classifica prima della partita.`;
  return { title: `${f.home.name} – ${f.away.name}: anteprima e pronostico`, summary, sections };
}
