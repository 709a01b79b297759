import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import { LOCALE_TAGS } from "../../../i18n/locales.ts";
import { pagePath, predictionsPath } from "../../../i18n/paths.ts";
import { usePreferences } from "../../preferences.tsx";
import { AppAndSocialLinks } from "./app-social-links.tsx";
import { ResponsibleGamblingBadges } from "./responsible-gambling.tsx";

/** Real mode: when the providers' data was last read, in the reader's zone. */
function DataUpdated() {
  const { t } = useTranslation();
  const { locale, timeZone } = usePreferences();
  const at = useRouteLoaderData<{ dataUpdatedAt: string | null }>("root")?.dataUpdatedAt;
  if (!at) return null;
  const time = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(at));
  return (
    <p className="mt-1 text-slate-600 dark:text-slate-300" data-testid="data-updated">
      {t("footer.dataUpdated", { time })}
    </p>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const heading = "mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400";
  const link = "hover:underline";
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:grid-cols-3">
        <section>
          <h2 className={heading}>{t("footer.predictions")}</h2>
          <ul className="space-y-1">
            <li>
              <Link className={link} to={predictionsPath(locale, "today")}>
                {t("nav.predictionsToday")}
              </Link>
            </li>
            <li>
              <Link className={link} to={predictionsPath(locale, "tomorrow")}>
                {t("nav.predictionsTomorrow")}
              </Link>
            </li>
            <li>
              <Link className={link} to={predictionsPath(locale, "yesterday")}>
                {t("nav.predictionsYesterday")}
              </Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className={heading}>{t("footer.quickLinks")}</h2>
          <ul className="space-y-1">
            <li>
              <Link className={link} to={pagePath(locale, "bestBets")}>
                {t("nav.bestBets")}
              </Link>
            </li>
            <li>
              <Link className={link} to={pagePath(locale, "leagues")}>
                {t("nav.leagues")}
              </Link>
            </li>
            <li>
              <Link className={link} to={pagePath(locale, "machine")}>
                {t("nav.machine")}
              </Link>
            </li>
            <li>
              <Link className={link} to={pagePath(locale, "leaguesStats")}>
                {t("nav.leaguesStats")}
              </Link>
            </li>
            <li>
              <Link className={link} to={pagePath(locale, "predictability")}>
                {t("nav.predictability")}
              </Link>
            </li>
            <li>
              <Link className={link} to={pagePath(locale, "faq")}>
                {t("nav.faq")}
              </Link>
            </li>
            <li>
              <Link className={link} to={pagePath(locale, "contact")}>
                {t("nav.contact")}
              </Link>
            </li>
          </ul>
          <h2 className={`${heading} mt-4`}>{t("footer.legal")}</h2>
          <ul className="space-y-1">
            <li>
              <Link className={link} to={pagePath(locale, "terms")}>
                {t("legal.terms.title")}
              </Link>
            </li>
            <li>
              <Link className={link} to={pagePath(locale, "privacy")}>
                {t("legal.privacy.title")}
              </Link>
            </li>
            <li>
              <Link className={link} to={pagePath(locale, "cookiePolicy")}>
                {t("legal.cookies.title")}
              </Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className={heading}>{t("footer.responsible")}</h2>
          <p className="text-slate-600 dark:text-slate-300">{t("footer.gambling")}</p>
          <ResponsibleGamblingBadges locale={locale} adultsOnly={t("footer.adultsOnly")} />
          <AppAndSocialLinks />
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            {t("footer.credit").split("football-data.co.uk")[0]}
            <a href="https://www.football-data.co.uk/" className="underline" rel="noopener">
              football-data.co.uk
            </a>
          </p>
          <DataUpdated />
        </section>
      </div>
    </footer>
  );
}
