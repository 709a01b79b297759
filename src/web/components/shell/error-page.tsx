import { useTranslation } from "react-i18next";
import { Link, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { localeOfPath } from "../../../i18n/locales.ts";
import { homePath, pagePath } from "../../../i18n/paths.ts";
import { premiumPath } from "../../../i18n/routes-premium.ts";

type Refusal = { key: string; params?: Record<string, string | number> };

/** A page's refusal as thrown by its loader: the message key alone (`fromService`), or with its values. */
function refusalOf(value: unknown): Refusal | null {
  if (typeof value === "string" && /^[a-zA-Z]+\.[\w.]+$/.test(value)) return { key: value };
  if (value && typeof value === "object" && typeof (value as { key?: unknown }).key === "string")
    return value as Refusal;
  return null;
}

const button = "rounded-lg px-4 py-2 font-medium focus-visible:outline-2";

/**
 * What a page that failed or refused says: 404, 400 with its reason, 401 (sign in, then back here), 403 (why, and
 * the plans), else the generic error. The shell's boundary renders it inside the header and footer; the root's
 * only when the shell itself failed.
 */
export function ErrorContent({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const locale = localeOfPath(pathname);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const refusal = isRouteErrorResponse(error) ? refusalOf(error.data) : null;
  const title =
    status === 404
      ? t("errors.notFoundTitle")
      : status === 401
        ? t("refusedPage.signInTitle")
        : status === 403
          ? t("refusedPage.premiumTitle")
          : t("errors.errorTitle");
  const text =
    status === 404
      ? null
      : status === 401
        ? t("refusedPage.signInText")
        : (status === 400 || status === 403) && refusal
          ? t(refusal.key, refusal.params)
          : status === 403
            ? t("premium.noPermission")
            : t("errors.errorText");
  const login = `${pagePath(locale, "login")}?redirectTo=${encodeURIComponent(pathname + search)}`;
  return (
    <main
      className={`mx-auto flex max-w-xl flex-col items-center justify-center gap-4 p-6 text-center ${fullScreen ? "min-h-screen" : "py-16"}`}
    >
      {/* React places the title in the head: the page's own, in its language. */}
      <title>{`${title} · ${t("app.name")}`}</title>
      <p className="text-6xl font-bold text-pitch-600 dark:text-pitch-500">{status}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {text && <p className="text-slate-600 dark:text-slate-300">{text}</p>}
      <div className="flex flex-wrap justify-center gap-3">
        {status === 401 && (
          <Link to={login} className={`${button} bg-pitch-700 text-white hover:bg-pitch-900`}>
            {t("refusedPage.signIn")}
          </Link>
        )}
        {status === 403 && (
          <a
            href={premiumPath(locale, "plans")}
            className={`${button} bg-amber-500 font-semibold text-slate-950 hover:bg-amber-400`}
          >
            <span aria-hidden="true">♛ </span>
            {t("premium.goPremium")}
          </a>
        )}
        <Link
          to={homePath(locale)}
          className={
            status === 401 || status === 403
              ? `${button} bg-white text-pitch-700 ring-1 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-pitch-100 dark:ring-slate-700`
              : `${button} bg-pitch-700 text-white hover:bg-pitch-900`
          }
        >
          {t("errors.goHome")}
        </Link>
      </div>
    </main>
  );
}
