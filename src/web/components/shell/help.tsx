import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { parsePath } from "../../../i18n/paths.ts";

const HELP_BY_PAGE: Record<string, string> = {
  home: "help.home",
  match: "help.match",
  "best-bets": "help.bestBets",
  leagues: "help.leagues",
  league: "help.leagues",
  country: "help.leagues",
};

/** The how-to button and its modal; the text depends on the page (SPEC §2.5). */
export function HelpButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [page, setPage] = useState("default");
  useEffect(() => setPage(parsePath(pathname)?.page ?? "default"), [pathname]);
  const key = page.startsWith("predictions-") ? "help.predictions" : (HELP_BY_PAGE[page] ?? "help.default");
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="flex size-9 items-center justify-center rounded-full text-lg font-bold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        <span aria-hidden="true">?</span>
        <span className="sr-only">{t("help.button")}</span>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="help-title"
        className="m-auto w-[min(64rem,calc(100vw-2rem))] max-w-lg rounded-xl p-0 text-slate-900 shadow-xl backdrop:bg-black/40 dark:bg-slate-900 dark:text-slate-100"
        onClick={(e) => e.target === dialog.current && dialog.current?.close()}
        onKeyDown={(e) => e.key === "Escape" && dialog.current?.close()}
      >
        <div className="max-h-[80vh] overflow-y-auto p-6">
          <h2 id="help-title" className="mb-2 text-lg font-semibold">
            {t("help.title")}
          </h2>
          <p className="text-slate-700 dark:text-slate-300">{t(key)}</p>
          <form method="dialog" className="mt-4 text-right">
            <button
              type="submit"
              className="rounded-lg bg-pitch-700 px-4 py-2 font-medium text-white hover:bg-pitch-900"
            >
              {t("help.close")}
            </button>
          </form>
        </div>
      </dialog>
    </>
  );
}
