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

// Portuguese plural rules put 0 with 1 ("one"); a count of zero takes the plural noun, hence the `zero` forms.
function record(k: Kit, form: Outcome[]): string {
  return `${k.plural(wins(form), { zero: "# vitórias", one: "# vitória", other: "# vitórias" })}, ${k.plural(draws(form), { zero: "# empates", one: "# empate", other: "# empates" })} e ${k.plural(losses(form), { zero: "# derrotas", one: "# derrota", other: "# derrotas" })}`;
}

const lastIn = (k: Kit, n: number) => k.plural(n, { one: "na última partida", other: "nas últimas # partidas" });

function formSentence(k: Kit, t: TeamFacts, side: "home" | "away"): string {
  const n = t.form.length;
  if (n === 0)
    return `${t.name} ainda não tem partidas concluídas em nossos dados, então não há forma recente para avaliar.`;
  const s = streak(t.form)!;
  const kind = formKind(t.form);
  const matches = k.plural(n, { one: "# partida", other: "# partidas" });
  const base =
    kind === "perfect"
      ? k.pick(
          "pt-form",
          [
            `${t.name} chega em grande fase, com vitórias em todas as últimas ${matches}`,
            `${t.name} venceu todas as suas últimas ${matches}`,
          ],
          side === "away" ? 1 : 0,
        )
      : kind === "unbeaten"
        ? k.pick(
            "pt-form",
            [
              `${t.name} não perde há ${matches}`,
              `Nenhuma derrota para ${t.name} ${lastIn(k, n)}: ${record(k, t.form)}`,
            ],
            side === "away" ? 1 : 0,
          )
        : kind === "winless"
          ? k.pick(
              "pt-form",
              [`${t.name} não vence há ${matches}`, `${t.name} segue sem vencer ${lastIn(k, n)}`],
              side === "away" ? 1 : 0,
            )
          : kind === "strong"
            ? k.pick(
                "pt-form",
                [
                  `${t.name} vive bom momento, com ${record(k, t.form)} ${lastIn(k, n)}`,
                  `${t.name} somou ${record(k, t.form)} ${lastIn(k, n)}`,
                ],
                side === "away" ? 1 : 0,
              )
            : kind === "poor"
              ? k.pick(
                  "pt-form",
                  [
                    `${t.name} atravessa uma fase difícil: ${record(k, t.form)} ${lastIn(k, n)}`,
                    `Momento complicado para ${t.name}, com ${record(k, t.form)} ${lastIn(k, n)}`,
                  ],
                  side === "away" ? 1 : 0,
                )
              : k.pick(
                  "pt-form",
                  [
                    `${t.name} oscila, com ${record(k, t.form)} ${lastIn(k, n)}`,
                    `Resultados irregulares para ${t.name}: ${record(k, t.form)} ${lastIn(k, n)}`,
                  ],
                  side === "away" ? 1 : 0,
                );
  const run =
    s.length >= 2 && kind !== "perfect"
      ? ` e chega de ${s.outcome === "W" ? `${k.num(s.length)} vitórias seguidas` : s.outcome === "D" ? `${k.num(s.length)} empates seguidos` : `${k.num(s.length)} derrotas seguidas`}`
      : "";
  return `${base} (${line(t.form)}, da mais recente para a mais antiga)${run}.`;
}

function goalsWord(k: Kit, n: number, kind: "marcados" | "sofridos"): string {
  return kind === "marcados"
    ? k.plural(n, { zero: "nenhum gol marcado", one: "# gol marcado", other: "# gols marcados" })
    : k.plural(n, { zero: "nenhum sofrido", one: "# sofrido", other: "# sofridos" });
}

