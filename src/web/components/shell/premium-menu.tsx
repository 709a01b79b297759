import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import type { Locale } from "../../../i18n/locales.ts";
import { prefix } from "../../../i18n/paths.ts";
import { leagueGroupsPath } from "../../../i18n/routes-stats.ts";
import { bestTeamsPath, trendsPath } from "../../../i18n/team-paths.ts";
import { premiumPath } from "../../../i18n/routes-premium.ts";
import { telegramGroupPath, valueBetBotPath } from "../../../i18n/routes-bots.ts";
import { livescanPaths } from "../../../i18n/routes-livescan.ts";
import { prematchPaths } from "../../../i18n/routes-prematch.ts";
import { usePreferences } from "../../preferences.tsx";
import type { loader as rootLoader } from "../../root.tsx";

/** The VIP pages of SPEC §2.4 that exist, in menu order. */
/** `label` and `text` name the keys of an area's own locale file (else `vip.menu.<key>`, `vip.tools.<key>[Text]`). */
export const PREMIUM_LINKS: Array<{ key: string; path: (locale: Locale) => string; label?: string; text?: string }> = [
  { key: "room", path: (locale) => premiumPath(locale, "room") },
  {
    key: "liveScanner",
    path: (locale) => livescanPaths(locale).scanner(),
    label: "liveScanner.title",
    text: "liveScanner.toolText",
  },
  {
    key: "preMatchScanner",
    path: (locale) => prematchPaths(locale).scanner(),
    label: "prematch.title",
    text: "prematch.toolText",
  },
  { key: "valueBets", path: valueBetBotPath, label: "valuebets.title", text: "valuebets.toolText" },
  { key: "telegramGroup", path: telegramGroupPath, label: "telegramGroup.title", text: "telegramGroup.toolText" },
  { key: "trends", path: trendsPath },
  { key: "bestTeams", path: bestTeamsPath },
  { key: "leagueGroups", path: (locale) => leagueGroupsPath(locale) },
  { key: "plans", path: (locale) => premiumPath(locale, "plans") },
  { key: "affiliates", path: (locale) => premiumPath(locale, "affiliates") },
];

/**
 * The crown button: on desktop a dropdown that opens on mouse-over and closes on mouse-out or after a link
 * click (SPEC §2.5); on mobile it goes straight to the premium page.
 */
export function PremiumMenu() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const premium = useRouteLoaderData<typeof rootLoader>("root")?.premium ?? false;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const _p = prefix(locale);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  const crown = (
    <svg viewBox="0 0 24 24" className="size-5 text-amber-300" fill="currentColor" aria-hidden="true">
      <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 11H5L3 7z" />
    </svg>
  );
  return (
    <>
      <Link
        to={premiumPath(locale, premium ? "room" : "plans")}
        className="flex size-9 items-center justify-center rounded-md hover:bg-white/10 lg:hidden"
        aria-label={t("premium.menu")}
      >
        {crown}
      </Link>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only mirrors the button, which keyboards and touch use */}
      <div
        ref={box}
        className="relative hidden lg:block"
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
      >
        <button
          type="button"
          aria-expanded={open}
          aria-haspopup="true"
          onClick={() => setOpen(!open)}
          onBlur={(e) => {
            if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
          }}
          className="flex h-9 items-center gap-1 rounded-md px-2 text-sm font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          {crown}
          <span>{t("premium.label")}</span>
        </button>
        {open && (
          <ul className="absolute right-0 top-full z-30 w-60 rounded-lg bg-white py-1 text-slate-900 shadow-lg ring-1 ring-black/5 dark:bg-slate-900 dark:text-slate-100">
            {PREMIUM_LINKS.filter((l) => !(premium && l.key === "plans")).map((l) => (
              <li key={l.key}>
                <Link
                  to={l.path(locale)}
                  onClick={() => setOpen(false)}
                  onBlur={(e) => {
                    if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
                  }}
                  className="block px-4 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  {t(l.label ?? `vip.menu.${l.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** The drawer's collapsible premium group, with the Go Premium button for non-members. */
export function PremiumGroup({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const premium = useRouteLoaderData<typeof rootLoader>("root")?.premium ?? false;
  const _p = prefix(locale);
  return (
    <>
      <details>
        <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-semibold">
          <span aria-hidden="true" className="text-amber-500">
            ♛{" "}
          </span>
          {t("premium.menu")}
        </summary>
        <ul className="space-y-1 pl-3">
          {PREMIUM_LINKS.map((l) => (
            <li key={l.key}>
              <Link
                to={l.path(locale)}
                onClick={onNavigate}
                className="block rounded px-3 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                {t(l.label ?? `vip.menu.${l.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </details>
      {!premium && (
        <Link
          to={premiumPath(locale, "plans")}
          onClick={onNavigate}
          className="mx-3 rounded-lg bg-amber-500 px-4 py-2 text-center font-semibold text-slate-950 hover:bg-amber-400"
        >
          {t("premium.goPremium")}
        </Link>
      )}
    </>
  );
}
