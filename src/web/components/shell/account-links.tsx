import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { displayName } from "../../../domain/accounts/rules.ts";
import { pagePath } from "../../../i18n/paths.ts";
import { usePreferences } from "../../preferences.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import { NotificationBell } from "./notification-bell.tsx";

const iconButton =
  "flex h-9 items-center gap-2 rounded-md px-2 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white";

/** Header: the favourites link and the profile button (avatar or icon; first name, else username, else 'Log in'). */
export function AccountLinks() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { pathname, search } = useLocation();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const name = user ? displayName(user) : null;
  const loginPath = pagePath(locale, "login");
  const onAuthPage = pathname.startsWith(loginPath) || pathname.startsWith(pagePath(locale, "register"));
  const login = onAuthPage ? loginPath : `${loginPath}?redirectTo=${encodeURIComponent(pathname + search)}`;
  return (
    <>
      <Link to={pagePath(locale, "favourites")} className={iconButton} aria-label={t("favourites.title")}>
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" strokeLinejoin="round" />
        </svg>
      </Link>
      {user && <NotificationBell className={iconButton} />}
      <Link to={user ? pagePath(locale, "profile") : login} className={iconButton}>
        {user?.image ? (
          <img src={user.image} alt="" className="size-7 rounded-full object-cover" referrerPolicy="no-referrer" />
        ) : (
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
          </svg>
        )}
        {/* Read by screen readers everywhere; shown from the small breakpoint up. */}
        <span className="sr-only text-sm font-medium sm:not-sr-only sm:max-w-32 sm:truncate">
          {name ?? (user ? t("auth.account") : t("auth.login"))}
        </span>
      </Link>
    </>
  );
}
