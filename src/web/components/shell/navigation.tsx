import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { homePath, pagePath, predictionsPath } from "../../../i18n/paths.ts";
import { advancedFilterPath } from "../../../i18n/routes-stats.ts";
import { isPreviewLocale, previewsListPath } from "../../../i18n/routes-previews.ts";
import { livescoresPath } from "../../../i18n/routes-live.ts";
import { usePreferences } from "../../preferences.tsx";

export function useMainLinks() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return [
    { to: homePath(locale), label: t("nav.home"), end: true },
    { to: livescoresPath(locale), label: t("live.nav") },
    { to: predictionsPath(locale, "today"), label: t("nav.predictionsToday") },
    { to: pagePath(locale, "bestBets"), label: t("nav.bestBets") },
    { to: pagePath(locale, "leagues"), label: t("nav.leagues") },
    // Match previews are written in five languages only (SPEC §2.5).
    ...(isPreviewLocale(locale) ? [{ to: previewsListPath(locale), label: t("previews.nav") }] : []),
    { to: advancedFilterPath(locale), label: t("advancedFilter.nav") },
    { to: pagePath(locale, "machine"), label: t("nav.machine") },
    { to: pagePath(locale, "leaguesStats"), label: t("nav.leaguesStats") },
  ];
}

export function MainNav({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const links = useMainLinks();
  return (
    <nav aria-label={t("nav.main")}>
      <ul className={vertical ? "space-y-1" : "flex items-center gap-1 py-1"}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `block rounded-md px-3 text-sm font-medium ${vertical ? "py-2" : "whitespace-nowrap py-1.5"} ${
                  vertical
                    ? isActive
                      ? "bg-pitch-100 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-100"
                      : "hover:bg-slate-100 dark:hover:bg-slate-800"
                    : isActive
                      ? "bg-white/15 text-white"
                      : "text-pitch-50 hover:bg-white/10"
                }`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
