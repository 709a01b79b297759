import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { usePreferences } from "./preferences.tsx";

/** How often a page with live or computing matches reloads its data. */
const REFRESH_MS = 30_000;

/**
 * The server renders in the zone of the `tz` cookie; the browser's own zone replaces it after the first visit,
 * except for a signed-in user whose profile has a zone: that one is theirs everywhere (see personTimeZone).
 */
export function useBrowserTimeZone(serverZone: string) {
  const revalidator = useRevalidator();
  const { timeZoneFromProfile } = usePreferences();
  useEffect(() => {
    if (timeZoneFromProfile) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== serverZone) {
      // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie to render the visitor's day
      document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
      revalidator.revalidate();
    }
  }, [serverZone, revalidator, timeZoneFromProfile]);
}

export function useLiveRefresh(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}
