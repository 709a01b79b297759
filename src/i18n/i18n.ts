import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale, Messages } from "./locales.ts";

/** One instance per render with the messages of one locale (the server renders many locales at once). */
export function createI18n(locale: Locale, messages: Messages | undefined): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    resources: messages ? { [locale]: { translation: messages } } : {},
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
