import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { homePath } from "../../i18n/paths.ts";
import { usePreferences } from "../preferences.tsx";

/** Back goes back when there is history to go back to (more than 2 entries), otherwise home (SPEC §2.5). */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { locale } = usePreferences();
  return (
    <button
      type="button"
      onClick={() => (window.history.length > 2 ? navigate(-1) : navigate(homePath(locale)))}
      className="mb-2 text-sm text-slate-600 hover:underline dark:text-slate-400"
    >
      ← {t("app.back")}
    </button>
  );
}
