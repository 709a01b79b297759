import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formKind, stakeOf, streak, variant } from "../../src/domain/previews/facts.ts";
import { articleText, writePreview } from "../../src/domain/previews/generate.ts";
import { PREVIEW_LOCALES } from "../../src/domain/previews/locales.ts";
import { routePatterns, translatePath } from "../../src/i18n/paths.ts";
import { cityIn, venueOf } from "../../src/domain/previews/venues.ts";
import { englishWordsIn } from "../support/english-words.ts";
import { sampleFacts } from "../support/preview-facts.ts";

const COUNTRY = { en: "England", fr: "Angleterre", it: "Inghilterra", pt: "Inglaterra", es: "Inglaterra" } as const;
const text = (id: number, locale: (typeof PREVIEW_LOCALES)[number], overrides = {}) =>
  articleText(writePreview(sampleFacts(id, overrides), locale, COUNTRY[locale]));

/** English words in a generated text, proper names of its facts aside. */
function englishIn(id: number, locale: (typeof PREVIEW_LOCALES)[number]): string[] {
  const f = sampleFacts(id);
  return englishWordsIn(text(id, locale), f, [COUNTRY[locale], f.venue ? cityIn(f.venue.city, locale) : ""]);
}

describe("match preview writers", () => {
  it("write every language for varied facts, deterministically", () => {
    for (let id = 1; id <= 60; id++) {
      for (const locale of PREVIEW_LOCALES) {
        const a = writePreview(sampleFacts(id), locale, COUNTRY[locale]);
        expect(a.title).toContain(sampleFacts(id).home.name);
        expect(a.sections.map((s) => s.key)).toContain("prediction");
        expect(
          a.sections.every((s) =>
            s.paragraphs.every((p) => p.length > 20 && !p.includes("undefined") && !p.includes("NaN")),
          ),
        ).toBe(true);
        expect(articleText(a)).toBe(text(id, locale));
      }
    }
  });

  it("name the league's zone where they say 'local time', so that the reader knows which", () => {
    // March 2026 in London is GMT (summer time starts on the 29th); in Rome it is CET.
    expect(text(1, "en")).toContain("15:00 local time (GMT)");
    expect(text(1, "en", { timeZone: "Europe/Rome" })).toContain("16:00 local time (CET)");
    expect(text(1, "fr", { timeZone: "Europe/Paris" })).toContain("(heure locale, UTC+1)");
    expect(text(1, "es", { timeZone: "Europe/Madrid" })).toContain("(hora local, CET)");
    // A league without a known zone says UTC, as before.
    expect(text(5, "en")).toMatch(/\d\d:\d\d UTC/);
  });

  it("leave no English word in the French, Italian, Portuguese and Spanish texts", () => {
    // The English texts do contain them (the list is not empty of meaning).
    expect(englishIn(7, "en").length).toBeGreaterThan(10);
    for (let id = 1; id <= 80; id++) {
      for (const locale of ["fr", "it", "pt", "es"] as const) {
        const english = englishIn(id, locale);
        expect(english, `${locale} preview ${id}: ${english.join(", ")}`).toEqual([]);
      }
    }
  });

  it("read differently from one fixture to the next", () => {
    const all = new Set<string>();
    for (let id = 1; id <= 60; id++) all.add(text(id, "en"));
    expect(all.size).toBe(60);
    // Even with the same facts, the wording varies with the fixture.
    const intros = new Set<string>();
    const base = sampleFacts(3);
    for (let id = 100; id < 130; id++)
      intros.add(writePreview({ ...base, fixtureId: id }, "fr", "Angleterre").sections[0]!.paragraphs[0]!);
    expect(intros.size).toBe(3);
  });

  it("word the two teams differently when their facts read alike", () => {
    for (let id = 1; id <= 20; id++) {
      const same = {
        form: ["L", "L", "W", "D", "L"] as Array<"W" | "D" | "L">,
        venueForm: ["L", "D", "L"] as Array<"W" | "D" | "L">,
        scored: 4,
        conceded: 9,
        venueScored: 2,
        venueConceded: 5,
      };
      const f = sampleFacts(id);
      const facts = { ...f, home: { ...f.home, ...same }, away: { ...f.away, ...same } };
      for (const locale of PREVIEW_LOCALES) {
        const [home, away] = writePreview(facts, locale, COUNTRY[locale]).sections.find(
          (x) => x.key === "form",
        )!.paragraphs;
        const lead = (p: string, name: string) => p.replace(name, "T").slice(0, 30);
        expect(lead(home!, f.home.name), `${locale} ${id}`).not.toBe(lead(away!, f.away.name));
      }
    }
  });

  it("state the numbers of the facts in the language's notation", () => {
    const f = sampleFacts(2, {
      prediction: {
        pHome: 0.52,
        pDraw: 0.26,
        pAway: 0.22,
        pOver25: 0.58,
        pBtts: 0.49,
        best: { outcome: "1", probability: 0.52, fairOdds: 1 / 0.52, odds: 2.1, bookmaker: "PS" },
      },
      referee: { name: "A Taylor", matches: 31, yellowPerMatch: 3.45, redPerMatch: 0.12 },
    });
    const en = articleText(writePreview(f, "en"));
    expect(en).toContain("52%");
    expect(en).toContain("1.92");
    expect(en).toContain("2.10");
    expect(en).toContain("value bet");
    expect(en).toContain("31 previous matches");
    const fr = articleText(writePreview(f, "fr", "Angleterre"));
    expect(fr).toContain("52\u00a0%");
    expect(fr).toContain("1,92");
    expect(fr).toContain("2,10");
    expect(fr).toContain("3,5");
    expect(fr).toContain("victoire d'Everton");
    const es = articleText(writePreview(f, "es", "Inglaterra"));
    expect(es).toContain("victoria de Everton");
    expect(es).toContain("una probabilidad del 52\u00a0%");
  });

  it("inflect words by count with each language's plural rules", () => {
    const one = sampleFacts(4, {
      h2h: [
        { kickoff: "2025-01-15T15:00:00.000Z", homeName: "Everton", awayName: "Aston Villa", ftHome: 1, ftAway: 0 },
      ],
    });
    expect(articleText(writePreview(one, "en"))).toContain("the only previous meeting");
    expect(articleText(writePreview(one, "fr", "Angleterre"))).toContain(
      "Lors de l'unique confrontation précédente, Everton compte 1 victoire, Aston Villa 0 victoire",
    );
    expect(articleText(writePreview(one, "it", "Inghilterra"))).toMatch(
      /Nell'unico precedente .*1 vittoria per Everton, 0 vittorie per Aston Villa e 0 pareggi/,
    );
    // Portuguese counts 0 with 1 in Intl.PluralRules, but zero takes the plural noun.
    expect(articleText(writePreview(one, "pt", "Inglaterra"))).toContain(
      "1 vitória de Everton, 0 vitórias de Aston Villa e 0 empates",
    );
    expect(articleText(writePreview(one, "es", "Inglaterra"))).toMatch(/1 victoria( para Everton|, Aston Villa)/);
  });

  it("agree articles and prepositions with what follows", () => {
    // Portuguese weekdays: sábado/domingo are masculine, the -feira days feminine.
    const saturday = sampleFacts(6, { kickoff: "2026-03-14T15:00:00.000Z" });
    const friday = sampleFacts(6, { kickoff: "2026-03-13T15:00:00.000Z" });
    const pt = (f: typeof saturday) => writePreview(f, "pt", "Inglaterra").sections[0]!.paragraphs[0]!;
    expect(pt(saturday)).toContain("no sábado");
    expect(pt(friday)).toContain("na sexta-feira");
    // French: "à l'" before a vowel, "au" otherwise.
    const fr = (stadium: string) =>
      writePreview(sampleFacts(6, { venue: { stadium, city: "London" } }), "fr", "Angleterre").sections[0]!
        .paragraphs[0]!;
    expect(fr("Emirates Stadium")).toContain("à l'Emirates Stadium (Londres)");
    expect(fr("Stamford Bridge")).toContain("au Stamford Bridge (Londres)");
    expect(fr("WWK Arena")).toContain("à la WWK Arena");
    // Italian: percentages without an article (never "al 80%" for "all'80%").
    expect(articleText(writePreview(sampleFacts(6), "it", "Inghilterra"))).not.toMatch(
      /\b(al|del|dal|all'|dell') ?\d+\s?%/,
    );
    // Italian ordinals: "all'8º posto" (ottavo), "al 4º posto".
    const eighth = sampleFacts(6, {
      standings: {
        teams: 20,
        roundsPlayed: 20,
        leaderPoints: 50,
        safetyPoints: 20,
        home: { position: 8, points: 30, played: 20, goalsFor: 20, goalsAgainst: 20 },
        away: { position: 4, points: 35, played: 20, goalsFor: 25, goalsAgainst: 20 },
      },
    });
    const it8 = articleText(writePreview(eighth, "it", "Inghilterra"));
    expect(it8).toContain("all'8º posto");
    expect(it8).toContain("al 4º posto");
    // English: "an Arsenal win".
    const arsenal = sampleFacts(1, {
      prediction: {
        pHome: 0.6,
        pDraw: 0.2,
        pAway: 0.2,
        pOver25: 0.5,
        pBtts: 0.5,
        best: { outcome: "1", probability: 0.6, fairOdds: 1 / 0.6, odds: 1.7, bookmaker: "PS" },
      },
    });
    expect(articleText(writePreview(arsenal, "en"))).toContain("an Arsenal win");
  });

  it("read the table and the form", () => {
    expect(formKind(["W", "W", "W"])).toBe("perfect");
    expect(formKind(["W", "D", "W", "D"])).toBe("unbeaten");
    expect(formKind(["L", "D", "L"])).toBe("winless");
    expect(formKind([])).toBe("none");
    expect(streak(["L", "L", "W"])).toEqual({ outcome: "L", length: 2 });
    const table = {
      teams: 20,
      roundsPlayed: 20,
      leaderPoints: 50,
      safetyPoints: 20,
      home: { position: 1, points: 50, played: 20, goalsFor: 1, goalsAgainst: 1 },
      away: { position: 19, points: 12, played: 20, goalsFor: 1, goalsAgainst: 1 },
    };
    expect(stakeOf(table.home, table)).toBe("leader");
    expect(stakeOf(table.away, table)).toBe("relegation");
    expect(stakeOf({ ...table.home, position: 15, points: 22 }, table)).toBe("danger");
    expect(variant(1, "a", 3)).toBe(variant(1, "a", 3));
  });

  it("know the grounds of the bundled teams and name their cities in each language", () => {
    expect(venueOf("ENG", "Arsenal")).toEqual({ stadium: "Emirates Stadium", city: "London" });
    expect(venueOf("ENG", "No Such Team")).toBeNull();
    expect(cityIn("München", "it")).toBe("Monaco di Baviera");
    expect(cityIn("München", "en")).toBe("Munich");
    expect(cityIn("Bilbao", "fr")).toBe("Bilbao");
  });
});

