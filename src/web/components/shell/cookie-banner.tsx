import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { writeCookie } from "../../preferences.tsx";

export function CookieBanner() {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  useEffect(() => setShow(!document.cookie.includes("cookie_consent=")), []);
  if (!show) return null;
  return (
    <section
      aria-label={t("cookies.title")}
      className="fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-3xl flex-col gap-3 rounded-xl bg-slate-900 p-4 text-sm text-white shadow-xl sm:flex-row sm:items-center dark:bg-slate-800"
    >
      <p className="flex-1">{t("cookies.text")}</p>
      <button
        type="button"
        className="rounded-lg bg-pitch-500 px-4 py-2 font-semibold text-white hover:bg-pitch-600"
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
