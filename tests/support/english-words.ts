import type { PreviewFacts } from "../../src/domain/previews/facts.ts";

/** English words our English writer uses that none of the other four languages spells the same way. */
export const ENGLISH = new Set(
  "the and have has their last matches win wins won draw draws drawn defeat defeats goals goal scored conceded home away against referee prediction preview odds price bet best both teams over under season our model favourites favourite with from this that which were results known written when takes yellow red cards card average averaged level since run row relegation mid-table title stretch separate separates close contest little fair bookmaker's pre-match nothing none welcome host hosts brings time".split(
    " ",
  ),
);

/** English words left in a preview's text once the proper names of its facts (teams, ground, league, referee...) are taken out. */
export function englishWordsIn(text: string, facts: PreviewFacts, extraNames: string[] = []): string[] {
  let t = text;
  const names = [
    facts.home.name,
    facts.away.name,
    facts.league.name,
    facts.referee?.name,
    facts.venue?.stadium,
    facts.venue?.city,
    facts.prediction?.best?.bookmaker,
    ...facts.h2h.flatMap((m) => [m.homeName, m.awayName]),
    ...extraNames,
  ];
  for (const name of names.filter(Boolean).sort((a, b) => b!.length - a!.length) as string[])
    t = t.split(name).join(" ");
  return (t.toLowerCase().match(/[\p{L}'’-]+/gu) ?? []).filter((w) => ENGLISH.has(w));
}
