import { formatOdds } from "../../domain/odds-format.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import { usePreferences } from "../preferences.tsx";

/** A price in the visitor's odds format. */
export function Odds({ value, className }: { value: number | null | undefined; className?: string }) {
  const { oddsFormat, locale } = usePreferences();
  if (value === null || value === undefined) return <span className={className}>–</span>;
  return (
    <span className={`tabular-nums ${className ?? ""}`} data-odds={value}>
      {formatOdds(value, oddsFormat, LOCALE_TAGS[locale])}
    </span>
  );
}
