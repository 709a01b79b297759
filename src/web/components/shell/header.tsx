import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { homePath, predictionsPath } from "../../../i18n/paths.ts";
import { KINDS } from "../../../domain/predictions/kinds.ts";
import { CATEGORY_CODES } from "../../../i18n/slugs.ts";
import { usePreferences } from "../../preferences.tsx";
import { AccountLinks } from "./account-links.tsx";
import { HelpButton } from "./help.tsx";
import { DesktopNav, MainNav } from "./navigation.tsx";
import { DrawerNotifications, UnreadBadge, useUnread } from "./notification-bell.tsx";
import { PremiumGroup, PremiumMenu } from "./premium-menu.tsx";
import { SettingsMenu, SettingsPanel } from "./settings-menu.tsx";

/** The prediction kinds behind premium, marked with the crown as in the category row of the predictions page. */
const PREMIUM_KINDS = new Set<number>(KINDS.filter((k) => k.premium).map((k) => k.code));

/** The drawer's collapsible Predictions group: each day expands to its categories. */
function PredictionsGroup({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <details>
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-semibold">{t("footer.predictions")}</summary>
      <ul className="space-y-1 pl-3">
        {(["today", "tomorrow", "yesterday"] as const).map((day) => (
          <li key={day}>
            <details>
              <summary className="cursor-pointer rounded-md px-3 py-1.5 text-sm">
                {t(`nav.predictions${day[0]!.toUpperCase()}${day.slice(1)}`)}
              </summary>
              <ul className="pl-4">
                {CATEGORY_CODES.map((code) => (
                  <li key={code}>
                    <Link
                      to={predictionsPath(locale, day, code === 0 ? undefined : code)}
                      onClick={onNavigate}
                      className="block rounded px-3 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                    >
                      {PREMIUM_KINDS.has(code) && (
                        <span aria-hidden="true" className="text-amber-500">
                          ♛{" "}
                        </span>
                      )}
                      {t(`categories.${code}`)}
                      {PREMIUM_KINDS.has(code) && <span className="sr-only"> ({t("premium.label")})</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </details>
  );
}

function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 lg:hidden">
      <button type="button" className="absolute inset-0 bg-black/40" aria-label={t("nav.close")} onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-label={t("nav.menu")}
        className="absolute inset-y-0 left-0 flex w-80 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-4 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100"
      >
        <DrawerNotifications onNavigate={onClose} />
        <MainNav onNavigate={onClose} />
        <PredictionsGroup onNavigate={onClose} />
        <PremiumGroup onNavigate={onClose} />
        <details className="group">
          <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-semibold">{t("settings.title")}</summary>
          <div className="px-3 pt-2">
            <SettingsPanel onPick={onClose} />
          </div>
        </details>
      </div>
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [drawer, setDrawer] = useState(false);
  const unread = useUnread();
  return (
    <header className="sticky top-0 z-20 bg-pitch-700 text-white shadow dark:bg-pitch-900">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <button
          type="button"
          onClick={() => setDrawer(true)}
          aria-expanded={drawer}
          className="relative -ml-2 flex size-9 items-center justify-center rounded-md hover:bg-white/10 lg:hidden"
        >
          <span className="sr-only">{t("nav.menu")}</span>
          {/* Where a phone's header has no bell, the menu carries the count; the drawer's link says it in words. */}
          <UnreadBadge count={unread} className="-top-1.5 -right-2 sm:hidden" />
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
        <Link to={homePath(locale)} className="mr-4 text-xl font-bold tracking-tight">
          {t("app.name")}
        </Link>
        <div className="ml-auto flex items-center sm:gap-1">
          <HelpButton />
          <PremiumMenu />
          <AccountLinks />
          <SettingsMenu />
        </div>
      </div>
      {/* A row of its own: the links that do not fit go under "More" (DesktopNav). */}
      <div className="hidden border-t border-white/10 lg:block">
        <div className="mx-auto max-w-6xl px-2">
          <DesktopNav />
        </div>
      </div>
      <MobileDrawer open={drawer} onClose={() => setDrawer(false)} />
    </header>
  );
}
