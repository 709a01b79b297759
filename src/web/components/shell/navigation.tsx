import { useEffect, useRef, useState } from "react";
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

/** The drawer's list of the main links. */
export function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const links = useMainLinks();
  return (
    <nav aria-label={t("nav.main")}>
      <ul className="space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm font-medium ${
                  isActive
                    ? "bg-pitch-100 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-100"
                    : "hover:bg-slate-100 dark:hover:bg-slate-800"
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

const linkClass = "block whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium";

/**
 * The desktop row: the links that fit, in order, and the others under "More", so that no language (Greek and
 * French need about 1,300 px) hides a link off the edge. Widths are measured on an invisible copy; without
 * script the row wraps instead.
 */
export function DesktopNav() {
  const { t } = useTranslation();
  const links = useMainLinks();
  const row = useRef<HTMLUListElement>(null);
  const ruler = useRef<HTMLUListElement>(null);
  const more = useRef<HTMLDetailsElement>(null);
  const [shown, setShown] = useState<number | null>(null);
  const labels = links.map((l) => l.label).join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the widths change with the labels only
  useEffect(() => {
    const list = row.current;
    const copy = ruler.current;
    if (!list || !copy) return;
    const measure = () => {
      const widths = [...copy.children].map((li) => li.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      const gap = 4;
      const available = list.clientWidth;
      const total = widths.reduce((sum, w) => sum + w + gap, 0);
      if (total <= available) return setShown(widths.length);
      let used = moreWidth;
      let n = 0;
      while (n < widths.length && used + widths[n]! + gap <= available) used += widths[n++]! + gap;
      setShown(n);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [labels]);
  useEffect(() => {
    const close = (e: Event) => {
      if (more.current?.open && !more.current.contains(e.target as Node)) more.current.open = false;
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && close(e);
    document.addEventListener("click", close);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  const hidden = shown === null ? [] : links.slice(shown);
  return (
    <nav aria-label={t("nav.main")} className="relative">
      <ul ref={row} className={`flex items-center gap-1 py-1 ${shown === null ? "flex-wrap" : ""}`}>
        {links.map((link, i) => (
          <li key={link.to} className={shown !== null && i >= shown ? "hidden" : undefined}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `${linkClass} ${isActive ? "bg-white/15 text-white" : "text-pitch-50 hover:bg-white/10"}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
        {hidden.length > 0 && (
          <li className="relative ml-auto">
            <details ref={more}>
              <summary className={`${linkClass} cursor-pointer list-none text-pitch-50 hover:bg-white/10`}>
                {t("bettorUx.navMore")} <span aria-hidden="true">▾</span>
              </summary>
              <ul className="absolute right-0 top-full z-30 w-max rounded-lg bg-white py-1 text-slate-900 shadow-lg ring-1 ring-black/5 dark:bg-slate-900 dark:text-slate-100">
                {hidden.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end={link.end}
                      onClick={() => more.current?.removeAttribute("open")}
                      className={({ isActive }) =>
                        `block whitespace-nowrap px-4 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${isActive ? "font-semibold" : ""}`
                      }
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        )}
      </ul>
      {/* The ruler: the same links, invisible, at their natural widths. */}
      <ul ref={ruler} aria-hidden="true" className="invisible absolute left-0 top-0 flex h-0 overflow-hidden">
        {[...links.map((l) => l.label), `${t("bettorUx.navMore")} ▾`].map((label) => (
          <li key={label} className={`${linkClass} shrink-0`}>
            {label}
          </li>
        ))}
      </ul>
    </nav>
  );
}
