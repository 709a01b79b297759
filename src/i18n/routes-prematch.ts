import type { Locale } from "./locales.ts";
import { prefix } from "./paths.ts";

/**
 * The pre-match scanner's pages (SPEC §2.4) with translated slugs: the scanner under /vip/<scanner>, its
 * filter pages under it, and the backtests under /vip/<short scanner>/… as in the SPEC's
 * "pre-match-scanner/new-backtesting" and "pre-match-scanner/backtesting/{id}/breakdown-by-league".
 */
interface Slugs {
  scanner: string;
  short: string;
  newFilter: string;
  alertSettings: string;
  rules: string;
  newRule: string;
  history: string;
  breakdown: string;
  newBacktesting: string;
  backtesting: string;
}

export const PREMATCH_SLUGS: Record<Locale, Slugs> = {
  en: {
    scanner: "pre-match-scanner-for-football",
    short: "pre-match-scanner",
    newFilter: "new-filter",
    alertSettings: "alert-settings",
    rules: "rules",
    newRule: "new-rule",
    history: "history",
    breakdown: "breakdown-by-league",
    newBacktesting: "new-backtesting",
    backtesting: "backtesting",
  },
  de: {
    scanner: "vorspiel-scanner-fussball",
    short: "vorspiel-scanner",
    newFilter: "neuer-filter",
    alertSettings: "alarm-einstellungen",
    rules: "regeln",
    newRule: "neue-regel",
    history: "verlauf",
    breakdown: "nach-liga",
    newBacktesting: "neuer-backtest",
    backtesting: "backtest",
  },
  el: {
    scanner: "sarotis-prin-ton-agona-podosfairo",
    short: "sarotis-prin-ton-agona",
    newFilter: "neo-filtro",
    alertSettings: "rythmiseis-eidopoiiseon",
    rules: "kanones",
    newRule: "neos-kanonas",
    history: "istoriko",
    breakdown: "ana-protathlima",
    newBacktesting: "neo-backtest",
    backtesting: "backtest",
  },
  es: {
    scanner: "escaner-prepartido-futbol",
    short: "escaner-prepartido",
    newFilter: "nuevo-filtro",
    alertSettings: "ajustes-de-alertas",
    rules: "reglas",
    newRule: "nueva-regla",
    history: "historial",
    breakdown: "por-liga",
    newBacktesting: "nuevo-backtest",
    backtesting: "backtest",
  },
  fr: {
    scanner: "scanner-avant-match-football",
    short: "scanner-avant-match",
    newFilter: "nouveau-filtre",
    alertSettings: "reglages-alertes",
    rules: "regles",
    newRule: "nouvelle-regle",
    history: "historique",
    breakdown: "par-championnat",
    newBacktesting: "nouveau-backtest",
    backtesting: "backtest",
  },
  it: {
    scanner: "scanner-pre-partita-calcio",
    short: "scanner-pre-partita",
    newFilter: "nuovo-filtro",
    alertSettings: "impostazioni-avvisi",
    rules: "regole",
    newRule: "nuova-regola",
    history: "storico",
    breakdown: "per-campionato",
    newBacktesting: "nuovo-backtest",
    backtesting: "backtest",
  },
  pl: {
    scanner: "skaner-przedmeczowy-pilka-nozna",
    short: "skaner-przedmeczowy",
    newFilter: "nowy-filtr",
    alertSettings: "ustawienia-alertow",
    rules: "reguly",
    newRule: "nowa-regula",
    history: "historia",
    breakdown: "wedlug-ligi",
    newBacktesting: "nowy-backtest",
    backtesting: "backtest",
  },
  pt: {
    scanner: "scanner-pre-jogo-futebol",
    short: "scanner-pre-jogo",
    newFilter: "novo-filtro",
    alertSettings: "configuracoes-de-alertas",
    rules: "regras",
    newRule: "nova-regra",
    history: "historico",
    breakdown: "por-liga",
    newBacktesting: "novo-backtest",
    backtesting: "backtest",
  },
  ro: {
    scanner: "scanner-pre-meci-fotbal",
    short: "scanner-pre-meci",
    newFilter: "filtru-nou",
    alertSettings: "setari-alerte",
    rules: "reguli",
    newRule: "regula-noua",
    history: "istoric",
    breakdown: "pe-ligi",
    newBacktesting: "backtest-nou",
    backtesting: "backtest",
  },
  ru: {
    scanner: "predmatchevyj-skaner-futbol",
    short: "predmatchevyj-skaner",
    newFilter: "novyj-filtr",
    alertSettings: "nastrojki-opoveshchenij",
    rules: "pravila",
    newRule: "novoe-pravilo",
    history: "istoriya",
    breakdown: "po-ligam",
    newBacktesting: "novyj-bektest",
    backtesting: "bektest",
  },
  tr: {
    scanner: "mac-oncesi-tarayici-futbol",
    short: "mac-oncesi-tarayici",
    newFilter: "yeni-filtre",
    alertSettings: "uyari-ayarlari",
    rules: "kurallar",
    newRule: "yeni-kural",
    history: "gecmis",
    breakdown: "lige-gore",
    newBacktesting: "yeni-backtest",
    backtesting: "backtest",
  },
};

