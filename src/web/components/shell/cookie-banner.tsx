import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { writeCookie } from "../../preferences.tsx";

/** Rendered by the server when there is no consent cookie, so it is part of the first paint. */
export function CookieBanner() {
  const { t } = useTranslation();
  const root = useRouteLoaderData("root") as { cookieConsent?: boolean } | undefined;
  const [show, setShow] = useState(root?.cookieConsent === false);
  if (!show) return null;
  return (
    <section
      aria-label={t("cookies.title")}
      className="fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-3xl flex-col gap-3 rounded-xl bg-slate-900 p-4 text-sm text-white shadow-xl sm:flex-row sm:items-center dark:bg-slate-800"
    >
      <p className="flex-1">{t("cookies.text")}</p>
      <button
        type="button"
        className="rounded-lg bg-pitch-700 px-4 py-2 font-semibold text-white hover:bg-pitch-900"
        onClick={() => {
          writeCookie("cookie_consent", "1");
          setShow(false);
        }}
      >
        {t("cookies.accept")}
      </button>
    </section>
  );
}
