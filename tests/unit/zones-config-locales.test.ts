import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { dayRange, localDate } from "../../src/domain/time/zones.ts";
import { LOCALE_TAGS, LOCALES } from "../../src/i18n/locales.ts";
import { MESSAGES, translate } from "../../src/i18n/messages.server.ts";

describe("time zones", () => {
  it("finds the UTC bounds of a local day", () => {
    expect(dayRange("2026-11-22", "UTC")).toEqual({
      from: new Date("2026-11-22T00:00:00Z"),
      to: new Date("2026-11-23T00:00:00Z"),
    });
    expect(dayRange("2026-07-01", "Europe/Athens").from.toISOString()).toBe("2026-06-30T21:00:00.000Z");
    expect(dayRange("2026-11-22", "America/Sao_Paulo").from.toISOString()).toBe("2026-11-22T03:00:00.000Z");
    // the day the clocks go back is 25 hours long
    const fallBack = dayRange("2026-10-25", "Europe/London");
    expect(fallBack.to.getTime() - fallBack.from.getTime()).toBe(25 * 3_600_000);
  });

  it("gives the calendar date of an instant in a zone", () => {
    expect(localDate(Date.parse("2026-11-22T23:30:00Z"), "Europe/Bucharest")).toBe("2026-11-23");
    expect(localDate(Date.parse("2026-11-22T23:30:00Z"), "UTC")).toBe("2026-11-22");
  });
});

describe("configuration", () => {
  it("has working defaults", () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      HOST: "localhost",
      CLOCK_MODE: "replay",
      IMPORT_ON_START: true,
    });
  });

  it("names the bad value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ CLOCK_MODE: "fast" })).toThrow(/CLOCK_MODE="fast": must be replay or real/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SOCIAL_LINKS: "myspace=https://x" })).toThrow(/SOCIAL_LINKS="myspace=https:\/\/x"/);
    expect(
      loadConfig({ SOCIAL_LINKS: "x=https://x.com/pitchlab,telegram=https://t.me/pitchlab" }).SOCIAL_LINKS,
    ).toContain("telegram");
    expect(() => loadConfig({ PLAN_PRICES: "10,20" })).toThrow(/PLAN_PRICES/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_live_x" })).toThrow(
      /STRIPE_SECRET_KEY="pk_live_x": must start with sk_/,
    );
    expect(loadConfig({}).PLAN_PRICES).toBe("14.99,34.99,99.99");
  });
});

function keys(value: unknown, prefix = ""): string[] {
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === "object" && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe("locale files", () => {
  const english = keys(MESSAGES.en);

  it.each(LOCALES.filter((l) => l !== "en"))("%s has every English key, non-empty", (locale) => {
    const messages = MESSAGES[locale];
    const present = new Set(keys(messages));
    const missing = english.filter((k) => !present.has(k));
    expect(missing).toEqual([]);
    const empty = keys(messages).filter((k) => {
      const value = k.split(".").reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], messages);
      return typeof value !== "string" || value.trim() === "";
    });
    expect(empty).toEqual([]);
  });

  /** Brand and notation that read the same in every language, and words a language shares with English. */
  const SAME_EVERYWHERE = new Set([
    "app.name",
    "categories.1",
    "cookies.accept",
    "valuebets.roi",
    "valuebets.clvShort",
    "liveScanner.sorts.roi",
    "liveScanner.figures.roi",
  ]);
  const SAME_IN: Partial<Record<string, Set<string>>> = {
    de: new Set(["match.live", "liveScanner.stats.minute", "liveScanner.minute"]),
    fr: new Set([
      "home.matchCount_one",
      "league.points",
      "league.pointsLong",
      "valuebets.match",
      "liveScanner.sorts.score",
      "liveScanner.figures.score",
      "liveScanner.stats.minute",
      "liveScanner.stats.corners",
      "liveScanner.minute",
    ]),
    it: new Set(["auth.password"]),
    ro: new Set(["nav.contact"]),
  };

  it.each(LOCALES.filter((l) => l !== "en"))("%s translates every message (none left in English)", (locale) => {
    const read = (messages: unknown, key: string) =>
      key.split(".").reduce<unknown>((o, part) => (o as Record<string, unknown> | undefined)?.[part], messages) as
        | string
        | undefined;
    const untranslated = english.filter((key) => {
      const value = read(MESSAGES[locale], key);
      const letters = (value ?? "").replace(/\{\{\w+\}\}/g, "").match(/\p{L}/gu)?.length ?? 0;
      // Country names are proper names: many read the same in several languages (Argentina, Portugal, USA).
      const properName = key.startsWith("countries.");
      return (
        value === read(MESSAGES.en, key) &&
        letters >= 3 &&
        !properName &&
        !SAME_EVERYWHERE.has(key) &&
        !SAME_IN[locale]?.has(key)
      );
    });
    expect(untranslated).toEqual([]);
  });

  it.each(LOCALES)("%s has the plural forms its language uses for counts up to 200", (locale) => {
    const rules = new Intl.PluralRules(LOCALE_TAGS[locale]);
    const needed = [...new Set(Array.from({ length: 201 }, (_, n) => rules.select(n)))];
    const present = new Set(keys(MESSAGES[locale]));
    const plurals = english.filter((k) => k.endsWith("_other")).map((k) => k.slice(0, -"_other".length));
    const missing = plurals
      .flatMap((base) => needed.map((category) => `${base}_${category}`))
      .filter((k) => !present.has(k));
    expect(missing).toEqual([]);
  });

  it("fills plural messages on the server too (receipts, e-mails)", () => {
    expect(translate("en", "payments.planName", { count: 12 })).toBe("12-month plan");
    expect(translate("ru", "payments.planName", { count: 3 })).toBe("Тариф на 3 месяца");
    expect(translate("pl", "payments.planName", { count: 12 })).toBe("Plan na 12 miesięcy");
    expect(translate("es", "payments.planName", { count: 1 })).toBe("Plan de 1 mes");
  });

  it.each(LOCALES)("%s keeps the placeholders of each message", (locale) => {
    for (const key of english) {
      const read = (messages: unknown) =>
        key.split(".").reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], messages) as string;
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(read(MESSAGES[locale])), `${locale}: ${key}`).toEqual(placeholders(read(MESSAGES.en)));
    }
  });
});
