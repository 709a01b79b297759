import { type PreviewFacts, type TeamFacts, variant } from "./facts.ts";
import { PREVIEW_TAGS, type PreviewLocale } from "./locales.ts";
import { cityIn } from "./venues.ts";

export type SectionKey = "intro" | "form" | "goals" | "h2h" | "standings" | "referee" | "prediction";

export interface ArticleSection {
  key: SectionKey;
  heading: string;
  paragraphs: string[];
}

export interface Article {
  title: string;
  /** one or two sentences for lists, meta description and Open Graph */
  summary: string;
  sections: ArticleSection[];
}

export interface PluralForms {
  /** used for 0 where the language prefers its own wording ("no wins") */
  zero?: string;
  one: string;
  other: string;
  many?: string;
  few?: string;
  two?: string;
}

/** Formatting and choice helpers of one language, bound to one fixture (the variation seed). */
export interface Kit {
  locale: PreviewLocale;
  /** a number with `digits` decimals in the language's notation */
  num(x: number, digits?: number): string;
  /** a probability as a whole percentage */
  pct(p: number): string;
  /** a price with two decimals */
  odds(x: number): string;
  /** weekday, day and month of the kick-off in the league's zone */
  date(iso: string): string;
  /** short date of a past match (day, month, year) */
  shortDate(iso: string): string;
  /** hour of the kick-off in the league's zone */
  time(iso: string): string;
  /** the league's zone at that moment, named short in the language ("CET", "UTC+1"), so "local time" says which */
  zone(iso: string): string;
  /** the form of a word for a count, by the language's plural rules */
  plural(n: number, forms: PluralForms): string;
  /** "a, b and c" in the language */
  list(items: string[]): string;
  /** one of `options`, chosen by the fixture and the salt */
  pick<T>(salt: string, options: readonly T[], offset?: number): T;
  city(city: string): string;
  /** the league's country, named in the article's language */
  country: string;
}

export function makeKit(locale: PreviewLocale, facts: PreviewFacts, country: string): Kit {
  const tag = PREVIEW_TAGS[locale];
  const rules = new Intl.PluralRules(tag);
  const fmt = new Map<number, Intl.NumberFormat>();
  const numberFormat = (digits: number) => {
    let f = fmt.get(digits);
    if (!f) {
      f = new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      fmt.set(digits, f);
    }
    return f;
  };
  const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(tag, {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: facts.timeZone,
  });
  const short = new Intl.DateTimeFormat(tag, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: facts.timeZone,
  });
  const hour = new Intl.DateTimeFormat(tag, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: facts.timeZone,
  });
  const zoneName = new Intl.DateTimeFormat(tag, { timeZone: facts.timeZone, timeZoneName: "short" });
  const lists = new Intl.ListFormat(tag, { style: "long", type: "conjunction" });
  return {
    locale,
    num: (x, digits = 0) => numberFormat(digits).format(x),
    pct: (p) => percent.format(p),
    odds: (x) => numberFormat(2).format(x),
    date: (iso) => day.format(new Date(iso)),
    shortDate: (iso) => short.format(new Date(iso)),
    time: (iso) => hour.format(new Date(iso)),
    zone: (iso) =>
      zoneName.formatToParts(new Date(iso)).find((p) => p.type === "timeZoneName")?.value ?? facts.timeZone,
    plural: (n, forms) => {
      const category = rules.select(n) as keyof PluralForms;
      const form = n === 0 && forms.zero !== undefined ? forms.zero : (forms[category] ?? forms.other);
      return form.replace("#", numberFormat(0).format(n));
    },
    list: (items) => lists.format(items),
    // `offset` shifts the choice, so that two sentences of one article built alike read differently.
    pick: (salt, options, offset = 0) =>
      options[(variant(facts.fixtureId, salt, options.length) + offset) % options.length]!,
    city: (city) => cityIn(city, locale),
    country,
  };
}

/** Wins, draws and losses of the home side over a list of meetings, from one team's name. */
export function h2hCounts(facts: PreviewFacts): { home: number; draws: number; away: number; goals: number } {
  let home = 0;
  let draws = 0;
  let away = 0;
  let goals = 0;
  for (const m of facts.h2h) {
    goals += m.ftHome + m.ftAway;
    if (m.ftHome === m.ftAway) draws++;
    else if (m.ftHome > m.ftAway === (m.homeName === facts.home.name)) home++;
    else away++;
  }
  return { home, draws, away, goals };
}

/** What a language writes; the sections of an article and their order are the same in every language. */
export interface LanguageParts {
  /** the opening paragraph */
  intro: { heading: string; text: string };
  form: {
    heading: string;
    sentence: (t: TeamFacts, side: "home" | "away") => string;
    venue: (t: TeamFacts, side: "home" | "away") => string;
  };
  goals: { heading: string; sentence: (t: TeamFacts, offset: number) => string; none: string };
  h2h: ArticleSection;
  standings: ArticleSection | null;
  referee: ArticleSection | null;
  prediction: ArticleSection;
}

/** An article's sections from a language's parts: intro, form, goals, head-to-head, then table and referee when known, and the prediction. */
export function articleSections(f: PreviewFacts, parts: LanguageParts): ArticleSection[] {
  const { form, goals } = parts;
  const sections: ArticleSection[] = [
    { key: "intro", heading: parts.intro.heading, paragraphs: [parts.intro.text] },
    {
      key: "form",
      heading: form.heading,
      paragraphs: [
        `${form.sentence(f.home, "home")} ${form.venue(f.home, "home")}`,
        `${form.sentence(f.away, "away")} ${form.venue(f.away, "away")}`,
      ],
    },
    {
      key: "goals",
      heading: goals.heading,
      paragraphs: [[goals.sentence(f.home, 0), goals.sentence(f.away, 1)].filter(Boolean).join(" ") || goals.none],
    },
    parts.h2h,
  ];
  if (parts.standings) sections.push(parts.standings);
  if (parts.referee) sections.push(parts.referee);
  sections.push(parts.prediction);
  return sections;
}
