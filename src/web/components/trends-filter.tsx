import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { countryName } from "../../i18n/country-name.ts";

export const TREND_KINDS = ["consecutive", "rate"] as const;
export const TREND_VENUES = ["overall", "home", "away"] as const;

export interface TrendsFilterState {
  country: string;
  league: string;
  kind: string;
  venue: string;
}

const field =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900";

/**
 * The trends' filter: a GET form, so that a filtered list has its own address to share and works without
 * script. Leagues are grouped by country; a chosen country keeps only its own.
 */
export function TrendsFilter({
  tab,
  state,
  leagues,
}: {
  tab: string;
  state: TrendsFilterState;
  leagues: Array<{ id: number; name: string; country: string }>;
}) {
  const { t } = useTranslation();
  const countries = [...new Set(leagues.map((l) => l.country))];
  const shown = state.country ? leagues.filter((l) => l.country === state.country) : leagues;
  const groups = countries
    .map((c) => ({ country: c, leagues: shown.filter((l) => l.country === c) }))
    .filter((g) => g.leagues.length > 0);
  return (
    <Form
      method="get"
      preventScrollReset
      aria-label={t("bettorUx.trendsFilter")}
      className="mb-4 grid grid-cols-2 items-end gap-3 rounded-xl bg-white p-4 text-sm shadow-sm sm:grid-cols-4 dark:bg-slate-900"
    >
      <input type="hidden" name="tab" value={tab} />
      <label className="min-w-0">
        {t("bettorUx.country")}
        <select name="country" defaultValue={state.country} className={field}>
          <option value="">{t("bettorUx.allCountries")}</option>
          {countries.map((c) => (
            <option key={c} value={c}>
              {countryName(t, c)}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-0">
        {t("bettorUx.league")}
        <select name="league" defaultValue={state.league} className={field}>
          <option value="">{t("bettorUx.allLeagues")}</option>
          {groups.map((g) => (
            <optgroup key={g.country} label={countryName(t, g.country)}>
              {g.leagues.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className="min-w-0">
        {t("bettorUx.kind")}
        <select name="kind" defaultValue={state.kind} className={field}>
          <option value="">{t("bettorUx.allKinds")}</option>
          {TREND_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`bettorUx.kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-0">
        {t("bettorUx.venue")}
        <select name="venue" defaultValue={state.venue} className={field}>
          <option value="">{t("bettorUx.allVenues")}</option>
          {TREND_VENUES.map((v) => (
            <option key={v} value={v}>
              {t(`teamStats.venue.${v}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="col-span-2 flex gap-2 sm:col-span-4">
        <button
          type="submit"
          className="rounded-lg bg-pitch-700 px-4 py-1.5 font-semibold text-white hover:bg-pitch-900"
        >
          {t("bestTeams.apply")}
        </button>
        <Link
          to={`?tab=${tab}`}
          preventScrollReset
          className="rounded-lg border border-slate-300 px-3 py-1.5 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          {t("bestTeams.reset")}
        </Link>
      </div>
    </Form>
  );
}
