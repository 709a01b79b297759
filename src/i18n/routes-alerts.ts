import { type Locale, localePrefix } from "./locales.ts";
import { prematchPaths } from "./routes-prematch.ts";

/** The live scanner's alert settings (SPEC §2.4 /vip/live-scanner/alert-settings), translated after /vip. */
const LIVE_ALERT_SETTINGS: Record<Locale, string> = {
  en: "vip/live-scanner/alert-settings",
  de: "vip/echtzeit-scanner/alarm-einstellungen",
  el: "vip/sarotis-zontanon/rythmiseis-eidopoiiseon",
  es: "vip/escaner-en-vivo/ajustes-de-alertas",
  fr: "vip/scanner-en-direct/reglages-des-alertes",
  it: "vip/scanner-in-diretta/impostazioni-avvisi",
  pl: "vip/skaner-na-zywo/ustawienia-alertow",
  pt: "vip/scanner-ao-vivo/configuracoes-de-alertas",
  ro: "vip/scaner-in-direct/setari-alerte",
  ru: "vip/skaner-v-realnom-vremeni/nastroiki-opoveshchenii",
  tr: "vip/canli-tarayici/uyari-ayarlari",
};

/** The in-app notifications list, an account page beside the profile. */
const NOTIFICATIONS: Record<Locale, string> = {
  en: "user/notifications",
  de: "benutzer/benachrichtigungen",
  el: "xristis/eidopoiiseis",
  es: "usuario/notificaciones",
  fr: "utilisateur/notifications-recues",
  it: "utente/notifiche",
  pl: "uzytkownik/powiadomienia",
  pt: "usuario/notificacoes",
  ro: "utilizator/notificari",
  ru: "polzovatel/uvedomleniya",
  tr: "kullanici/bildirimler",
};

/**
 * Alert pages: the live scanner's alert settings (the pre-match scanner's live with its own pages,
 * routes-prematch.ts, with the same settings component) and the in-app notifications list.
 */
export function alertsRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  return [
    {
      id: "vip-live-alert-settings",
      path: `${p}/${LIVE_ALERT_SETTINGS[locale]}`,
      file: "routes/alerts/alert-settings.tsx",
    },
    { id: "user-notifications", path: `${p}/${NOTIFICATIONS[locale]}`, file: "routes/alerts/notifications.tsx" },
  ];
}

export function alertSettingsPath(locale: Locale, type: "live" | "prematch"): string {
  return type === "live"
    ? `${localePrefix(locale)}/${LIVE_ALERT_SETTINGS[locale]}`
    : prematchPaths(locale).alertSettings;
}

export function notificationsPath(locale: Locale): string {
  return `${localePrefix(locale)}/${NOTIFICATIONS[locale]}`;
}
