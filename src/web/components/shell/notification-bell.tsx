import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import { notificationsPath } from "../../../i18n/routes-alerts.ts";
import { usePreferences } from "../../preferences.tsx";
import type { loader as rootLoader } from "../../root.tsx";

/** The badge's text: past 99 the exact number is in the link's label only. */
export const unreadBadge = (count: number) => (count > 99 ? "99+" : String(count));

/** The signed-in member's unread in-app alerts, counted by the server in the root loader (0 for a visitor). */
export function useUnread(): number {
  return useRouteLoaderData<typeof rootLoader>("root")?.unread ?? 0;
}

/** The red count on the bell and, on a phone, on the menu button: for the eyes, the label says it in words. */
export function UnreadBadge({ count, className = "" }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className={`pointer-events-none absolute min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-4 text-white ring-2 ring-pitch-700 dark:ring-pitch-900 ${className}`}
    >
      {unreadBadge(count)}
    </span>
  );
}

/** The label of a link to the notifications: with the unread count when there is one. */
export function useNotificationsLabel(): string {
  const { t } = useTranslation();
  const unread = useUnread();
  return unread > 0
    ? `${t("alerts.inbox.bell")}: ${t("alerts.inbox.unread", { count: unread })}`
    : t("alerts.inbox.bell");
}

/** The header's bell, from the small breakpoint up (a phone's header has no room: the drawer lists it). */
export function NotificationBell({ className }: { className: string }) {
  const { locale } = usePreferences();
  const unread = useUnread();
  const label = useNotificationsLabel();
  return (
    <Link to={notificationsPath(locale)} className={`${className} relative hidden sm:flex`} aria-label={label}>
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path
          d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <UnreadBadge count={unread} className="-top-1.5 -right-2" />
    </Link>
  );
}

/** The phone drawer's link to the notifications, with the count. */
export function DrawerNotifications({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const unread = useUnread();
  const label = useNotificationsLabel();
  const signedIn = useRouteLoaderData<typeof rootLoader>("root")?.user;
  if (!signedIn) return null;
  return (
    <Link
      to={notificationsPath(locale)}
      onClick={onNavigate}
      aria-label={label}
      className="flex items-center justify-between rounded-md px-3 py-2 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
    >
      {t("alerts.inbox.bell")}
      {unread > 0 && (
        <span aria-hidden="true" className="rounded-full bg-red-600 px-2 text-xs font-bold leading-5 text-white">
          {unreadBadge(unread)}
        </span>
      )}
    </Link>
  );
}
