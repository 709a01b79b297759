import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { goPremiumPath } from "../i18n/team-paths.ts";
import { usePreferences } from "../preferences.tsx";

/** What a non-premium caller sees instead of a premium feature (SPEC §6), with the Go Premium button. */
export function PremiumLock({ text, children }: { text: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <div role="note" className="flex flex-col items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
      <span aria-hidden="true" className="text-2xl">♛</span>
      <div className="min-w-0 flex-1 text-sm">
        {children}
        <p>{text}</p>
      </div>
      <Link to={goPremiumPath(locale)} className="shrink-0 rounded-lg bg-amber-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-amber-400">
        {t("premium.goPremium")}
      </Link>
    </div>
  );
}
