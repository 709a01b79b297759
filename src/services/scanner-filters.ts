/** Moved to src/services/scanner/ (one scanner, two kinds); this name stays for the pages' type imports. */
export type { HistoryPick, LeagueBreakdown, MatchBrief } from "./scanner/filter-history.ts";
