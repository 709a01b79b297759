import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** SPEC §9's "show more" under a paged list: `to` asks for the next page, `left` says how many are still hidden. */
export function ShowMore({ to, left }: { to: string; left: number }) {
  const { t } = useTranslation();
  return (
    <p className="mt-4 text-center">
      <Link
        to={to}
        preventScrollReset
        className="inline-block rounded-lg border border-slate-300 bg-white px-5 py-2 font-medium hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        {t("predictions.showMore", { count: left })}
      </Link>
    </p>
  );
}
