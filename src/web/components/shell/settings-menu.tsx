import { BOOKMAKER_COUNTRIES, WORLD } from "../../../domain/bookmakers.ts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { OddsFormat } from "../../../domain/odds-format.ts";
import { LOCALES, LOCALE_TAGS, type Locale } from "../../../i18n/locales.ts";
import { homePath, translatePath } from "../../../i18n/paths.ts";
import { saveOnAccount, usePreferences, writeCookie } from "../../preferences.tsx";
import { useSnackbar } from "./snackbar.tsx";

export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  el: "Ελληνικά",
  es: "Español",
  fr: "Français",
  it: "Italiano",
  pl: "Polski",
  pt: "Português",
  ro: "Română",
  ru: "Русский",
  tr: "Türkçe",
};

/** The current page in another language; the chosen language is remembered for the root path (SPEC §2.1). */
export function LanguageLinks({ onPick }: { onPick?: () => void }) {
  const { pathname, search } = useLocation();
  const { locale, signedIn } = usePreferences();
  return (
    <ul className="grid grid-cols-2 gap-1">
      {LOCALES.map((target) => (
        <li key={target}>
          <a
            href={`${translatePath(pathname, target) ?? homePath(target)}${search}`}
            hrefLang={target}
            lang={target}
            aria-current={target === locale ? "true" : undefined}
            onClick={() => {
              writeCookie("i18n_redirected", target);
              if (signedIn) saveOnAccount({ languageCode: target });
              onPick?.();
            }}
            className={`block rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${target === locale ? "font-semibold text-pitch-700 dark:text-pitch-100" : ""}`}
          >
            {LANGUAGE_NAMES[target]}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SettingsPanel({ onPick }: { onPick?: () => void }) {
  const { t } = useTranslation();
  const { oddsFormat, setOddsFormat, theme, setTheme, bookmakerCountry, setBookmakerCountry, locale } =
    usePreferences();
  const countryNames = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region" });
  const snackbar = useSnackbar();
  const [systemDark, setSystemDark] = useState(false);
  useEffect(() => setSystemDark(document.documentElement.classList.contains("dark")), []);
  const dark = theme ? theme === "dark" : systemDark;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <span id="theme-label" className="text-sm font-medium">
          {t("settings.darkTheme")}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={dark}
          aria-labelledby="theme-label"
          onClick={() => {
            setTheme(dark ? "light" : "dark");
            setSystemDark(!dark);
          }}
          className={`relative h-6 w-11 rounded-full transition-colors ${dark ? "bg-pitch-600" : "bg-slate-300"}`}
        >
          <span
            className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${dark ? "translate-x-5" : ""}`}
          />
        </button>
      </div>
      <label className="block text-sm font-medium">
        {t("settings.oddsFormat")}
        <select
          value={oddsFormat}
          onChange={(e) => {
            setOddsFormat(Number(e.target.value) as OddsFormat);
            snackbar(`${t("settings.oddsFormat")}: ${e.target.selectedOptions[0]?.text ?? ""}`);
          }}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
        >
          <option value={1}>{t("settings.decimal")} (2.50)</option>
          <option value={2}>{t("settings.fractional")} (3/2)</option>
          <option value={3}>{t("settings.american")} (+150)</option>
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t("settings.bookmakerCountry")}
        <select
          value={bookmakerCountry}
          onChange={(e) => {
            setBookmakerCountry(Number(e.target.value));
            snackbar(`${t("settings.bookmakerCountry")}: ${e.target.selectedOptions[0]?.text ?? ""}`);
          }}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
        >
          <option value={WORLD}>{t("settings.world")}</option>
          {BOOKMAKER_COUNTRIES.map((c) => (
            <option key={c.id} value={c.id}>
              {countryNames.of(c.iso)}
            </option>
          ))}
        </select>
      </label>
      <div>
        <p className="mb-1 text-sm font-medium">{t("settings.language")}</p>
        <LanguageLinks onPick={onPick} />
      </div>
    </div>
  );
}

/** The settings dropdown of the top bar: theme, language, odds format. */
export function SettingsMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen(!open)}
        className="flex size-9 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        <span className="sr-only">{t("settings.title")}</span>
        <svg
          viewBox="0 0 24 24"
          className={`size-5 transition-transform duration-300 ${open ? "rotate-90" : ""}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="3" />
          <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
        </svg>
      </button>
      {open && (
        <div className="absolute right-0 z-30 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
          <SettingsPanel onPick={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
