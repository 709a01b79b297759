import { useTranslation } from "react-i18next";
import { ActionButton, Notice, card, danger } from "./ui.tsx";

export function SettingsTab() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("favourites.settings.stored")}</p>
      <section aria-labelledby="fav-reset" className={`${card} space-y-3`}>
        <h2 id="fav-reset" className="font-semibold">
          {t("favourites.settings.title")}
        </h2>
        <p className="text-sm">{t("favourites.settings.text")}</p>
        <Notice target="settings" />
        <ActionButton
          intent="reset"
          target="settings"
          fields={{}}
          className={danger}
          confirm={t("favourites.settings.confirm")}
        >
          {t("favourites.settings.reset")}
        </ActionButton>
      </section>
    </div>
  );
}
