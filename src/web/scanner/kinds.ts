import type { ScannerKind } from "../../domain/scanner/schema.ts";

/**
 * What sets the two scanners' pages apart, as data: the words of their headings, whether a filter can be inactive
 * (a live filter starts inactive and its pages offer to activate it), whether a change that erases the history is
 * confirmed first (live filters keep figures; a pre-match filter's history is replayed), and after how many rules
 * the pre-match scanner offers a backtest of the filter.
 */
export interface ScannerTraits {
  /** the locale namespace of the scanner's own words ("liveScanner.title", "prematch.title") */
  words: "liveScanner" | "prematch";
  /** the tab of the scanner's list that others' filters are on */
  othersTab: string;
  /** the intro of a filter's rules page */
  rulesIntro: string;
  /** the intro of the new-filter page */
  newFilterIntro: string;
  /** a filter has an active state, said on its pages with a button that activates it */
  inactiveNotice: boolean;
  /** a change of the rules or the filter is confirmed first when the filter has picks (it erases them) */
  confirmErase: boolean;
  /** the rules page offers a backtest from this many rules on (null: no backtest link) */
  backtestFrom: number | null;
  /** the history page links the daily Excel of the alerts and says how many picks it cleared */
  historyReport: boolean;
  /** an imported filter's page says it was imported (`?imported=1`) */
  importedNotice: boolean;
}

export const SCANNERS: Record<ScannerKind, ScannerTraits> = {
  live: {
    words: "liveScanner",
    othersTab: "explore",
    rulesIntro: "liveScanner.rulesIntro",
    newFilterIntro: "liveScanner.newFilterIntro",
    inactiveNotice: true,
    confirmErase: true,
    backtestFrom: null,
    historyReport: true,
    importedNotice: true,
  },
  preMatch: {
    words: "prematch",
    othersTab: "users-filters",
    rulesIntro: "prematch.backtestNeeds",
    newFilterIntro: "prematch.intro",
    inactiveNotice: false,
    confirmErase: false,
    backtestFrom: 3,
    historyReport: false,
    importedNotice: false,
  },
};
