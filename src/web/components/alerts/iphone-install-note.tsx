import { useTranslation } from "react-i18next";

/**
 * Safari delivers Web Push only to a site added to the Home Screen (src/server/manifest.ts makes Pitchlab
 * installable): without these steps an iPhone member gets no alert from the browser.
 */
export function IphoneInstallNote() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="alerts-iphone" className="space-y-2 rounded-xl bg-white p-5 shadow-sm dark:bg-slate-900">
      <h2 id="alerts-iphone" className="text-lg font-semibold">
        {t("alerts.settings.iphone.title")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("alerts.settings.iphone.intro")}</p>
      <ol className="list-decimal space-y-1 ps-5 text-sm">
        <li>{t("alerts.settings.iphone.safari")}</li>
        <li>{t("alerts.settings.iphone.share")}</li>
        <li>{t("alerts.settings.iphone.open")}</li>
      </ol>
    </section>
  );
}
