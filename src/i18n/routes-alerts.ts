import type { Locale } from "./locales.ts";
import { prematchPaths } from "./routes-prematch.ts";

/**
 * Alert pages: the alert settings of both scanners (SPEC §2.4 /vip/live-scanner/alert-settings and
 * /vip/pre-match-scanner-for-football/alert-settings, which routes-prematch.ts serves under its translated slugs with
 * the same settings component; VIP paths here keep their English segments) and the in-app
 * notifications list (an account page: English path after the locale prefix, like /user/profile).
 */
export function alertsRoutes(_locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  return [
    { id: "vip-live-alert-settings", path: `${p}/vip/live-scanner/alert-settings`, file: "routes/alerts/alert-settings.tsx" },
    { id: "user-notifications", path: `${p}/user/notifications`, file: "routes/alerts/notifications.tsx" },
  ];
}

const prefixOf = (locale: Locale) => (locale === "en" ? "" : `/${locale}`);

/** The pre-match scanner's alert settings live with its pages (translated slugs, routes-prematch.ts). */
export function alertSettingsPath(locale: Locale, type: "live" | "prematch"): string {
  return type === "live" ? `${prefixOf(locale)}/vip/live-scanner/alert-settings` : prematchPaths(locale).alertSettings;
}

export function notificationsPath(locale: Locale): string {
  return `${prefixOf(locale)}/user/notifications`;
}
