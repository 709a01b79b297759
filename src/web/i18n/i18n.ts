import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { type Locale, MESSAGES } from "./locales.ts";

/** One instance per render: the server renders many locales at once. */
export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: "en",
    resources: Object.fromEntries(Object.entries(MESSAGES).map(([code, messages]) => [code, { translation: messages }])),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
