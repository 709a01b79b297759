import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";

export interface Tally {
  home: number;
  draw: number;
  away: number;
  total: number;
  mine: "1" | "X" | "2" | null;
}

/** Match voting: once per match, before kick-off; the tally shows once the visitor has voted or voting has closed. */
export function VoteBox({ tally, open, error }: { tally: Tally; open: boolean; error?: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const showTally = tally.mine !== null || !open;
  const options = [
    { choice: "1", label: t("vote.home"), n: tally.home },
    { choice: "X", label: t("vote.draw"), n: tally.draw },
    { choice: "2", label: t("vote.away"), n: tally.away },
  ] as const;
  return (
    <section aria-labelledby="vote-title" className="mb-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h2 id="vote-title" className="font-semibold">
          {t("vote.title")}
        </h2>
        <p className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{t("vote.count", { count: tally.total })}</p>
      </div>
      {/* Buttons share a row while their words fit and wrap when they do not ("Unentschieden" on a phone):
          a word is never cut or hyphenated by hand. */}
      <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
        {options.map((o) => (
          <button
            key={o.choice}
            type="submit"
            name="choice"
            value={o.choice}
            disabled={!open || tally.mine !== null || busy}
            aria-pressed={tally.mine === o.choice}
            className={`min-w-fit flex-1 rounded-lg border px-2 py-2 text-sm font-medium disabled:cursor-default ${
              tally.mine === o.choice
                ? "border-pitch-600 bg-pitch-50 dark:bg-pitch-900"
                : "border-slate-300 hover:bg-slate-50 disabled:hover:bg-transparent dark:border-slate-700 dark:hover:bg-slate-800"
            }`}
          >
            <span className="block">{o.label}</span>
            {showTally && (
              <span className="block text-xs tabular-nums text-slate-600 dark:text-slate-400">
                {tally.total ? Math.round((100 * o.n) / tally.total) : 0}%
              </span>
            )}
          </button>
        ))}
      </Form>
      <p role="status" className="mt-2 text-sm">
        {error ? (
          <span className="text-red-700 dark:text-red-400">{t(error)}</span>
        ) : tally.mine ? (
          t("vote.thanks")
        ) : open ? (
          ""
        ) : (
          t("vote.closed")
        )}
      </p>
    </section>
  );
}