describe("match preview writers on arbitrary facts", () => {
  const outcome = fc.constantFrom<"W" | "D" | "L">("W", "D", "L");
  const team = (id: number, name: string) =>
    fc.record({
      id: fc.constant(id),
      name: fc.constant(name),
      form: fc.array(outcome, { maxLength: 5 }),
      scored: fc.nat(25),
      conceded: fc.nat(25),
      venueForm: fc.array(outcome, { maxLength: 5 }),
      venueScored: fc.nat(25),
      venueConceded: fc.nat(25),
    });
  const standing = fc.record({
    position: fc.integer({ min: 1, max: 20 }),
    points: fc.nat(100),
    played: fc.nat(38),
    goalsFor: fc.nat(100),
    goalsAgainst: fc.nat(100),
  });
  const probability = fc.double({ min: 0.01, max: 0.98, noNaN: true });
  const facts = fc
    .record({
      fixtureId: fc.integer({ min: 1, max: 1_000_000 }),
      kickoff: fc
        .date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2027-01-01T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString()),
      timeZone: fc.constantFrom("Europe/London", "Europe/Rome", "UTC"),
      home: team(1, "Sevilla"),
      away: team(2, "Osasuna"),
      venue: fc.option(
        fc.constantFrom(
          { stadium: "Ramón Sánchez-Pizjuán", city: "Sevilla" },
          { stadium: "Allianz Arena", city: "München" },
        ),
        { nil: null },
      ),
      referee: fc.option(
        fc.record({
          name: fc.constant("J Martinez"),
          matches: fc.nat(300),
          yellowPerMatch: fc.option(fc.double({ min: 0, max: 8, noNaN: true }), { nil: null }),
          redPerMatch: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
        }),
        { nil: null },
      ),
      h2h: fc.array(
        fc.record({
          kickoff: fc.constant("2024-05-01T18:00:00.000Z"),
          homeName: fc.constantFrom("Sevilla", "Osasuna"),
          awayName: fc.constantFrom("Osasuna", "Sevilla"),
          ftHome: fc.nat(7),
          ftAway: fc.nat(7),
        }),
        { maxLength: 5 },
      ),
      standings: fc.option(
        fc.record({
          teams: fc.constant(20),
          roundsPlayed: fc.nat(38),
          leaderPoints: fc.nat(100),
          safetyPoints: fc.option(fc.nat(60), { nil: null }),
          home: standing,
          away: standing,
        }),
        { nil: null },
      ),
      prediction: fc.option(
        fc.record({
          pHome: probability,
          pDraw: probability,
          pAway: probability,
          pOver25: probability,
          pBtts: probability,
          best: fc.option(
            fc.record({
              outcome: fc.constantFrom("1", "X", "2", "GG", "NG", "O25", "U25"),
              probability,
              fairOdds: fc.double({ min: 1.01, max: 50, noNaN: true }),
              odds: fc.option(fc.double({ min: 1.01, max: 50, noNaN: true }), { nil: null }),
              bookmaker: fc.option(fc.constant("B365"), { nil: null }),
            }),
            { nil: null },
          ),
        }),
        { nil: null },
      ),
    })
    .map((f) => ({
      ...f,
      writtenAt: "2025-01-01T00:00:00.000Z",
      season: "2025-2026",
      league: { id: 3, name: "La Liga", country: "Spain", countryCode: "ESP" },
    }));

  it("always write whole sentences, with no English outside the English text and no missing value", () => {
    const spain = { en: "Spain", fr: "Espagne", it: "Spagna", pt: "Espanha", es: "España" } as const;
    fc.assert(
      fc.property(facts, (f) => {
        for (const locale of PREVIEW_LOCALES) {
          const article = writePreview(f, locale, spain[locale]);
          const all = articleText(article);
          expect(all).not.toMatch(/undefined|NaN|null|Infinity|\[object| {2}/);
          for (const p of article.sections.flatMap((s) => s.paragraphs)) expect(p).toMatch(/[.!?]$/);
          if (locale !== "en")
            expect(englishWordsIn(all, f, [spain[locale], f.venue ? cityIn(f.venue.city, locale) : ""])).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("preview addresses", () => {
  it("exist in the five languages only, and translate between them", () => {
    const en = "/match-preview/man-united-everton-preview-prediction_64126";
    expect(translatePath(en, "fr")).toBe("/fr/avant-match/man-united-everton-avant-match-pronostic_64126");
    expect(translatePath(en, "pt")).toBe("/pt/previa-jogo/man-united-everton-previa-palpite_64126");
    expect(translatePath("/es/previa-partido/man-united-everton-previa-pronostico_64126", "it")).toBe(
      "/it/anteprima-partita/man-united-everton-anteprima-pronostico_64126",
    );
    expect(translatePath(en, "de")).toBeNull();
    expect(translatePath("/football-match-previews-with-predictions", "it")).toBe(
      "/it/anteprime-partite-calcio-con-pronostici",
    );
    expect(translatePath("/football-match-previews-with-predictions", "ru")).toBeNull();
    expect(routePatterns("de").some((r) => r.id.startsWith("preview"))).toBe(false);
    expect(routePatterns("fr").filter((r) => r.id.startsWith("preview"))).toHaveLength(2);
    // Other pages still translate everywhere.
    expect(translatePath("/leagues", "de")).not.toBeNull();
  });
});
