import type { TFunction } from "i18next";

/** A country's name in the UI language; the data's own (English) name for a country the locale files do not list. */
export function countryName(t: TFunction, name: string): string {
  return t(`countries.${name}`, { defaultValue: name });
}
