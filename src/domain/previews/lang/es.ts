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

const LETTER: Record<Outcome, string> = { W: "V", D: "E", L: "D" };
const line = (form: Outcome[]) => form.map((o) => LETTER[o]).join("-");

function record(k: Kit, form: Outcome[]): string {
  return `${k.plural(wins(form), { one: "# victoria", other: "# victorias" })}, ${k.plural(draws(form), { one: "# empate", other: "# empates" })} y ${k.plural(losses(form), { one: "# derrota", other: "# derrotas" })}`;
}

/** "en su último partido" / "en sus últimos 5 partidos". */
const lastIn = (k: Kit, n: number) => k.plural(n, { one: "en su último partido", other: "en sus últimos # partidos" });

function formSentence(k: Kit, t: TeamFacts, side: "home" | "away"): string {
  const n = t.form.length;
  if (n === 0)
    return `${t.name} aún no tiene partidos terminados en nuestros datos, así que no hay forma reciente que valorar.`;
  const s = streak(t.form)!;
  const kind = formKind(t.form);
  const matches = k.plural(n, { one: "# partido", other: "# partidos" });
  const base =
    kind === "perfect"
      ? k.pick(
          "es-form",
          [
            `${t.name} llega en un gran momento, con victoria ${lastIn(k, n)}`,
            `${t.name} ha ganado todos sus últimos ${matches}`,
          ],
          side === "away" ? 1 : 0,
        )
      : kind === "unbeaten"
        ? k.pick(
            "es-form",
            [
              `${t.name} no pierde desde hace ${matches}`,
              `${t.name} suma ${record(k, t.form)} ${lastIn(k, n)}, sin ninguna derrota`,
            ],
            side === "away" ? 1 : 0,
          )
        : kind === "winless"
          ? k.pick(
              "es-form",
              [`${t.name} no gana desde hace ${matches}`, `${t.name} sigue sin ganar ${lastIn(k, n)}`],
              side === "away" ? 1 : 0,
            )
          : kind === "strong"
            ? k.pick(
                "es-form",
                [
                  `${t.name} atraviesa un buen momento, con ${record(k, t.form)} ${lastIn(k, n)}`,
                  `${t.name} ha sumado ${record(k, t.form)} ${lastIn(k, n)}`,
                ],
                side === "away" ? 1 : 0,
              )
            : kind === "poor"
              ? k.pick(
                  "es-form",
                  [
                    `${t.name} vive un momento delicado: ${record(k, t.form)} ${lastIn(k, n)}`,
                    `Racha complicada para ${t.name}, con ${record(k, t.form)} ${lastIn(k, n)}`,
                  ],
                  side === "away" ? 1 : 0,
                )
              : k.pick(
                  "es-form",
                  [
                    `${t.name} alterna resultados, con ${record(k, t.form)} ${lastIn(k, n)}`,
                    `Resultados irregulares para ${t.name}: ${record(k, t.form)} ${lastIn(k, n)}`,
                  ],
                  side === "away" ? 1 : 0,
                );
  const run =
    s.length >= 2 && kind !== "perfect"
      ? ` y llega con ${s.outcome === "W" ? `${k.num(s.length)} victorias seguidas` : s.outcome === "D" ? `${k.num(s.length)} empates seguidos` : `${k.num(s.length)} derrotas seguidas`}`
      : "";
  return `${base} (${line(t.form)}, del más reciente al más antiguo)${run}.`;
}

