import { describe, expect, it } from "vitest";
import { englishCountryNamesIn } from "../support/country-names.ts";

/** The locale walk's check for English country names: it reads countries where the site prints them, not teams. */
describe("English country names on a translated page", () => {
  it("leaves a club named after a country alone, wherever it stands", () => {
    expect(englishCountryNamesIn("<ul><li><span>Austria Vienna</span> – <span>Tirol</span></li></ul>", "de")).toEqual(
      [],
    );
    expect(
      englishCountryNamesIn(
        "<h1>Austria Vienna – Tirol: Prognose</h1><title>Austria Vienna gegen Tirol · Pitchlab</title>",
        "de",
      ),
    ).toEqual([]);
  });

  it("accepts the country in the language of the page", () => {
    expect(
      englishCountryNamesIn('<h2><a href="/de/liga"><span>Österreich<!-- --> · </span>Bundesliga</a></h2>', "de"),
    ).toEqual([]);
  });

  it("finds the English name in a league label, a list, a selector and a heading", () => {
    expect(
      englishCountryNamesIn('<h2><a href="/de/liga"><span>Austria<!-- --> · </span>Bundesliga</a></h2>', "de"),
    ).toEqual(["Austria"]);
    expect(englishCountryNamesIn("<p>Austria · Bundesliga</p>", "de")).toEqual(["Austria"]);
    expect(
      englishCountryNamesIn("<select><option>Belgium</option><option>Deutschland</option></select>", "de"),
    ).toEqual(["Belgium"]);
    expect(englishCountryNamesIn("<h1>Fußball-Wett-Tipps für Austria</h1>", "de")).toEqual(["Austria"]);
  });

  it("ignores the translations the page's scripts carry", () => {
    expect(englishCountryNamesIn('<script>window.t={"Austria":"Österreich"}</script><p>Österreich</p>', "de")).toEqual(
      [],
    );
  });

  it("knows which names a language shares with English", () => {
    // "China" is China in German too.
    expect(englishCountryNamesIn("<p>China · Super League</p>", "de")).toEqual([]);
  });
});