function venueSentence(k: Kit, t: TeamFacts, side: "home" | "away"): string {
  const n = t.venueForm.length;
  const where = side === "home" ? "Em casa" : "Fora de casa";
  if (n === 0) return `${where}, nossos dados ainda não têm partidas de ${t.name}.`;
  const goals = `${goalsWord(k, t.venueScored, "marcados")} e ${goalsWord(k, t.venueConceded, "sofridos")}`;
  return k.pick(
    "pt-venue",
    [
      `${where}, ${t.name} tem ${record(k, t.venueForm)} ${lastIn(k, n)}, com ${goals}.`,
      `${where}, o retrospecto de ${t.name} ${lastIn(k, n)} é de ${record(k, t.venueForm)} (${goals}).`,
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
    "pt-goals",
    [
      `${t.name} marcou ${k.plural(t.scored, { zero: "nenhum gol", one: "# gol", other: "# gols" })} e sofreu ${t.conceded} nesse período, uma média por partida de ${forAvg} marcados e ${againstAvg} sofridos.`,
      `No mesmo período, ${t.name} teve média de ${forAvg} gols marcados e ${againstAvg} sofridos por partida (${t.scored} a ${t.conceded} no total).`,
    ],
    offset,
  );
}

const STAKE: Record<string, string> = {
  leader: "na liderança",
  title: "na briga pelo título",
  europe: "na zona de classificação para as competições europeias",
  relegation: "na zona de rebaixamento",
  danger: "a poucos pontos da zona de rebaixamento",
  midtable: "no meio da tabela",
  early: "neste início de temporada, em que a tabela ainda diz pouco",
};

function h2hSection(k: Kit, f: PreviewFacts): ArticleSection {
  const heading = "Confronto direto";
  if (f.h2h.length === 0)
    return {
      key: "h2h",
      heading,
      paragraphs: [`Nossos dados não têm nenhum confronto anterior entre ${f.home.name} e ${f.away.name}.`],
    };
  const c = h2hCounts(f);
  const last = f.h2h[0]!;
  const meetings = k.plural(f.h2h.length, { one: "No único confronto anterior", other: "Nos últimos # confrontos" });
  const win = (n: number) => k.plural(n, { zero: "# vitórias", one: "# vitória", other: "# vitórias" });
  const tally = `${win(c.home)} de ${f.home.name}, ${win(c.away)} de ${f.away.name} e ${k.plural(c.draws, { zero: "# empates", one: "# empate", other: "# empates" })}`;
  const p1 = k.pick("pt-h2h", [
    `${meetings}, o retrospecto é de ${tally}, com ${k.plural(c.goals, { zero: "nenhum gol", one: "# gol", other: "# gols" })} no total.`,
    `${meetings}, foram registrados ${tally}; a média é de ${k.num(c.goals / f.h2h.length, 1)} gols por jogo.`,
  ]);
  const p2 = `O mais recente, em ${k.shortDate(last.kickoff)}, terminou ${last.homeName} ${last.ftHome}–${last.ftAway} ${last.awayName}.`;
  return { key: "h2h", heading, paragraphs: [`${p1} ${p2}`] };
}

function standingsSection(k: Kit, f: PreviewFacts): ArticleSection | null {
  const s = f.standings;
  if (!s) return null;
  const team = (name: string, t: typeof s.home) =>
    `${name} está em ${t.position}º lugar entre ${s.teams} equipes, com ${k.plural(t.points, { zero: "# pontos", one: "# ponto", other: "# pontos" })} em ${k.plural(t.played, { zero: "# jogos", one: "# jogo", other: "# jogos" })} (${t.goalsFor} gols marcados e ${t.goalsAgainst} sofridos), ${STAKE[stakeOf(t, s)]}.`;
  const gap = Math.abs(s.home.points - s.away.points);
  const close =
    gap === 0
      ? "As duas equipes estão empatadas em pontos."
      : k.plural(gap, { one: "Apenas um ponto separa as equipes.", other: "# pontos separam as equipes." });
  return {
    key: "standings",
    heading: "Classificação e o que está em jogo",
    paragraphs: [`${team(f.home.name, s.home)} ${team(f.away.name, s.away)} ${close}`],
  };
}

function refereeSection(k: Kit, f: PreviewFacts): ArticleSection | null {
  const r = f.referee;
  if (!r) return null;
  const text =
    r.matches === 0 || r.yellowPerMatch === null
      ? `${r.name} apita a partida. Nossos dados não têm estatísticas de cartões das partidas anteriores dessa arbitragem.`
      : k.pick("pt-ref", [
          `${r.name} apita a partida. Em ${k.plural(r.matches, { one: "# jogo anterior", other: "# jogos anteriores" })} em nossos dados, a média dessa arbitragem é de ${k.num(r.yellowPerMatch, 1)} cartões amarelos e ${k.num(r.redPerMatch ?? 0, 2)} vermelhos por jogo.`,
          `A arbitragem é de ${r.name}: em nossos dados, em ${k.plural(r.matches, { one: "# partida", other: "# partidas" })}, a média é de ${k.num(r.yellowPerMatch, 1)} amarelos e ${k.num(r.redPerMatch ?? 0, 2)} vermelhos por partida.`,
        ]);
  return { key: "referee", heading: "Arbitragem", paragraphs: [text] };
}

const OUTCOME: Record<string, (f: PreviewFacts, k: Kit) => string> = {
  "1": (f) => `vitória de ${f.home.name}`,
  X: () => "empate",
  "2": (f) => `vitória de ${f.away.name}`,
  GG: () => "ambas as equipes marcam",
  NG: () => "pelo menos uma equipe não marca",
  O25: (_f, k) => `mais de ${k.num(2.5, 1)} gols`,
  U25: (_f, k) => `menos de ${k.num(2.5, 1)} gols`,
};

function predictionSection(k: Kit, f: PreviewFacts): ArticleSection {
  const heading = "Nosso palpite";
  const p = f.prediction;
  if (!p) return { key: "prediction", heading, paragraphs: ["Nosso modelo ainda não tem palpite para esta partida."] };
  const fav = favourite(p);
  const probs = `vitória de ${f.home.name} ${k.pct(p.pHome)}, empate ${k.pct(p.pDraw)}, vitória de ${f.away.name} ${k.pct(p.pAway)}`;
  const favName = fav === "home" ? f.home.name : f.away.name;
  const lead =
    fav === null
      ? k.pick("pt-pred", [
          `Nosso modelo prevê um jogo equilibrado: ${probs}.`,
          `Pouca coisa separa as equipes em nosso modelo: ${probs}.`,
        ])
      : k.pick("pt-pred", [
          `O favoritismo é de ${favName}, segundo nosso modelo: ${probs}.`,
          `Nosso modelo vê vantagem para ${favName}: ${probs}.`,
        ]);
  const goals = `Estimamos em ${k.pct(p.pOver25)} a chance de mais de ${k.num(2.5, 1)} gols e em ${k.pct(p.pBtts)} a de ambas as equipes marcarem.`;
  const paragraphs = [`${lead} ${goals}`];
  const b = p.best;
  if (b) {
    const what = OUTCOME[b.outcome]?.(f, k) ?? b.outcome;
    const bk = b.bookmaker ? ` (${b.bookmaker})` : "";
    const price =
      b.odds === null
        ? "Nossos dados não têm cotação de casa de apostas para essa aposta."
        : b.odds > b.fairOdds
          ? `A cotação pré-jogo da casa de apostas, ${k.odds(b.odds)}${bk}, é maior: é uma aposta de valor.`
          : `A cotação pré-jogo da casa de apostas, ${k.odds(b.odds)}${bk}, é menor que a nossa cotação justa: não há valor nesse preço.`;
    paragraphs.push(
      `Melhor aposta: ${what}, com probabilidade de ${k.pct(b.probability)}, o que dá uma cotação justa de ${k.odds(b.fairOdds)}. ${price}`,
    );
  }
  return { key: "prediction", heading, paragraphs };
}

export function writePt(f: PreviewFacts, k: Kit): Article {
  const date = k.date(f.kickoff);
  // Sábado and domingo are masculine, the "-feira" days feminine: "no sábado", "na terça-feira".
  const on = /^(sábado|domingo)/.test(date) ? "no" : "na";
  const time = k.time(f.kickoff);
  const at = time.startsWith("01:") ? `à ${time}` : `às ${time}`;
  const when = `${on} ${date}, ${at}${f.timeZone === "UTC" ? " UTC" : ` (horário local, ${k.zone(f.kickoff)})`}`;
  const venue = f.venue ? ` Local: ${f.venue.stadium}, em ${k.city(f.venue.city)}.` : "";
  const intro = k.pick("pt-intro", [
    `${f.home.name} recebe ${f.away.name} ${when}, em partida da competição ${f.league.name} (${k.country}).`,
    `${f.league.name} (${k.country}): ${f.home.name} e ${f.away.name} se enfrentam ${when}.`,
    `${f.home.name} e ${f.away.name} se enfrentam ${when} pela competição ${f.league.name} (${k.country}).`,
  ]);
  const sections = articleSections(f, {
    intro: {
      heading: "A partida",
      text: `${intro}${venue} Esta prévia usa os resultados e as cotações conhecidos no momento em que foi escrita.`,
    },
    form: {
      heading: "Forma",
      sentence: (t, side) => formSentence(k, t, side),
      venue: (t, side) => venueSentence(k, t, side),
    },
    goals: {
      heading: "Gols marcados e sofridos",
      sentence: (t, offset) => goalsSentence(k, t, offset),
      none: "Nenhuma das equipes tem partidas concluídas em nossos dados.",
    },
    h2h: h2hSection(k, f),
    standings: standingsSection(k, f),
    referee: refereeSection(k, f),
    prediction: predictionSection(k, f),
  });
  const p = f.prediction;
  const summary = p?.best
    ? `${f.home.name} x ${f.away.name}: forma, confronto direto, classificação e nosso palpite — melhor aposta: ${OUTCOME[p.best.outcome]?.(f, k) ?? p.best.outcome} (${k.pct(p.best.probability)}).`
    : `${f.home.name} x ${f.away.name}: forma, confronto direto e classificação antes da partida.`;
  return { title: `${f.home.name} x ${f.away.name}: prévia e palpite`, summary, sections };
}
