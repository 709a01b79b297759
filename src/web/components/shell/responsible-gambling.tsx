import type { Locale } from "../../../i18n/locales.ts";

/**
 * Help organisations shown in the footer by UI language (SPEC §2.5: en, es, it, fr, pt, de); drawn as text
 * badges, so no image is downloaded. Other languages show the 18+ badge only.
 */
const HELP: Partial<Record<Locale, Array<{ name: string; url: string }>>> = {
  en: [
    { name: "BeGambleAware", url: "https://www.begambleaware.org/" },
    { name: "GamCare", url: "https://www.gamcare.org.uk/" },
  ],
  es: [
    { name: "Juego Seguro", url: "https://www.juegoseguro.es/" },
    { name: "FEJAR", url: "https://www.fejar.org/" },
  ],
  it: [{ name: "ADM – Gioco responsabile", url: "https://www.adm.gov.it/portale/gioco-responsabile" }],
  fr: [
    { name: "Joueurs Info Service", url: "https://www.joueurs-info-service.fr/" },
    { name: "ANJ", url: "https://anj.fr/" },
  ],
  pt: [{ name: "SRIJ – Jogo responsável", url: "https://www.srij.turismodeportugal.pt/" }],
  de: [{ name: "Check dein Spiel", url: "https://www.check-dein-spiel.de/" }],
};

export function ResponsibleGamblingBadges({ locale, adultsOnly }: { locale: Locale; adultsOnly: string }) {
  return (
    <ul className="mt-3 flex flex-wrap items-center gap-2">
      <li>
        <span
          className="flex size-9 items-center justify-center rounded-full border-2 border-red-600 text-xs font-bold text-red-700 dark:text-red-400"
          title={adultsOnly}
        >
          18+
          <span className="sr-only"> {adultsOnly}</span>
        </span>
      </li>
      {(HELP[locale] ?? []).map((org) => (
        <li key={org.name}>
          <a
            href={org.url}
            rel="noopener"
            className="inline-block rounded border border-slate-300 px-2 py-1 text-xs font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {org.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