export function prematchRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  const s = PREMATCH_SLUGS[locale];
  const base = `${p}/vip/${s.scanner}`;
  const short = `${p}/vip/${s.short}`;
  return [
    { id: "vip-pre-match-scanner", path: base, file: "routes/scanner/prematch/scanner.tsx" },
    { id: "prematch-new-filter", path: `${base}/${s.newFilter}`, file: "routes/scanner/prematch/filter-new.tsx" },
    {
      id: "prematch-alert-settings",
      path: `${base}/${s.alertSettings}`,
      file: "routes/scanner/prematch/alert-settings.tsx",
    },
    { id: "prematch-filter", path: `${base}/:filterId`, file: "routes/scanner/prematch/filter.tsx" },
    { id: "prematch-rules", path: `${base}/:filterId/${s.rules}`, file: "routes/scanner/prematch/rules.tsx" },
    {
      id: "prematch-new-rule",
      path: `${base}/:filterId/${s.rules}/${s.newRule}`,
      file: "routes/scanner/prematch/rule.tsx",
    },
    { id: "prematch-rule", path: `${base}/:filterId/${s.rules}/:ruleId`, file: "routes/scanner/prematch/rule.tsx" },
    { id: "prematch-history", path: `${base}/:filterId/${s.history}`, file: "routes/scanner/prematch/history.tsx" },
    {
      id: "prematch-breakdown",
      path: `${base}/:filterId/${s.breakdown}`,
      file: "routes/scanner/prematch/breakdown.tsx",
    },
    {
      id: "prematch-new-backtesting",
      path: `${short}/${s.newBacktesting}`,
      file: "routes/scanner/prematch/backtest-new.tsx",
    },
    {
      id: "prematch-backtesting",
      path: `${short}/${s.backtesting}/:backtestId/${s.breakdown}`,
      file: "routes/scanner/prematch/backtest.tsx",
    },
  ];
}

/** Paths of the pre-match pages in a locale. */
export function prematchPaths(locale: Locale) {
  const s = PREMATCH_SLUGS[locale];
  const base = `${prefix(locale)}/vip/${s.scanner}`;
  const short = `${prefix(locale)}/vip/${s.short}`;
  return {
    scanner: (tab?: string) => (tab ? `${base}?tab=${tab}` : base),
    newFilter: `${base}/${s.newFilter}`,
    alertSettings: `${base}/${s.alertSettings}`,
    filter: (id: number) => `${base}/${id}`,
    rules: (id: number) => `${base}/${id}/${s.rules}`,
    newRule: (id: number) => `${base}/${id}/${s.rules}/${s.newRule}`,
    rule: (id: number, ruleId: string) => `${base}/${id}/${s.rules}/${encodeURIComponent(ruleId)}`,
    history: (id: number) => `${base}/${id}/${s.history}`,
    breakdown: (id: number) => `${base}/${id}/${s.breakdown}`,
    newBacktesting: (filterId?: number) => `${short}/${s.newBacktesting}${filterId ? `?filterId=${filterId}` : ""}`,
    backtesting: (id: number) => `${short}/${s.backtesting}/${id}/${s.breakdown}`,
  };
}
