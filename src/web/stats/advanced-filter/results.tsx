import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { leagueName } from "../../../i18n/country-name.ts";
import { LOCALE_TAGS } from "../../../i18n/locales.ts";
import { matchPath } from "../../../i18n/paths.ts";
import { StatusCell } from "../../components/fixture-row.tsx";
import { Odds } from "../../components/odds.tsx";
import { formatPercent } from "../../format.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "../../routes/stats/+types/advanced-filter";
import { card, secondary } from "./classes.ts";

type Loaded = Route.ComponentProps["loaderData"];

/** The matches found (the first `shown` of them, more on demand), or why there are none. */
export function Results({
  busy,
  error,
  errorParams,
  result,
  countries,
  shown,
  onShowMore,
}: {
  busy: boolean;
  error: Loaded["error"];
  errorParams: Loaded["errorParams"];
  result: Loaded["result"];
  countries: Loaded["countries"];
  shown: number;
  onShowMore: () => void;
}) {
  const { t } = useTranslation();
  const { locale, timeZone } = usePreferences();
  const shortDay = (iso: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      weekday: "short",
      day: "numeric",
      month: "numeric",
      timeZone,
    }).format(new Date(iso));
  const leagueNames = new Map(
    countries.flatMap((c) => c.leagues.map((l) => [l.id, leagueName(t, { name: l.name, country: c.name })] as const)),
  );

  return (
    <section aria-live="polite" aria-busy={busy} aria-label={t("advancedFilter.results")}>
      {busy && <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t("advancedFilter.searching")}</p>}
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-200">
          {t(error, errorParams)}
        </p>
      )}
      {result && result.fixtures.length === 0 && (
        <p className={`${card} p-6 text-center text-slate-600 dark:text-slate-300`}>{t("home.noMatches")}</p>
      )}
      {result && result.fixtures.length > 0 && (
        <div className="rounded-xl bg-white shadow-sm dark:bg-slate-900">
          <p className="border-b border-slate-200 px-4 py-2 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
            {t("advancedFilter.found", { total: result.total })} · {t(`advancedFilter.events.${result.event}`)}
          </p>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="advanced-filter-results">
            {result.fixtures.slice(0, shown).map((f) => (
              <li
                key={f.fixture.id}
                className="grid grid-cols-[4rem_minmax(0,1fr)_auto] items-center gap-3 px-4 py-3 text-sm"
              >
                <span className="text-center">
                  <StatusCell fixture={f.fixture} />
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {shortDay(f.fixture.kickoff)}
                  </span>
                </span>
                <Link to={matchPath(locale, f.fixture)} className="min-w-0 hover:underline">
                  <span className="block truncate font-medium">
                    {f.fixture.localTeam.name} – {f.fixture.visitorTeam.name}
                  </span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                    {leagueNames.get(f.fixture.league.id) ?? f.fixture.league.name}
                  </span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                    {t("advancedFilter.rateShort.home")} {formatPercent(f.rates.homePercentage, locale)} ·{" "}
                    {t("advancedFilter.rateShort.visitor")} {formatPercent(f.rates.visitorPercentage, locale)} ·{" "}
                    {t("advancedFilter.rateShort.h2h")} {formatPercent(f.rates.head2head, locale)}
                  </span>
                </Link>
                <span className="text-right">
                  <span className="block font-semibold">{formatPercent(f.probability, locale)}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    <Odds value={f.odd} />
                    {!f.bookmakerOdd && <span title={t("advancedFilter.fairOdd")}>*</span>}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          {result.fixtures.length > shown && (
            <div className="border-t border-slate-200 px-4 py-3 text-center dark:border-slate-800">
              <button type="button" className={secondary} onClick={onShowMore}>
                {t("advancedFilter.showMore")}
              </button>
            </div>
          )}
          <p className="px-4 py-2 text-xs text-slate-600 dark:text-slate-400">* {t("advancedFilter.fairOdd")}</p>
        </div>
      )}
    </section>
  );
}
