import type { ScannerKind } from "../../domain/scanner/schema.ts";
import type { Locale } from "../../i18n/locales.ts";
import { livescanPaths } from "../../i18n/routes-livescan.ts";
import { prematchPaths } from "../../i18n/routes-prematch.ts";
import { usePreferences } from "../preferences.tsx";

/** The pages both scanners have, in a locale: the list, a filter, its rules, history and breakdown. */
export function scannerPaths(kind: ScannerKind, locale: Locale) {
  return kind === "live" ? livescanPaths(locale) : prematchPaths(locale);
}

export function useScannerPaths(kind: ScannerKind) {
  const { locale } = usePreferences();
  return scannerPaths(kind, locale);
}

/** The pre-match scanner's own pages (backtests, alert settings) too. */
export function usePrematchPaths() {
  return prematchPaths(usePreferences().locale);
}

/** The live scanner's own pages (the description) too. */
export function useLivePaths() {
  return livescanPaths(usePreferences().locale);
}