function venueSentence(k: Kit, t: TeamFacts, side: "home" | "away"): string {
  const n = t.venueForm.length;
  const where = side === "home" ? "En casa" : "Fuera de casa";
  if (n === 0) return `${where}, nuestros datos aún no tienen partidos de ${t.name}.`;
  const goals = `${k.plural(t.venueScored, { one: "# gol marcado", other: "# goles marcados" })} y ${k.plural(t.venueConceded, { one: "# encajado", other: "# encajados" })}`;
  return k.pick(
    "es-venue",
    [
      `${where}, ${t.name} suma ${record(k, t.venueForm)} ${lastIn(k, n)}, con ${goals}.`,
      `${where}, el balance de ${t.name} ${lastIn(k, n)} es de ${record(k, t.venueForm)} (${goals}).`,
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
    "es-goals",
    [
      `${t.name} ha marcado ${k.plural(t.scored, { one: "# gol", other: "# goles" })} y ha encajado ${t.conceded} en ese tramo, una media por partido de ${forAvg} a favor y ${againstAvg} en contra.`,
      `En el mismo periodo, ${t.name} promedia ${forAvg} goles a favor y ${againstAvg} en contra por partido (${t.scored}–${t.conceded} en total).`,
    ],
    offset,
  );
}

const STAKE: Record<string, string> = {
  leader: "en lo más alto de la tabla",
  title: "en la pelea por el título",
  europe: "en puestos europeos",
  relegation: "en zona de descenso",
  danger: "a pocos puntos de la zona de descenso",
  midtable: "en mitad de la tabla",
  early: "en un inicio de temporada en el que la clasificación aún dice poco",
};

function h2hSection(k: Kit, f: PreviewFacts): ArticleSection {
  const heading = "Cara a cara";
  if (f.h2h.length === 0)
    return {
      key: "h2h",
      heading,
      paragraphs: [`Nuestros datos no tienen ningún enfrentamiento anterior entre ${f.home.name} y ${f.away.name}.`],
    };
  const c = h2hCounts(f);
  const last = f.h2h[0]!;
  const meetings = k.plural(f.h2h.length, {
    one: "En el único enfrentamiento anterior",
    other: "En los últimos # enfrentamientos",
  });
  const win = (n: number) => k.plural(n, { one: "# victoria", other: "# victorias" });
  const p1 = k.pick("es-h2h", [
    `${meetings}, el balance es de ${win(c.home)} para ${f.home.name}, ${win(c.away)} para ${f.away.name} y ${k.plural(c.draws, { one: "# empate", other: "# empates" })}, con ${k.plural(c.goals, { one: "# gol", other: "# goles" })} en total.`,
    `${meetings}, ${f.home.name} suma ${win(c.home)}, ${f.away.name} ${win(c.away)} y hubo ${k.plural(c.draws, { one: "# empate", other: "# empates" })}; ${k.plural(c.goals, { one: "se marcó # gol", other: "se marcaron # goles" })} en total.`,
  ]);
  const p2 = `El más reciente, el ${k.shortDate(last.kickoff)}, terminó ${last.homeName} ${last.ftHome}–${last.ftAway} ${last.awayName}.`;
  return { key: "h2h", heading, paragraphs: [`${p1} ${p2}`] };
}

function standingsSection(k: Kit, f: PreviewFacts): ArticleSection | null {
  const s = f.standings;
  if (!s) return null;
  const team = (name: string, t: typeof s.home) =>
    `${name} ocupa el ${t.position}.º puesto de ${s.teams} con ${k.plural(t.points, { one: "# punto", other: "# puntos" })} en ${k.plural(t.played, { one: "# partido", other: "# partidos" })} (${t.goalsFor} goles a favor y ${t.goalsAgainst} en contra), ${STAKE[stakeOf(t, s)]}.`;
  const gap = Math.abs(s.home.points - s.away.points);
  const close =
    gap === 0
      ? "Ambos equipos están igualados a puntos."
      : k.plural(gap, { one: "Solo un punto los separa.", other: "Los separan # puntos." });
  return {
    key: "standings",
    heading: "Clasificación y lo que está en juego",
    paragraphs: [`${team(f.home.name, s.home)} ${team(f.away.name, s.away)} ${close}`],
  };
}

function refereeSection(k: Kit, f: PreviewFacts): ArticleSection | null {
  const r = f.referee;
  if (!r) return null;
  const text =
    r.matches === 0 || r.yellowPerMatch === null
      ? `${r.name} dirigirá el partido. Nuestros datos no tienen cifras de tarjetas de sus partidos anteriores.`
      : k.pick("es-ref", [
          `${r.name} dirigirá el partido. En ${k.plural(r.matches, { one: "# partido anterior", other: "# partidos anteriores" })} de nuestros datos, la media arbitral es de ${k.num(r.yellowPerMatch, 1)} tarjetas amarillas y ${k.num(r.redPerMatch ?? 0, 2)} rojas por partido.`,
          `El árbitro designado es ${r.name}: en nuestros datos, en ${k.plural(r.matches, { one: "# partido", other: "# partidos" })}, una media de ${k.num(r.yellowPerMatch, 1)} amarillas y ${k.num(r.redPerMatch ?? 0, 2)} rojas por encuentro.`,
        ]);
  return { key: "referee", heading: "Árbitro", paragraphs: [text] };
}

const OUTCOME: Record<string, (f: PreviewFacts, k: Kit) => string> = {
  "1": (f) => `victoria de ${f.home.name}`,
  X: () => "empate",
  "2": (f) => `victoria de ${f.away.name}`,
  GG: () => "ambos equipos marcan",
  NG: () => "al menos un equipo no marca",
  O25: (_f, k) => `más de ${k.num(2.5, 1)} goles`,
  U25: (_f, k) => `menos de ${k.num(2.5, 1)} goles`,
};

function predictionSection(k: Kit, f: PreviewFacts): ArticleSection {
  const heading = "Nuestro pronóstico";
  const p = f.prediction;
  if (!p)
    return { key: "prediction", heading, paragraphs: ["Nuestro modelo aún no tiene pronóstico para este partido."] };
  const fav = favourite(p);
  const probs = `victoria de ${f.home.name} ${k.pct(p.pHome)}, empate ${k.pct(p.pDraw)}, victoria de ${f.away.name} ${k.pct(p.pAway)}`;
  const favName = fav === "home" ? f.home.name : f.away.name;
  const lead =
    fav === null
      ? k.pick("es-pred", [
          `Nuestro modelo prevé un partido igualado: ${probs}.`,
          `Poco separa a ambos equipos en nuestro modelo: ${probs}.`,
        ])
      : k.pick("es-pred", [
          `Nuestro modelo ve ventaja para ${favName}: ${probs}.`,
          `El favoritismo es para ${favName}, según nuestro modelo: ${probs}.`,
        ]);
  const goals = `Estimamos en un ${k.pct(p.pOver25)} la probabilidad de más de ${k.num(2.5, 1)} goles y en un ${k.pct(p.pBtts)} la de que marquen ambos equipos.`;
  const paragraphs = [`${lead} ${goals}`];
  const b = p.best;
  if (b) {
    const what = OUTCOME[b.outcome]?.(f, k) ?? b.outcome;
    const bk = b.bookmaker ? ` (${b.bookmaker})` : "";
    const price =
      b.odds === null
        ? "Nuestros datos no tienen cuota de casa de apuestas para esta apuesta."
        : b.odds > b.fairOdds
          ? `La cuota previa al partido de la casa de apuestas, ${k.odds(b.odds)}${bk}, es superior: es una apuesta de valor.`
          : `La cuota previa al partido de la casa de apuestas, ${k.odds(b.odds)}${bk}, es inferior a nuestra cuota justa: no hay valor a ese precio.`;
    paragraphs.push(
      `Apuesta recomendada: ${what}, con una probabilidad del ${k.pct(b.probability)}, lo que equivale a una cuota justa de ${k.odds(b.fairOdds)}. ${price}`,
    );
  }
  return { key: "prediction", heading, paragraphs };
}

export function writeEs(f: PreviewFacts, k: Kit): Article {
  const time = k.time(f.kickoff);
  const at = time.startsWith("01:") ? `a la ${time}` : `a las ${time}`;
  const when = `el ${k.date(f.kickoff)}, ${at}${f.timeZone === "UTC" ? " UTC" : ` (hora local, ${k.zone(f.kickoff)})`}`;
  const venue = f.venue ? ` Escenario: ${f.venue.stadium}, en ${k.city(f.venue.city)}.` : "";
  const intro = k.pick("es-intro", [
    `${f.home.name} recibe a ${f.away.name} en ${f.league.name} (${k.country}) ${when}.`,
    `${f.league.name} (${k.country}): ${f.home.name} y ${f.away.name} se miden ${when}.`,
    `${f.home.name} y ${f.away.name} se enfrentan ${when} en ${f.league.name} (${k.country}).`,
  ]);
  const sections = articleSections(f, {
    intro: {
      heading: "El partido",
      text: `${intro}${venue} Esta previa usa los resultados y las cuotas conocidos en el momento de escribirla.`,
    },
    form: {
      heading: "Forma",
      sentence: (t, side) => formSentence(k, t, side),
      venue: (t, side) => venueSentence(k, t, side),
    },
    goals: {
      heading: "Goles a favor y en contra",
      sentence: (t, offset) => goalsSentence(k, t, offset),
      none: "Ninguno de los dos equipos tiene aún partidos terminados en nuestros datos.",
    },
    h2h: h2hSection(k, f),
    standings: standingsSection(k, f),
    referee: refereeSection(k, f),
    prediction: predictionSection(k, f),
  });
  const p = f.prediction;
  const summary = p?.best
    ? `${f.home.name} – ${f.away.name}: forma, cara a cara, clasificación y nuestro pronóstico — apuesta recomendada: ${OUTCOME[p.best.outcome]?.(f, k) ?? p.best.outcome} (${k.pct(p.best.probability)}).`
    : `${f.home.name} – ${f.away.name}: forma, cara a cara y clasificación antes del partido.`;
  return { title: `${f.home.name} – ${f.away.name}: previa y pronóstico`, summary, sections };
}
