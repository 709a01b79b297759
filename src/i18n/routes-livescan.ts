import type { Locale } from "./locales.ts";
import { prefix } from "./paths.ts";
import { PREMATCH_SLUGS } from "./routes-prematch.ts";

/**
 * The live scanner's pages (SPEC §2.4) with translated slugs: the landing /vip/<scanner>, the filter pages under
 * /vip/<short>/… (beside the alert settings of routes-alerts.ts, which share <short>), the history under
 * /vip/<filters>/{id}/history and the description page. The words of the filter pages (new-filter, rules,
 * new-rule, history, breakdown-by-league) are the pre-match scanner's.
 */
interface Slugs {
  scanner: string;
  short: string;
  filters: string;
  description: string;
}

export const LIVESCAN_SLUGS: Record<Locale, Slugs> = {
  en: {
    scanner: "football-live-scanner",
    short: "live-scanner",
    filters: "live-filters",
    description: "live-filters-description",
  },
  de: {
    scanner: "fussball-echtzeit-scanner",
    short: "echtzeit-scanner",
    filters: "echtzeit-filter",
    description: "echtzeit-filter-beschreibung",
  },
  el: {
    scanner: "sarotis-zontanon-podosfairo",
    short: "sarotis-zontanon",
    filters: "zontana-filtra",
    description: "perigrafi-zontanon-filtron",
  },
  es: {
    scanner: "escaner-en-vivo-futbol",
    short: "escaner-en-vivo",
    filters: "filtros-en-vivo",
    description: "descripcion-filtros-en-vivo",
  },
  fr: {
    scanner: "scanner-en-direct-football",
    short: "scanner-en-direct",
    filters: "filtres-en-direct",
    description: "description-filtres-en-direct",
  },
  it: {
    scanner: "scanner-in-diretta-calcio",
    short: "scanner-in-diretta",
    filters: "filtri-in-diretta",
    description: "descrizione-filtri-in-diretta",
  },
  pl: {
    scanner: "skaner-na-zywo-pilka-nozna",
    short: "skaner-na-zywo",
    filters: "filtry-na-zywo",
    description: "opis-filtrow-na-zywo",
  },
  pt: {
    scanner: "scanner-ao-vivo-futebol",
    short: "scanner-ao-vivo",
    filters: "filtros-ao-vivo",
    description: "descricao-filtros-ao-vivo",
  },
  ro: {
    scanner: "scaner-in-direct-fotbal",
    short: "scaner-in-direct",
    filters: "filtre-in-direct",
    description: "descriere-filtre-in-direct",
  },
  ru: {
    scanner: "futbolnyj-skaner-v-realnom-vremeni",
    short: "skaner-v-realnom-vremeni",
    filters: "filtry-v-realnom-vremeni",
    description: "opisanie-filtrov-v-realnom-vremeni",
  },
  tr: {
    scanner: "canli-futbol-tarayici",
    short: "canli-tarayici",
    filters: "canli-filtreler",
    description: "canli-filtre-aciklamasi",
  },
};

export function livescanRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  const s = LIVESCAN_SLUGS[locale];
  const w = PREMATCH_SLUGS[locale];
  const short = `${p}/vip/${s.short}`;
  return [
    { id: "vip-live-filters", path: `${p}/vip/${s.scanner}`, file: "routes/scanner/live/scanner.tsx" },
    { id: "live-new-filter", path: `${short}/${w.newFilter}`, file: "routes/scanner/live/filter-new.tsx" },
    { id: "live-filter", path: `${short}/:filterId`, file: "routes/scanner/live/filter.tsx" },
    { id: "live-rules", path: `${short}/:filterId/${w.rules}`, file: "routes/scanner/live/rules.tsx" },
    { id: "live-new-rule", path: `${short}/:filterId/${w.rules}/${w.newRule}`, file: "routes/scanner/live/rule.tsx" },
    { id: "live-rule", path: `${short}/:filterId/${w.rules}/:ruleId`, file: "routes/scanner/live/rule.tsx" },
    { id: "live-breakdown", path: `${short}/:filterId/${w.breakdown}`, file: "routes/scanner/live/breakdown.tsx" },
    {
      id: "live-history",
      path: `${p}/vip/${s.filters}/:filterId/${w.history}`,
      file: "routes/scanner/live/history.tsx",
    },
    { id: "live-description", path: `${p}/vip/${s.description}`, file: "routes/scanner/live/description.tsx" },
  ];
}

/** Paths of the live scanner's pages in a locale. */
export function livescanPaths(locale: Locale) {
  const s = LIVESCAN_SLUGS[locale];
  const w = PREMATCH_SLUGS[locale];
  const short = `${prefix(locale)}/vip/${s.short}`;
  const base = `${prefix(locale)}/vip/${s.scanner}`;
  return {
    scanner: (tab?: string) => (tab ? `${base}?tab=${tab}` : base),
    newFilter: `${short}/${w.newFilter}`,
    filter: (id: number) => `${short}/${id}`,
    rules: (id: number) => `${short}/${id}/${w.rules}`,
    newRule: (id: number) => `${short}/${id}/${w.rules}/${w.newRule}`,
    rule: (id: number, ruleId: string) => `${short}/${id}/${w.rules}/${encodeURIComponent(ruleId)}`,
    breakdown: (id: number) => `${short}/${id}/${w.breakdown}`,
    history: (id: number) => `${prefix(locale)}/vip/${s.filters}/${id}/${w.history}`,
    description: `${prefix(locale)}/vip/${s.description}`,
  };
}
